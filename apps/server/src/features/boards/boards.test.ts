import { byOrder, compareOrder } from "@nadoy/contract/board-state";
import type { BoardState, TaskCard, TaskDetail, Workspace } from "@nadoy/contract/boards";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowCounts } from "../../../test/row-counts.ts";
import { openMainSocket, socketBase } from "../../../test/sockets.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { notifications } from "../../db/schema/index.ts";
import { currentSeq } from "../../platform/realtime/event-log.ts";
import { runTaskReminders } from "./boards.service.ts";
import { type BoardWorld, boardWorld, layout, ok } from "./boards.test-kit.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const tasksOf = (state: BoardState, groupUuid: string): TaskCard[] =>
  state.groups.find((g) => g.uuid === groupUuid)?.tasks ?? [];

/** Tasks made one after another at the end of a group. */
async function tasksIn(w: BoardWorld, groupUuid: string, titles: string[]): Promise<TaskCard[]> {
  const made: TaskCard[] = [];
  for (const title of titles) made.push(await w.maker.newTask(w.board.uuid, groupUuid, title));
  return made;
}

/** The orders of a group strictly increase, and the contract's compareOrder sorts them as the server does. */
function expectStrictOrder(tasks: readonly TaskCard[]): void {
  for (let i = 1; i < tasks.length; i += 1) {
    expect(compareOrder(tasks[i - 1]?.order ?? "", tasks[i]?.order ?? "")).toBeLessThan(0);
  }
  expect([...tasks].reverse().sort(byOrder)).toEqual(tasks);
}

describe("boards: workspaces and boards", () => {
  it("gives a new board the groups «К выполнению», «В работе», «Готово», and lists it with its task count", async () => {
    const w = await boardWorld(t);
    await tasksIn(w, w.todo.uuid, ["Проверить доильный зал", "Заказать корма"]);
    const second = await w.maker.newBoard(w.workspace.uuid, "Ремонт", { capacity: 20 });

    const state = await w.maker.state(w.board.uuid);
    expect(state.groups.map((g) => g.name)).toEqual(["К выполнению", "В работе", "Готово"]);
    expect(state.board).toEqual({ uuid: w.board.uuid, name: "Посевная", capacity: 100 });
    expect(state.workspace).toEqual({ uuid: w.workspace.uuid, name: "Ферма «Заря»" });
    expect(state.company.name).toBe("Агрохолдинг Заря");
    expect(state.members.map((m) => m.name)).toEqual([
      "Роль 1",
      "Роль 2",
      "Роль 3",
      "Роль 4",
      "Роль 5",
      "Роль 6",
      "Роль 7",
    ]);

    const [workspace] = ok<Workspace[]>(await w.apiOf("role 6").workspaces(), 200);
    expect(workspace?.boards).toEqual([
      { uuid: w.board.uuid, name: "Посевная", capacity: 100, tasks_count: 2 },
      { uuid: second.uuid, name: "Ремонт", capacity: 20, tasks_count: 0 },
    ]);
  });

  it("deletes a workspace with its boards and their tasks, and tells the boards' sockets", async () => {
    const w = await boardWorld(t);
    await tasksIn(w, w.todo.uuid, ["Проверить доильный зал"]);
    const seq = await currentSeq(t.database.db, "board", w.board.uuid);

    ok(await w.maker.deleteWorkspace(w.workspace.uuid), 204);

    expect((await w.maker.board(w.board.uuid)).statusCode).toBe(404);
    expect(ok<Workspace[]>(await w.maker.workspaces(), 200)).toEqual([]);
    expect(await currentSeq(t.database.db, "board", w.board.uuid)).toBe(seq + 1);
    const counts = await rowCounts(t.database.db);
    expect([counts.workspaces, counts.boards, counts.board_groups, counts.tasks]).toEqual([0, 0, 0, 0]);
  });
});

