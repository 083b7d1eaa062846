import { randomUUID } from "node:crypto";
import type { Attachment } from "@nadoy/contract/attachments";
import type { Workspace } from "@nadoy/contract/boards";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CALLER_LABELS, type CallerLabel } from "../../../test/callers.ts";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { type BoardApi, type BoardWorld, boardApi, boardWorld, ok } from "./boards.test-kit.ts";

// Who may do what on task boards (contract boards.ts header): every route × anonymous, roles 1–7,
// a superuser (not a member: superusers see every company's) and a role-1 member of another company.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

type Who = CallerLabel | "other company";
const WHO: readonly Who[] = [...CALLER_LABELS, "other company"];

/** Expected statuses: `ok` for those allowed, 403 for the others, 404 for another company, 401 anonymous. */
function expected(okStatus: number, allowed: readonly Who[]): Record<Who, number> {
  const result = {} as Record<Who, number>;
  for (const who of WHO) result[who] = allowed.includes(who) ? okStatus : 403;
  result.anonymous = 401;
  result["other company"] = 404;
  return result;
}

const EVERYONE: readonly Who[] = ["role 1", "role 2", "role 3", "role 4", "role 5", "role 6", "role 7", "superuser"];
const TASK_EDITORS: readonly Who[] = EVERYONE.filter((w) => w !== "role 6");
const MANAGERS: readonly Who[] = ["role 1", "role 2", "role 3", "role 4", "role 5", "superuser"];

interface RouteCase {
  /** Builds what the call needs, fresh for each caller (the maker is role 3). */
  prepare: (w: BoardWorld) => Promise<Record<string, string | number>>;
  call: (api: BoardApi, x: Record<string, string | number>, w: BoardWorld) => Promise<{ statusCode: number }>;
  status: number;
  allowed: readonly Who[];
}

const s = (x: Record<string, string | number>, key: string) => String(x[key]);
const n = (x: Record<string, string | number>, key: string) => Number(x[key]);

async function freshTask(w: BoardWorld) {
  const task = await w.maker.newTask(w.board.uuid, w.todo.uuid, "Проверить доильный зал");
  return { task: task.uuid, taskId: task.id };
}

