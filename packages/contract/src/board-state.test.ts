import { describe, expect, it } from "vitest";
import { applyBoardEvent, applyViewerEvent, compareOrder } from "./board-state.ts";
import type { BoardState, TaskCard } from "./boards.ts";
import type { BoardEvent } from "./realtime.ts";

const BOARD = "11111111-2222-4333-8444-555555555555";
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function task(id: number, group: number, order: string, version = 1): TaskCard {
  return {
    id,
    uuid: uuid(id),
    group,
    order,
    title: `Задача ${id}`,
    project: null,
    assignee_ids: [],
    due_date: null,
    tags: [],
    checklist_done: 0,
    checklist_total: 0,
    comments_count: 0,
    attachments_count: 0,
    version,
    updated_at: "2026-11-23T10:00:00.000Z",
  };
}

function state(): BoardState {
  return {
    seq: 3,
    board: { uuid: BOARD, name: "Посевная", capacity: 100 },
    workspace: { uuid: uuid(90), name: "Ферма" },
    company: { uuid: uuid(91), name: "Заря" },
    groups: [
      { id: 1, uuid: uuid(101), name: "К выполнению", order: "1", tasks: [task(10, 1, "1"), task(11, 1, "2")] },
      { id: 2, uuid: uuid(102), name: "Готово", order: "2", tasks: [] },
    ],
    projects: [],
    members: [],
    can_edit_tasks: true,
    can_manage: true,
  };
}

const update = (seq: number, change: Extract<BoardEvent, { type: "update" }>["change"]): BoardEvent => ({
  type: "update",
  seq,
  board_id: BOARD,
  user_id: 5,
  change,
});

describe("compareOrder", () => {
  it("orders decimals exactly, as PostgreSQL numeric does", () => {
    const sorted = ["10", "-1", "1.5", "1.25", "2", "-0.5", "1.50001", "0", "1"].sort(compareOrder);
    expect(sorted).toEqual(["-1", "-0.5", "0", "1", "1.25", "1.5", "1.50001", "2", "10"]);
    expect(compareOrder("1.50", "1.5")).toBe(0);
    expect(compareOrder("-0", "0")).toBe(0);
    expect(compareOrder("0.1000000000000000000001", "0.1")).toBeGreaterThan(0);
  });
});

describe("applyBoardEvent", () => {
  it("moves a task to another group and keeps each group in order", () => {
    const next = applyBoardEvent(state(), update(4, { kind: "task", task: task(10, 2, "1", 2) }));
    expect(next.groups.map((g) => g.tasks.map((t) => t.id))).toEqual([[11], [10]]);
    expect(next.seq).toBe(4);
  });

  it("places a task between two others by its decimal order", () => {
    const next = applyBoardEvent(state(), update(4, { kind: "task", task: task(12, 1, "1.5") }));
    expect(next.groups[0]?.tasks.map((t) => t.id)).toEqual([10, 12, 11]);
  });

  it("ignores events already in the state and older copies of a task", () => {
    const s = state();
    expect(applyBoardEvent(s, update(3, { kind: "task", task: task(10, 2, "1", 5) }))).toBe(s);
    const newer = applyBoardEvent(s, update(4, { kind: "task", task: task(10, 1, "1", 3) }));
    const older = applyBoardEvent(newer, update(5, { kind: "task", task: task(10, 2, "1", 2) }));
    expect(older.groups[0]?.tasks[0]?.version).toBe(3);
  });

  it("removes a deleted task, and drops a project from its tasks", () => {
    const withProject = applyBoardEvent(
      state(),
      update(4, { kind: "project", project: { uuid: uuid(7), name: "Корма", color: "green" } }),
    );
    const tagged = applyBoardEvent(
      withProject,
      update(5, { kind: "task", task: { ...task(11, 1, "2", 2), project: uuid(7) } }),
    );
    const gone = applyBoardEvent(tagged, update(6, { kind: "project_deleted", project: uuid(7) }));
    expect(gone.projects).toEqual([]);
    expect(gone.groups[0]?.tasks[1]?.project).toBeNull();

    const deleted = applyBoardEvent(gone, {
      type: "task_delete_request",
      seq: 7,
      board_id: BOARD,
      user_id: 5,
      task_id: 10,
    });
    expect(deleted.groups[0]?.tasks.map((t) => t.id)).toEqual([11]);
  });

  it("inserts and reorders groups, keeping their tasks", () => {
    const moved = applyBoardEvent(
      state(),
      update(4, { kind: "group", group: { id: 1, uuid: uuid(101), name: "Новые", order: "3" } }),
    );
    expect(moved.groups.map((g) => [g.id, g.name, g.tasks.length])).toEqual([
      [2, "Готово", 0],
      [1, "Новые", 2],
    ]);
  });
});

describe("applyViewerEvent", () => {
  it("replaces the list with one's own board_connected and applies the others' changes", () => {
    let viewers = applyViewerEvent([], {
      type: "board_connected",
      board_id: BOARD,
      user_id: 1,
      viewers: [
        { user_id: 1, open_task_id: null },
        { user_id: 4, open_task_id: 10 },
      ],
    });
    viewers = applyViewerEvent(viewers, { type: "board_connected", board_id: BOARD, user_id: 2 });
    viewers = applyViewerEvent(viewers, { type: "task_open", board_id: BOARD, user_id: 2, task_id: 11 });
    viewers = applyViewerEvent(viewers, { type: "task_close", board_id: BOARD, user_id: 4, task_id: 10 });
    viewers = applyViewerEvent(viewers, { type: "board_disconnected", board_id: BOARD, user_id: 1 });

    expect(viewers).toEqual([
      { user_id: 2, open_task_id: 11 },
      { user_id: 4, open_task_id: null },
    ]);
  });
});