describe("boards: input checks", () => {
  it("refuses invalid input with 400 and changes nothing", async () => {
    const w = await boardWorld(t);
    const other = await boardWorld(t, "Другая компания");
    const [first, second] = await tasksIn(w, w.todo.uuid, ["Проверить доильный зал", "Заказать корма"]);
    if (!first || !second) throw new Error("two tasks");
    const foreignProject = await other.maker.newProject(other.board.uuid, "Корма");
    const stranger = other.idOf("role 3");
    const before = { rows: await rowCounts(t.database.db), state: await w.maker.state(w.board.uuid) };
    const api = w.maker;
    const board = w.board.uuid;

    const refused = [
      await api.createTask(board, w.todo.uuid, "   "),
      await api.createTask(board, w.todo.uuid, "x".repeat(501)),
      await api.createTask(board, other.todo.uuid, "Задача"),
      await api.createTask(board, w.todo.uuid, "Задача", { assignee_ids: [stranger] }),
      await api.createTask(board, w.todo.uuid, "Задача", { project_uuid: foreignProject.uuid }),
      await api.createTask(board, w.todo.uuid, "Задача", { due_date: "31.12.2026" }),
      await api.createTask(board, w.todo.uuid, "Задача", { tags: [{ name: "", color: "" }] }),
      await api.updateTask(first.uuid, { assignee_ids: [w.idOf("role 1"), stranger] }),
      await api.updateTask(first.uuid, { checklist: [{ text: "Проверить", done: "да" }] }),
      await api.moveTask(first.uuid, w.doing.uuid, second.id),
      await api.moveTask(first.uuid, w.todo.uuid, 987_654),
      await api.updateBoard(board, { capacity: 0 }),
      await api.createGroup(board, ""),
      await api.createGroup(board, "Проверка", 987_654),
      await api.moveGroup(w.todo.uuid, 987_654),
      await api.renameGroup(w.todo.uuid, "x".repeat(121)),
      await api.createProject(board, ""),
      await api.comment(first.uuid, "   "),
      await api.createBoard(w.workspace.uuid, "Доска", { capacity: 1001 }),
    ];

    expect(refused.map((r) => r.statusCode)).toEqual(refused.map(() => 400));
    expect(refused.map((r) => r.json().code)).toEqual(refused.map(() => "validation_error"));
    expect(refused[3]?.json().fields).toEqual({ assignee_ids: "Исполнителем может быть только сотрудник компании" });
    expect(await rowCounts(t.database.db)).toEqual(before.rows);
    expect(await w.maker.state(w.board.uuid)).toEqual(before.state);
  });
});

