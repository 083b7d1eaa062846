import { randomBytes, randomUUID } from "node:crypto";
import { applyBoardEvent, applyViewerEvent } from "@nadoy/contract/board-state";
import type { BoardHead, BoardState, TaskCard, Workspace } from "@nadoy/contract/boards";
import { ErrorCode } from "@nadoy/contract/errors";
import {
  BOARD_SOCKET_COMMAND_BURST,
  BOARD_SOCKET_COMMANDS_PER_SECOND,
  type BoardEvent,
  type BoardViewer,
  SocketCloseCode,
  SocketCloseReason,
} from "@nadoy/contract/realtime";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { createCompanyCallers } from "../../../test/lists.ts";
import { openBoardSocket, socketBase, type TestSocket } from "../../../test/sockets.ts";
import { startTestApp, type TestApp, testRedisUrl } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { commandBudget } from "./board-socket.ts";

// The board socket (contract realtime.ts "board socket"; spec §4, §7): commands, events, viewers,
// force-close, session end, reconnect — and across two instances.

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startTestApp();
  base = await socketBase(t);
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

type BoardSocket = Awaited<ReturnType<typeof openBoardSocket>>;

function api(app: TestApp, token: string | undefined) {
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
    app.request({ method, url, token, ...(payload && { payload }) });
  return {
    board: async (uuid: string) => (await call("GET", `/api/boards/${uuid}/`)).json<BoardState>(),
    createTask: async (board: string, group_uuid: string, title: string) => {
      const res = await call("POST", `/api/boards/${board}/tasks/`, { group_uuid, title });
      expect(res.statusCode).toBe(201);
      return res.json<TaskCard>();
    },
    moveTask: (task: string, group_uuid: string, before_id: number | null) =>
      call("POST", `/api/tasks/${task}/move/`, { group_uuid, before_id }),
    renameTask: (task: string, title: string) => call("PATCH", `/api/tasks/${task}/`, { title }),
    logout: (refresh: string) => call("POST", "/api/users/logout/", { refresh }),
  };
}

/** A company with a caller per role, a workspace and a board made by role 3, with two tasks. */
async function setup(app: TestApp = t) {
  const company = await createCompanyCallers(app);
  const maker = company.byLabel("role 3").token;
  const ws = await app.request({
    method: "POST",
    url: "/api/workspaces/",
    token: maker,
    payload: { company_uuid: company.company.uuid, name: "Ферма «Заря»" },
  });
  expect(ws.statusCode).toBe(201);
  const created = await app.request({
    method: "POST",
    url: "/api/boards/",
    token: maker,
    payload: { workspace_uuid: ws.json<Workspace>().uuid, name: "Посевная" },
  });
  expect(created.statusCode).toBe(201);
  const board = created.json<BoardHead>();
  const zootech = api(app, maker);
  const state = await zootech.board(board.uuid);
  const [todo, doing] = state.groups;
  if (!todo || !doing) throw new Error("a new board has its groups");
  const first = await zootech.createTask(board.uuid, todo.uuid, "Проверить доильный зал");
  const second = await zootech.createTask(board.uuid, todo.uuid, "Заказать корма");
  return { ...company, board, todo, doing, first, second, zootech };
}

const who = (caller: { userId: number | undefined; token: string | undefined }) => ({
  id: caller.userId as number,
  token: caller.token as string,
});

async function join(b: string, board: string, token: string, since?: number): Promise<BoardSocket> {
  const socket = await openBoardSocket(b, board, token, since);
  await socket.next((e) => e.type === "connected", "connected");
  await socket.next((e) => e.type === "board_connected" && e.viewers !== undefined, "one's own board_connected");
  return socket;
}

/** The viewers as a socket would hold them after every event it received. */
const viewersOf = (socket: TestSocket<BoardEvent>): readonly BoardViewer[] =>
  socket.received.reduce<readonly BoardViewer[]>(applyViewerEvent, []);

describe("board socket: who may connect", () => {
  it("closes with 4401 for a bad token and 4404 for a board that is not the caller's", async () => {
    const { board } = await setup();
    const other = await createCompanyCallers(t, "Другая компания");

    const bad = await openBoardSocket(base, board.uuid, "not-a-token");
    expect((await bad.closed).code).toBe(SocketCloseCode.unauthorized);
    const stranger = await openBoardSocket(base, board.uuid, other.byLabel("role 1").token as string);
    expect((await stranger.closed).code).toBe(SocketCloseCode.notFound);
    const missing = await openBoardSocket(base, randomUUID(), other.byLabel("role 1").token as string);
    expect((await missing.closed).code).toBe(SocketCloseCode.notFound);
  });

  it("closes the first socket with 4409 when the same user connects to the board again", async () => {
    const { board, byLabel } = await setup();
    const me = who(byLabel("role 4"));
    const first = await join(base, board.uuid, me.token);

    const second = await join(base, board.uuid, me.token);

    expect((await first.closed).code).toBe(SocketCloseCode.replaced);
    expect(viewersOf(second)).toEqual([{ user_id: me.id, open_task_id: null }]);
    await second.close();
  });

  it("closes the socket with 4401 when its session is signed out", async () => {
    const { board, byLabel } = await setup();
    const me = who(byLabel("role 5"));
    const socket = await join(base, board.uuid, me.token);

    await t.app.realtime.endSessions({ userId: me.id });

    expect(await socket.closed).toEqual({ code: SocketCloseCode.unauthorized, reason: "session_ended" });
  });
});

