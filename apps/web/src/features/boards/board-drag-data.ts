import type { Active, Over } from "@dnd-kit/core";
import type { BoardGroup, TaskCard } from "@nadoy/contract/boards";

// What each draggable and droppable of the board carries (dnd-kit's `data`), and their ids.

/** A card (draggable and a drop target), a column by its header (the same), a column's free space (a target). */
export type BoardDragData =
  | { kind: "task"; task: TaskCard; groupId: number }
  | { kind: "group"; group: BoardGroup }
  | { kind: "column"; group: BoardGroup };

export const taskDragId = (taskId: number) => `task:${taskId}`;
export const groupDragId = (groupId: number) => `group:${groupId}`;
export const columnDropId = (groupId: number) => `column:${groupId}`;

/** The data of a draggable or droppable of the board (none for anything else). */
export function dragDataOf(item: Active | Over | { data: { current?: unknown } } | null | undefined) {
  return (item?.data.current ?? undefined) as BoardDragData | undefined;
}