describe("boards: orders", () => {
  it("puts a moved task right before `before_id` and changes no other task", async () => {
    const w = await boardWorld(t);
    const made = await tasksIn(w, w.todo.uuid, ["А", "Б", "В", "Г", "Д"]);
    const [a, b, , , d] = made;
    if (!a || !b || !d) throw new Error("five tasks");

    const moved = await w.maker.move(d.uuid, w.todo.uuid, b.id);

    const tasks = tasksOf(await w.maker.state(w.board.uuid), w.todo.uuid);
    expect(tasks.map((x) => x.title)).toEqual(["А", "Д", "Б", "В", "Г"]);
    expect(moved).toEqual(tasks[1]);
    expect(moved.version).toBe(d.version + 1);
    // The others keep their order and version: nothing is renumbered.
    const untouched = (list: readonly TaskCard[]) =>
      list.filter((x) => x.id !== d.id).map((x) => [x.id, x.order, x.version]);
    expect(untouched(tasks)).toEqual(untouched(made));
    expect(compareOrder(a.order, moved.order)).toBeLessThan(0);
    expect(compareOrder(moved.order, b.order)).toBeLessThan(0);

    // To the end of another group, and before the first task of it.
    await w.maker.move(a.uuid, w.doing.uuid, null);
    await w.maker.move(b.uuid, w.doing.uuid, a.id);
    expect(layout(await w.maker.state(w.board.uuid))).toEqual({
      "К выполнению": ["Д", "В", "Г"],
      "В работе": ["Б", "А"],
      Готово: [],
    });
  });

  it("keeps a strict order over 30 alternating moves to the front and 30 to the second place", async () => {
    const w = await boardWorld(t);
    const [a, b, c] = await tasksIn(w, w.todo.uuid, ["А", "Б", "В"]);
    if (!a || !b || !c) throw new Error("three tasks");
    let expected = ["А", "Б", "В"];
    const byTitle = new Map([a, b, c].map((x) => [x.title, x]));
    const id = (title: string | undefined) => byTitle.get(title ?? "")?.id ?? null;

    for (let i = 0; i < 30; i += 1) {
      const mover = i % 2 === 0 ? "В" : "Б";
      const front = expected[0] === mover ? expected[1] : expected[0];
      if (expected[0] === mover) continue;
      await w.maker.move(byTitle.get(mover)?.uuid ?? "", w.todo.uuid, id(front));
      expected = [mover, ...expected.filter((x) => x !== mover)];
      const tasks = tasksOf(await w.maker.state(w.board.uuid), w.todo.uuid);
      expect(tasks.map((x) => x.title)).toEqual(expected);
      expectStrictOrder(tasks);
    }
    // Squeezing into the same gap halves it every time: exact decimals, never a tie.
    for (let i = 0; i < 30; i += 1) {
      const [, second, third] = expected;
      await w.maker.move(byTitle.get(third ?? "")?.uuid ?? "", w.todo.uuid, id(second));
      expected = [expected[0] ?? "", third ?? "", second ?? ""];
      const tasks = tasksOf(await w.maker.state(w.board.uuid), w.todo.uuid);
      expect(tasks.map((x) => x.title)).toEqual(expected);
      expectStrictOrder(tasks);
    }
  });

  it("moves a group before another one or to the end, changing only that group", async () => {
    const w = await boardWorld(t);
    const check = await w.maker.newGroup(w.board.uuid, "Проверка", w.done.id);
    const names = async () => (await w.maker.state(w.board.uuid)).groups.map((g) => g.name);
    expect(await names()).toEqual(["К выполнению", "В работе", "Проверка", "Готово"]);

    const moved = ok<{ order: string }>(await w.maker.moveGroup(w.done.uuid, w.todo.id), 200);
    expect(await names()).toEqual(["Готово", "К выполнению", "В работе", "Проверка"]);
    ok(await w.maker.moveGroup(w.todo.uuid, null), 200);
    expect(await names()).toEqual(["Готово", "В работе", "Проверка", "К выполнению"]);

    const state = await w.maker.state(w.board.uuid);
    expect(state.groups.find((g) => g.id === check.id)?.order).toBe(check.order);
    expect(state.groups.find((g) => g.id === w.done.id)?.order).toBe(moved.order);
    expect(
      [...state.groups]
        .reverse()
        .sort(byOrder)
        .map((g) => g.name),
    ).toEqual(await names());
  });
});

describe("boards: capacity and groups", () => {
  it("refuses a task into a full group with 409 naming the limit, and changes nothing", async () => {
    const w = await boardWorld(t);
    ok(await w.maker.updateBoard(w.board.uuid, { capacity: 2 }), 200);
    const [a, b] = await tasksIn(w, w.todo.uuid, ["А", "Б"]);
    const [c] = await tasksIn(w, w.doing.uuid, ["В"]);
    if (!a || !b || !c) throw new Error("three tasks");
    const before = { rows: await rowCounts(t.database.db), state: await w.maker.state(w.board.uuid) };

    const added = await w.maker.createTask(w.board.uuid, w.todo.uuid, "Г");
    const moved = await w.maker.moveTask(c.uuid, w.todo.uuid, a.id);

    for (const refused of [added, moved]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: "board_group_full",
        message: "В группе «К выполнению» уже 2 задачи — это предел доски. Завершите или перенесите задачи из неё.",
      });
    }
    expect(await rowCounts(t.database.db)).toEqual(before.rows);
    expect(await w.maker.state(w.board.uuid)).toEqual(before.state);

    // Within the full group a task still moves; a lower capacity leaves groups over it.
    await w.maker.move(b.uuid, w.todo.uuid, a.id);
    ok(await w.maker.updateBoard(w.board.uuid, { capacity: 1 }), 200);
    expect(layout(await w.maker.state(w.board.uuid))).toEqual({
      "К выполнению": ["Б", "А"],
      "В работе": ["В"],
      Готово: [],
    });
  });

  it("deletes only an empty group (409 board_group_not_empty otherwise)", async () => {
    const w = await boardWorld(t);
    const [task] = await tasksIn(w, w.doing.uuid, ["А"]);
    if (!task) throw new Error("a task");

    const refused = await w.maker.deleteGroup(w.doing.uuid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("board_group_not_empty");

    ok(await w.maker.deleteTask(task.uuid), 204);
    ok(await w.maker.deleteGroup(w.doing.uuid), 204);
    expect((await w.maker.state(w.board.uuid)).groups.map((g) => g.name)).toEqual(["К выполнению", "Готово"]);
  });
});

