import { applyBoardEvent } from "@nadoy/contract/board-state";
import type { BoardGroup, BoardState, BoardUser } from "@nadoy/contract/boards";
import type { BoardChange, BoardViewer } from "@nadoy/contract/realtime";

// Pure helpers of the board view: the user's own changes applied like events, pending moves laid
// over the server's state, where a drop lands, and what a card shows.

/**
 * The answer of one of the user's own calls (a moved task, a new group ...) applied with the one
 * reducer, as its `update` event will be: numbered one above the state so that it is not skipped,
 * the state's own `seq` kept (the event itself, when it comes, changes nothing more).
 */
export function applyChangeLocally(state: BoardState, change: BoardChange): BoardState {
  const next = applyBoardEvent(state, {
    type: "update",
    seq: state.seq + 1,
    board_id: state.board.uuid,
    user_id: 0,
    change,
  });
  return next === state ? state : { ...next, seq: state.seq };
}

export interface PendingTaskMove {
  taskId: number;
  groupId: number;
  beforeId: number | null;
}

export interface PendingGroupMove {
  groupId: number;
  beforeId: number | null;
}

/** `items` with `id` taken out and put before `beforeId` (at the end when null or not there). */
function placeBefore<T extends { id: number }>(items: readonly T[], item: T, beforeId: number | null): T[] {
  const rest = items.filter((i) => i.id !== item.id);
  const at = beforeId === null ? -1 : rest.findIndex((i) => i.id === beforeId);
  if (at < 0) rest.push(item);
  else rest.splice(at, 0, item);
  return rest;
}

/** The groups as the user sees them: the server's, with the user's moves still in flight applied in order. */
export function withPendingMoves(
  groups: readonly BoardGroup[],
  taskMoves: readonly PendingTaskMove[],
  groupMoves: readonly PendingGroupMove[],
): BoardGroup[] {
  let result = [...groups];
  for (const move of groupMoves) {
    const group = result.find((g) => g.id === move.groupId);
    if (group) result = placeBefore(result, group, move.beforeId);
  }
  for (const move of taskMoves) {
    const task = result.flatMap((g) => g.tasks).find((t) => t.id === move.taskId);
    if (!task || !result.some((g) => g.id === move.groupId)) continue;
    result = result.map((g) => {
      if (g.id === move.groupId) return { ...g, tasks: placeBefore(g.tasks, task, move.beforeId) };
      return g.tasks.some((t) => t.id === task.id) ? { ...g, tasks: g.tasks.filter((t) => t.id !== task.id) } : g;
    });
  }
  return result;
}

/** What a dragged card is dropped on: another card, or a column's free space. */
export type TaskDropTarget = { kind: "task"; taskId: number } | { kind: "column"; groupId: number };

/**
 * Where a card dropped on `target` goes, as the move command says it: the group, and the card it
 * goes before (`before_id`, null: the end). On a card of its own column it takes that card's place
 * (the sortable list shows it there while dragging: after the card when moving down); on a card of
 * another column, before it; on a column's free space, to the end. Null: nowhere to go.
 */
export function taskDropPlace(
  groups: readonly BoardGroup[],
  taskId: number,
  target: TaskDropTarget,
): { group: BoardGroup; beforeId: number | null } | null {
  if (target.kind === "column") {
    const group = groups.find((g) => g.id === target.groupId);
    return group ? { group, beforeId: null } : null;
  }
  if (target.taskId === taskId) return null;
  const from = groups.find((g) => g.tasks.some((t) => t.id === taskId));
  const group = groups.find((g) => g.tasks.some((t) => t.id === target.taskId));
  if (!from || !group) return null;
  const to = group.tasks.findIndex((t) => t.id === target.taskId);
  const movingDown = group.id === from.id && from.tasks.findIndex((t) => t.id === taskId) < to;
  return { group, beforeId: movingDown ? (group.tasks[to + 1]?.id ?? null) : target.taskId };
}

/**
 * The `before_id` of a column dropped on column `overId`: it takes that column's place (after it
 * when moving right). Undefined: it stays where it is.
 */
export function columnDropBefore(
  groups: readonly BoardGroup[],
  groupId: number,
  overId: number,
): number | null | undefined {
  const from = groups.findIndex((g) => g.id === groupId);
  const to = groups.findIndex((g) => g.id === overId);
  if (from < 0 || to < 0 || from === to) return undefined;
  return from < to ? (groups[to + 1]?.id ?? null) : overId;
}

/** Today as YYYY-MM-DD in the user's time zone. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A due date before today. */
export function isOverdue(dueDate: string | null, today = todayIso()): boolean {
  return dueDate !== null && dueDate < today;
}

/** 2026-03-08 → 08.03.2026 */
export function formatDueDate(dueDate: string): string {
  const [year, month, day] = dueDate.split("-");
  return `${day}.${month}.${year}`;
}

/** «Иван Петров» → «ИП»; the username's first letter when the name is empty. */
export function initialsOfName(user: Pick<BoardUser, "name" | "username">): string {
  const initials = user.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0))
    .join("")
    .toUpperCase();
  return initials || user.username.charAt(0).toUpperCase() || "?";
}

/** Users (other than `exceptId`) who have each task open, by task id. */
export function openersByTask(viewers: readonly BoardViewer[], exceptId?: number): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (const viewer of viewers) {
    if (viewer.open_task_id === null || viewer.user_id === exceptId) continue;
    map.set(viewer.open_task_id, [...(map.get(viewer.open_task_id) ?? []), viewer.user_id]);
  }
  return map;
}