const ROUTES: Record<string, RouteCase> = {
  "GET board": {
    prepare: async () => ({}),
    call: (api, _x, w) => api.board(w.board.uuid),
    status: 200,
    allowed: EVERYONE,
  },
  "GET task": { prepare: freshTask, call: (api, x) => api.task(s(x, "task")), status: 200, allowed: EVERYONE },
  "POST workspace": {
    prepare: async () => ({}),
    call: (api, _x, w) => api.createWorkspace(w.company.uuid, "Новая ферма"),
    status: 201,
    allowed: MANAGERS,
  },
  "PATCH workspace": {
    prepare: async () => ({}),
    call: (api, _x, w) => api.updateWorkspace(w.workspace.uuid, "Ферма «Рассвет»"),
    status: 200,
    allowed: MANAGERS,
  },
  "DELETE workspace": {
    prepare: async (w) => ({ ws: (await w.maker.newWorkspace(w.company.uuid, "На удаление")).uuid }),
    call: (api, x) => api.deleteWorkspace(s(x, "ws")),
    status: 204,
    allowed: MANAGERS,
  },
  "POST board": {
    prepare: async () => ({}),
    call: (api, _x, w) => api.createBoard(w.workspace.uuid, "Уборочная"),
    status: 201,
    allowed: MANAGERS,
  },
  "PATCH board": {
    prepare: async () => ({}),
    call: (api, _x, w) => api.updateBoard(w.board.uuid, { name: "Посевная 2026" }),
    status: 200,
    allowed: MANAGERS,
  },
  "DELETE board": {
    prepare: async (w) => ({ board: (await w.maker.newBoard(w.workspace.uuid, "На удаление")).uuid }),
    call: (api, x) => api.deleteBoard(s(x, "board")),
    status: 204,
    allowed: MANAGERS,
  },
  "POST group": {
    prepare: async () => ({}),
    call: (api, _x, w) => api.createGroup(w.board.uuid, "Проверка"),
    status: 201,
    allowed: MANAGERS,
  },
  "PATCH group": {
    prepare: async () => ({}),
    call: (api, _x, w) => api.renameGroup(w.doing.uuid, "В поле"),
    status: 200,
    allowed: MANAGERS,
  },
  "POST group move": {
    prepare: async () => ({}),
    call: (api, _x, w) => api.moveGroup(w.done.uuid, w.todo.id),
    status: 200,
    allowed: MANAGERS,
  },
  "DELETE group": {
    prepare: async (w) => ({ group: (await w.maker.newGroup(w.board.uuid, "Пустая")).uuid }),
    call: (api, x) => api.deleteGroup(s(x, "group")),
    status: 204,
    allowed: MANAGERS,
  },
  "POST project": {
    prepare: async () => ({}),
    call: (api, _x, w) => api.createProject(w.board.uuid, "Корма"),
    status: 201,
    allowed: MANAGERS,
  },
  "PATCH project": {
    prepare: async (w) => ({ project: (await w.maker.newProject(w.board.uuid, "Корма")).uuid }),
    call: (api, x) => api.updateProject(s(x, "project"), { name: "Ремонт техники" }),
    status: 200,
    allowed: MANAGERS,
  },
  "DELETE project": {
    prepare: async (w) => ({ project: (await w.maker.newProject(w.board.uuid, "Корма")).uuid }),
    call: (api, x) => api.deleteProject(s(x, "project")),
    status: 204,
    allowed: MANAGERS,
  },
  "POST task": {
    prepare: async () => ({}),
    call: (api, _x, w) => api.createTask(w.board.uuid, w.todo.uuid, "Заказать корма"),
    status: 201,
    allowed: TASK_EDITORS,
  },
  "PATCH task": {
    prepare: freshTask,
    call: (api, x) => api.updateTask(s(x, "task"), { title: "Проверить танк-охладитель" }),
    status: 200,
    allowed: TASK_EDITORS,
  },
  "POST task move": {
    prepare: freshTask,
    call: (api, x, w) => api.moveTask(s(x, "task"), w.doing.uuid, null),
    status: 200,
    allowed: TASK_EDITORS,
  },
  "DELETE task": {
    prepare: freshTask,
    call: (api, x) => api.deleteTask(s(x, "task")),
    status: 204,
    allowed: TASK_EDITORS,
  },
  "POST comment": {
    prepare: freshTask,
    call: (api, x) => api.comment(s(x, "task"), "Сделано"),
    status: 201,
    allowed: TASK_EDITORS,
  },
  "POST task attachments": {
    prepare: freshTask,
    // The caller's own upload (a stranger may upload, just not attach); anonymous gets no file.
    call: async (api, x) => {
      const upload = await api.upload("акт.pdf");
      const file = upload.statusCode === 201 ? upload.json<Attachment>().uuid : randomUUID();
      return api.attach(s(x, "task"), [file]);
    },
    status: 200,
    allowed: TASK_EDITORS,
  },
  "DELETE task attachment": {
    prepare: async (w) => {
      const { task } = await freshTask(w);
      const detail = await w.maker.attachNew(task, "акт.pdf");
      return { task, file: detail.attachments[0]?.uuid ?? "" };
    },
    call: (api, x) => api.detach(s(x, "task"), s(x, "file")),
    status: 200,
    allowed: TASK_EDITORS,
  },
  "DELETE comment (someone else's)": {
    prepare: async (w) => {
      const { task } = await freshTask(w);
      return { comment: (await w.apiOf("role 4").newComment(task, "Проверю завтра")).id };
    },
    call: (api, x) => api.deleteComment(n(x, "comment")),
    status: 204,
    allowed: [...MANAGERS],
  },
};

