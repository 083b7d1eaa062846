import type { Announcements, ScreenReaderInstructions } from "@dnd-kit/core";
import type { BoardGroup } from "@nadoy/contract/boards";
import { type BoardDragData, dragDataOf } from "./board-drag-data.ts";
import { columnDropBefore, taskDropPlace } from "./board-view.ts";

// What a screen reader says while a card or a column is dragged (dnd-kit reads these aloud).

export const DRAG_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    "Чтобы переместить, нажмите пробел или Enter, выберите место стрелками и нажмите пробел или Enter ещё раз. " +
    "Escape отменяет перемещение. Задачу можно переместить и без перетаскивания: меню задачи, «Переместить в…».",
};

const named = (data: BoardDragData | undefined) =>
  data?.kind === "task" ? `задачу «${data.task.title}»` : `колонку «${data?.group.name ?? ""}»`;
const subject = (data: BoardDragData | undefined) =>
  data?.kind === "task" ? `Задача «${data.task.title}»` : `Колонка «${data?.group.name ?? ""}»`;

/** Where the dragged card or column would land over `over`, in words. */
function placeText(groups: readonly BoardGroup[], active: BoardDragData | undefined, over: BoardDragData | undefined) {
  if (!active || !over) return undefined;
  if (active.kind === "task" && over.kind !== "group") {
    const place = taskDropPlace(
      groups,
      active.task.id,
      over.kind === "task" ? { kind: "task", taskId: over.task.id } : { kind: "column", groupId: over.group.id },
    );
    if (!place) return "на прежнем месте";
    const before = place.group.tasks.find((t) => t.id === place.beforeId);
    return before
      ? `в колонке «${place.group.name}» перед задачей «${before.title}»`
      : `в конце колонки «${place.group.name}»`;
  }
  if (active.kind === "group" && over.kind === "group") {
    const beforeId = columnDropBefore(groups, active.group.id, over.group.id);
    if (beforeId === undefined) return "на прежнем месте";
    const before = groups.find((g) => g.id === beforeId);
    return before ? `перед колонкой «${before.name}»` : "последней";
  }
  return undefined;
}

/** The announcements for the board as the user sees it (`groups`). */
export function boardAnnouncements(groups: readonly BoardGroup[]): Announcements {
  return {
    onDragStart: ({ active }) => `Вы взяли ${named(dragDataOf(active))}.`,
    onDragOver: ({ active, over }) => {
      const place = placeText(groups, dragDataOf(active), dragDataOf(over));
      return place
        ? `${subject(dragDataOf(active))} будет ${place}.`
        : `${subject(dragDataOf(active))}: здесь не поставить.`;
    },
    onDragEnd: ({ active, over }) => {
      const place = placeText(groups, dragDataOf(active), dragDataOf(over));
      return place && place !== "на прежнем месте"
        ? `${subject(dragDataOf(active))} перемещена: ${place}.`
        : `${subject(dragDataOf(active))} осталась на прежнем месте.`;
    },
    onDragCancel: ({ active }) => `Перемещение отменено. ${subject(dragDataOf(active))} осталась на прежнем месте.`,
  };
}