describe("board socket: open tasks and viewers", () => {
  it("shows everyone who is on the board and which task each has open", async () => {
    const { board, byLabel, first } = await setup();
    const anna = who(byLabel("role 3"));
    const boris = who(byLabel("role 4"));
    const a = await join(base, board.uuid, anna.token);
    const b = await join(base, board.uuid, boris.token);

    b.command({ type: "NEW_MESSAGE", message: "open_task", task_id: first.id, user_id: boris.id });
    await a.next((e) => e.type === "task_open" && e.user_id === boris.id, "boris opens the task");
    expect(viewersOf(a)).toEqual([
      { user_id: anna.id, open_task_id: null },
      { user_id: boris.id, open_task_id: first.id },
    ]);

    b.command({ type: "NEW_MESSAGE", message: "close_task", task_id: first.id, user_id: boris.id });
    await a.next((e) => e.type === "task_close" && e.user_id === boris.id, "boris closes it");
    await b.close();
    await a.next((e) => e.type === "board_disconnected" && e.user_id === boris.id, "boris leaves");

    expect(viewersOf(a)).toEqual([{ user_id: anna.id, open_task_id: null }]);
    await a.close();
  });

  it("refuses a command in another user's name or about a task of another board", async () => {
    const { board, byLabel, first } = await setup();
    const anna = who(byLabel("role 3"));
    const a = await join(base, board.uuid, anna.token);

    a.command({ type: "NEW_MESSAGE", message: "open_task", task_id: first.id, user_id: anna.id + 1000 });
    expect(await a.next((e) => e.type === "error")).toMatchObject({ code: "forbidden" });
    a.command({ type: "NEW_MESSAGE", message: "open_task", task_id: 999_999, user_id: anna.id });
    expect(await a.next((e) => e.type === "error")).toMatchObject({ code: "not_found" });
    a.ws.send("{not json");
    expect(await a.next((e) => e.type === "error")).toMatchObject({ code: "validation_error" });

    expect(viewersOf(a)).toEqual([{ user_id: anna.id, open_task_id: null }]);
    await a.close();
  });
});