describe("boards: who may do what", () => {
  for (const [name, route] of Object.entries(ROUTES)) {
    it(`${name}: 401 anonymous, 404 another company, 403 without the role`, async () => {
      const w = await boardWorld(t);
      const other = await boardWorld(t, "Другая компания");
      const actual = {} as Record<Who, number>;
      for (const who of WHO) {
        const x = await route.prepare(w);
        const api = who === "other company" ? other.apiOf("role 1") : w.apiOf(who);
        actual[who] = (await route.call(api, x, w)).statusCode;
      }
      expect(actual).toEqual(expected(route.status, route.allowed));
    });
  }

  it("lets the author of a comment delete it, even without the role to manage boards", async () => {
    const w = await boardWorld(t);
    const task = await w.maker.newTask(w.board.uuid, w.todo.uuid, "Проверить доильный зал");
    const client = w.apiOf("role 7");
    const mine = await client.newComment(task.uuid, "Когда приедет ветеринар?");

    ok(await client.deleteComment(mine.id), 204);

    expect((await w.maker.detail(task.uuid)).comments).toEqual([]);
  });

  it("lists only the caller's companies' workspaces; superusers see every company's", async () => {
    const w = await boardWorld(t);
    const other = await boardWorld(t, "Другая компания");

    const names = async (api: BoardApi) =>
      ok<Workspace[]>(await api.workspaces(), 200).map((ws) => `${ws.company.name}: ${ws.name}`);

    expect(await names(w.apiOf("role 6"))).toEqual(["Агрохолдинг Заря: Ферма «Заря»"]);
    expect(await names(other.apiOf("role 1"))).toEqual(["Другая компания: Ферма «Заря»"]);
    expect((await names(w.apiOf("superuser"))).sort()).toEqual([
      "Агрохолдинг Заря: Ферма «Заря»",
      "Другая компания: Ферма «Заря»",
    ]);
    expect((await boardApi(t, undefined).workspaces()).statusCode).toBe(401);
  });

  it("answers another company's entities exactly like missing ones, and writes nothing", async () => {
    const w = await boardWorld(t);
    const other = await boardWorld(t, "Другая компания");
    const task = await w.maker.newTask(w.board.uuid, w.todo.uuid, "Проверить доильный зал");
    const comment = await w.maker.newComment(task.uuid, "Сделано");
    const attached = (await w.maker.attachNew(task.uuid, "акт.pdf")).attachments[0]?.uuid ?? "";
    const stranger = other.apiOf("role 1");
    const strangers = ok<Attachment>(await stranger.upload("чужой.pdf"), 201);
    const before = await rowCounts(t.database.db);
    const missing = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

    for (const uuid of [w.board.uuid, missing]) {
      expect((await stranger.board(uuid)).json()).toEqual({ code: "not_found", message: "Не найдено" });
    }
    expect((await stranger.task(task.uuid)).statusCode).toBe(404);
    expect((await stranger.deleteComment(comment.id)).statusCode).toBe(404);
    expect((await stranger.deleteComment(comment.id + 1000)).statusCode).toBe(404);
    expect((await stranger.createWorkspace(w.company.uuid, "Чужая")).statusCode).toBe(404);
    expect((await stranger.attach(task.uuid, [strangers.uuid])).statusCode).toBe(404);
    expect((await stranger.detach(task.uuid, attached)).statusCode).toBe(404);
    // A task can only move to a group of its own board.
    expect((await w.maker.moveTask(task.uuid, other.todo.uuid, null)).statusCode).toBe(400);

    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("tells each caller what they may do on the board", async () => {
    const w = await boardWorld(t);
    const flags = async (who: CallerLabel) => {
      const state = await w.apiOf(who).state(w.board.uuid);
      return [state.can_edit_tasks, state.can_manage];
    };
    expect(await flags("role 3")).toEqual([true, true]);
    expect(await flags("role 6")).toEqual([false, false]);
    expect(await flags("role 7")).toEqual([true, false]);
    expect(await flags("superuser")).toEqual([true, true]);
  });
});
