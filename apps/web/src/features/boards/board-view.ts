import { applyBoardEvent } from "@nadoy/contract/board-state";
import type { BoardGroup, BoardState, BoardUser, TaskCard } from "@nadoy/contract/boards";
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

/**
 * The `before_id` of a card dropped onto `target` in `tasks` (the target group's cards as shown):
 * before the target when dropped on its upper half, else before the card after it (null: the end).
 * The dragged card itself is skipped.
 */
export function beforeIdForDrop(
  tasks: readonly TaskCard[],
  draggedId: number,
  targetId: number,
  upperHalf: boolean,
): number | null {
  const rest = tasks.filter((t) => t.id !== draggedId);
  const at = rest.findIndex((t) => t.id === targetId);
  if (at < 0) return null;
  return upperHalf ? (rest[at]?.id ?? null) : (rest[at + 1]?.id ?? null);
}

/**
 * Whether a drop at `client` (Y for cards, X for columns) is on the first half of `element`. A drop
 * without coordinates (synthetic or assistive drags) counts as the first half: before the target.
 */
export function onFirstHalf(element: HTMLElement, client: number | undefined, axis: "x" | "y"): boolean {
  if (client === undefined || !Number.isFinite(client)) return true;
  const rect = element.getBoundingClientRect();
  return axis === "y" ? client <= rect.top + rect.height / 2 : client <= rect.left + rect.width / 2;
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