describe("board socket: admin force-close", () => {
  it("sends admin_request_close addressed to the user who has the task open, then closes it", async () => {
    const { board, byLabel, first } = await setup();
    const admin = who(byLabel("role 1"));
    const boris = who(byLabel("role 4"));
    const other = who(byLabel("role 5"));
    const adm = await join(base, board.uuid, admin.token);
    const b = await join(base, board.uuid, boris.token);
    const o = await join(base, board.uuid, other.token);
    b.command({ type: "NEW_MESSAGE", message: "open_task", task_id: first.id, user_id: boris.id });
    await adm.next((e) => e.type === "task_open" && e.user_id === boris.id);

    adm.command({ type: "BRD_CLOSE_REQUEST", message: "request_close", task_id: first.id, user_token: admin.token });

    for (const socket of [b, o]) {
      const request = await socket.next((e) => e.type === "admin_request_close");
      expect(request).toMatchObject({ user_id: boris.id, task_id: first.id, by_user_id: admin.id });
      await socket.next((e) => e.type === "task_close" && e.user_id === boris.id);
    }
    // Only the addressee is asked: nothing addressed to the bystander.
    expect(o.received.filter((e) => e.type === "admin_request_close" && e.user_id === other.id)).toEqual([]);
    expect(viewersOf(o).find((v) => v.user_id === boris.id)?.open_task_id).toBeNull();
    for (const s of [adm, b, o]) await s.close();
  });

  it("refuses a force-close from a non-admin and with someone else's token", async () => {
    const { board, byLabel, first } = await setup();
    const zootech = who(byLabel("role 3"));
    const admin = who(byLabel("role 1"));
    const boris = who(byLabel("role 4"));
    const z = await join(base, board.uuid, zootech.token);
    const adm = await join(base, board.uuid, admin.token);
    const b = await join(base, board.uuid, boris.token);
    b.command({ type: "NEW_MESSAGE", message: "open_task", task_id: first.id, user_id: boris.id });
    await z.next((e) => e.type === "task_open" && e.user_id === boris.id);

    z.command({ type: "BRD_CLOSE_ALL_REQUEST", message: "close_all", board_id: board.uuid, user_token: zootech.token });
    expect(await z.next((e) => e.type === "error")).toMatchObject({ code: "forbidden" });
    adm.command({ type: "BRD_CLOSE_REQUEST", message: "request_close", task_id: first.id, user_token: zootech.token });
    expect(await adm.next((e) => e.type === "error")).toMatchObject({ code: "token_not_valid" });

    // Still open: a later event of boris's shows the list unchanged.
    b.command({ type: "NEW_MESSAGE", message: "close_task", task_id: first.id, user_id: boris.id });
    await z.next((e) => e.type === "task_close" && e.user_id === boris.id);
    expect(z.received.some((e) => e.type === "admin_request_close")).toBe(false);
    for (const s of [z, adm, b]) await s.close();
  });

  it("closes every open task of the board on close_all", async () => {
    const { board, byLabel, first, second } = await setup();
    const admin = who(byLabel("role 1"));
    const boris = who(byLabel("role 4"));
    const vera = who(byLabel("role 5"));
    const adm = await join(base, board.uuid, admin.token);
    const b = await join(base, board.uuid, boris.token);
    const v = await join(base, board.uuid, vera.token);
    b.command({ type: "NEW_MESSAGE", message: "open_task", task_id: first.id, user_id: boris.id });
    v.command({ type: "NEW_MESSAGE", message: "open_task", task_id: second.id, user_id: vera.id });
    // Both opened, in whichever order they arrive.
    await adm.next((e) => e.type === "task_open", "the first task_open");
    await adm.next((e) => e.type === "task_open", "the second task_open");

    adm.command({ type: "BRD_CLOSE_ALL_REQUEST", message: "close_all", board_id: board.uuid, user_token: admin.token });

    await adm.next((e) => e.type === "task_close" && e.user_id === boris.id);
    await adm.next((e) => e.type === "task_close" && e.user_id === vera.id);
    expect(viewersOf(adm).every((viewer) => viewer.open_task_id === null)).toBe(true);
    expect(await b.next((e) => e.type === "admin_request_close" && e.user_id === boris.id)).toBeTruthy();
    expect(await v.next((e) => e.type === "admin_request_close" && e.user_id === vera.id)).toBeTruthy();
    for (const s of [adm, b, v]) await s.close();
  });
});

describe("board socket: changes", () => {
  it("answers request_update with the state a fresh fetch gives", async () => {
    const { board, byLabel, zootech } = await setup();
    const me = who(byLabel("role 3"));
    const socket = await join(base, board.uuid, me.token);

    socket.command({ type: "BRD_REQ_UPDATE", message: "request_update", user_id: me.id });

    const answer = await socket.next((e) => e.type === "state");
    expect(answer.type === "state" && answer.state).toEqual(await zootech.board(board.uuid));
    await socket.close();
  });

  it("deletes a task on delete_task for an editor, refuses it for a viewer", async () => {
    const { board, byLabel, first, second, zootech } = await setup();
    const editor = who(byLabel("role 3"));
    const viewer = who(byLabel("role 6"));
    const e = await join(base, board.uuid, editor.token);
    const v = await join(base, board.uuid, viewer.token);

    v.command({ type: "BRD_DELETE_TASK", message: "delete_task", task_id: first.id, user_id: viewer.id });
    expect(await v.next((x) => x.type === "error")).toMatchObject({ code: "forbidden" });
    e.command({ type: "BRD_DELETE_TASK", message: "delete_task", task_id: second.id, user_id: editor.id });

    const gone = await v.next((x) => x.type === "task_delete_request");
    expect(gone).toMatchObject({ task_id: second.id, user_id: editor.id });
    const tasks = (await zootech.board(board.uuid)).groups.flatMap((g) => g.tasks.map((task) => task.id));
    expect(tasks).toEqual([first.id]);
    await e.close();
    await v.close();
  });

  it("brings a socket that dropped and missed changes back to the state of a fresh fetch, nothing twice", async () => {
    const { board, byLabel, todo, doing, first, second, zootech } = await setup();
    const me = who(byLabel("role 4"));
    let state = await api(t, me.token).board(board.uuid);
    const socket = await join(base, board.uuid, me.token, state.seq);
    await zootech.moveTask(first.uuid, doing.uuid, null);
    await socket.next((e) => e.type === "update");
    const seenBefore = socket.received;
    await socket.close();

    // Missed while away.
    await zootech.moveTask(second.uuid, doing.uuid, first.id);
    await zootech.renameTask(first.uuid, "Проверить доильный зал и танк");
    await zootech.moveTask(first.uuid, todo.uuid, null);
    const lastSeq = Math.max(...seenBefore.flatMap((e) => ("seq" in e && e.type !== "connected" ? [e.seq] : [])));
    const again = await join(base, board.uuid, me.token, lastSeq);

    const all = [...seenBefore, ...again.received];
    for (const event of all) state = applyBoardEvent(state, event);
    const seqs = all.flatMap((e) => (e.type === "update" || e.type === "task_delete_request" ? [e.seq] : []));
    expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
    expect(state).toEqual(await zootech.board(board.uuid));
    await again.close();
  });
});