describe("boards: tasks", () => {
  it("keeps a description's formatting and links but never a script, handler or javascript: URL", async () => {
    const w = await boardWorld(t);
    const xss = [
      '<p onclick="alert(1)">Привезти <b>силос</b><script>alert("xss")</script></p>',
      '<img src="x" onerror="alert(2)"><svg onload="alert(3)"></svg><iframe src="https://evil.example"></iframe>',
      '<a href="javascript:alert(4)">раз</a><a href=" JaVaScRiPt:alert(5)">два</a>',
      '<a href="https://zarya.example/plan" onmouseover="alert(6)">план</a><ul><li>пункт</li></ul>',
    ].join("");
    const task = await w.maker.newTask(w.board.uuid, w.todo.uuid, "Проверить <script>", { description: xss });

    const stored = (await w.maker.detail(task.uuid)).description;
    expect(stored).toBe(
      "<p>Привезти <b>силос</b></p>" +
        '<a target="_blank" rel="noopener noreferrer">раз</a><a target="_blank" rel="noopener noreferrer">два</a>' +
        '<a href="https://zarya.example/plan" target="_blank" rel="noopener noreferrer">план</a><ul><li>пункт</li></ul>',
    );
    const patched = ok<TaskDetail>(
      await w.maker.updateTask(task.uuid, { description: `<em>ок</em>${xss}` }),
      200,
    ).description;
    for (const html of [stored, patched]) {
      expect(html).not.toMatch(/script|onerror|onclick|onload|onmouseover|javascript:|<img|<svg|<iframe/i);
    }
    // The title is plain text, shown as text.
    expect((await w.maker.detail(task.uuid)).task.title).toBe("Проверить <script>");
  });

  it("edits, assigns, tags, checks and comments a task; every change is a new version", async () => {
    const w = await boardWorld(t);
    const project = await w.maker.newProject(w.board.uuid, "Корма", "#f08c00");
    const task = await w.maker.newTask(w.board.uuid, w.todo.uuid, "Заказать корма");
    const worker = w.apiOf("role 7");

    const edited = ok<TaskDetail>(
      await worker.updateTask(task.uuid, {
        title: "Заказать корма на май",
        project_uuid: project.uuid,
        assignee_ids: [w.idOf("role 4"), w.idOf("role 3"), w.idOf("role 4")],
        due_date: "2026-05-12",
        tags: [{ name: "срочно", color: "red" }],
        checklist: [
          { text: "Сено", done: true },
          { text: "Силос", done: false },
          { text: "Комбикорм", done: true },
        ],
      }),
      200,
    );
    const comment = await worker.newComment(task.uuid, "Поставщик подтвердил");

    const detail = await w.maker.detail(task.uuid);
    expect(detail.task).toMatchObject({
      title: "Заказать корма на май",
      project: project.uuid,
      assignee_ids: [w.idOf("role 3"), w.idOf("role 4")].sort((x, y) => x - y),
      due_date: "2026-05-12",
      tags: [{ name: "срочно", color: "red" }],
      checklist_done: 2,
      checklist_total: 3,
      comments_count: 1,
      version: 3,
    });
    expect(edited.task.version).toBe(2);
    expect(detail.comments).toEqual([comment]);
    expect(comment.author).toEqual({ id: w.idOf("role 7"), username: expect.any(String), name: "Роль 7" });
    expect(detail.created_by?.name).toBe("Роль 3");
    expect(detail.group_name).toBe("К выполнению");
    expect(detail.task).toEqual(tasksOf(await w.maker.state(w.board.uuid), w.todo.uuid)[0]);

    // A deleted project leaves its tasks without one.
    ok(await w.maker.deleteProject(project.uuid), 204);
    expect((await w.maker.detail(task.uuid)).task.project).toBeNull();
    ok(await w.maker.deleteComment(comment.id), 204);
    expect((await w.maker.detail(task.uuid)).task.comments_count).toBe(0);
  });

  it("tells the main sockets of the company's members about task changes and deletions", async () => {
    const w = await boardWorld(t);
    const base = await socketBase(t);
    const socket = await openMainSocket(base, w.byLabel("role 6").token);
    await socket.next((m) => m.msg_type === "SYNC", "SYNC");

    const task = await w.maker.newTask(w.board.uuid, w.todo.uuid, "Проверить доильный зал");
    const updated = await socket.next((m) => m.msg_type === "BRD_TASK_UPDATED", "BRD_TASK_UPDATED");
    expect(updated).toEqual({ msg_type: "BRD_TASK_UPDATED", user_id: w.idOf("role 3"), board: w.board.uuid, task });

    ok(await w.maker.deleteTask(task.uuid), 204);
    const deleted = await socket.next((m) => m.msg_type === "BRD_TASK_DELETED", "BRD_TASK_DELETED");
    expect(deleted).toEqual({
      msg_type: "BRD_TASK_DELETED",
      user_id: w.idOf("role 3"),
      board: w.board.uuid,
      task_id: task.id,
    });
    await socket.close();
  });
});

