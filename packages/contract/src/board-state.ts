import type { BoardGroup, BoardState, TaskCard } from "./boards.ts";
import type { BoardEvent, BoardViewer } from "./realtime.ts";

// Applies board-socket events to the state of GET /api/boards/:uuid/ — the one reducer of the
// browser and of the consistency tests (first fetch + every event = a fresh fetch). Pure: returns
// a new state, or the same object when nothing changed.

/** Compares two decimal orders ("1", "-2.5", "1.25") exactly, as PostgreSQL's numeric does. */
export function compareOrder(a: string, b: string): number {
  const [aNeg, aInt, aFrac] = splitDecimal(a);
  const [bNeg, bInt, bFrac] = splitDecimal(b);
  if (aNeg !== bNeg) return aNeg ? -1 : 1;
  const sign = aNeg ? -1 : 1;
  if (aInt.length !== bInt.length) return sign * (aInt.length - bInt.length);
  if (aInt !== bInt) return sign * (aInt < bInt ? -1 : 1);
  const width = Math.max(aFrac.length, bFrac.length);
  const af = aFrac.padEnd(width, "0");
  const bf = bFrac.padEnd(width, "0");
  return af === bf ? 0 : sign * (af < bf ? -1 : 1);
}

function splitDecimal(value: string): [boolean, string, string] {
  const negative = value.startsWith("-");
  const [int = "0", frac = ""] = (negative ? value.slice(1) : value).split(".");
  const digits = int.replace(/^0+(?=\d)/, "");
  const fraction = frac.replace(/0+$/, "");
  // "-0" and "0" are the same number.
  const zero = digits === "0" && fraction === "";
  return [negative && !zero, digits, fraction];
}

/** The server's order of tasks in a group and of groups on a board: `order`, then id. */
export function byOrder(a: { order: string; id: number }, b: { order: string; id: number }): number {
  return compareOrder(a.order, b.order) || a.id - b.id;
}

function byProjectName(a: { name: string; uuid: string }, b: { name: string; uuid: string }): number {
  return a.name.localeCompare(b.name, "ru") || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0);
}

/** The order the server lists projects in (by name, Russian collation, then uuid). */
export const compareProjects = byProjectName;

export function findTask(state: BoardState, taskId: number): TaskCard | undefined {
  for (const group of state.groups) {
    const task = group.tasks.find((t) => t.id === taskId);
    if (task) return task;
  }
  return undefined;
}

function withTask(state: BoardState, task: TaskCard): BoardState {
  const current = findTask(state, task.id);
  if (current && current.version > task.version) return state;
  if (!state.groups.some((g) => g.id === task.group)) return removeTask(state, task.id);
  const groups = state.groups.map((group): BoardGroup => {
    const rest = group.tasks.filter((t) => t.id !== task.id);
    if (group.id !== task.group) return rest.length === group.tasks.length ? group : { ...group, tasks: rest };
    return { ...group, tasks: [...rest, task].sort(byOrder) };
  });
  return { ...state, groups };
}

function removeTask(state: BoardState, taskId: number): BoardState {
  if (!findTask(state, taskId)) return state;
  return {
    ...state,
    groups: state.groups.map((g) =>
      g.tasks.some((t) => t.id === taskId) ? { ...g, tasks: g.tasks.filter((t) => t.id !== taskId) } : g,
    ),
  };
}

/**
 * The state after one event. Numbered events (update, task_delete_request) also advance `seq`;
 * an event numbered at or below the state's `seq` is already in it and changes nothing. A `state`
 * event replaces the whole state (the caller then re-applies the events it holds above its seq).
 */
export function applyBoardEvent(state: BoardState, event: BoardEvent): BoardState {
  if (event.type === "state") return event.state;
  if (event.type !== "update" && event.type !== "task_delete_request") return state;
  if (event.seq <= state.seq) return state;
  const next = applyChange(state, event);
  return { ...next, seq: event.seq };
}

function applyChange(state: BoardState, event: Extract<BoardEvent, { type: "update" | "task_delete_request" }>) {
  if (event.type === "task_delete_request") return removeTask(state, event.task_id);
  const { change } = event;
  switch (change.kind) {
    case "task":
      return withTask(state, change.task);
    case "group": {
      const existing = state.groups.find((g) => g.id === change.group.id);
      const group: BoardGroup = { ...change.group, tasks: existing?.tasks ?? [] };
      const groups = [...state.groups.filter((g) => g.id !== group.id), group].sort(byOrder);
      return { ...state, groups };
    }
    case "group_deleted":
      return { ...state, groups: state.groups.filter((g) => g.id !== change.group_id) };
    case "project": {
      const projects = [...state.projects.filter((p) => p.uuid !== change.project.uuid), change.project];
      return { ...state, projects: projects.sort(byProjectName) };
    }
    case "project_deleted":
      return {
        ...state,
        projects: state.projects.filter((p) => p.uuid !== change.project),
        groups: state.groups.map((g) => ({
          ...g,
          tasks: g.tasks.map((t) => (t.project === change.project ? { ...t, project: null } : t)),
        })),
      };
    case "board":
      return { ...state, board: change.board };
    case "board_deleted":
      return state;
  }
}

/** The number of tasks per group id (for the capacity warning). */
export function groupSizes(state: BoardState): Map<number, number> {
  return new Map(state.groups.map((g) => [g.id, g.tasks.length]));
}

/**
 * Who is on the board after one event: `connected` and one's own board_connected (with `viewers`)
 * replace the list; the other presence events change one entry. Sorted by user id.
 */
export function applyViewerEvent(viewers: readonly BoardViewer[], event: BoardEvent): readonly BoardViewer[] {
  const others = (userId: number) => viewers.filter((v) => v.user_id !== userId);
  const sorted = (list: BoardViewer[]) => list.sort((a, b) => a.user_id - b.user_id);
  switch (event.type) {
    case "connected":
      return event.viewers;
    case "board_connected":
      return event.viewers ?? sorted([...others(event.user_id), { user_id: event.user_id, open_task_id: null }]);
    case "board_disconnected":
      return others(event.user_id);
    case "task_open":
      return sorted([...others(event.user_id), { user_id: event.user_id, open_task_id: event.task_id }]);
    case "task_close":
      return viewers.map((v) =>
        v.user_id === event.user_id && v.open_task_id === event.task_id ? { ...v, open_task_id: null } : v,
      );
    default:
      return viewers;
  }
}