// Only on the PostgreSQL + Redis run (CI); the embedded run has no Redis.
if (testRedisUrl) {
  describe("board socket across two instances (PostgreSQL + Redis)", () => {
    let one: TestApp;
    let two: TestApp;
    let oneBase: string;
    let twoBase: string;

    beforeAll(async () => {
      const signingSecret = randomBytes(32).toString("hex");
      const redisPrefix = `nadoy-test:${randomUUID().slice(0, 8)}:`;
      one = await startTestApp({}, { signingSecret, redisPrefix, reset: false });
      two = await startTestApp({}, { signingSecret, redisPrefix, reset: false });
      oneBase = await socketBase(one);
      twoBase = await socketBase(two);
    });
    afterAll(async () => {
      await one.close();
      await two.close();
    });

    it("brings a task move made through instance A to a socket on instance B, and shares the viewers", async () => {
      const { board, byLabel, doing, first } = await setup(one);
      const anna = who(byLabel("role 3"));
      const boris = who(byLabel("role 4"));
      const annaOnTwo = await accessTokenFor(two, anna.id);
      const a = await join(twoBase, board.uuid, annaOnTwo);
      const b = await join(oneBase, board.uuid, boris.token);

      const moved = await api(one, anna.token).moveTask(first.uuid, doing.uuid, null);
      expect(moved.statusCode).toBe(200);
      const update = await a.next(
        (e) => e.type === "update" && e.change.kind === "task" && e.change.task.id === first.id,
      );
      expect(update.type === "update" && update.change.kind === "task" && update.change.task.group).toBe(doing.id);

      b.command({ type: "NEW_MESSAGE", message: "open_task", task_id: first.id, user_id: boris.id });
      await a.next((e) => e.type === "task_open" && e.user_id === boris.id);
      expect(viewersOf(a)).toEqual([
        { user_id: anna.id, open_task_id: null },
        { user_id: boris.id, open_task_id: first.id },
      ]);
      // Connecting again on instance A closes the socket on instance B.
      const again = await join(oneBase, board.uuid, anna.token);
      expect((await a.closed).code).toBe(SocketCloseCode.replaced);
      await again.close();
      await b.close();
    });
  });
}

describe("board socket: command budget (issue 15 item 5)", () => {
  it(`tells a socket that sends more than ${BOARD_SOCKET_COMMAND_BURST} commands at once, then closes it with 4429`, async () => {
    const { board, byLabel } = await setup();
    const me = who(byLabel("role 3"));
    const socket = await join(base, board.uuid, me.token);

    for (let i = 0; i < 2_000; i++)
      socket.command({ type: "BRD_REQ_UPDATE", message: "request_update", user_id: me.id });

    expect(await socket.closed).toEqual({ code: SocketCloseCode.rateLimited, reason: SocketCloseReason.rateLimited });
    const told = socket.received.filter((e) => e.type === "error");
    expect(told).toEqual([expect.objectContaining({ code: ErrorCode.tooManyRequests })]);
    // At most the budget was run: the rest was never parsed, let alone answered.
    expect(socket.received.filter((e) => e.type === "state").length).toBeLessThanOrEqual(BOARD_SOCKET_COMMAND_BURST);
    // The same user may connect again and work.
    const again = await join(base, board.uuid, me.token);
    again.command({ type: "BRD_REQ_UPDATE", message: "request_update", user_id: me.id });
    expect((await again.next((e) => e.type === "state", "the state")).type).toBe("state");
    await again.close();
  });

  it("refills the budget over time: a person's pace is never refused", () => {
    let now = 0;
    const budget = commandBudget(() => now);
    for (let i = 0; i < BOARD_SOCKET_COMMAND_BURST; i++) expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(false);
    now += 1_000 / BOARD_SOCKET_COMMANDS_PER_SECOND;
    expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(false);
    // A command every second for ten minutes stays well within it.
    for (let i = 0; i < 600; i++) {
      now += 1_000;
      expect(budget.take()).toBe(true);
    }
  });
});