describe("boards: due-date reminders", () => {
  it("writes one notification per assignee of a task coming due, once", async () => {
    const w = await boardWorld(t);
    const [zootech, agronomist] = [w.idOf("role 3"), w.idOf("role 4")];
    const soon = await w.maker.newTask(w.board.uuid, w.todo.uuid, "Откалибровать сеялку", {
      due_date: "2026-05-12",
      assignee_ids: [zootech, agronomist],
    });
    await w.maker.newTask(w.board.uuid, w.todo.uuid, "Заказать семена", {
      due_date: "2026-05-20",
      assignee_ids: [zootech],
    });
    await w.maker.newTask(w.board.uuid, w.todo.uuid, "Без срока", { assignee_ids: [zootech] });
    const now = new Date("2026-05-11T06:00:00Z");

    expect(await runTaskReminders(t.database.db, now)).toBe(2);
    expect(await runTaskReminders(t.database.db, now)).toBe(0);

    const sent = await t.database.db
      .select({
        userId: notifications.userId,
        title: notifications.title,
        msg: notifications.msg,
        link: notifications.link,
      })
      .from(notifications)
      .where(eq(notifications.title, "Срок задачи"));
    expect(sent.sort((x, y) => x.userId - y.userId)).toEqual(
      [zootech, agronomist].map((userId) => ({
        userId,
        title: "Срок задачи",
        msg: "Задача «Откалибровать сеялку»: срок — 12.05.2026.",
        link: `/tasks/${soon.uuid}`,
      })),
    );

    // A new due date is reminded of again, when it comes.
    ok(await w.maker.updateTask(soon.uuid, { due_date: "2026-05-14" }), 200);
    expect(await runTaskReminders(t.database.db, now)).toBe(0);
    expect(await runTaskReminders(t.database.db, new Date("2026-05-13T06:00:00Z"))).toBe(2);
    const forAgronomist = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, agronomist), eq(notifications.title, "Срок задачи")));
    expect(forAgronomist).toHaveLength(2);
  });
});
