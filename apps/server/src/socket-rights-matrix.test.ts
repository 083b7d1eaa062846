import { randomBytes } from "node:crypto";
import type { BoardHead, BoardState, TaskCard, Workspace } from "@nadoy/contract/boards";
import { ErrorCode } from "@nadoy/contract/errors";
import { type BoardEvent, SocketCloseCode, SocketCloseReason } from "@nadoy/contract/realtime";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../test/callers.ts";
import { createCompanyCallers, listApi } from "../test/lists.ts";
import { connectUser, openBoardSocket, socketBase } from "../test/sockets.ts";
import { startTestApp, type TestApp, testRedisUrl } from "../test/test-app.ts";
import { resetDatabase } from "../test/test-database.ts";
import { seedUser } from "./db/seed/users.ts";
import { topicOf } from "./platform/realtime/channels.ts";

// Issue 15 item 1: open sockets keep no rights the user has lost. Before and after each kind of
// admin change, on one instance and (with Redis) with the sockets on another instance than the
// admin: what the subject's main socket still hears (board task hints, list hints), what becomes of
// their board socket (closed with which code, or open with the new role for its commands).

type Change =
  | "leaves the company (company user_ids)"
  | "company taken away in the user card"
  | "boards switched off"
  | "lists switched off"
  | "demoted to role 6"
  | "deactivated"
  | "superuser flag removed";

interface Expected {
  /** The board socket closes with this, or stays open (its commands follow the new role). */
  board: { code: number; reason: string } | "open";
  boardHints: boolean;
  listHints: boolean;
  /** With the socket open: may the subject still delete a task over it. */
  mayDelete?: boolean;
}

const REVOKED = { code: SocketCloseCode.notFound, reason: SocketCloseReason.accessRevoked };
const ENDED = { code: SocketCloseCode.unauthorized, reason: SocketCloseReason.sessionEnded };

const MATRIX: Record<Change, Expected> = {
  "leaves the company (company user_ids)": { board: REVOKED, boardHints: false, listHints: false },
  "company taken away in the user card": { board: REVOKED, boardHints: false, listHints: false },
  "boards switched off": { board: REVOKED, boardHints: false, listHints: true },
  "lists switched off": { board: "open", boardHints: true, listHints: false, mayDelete: true },
  "demoted to role 6": { board: "open", boardHints: true, listHints: true, mayDelete: false },
  deactivated: { board: ENDED, boardHints: false, listHints: false },
  "superuser flag removed": { board: REVOKED, boardHints: false, listHints: false },
};

type BoardSocket = Awaited<ReturnType<typeof openBoardSocket>>;

/**
 * A company with a caller per role, a board and a list; the subject (role 3, or for the superuser
 * case a superuser who is no member) with a main socket and a board socket on `sockets`; changes
 * made through `admin` by another superuser. Both apps share one database.
 */
async function setup(admin: TestApp, sockets: TestApp, subjectIsSuperuser: boolean) {
  const company = await createCompanyCallers(admin, `Компания ${randomBytes(4).toString("hex")}`);
  const actor = company.byLabel("role 1").token as string;
  const superuser = company.byLabel("superuser").token as string;
  const subjectRow = subjectIsSuperuser
    ? await seedUser(admin.database.db, { username: `su${randomBytes(4).toString("hex")}`, isSuperuser: true })
    : { id: company.byLabel("role 3").userId as number };
  const subject = { id: subjectRow.id, token: await accessTokenFor(admin, subjectRow.id) };

  const call = (token: string, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
    admin.request({ method, url, token, ...(payload && { payload }) });
  const ws = await call(actor, "POST", "/api/workspaces/", { company_uuid: company.company.uuid, name: "Ферма" });
  expect(ws.statusCode).toBe(201);
  const created = await call(actor, "POST", "/api/boards/", {
    workspace_uuid: ws.json<Workspace>().uuid,
    name: "Доска",
  });
  expect(created.statusCode).toBe(201);
  const board = created.json<BoardHead>();
  const state = (await call(actor, "GET", `/api/boards/${board.uuid}/`)).json<BoardState>();
  const group = state.groups[0];
  if (!group) throw new Error("a new board has groups");
  const task = await call(actor, "POST", `/api/boards/${board.uuid}/tasks/`, { group_uuid: group.uuid, title: "Т" });
  expect(task.statusCode).toBe(201);
  const list = await listApi(admin, actor).createList({ name: "Надои", company_uuid: company.company.uuid });
  expect(list.statusCode).toBe(201);
  const listUuid = list.json<{ uuid: string }>().uuid;

  const base = await socketBase(sockets);
  const main = await connectUser(base, subject.token, subject.id);
  const boardSocket = await openBoardSocket(base, board.uuid, subject.token);
  await boardSocket.next((e) => e.type === "connected", "connected");

  let n = 0;
  /** The actor renames the task, then a marker goes to the subject's own topic: did the hint come first? */
  async function boardHintHeard(): Promise<boolean> {
    const title = `Задача ${++n}`;
    const from = main.received.length;
    const res = await call(actor, "PATCH", `/api/tasks/${task.json<TaskCard>().uuid}/`, { title });
    expect(res.statusCode).toBe(200);
    await marker();
    return main.received
      .slice(from)
      .some((m) => m.msg_type === "BRD_TASK_UPDATED" && m.task.title === title && m.board === board.uuid);
  }
  async function listHintHeard(): Promise<boolean> {
    const from = main.received.length;
    const res = await listApi(admin, actor).renameList(listUuid, `Надои ${++n}`);
    expect(res.statusCode).toBe(200);
    await marker();
    return main.received.slice(from).some((m) => m.msg_type === "LIST_CHANGED" && m.list === listUuid);
  }
  /** Published after the hint by the same instance: the socket gets the two in that order, or only this. */
  async function marker(): Promise<void> {
    await admin.app.realtime.publish("main", { msg_type: "NOTIFICATIONS_CHANGED" }, topicOf("main", subject.id));
    await main.next((m) => m.msg_type === "NOTIFICATIONS_CHANGED", "the marker");
  }
  /** The subject asks to delete the task over the board socket: true when it went, false when refused. */
  async function deleteOverSocket(socket: BoardSocket): Promise<boolean> {
    const taskId = task.json<TaskCard>().id;
    socket.command({ type: "BRD_DELETE_TASK", message: "delete_task", task_id: taskId, user_id: subject.id });
    const answer = await socket.next(
      (e) => e.type === "error" || e.type === "task_delete_request",
      "the delete's answer",
    );
    return answer.type !== "error";
  }

  const subjectRole3 = company.byLabel("role 3").userId as number;
  const members = company.callers.flatMap((c) => (c.userId && c.label.startsWith("role ") ? [c.userId] : []));
  /** Applies one change as the admin would, through the admin routes. */
  async function change(kind: Change): Promise<void> {
    const patchUser = (body: object) => call(superuser, "PATCH", `/api/admin/users/${subject.id}/`, body);
    const res = await (() => {
      switch (kind) {
        case "leaves the company (company user_ids)":
          return call(superuser, "PATCH", `/api/admin/businesses/${company.company.uuid}/`, {
            user_ids: members.filter((id) => id !== subjectRole3),
          });
        case "company taken away in the user card":
          return patchUser({ company_uuids: [] });
        case "boards switched off":
          return patchUser({ modules: { boards: false } });
        case "lists switched off":
          return patchUser({ modules: { table_lists: false } });
        case "demoted to role 6":
          return patchUser({ role: 6 });
        case "deactivated":
          return patchUser({ is_active: false });
        case "superuser flag removed":
          return patchUser({ is_superuser: false });
      }
    })();
    expect(res.statusCode, res.body).toBe(200);
  }
  return { subject, main, boardSocket, boardHintHeard, listHintHeard, deleteOverSocket, change };
}

/** Settles when `app` has checked a socket of this user against their changed rights. */
function rechecked(app: TestApp, userId: number): Promise<void> {
  return new Promise((resolve) => {
    const stop = app.app.realtime.observe((event) => {
      if (event.type === "rechecked" && event.userId === userId) {
        stop();
        resolve();
      }
    });
  });
}

async function runCase(admin: TestApp, sockets: TestApp, kind: Change): Promise<void> {
  const expected = MATRIX[kind];
  const s = await setup(admin, sockets, kind === "superuser flag removed");

  // Before: the subject hears both kinds of hints and may use the board.
  expect(await s.boardHintHeard()).toBe(true);
  expect(await s.listHintHeard()).toBe(true);
  s.boardSocket.command({ type: "BRD_REQ_UPDATE", message: "request_update", user_id: s.subject.id });
  expect((await s.boardSocket.next((e) => e.type === "state", "the board state")).type).toBe("state");

  const checked = rechecked(sockets, s.subject.id);
  await s.change(kind);

  if (expected.board === "open") {
    // The instance holding the sockets has taken the change in before the subject's next command.
    await checked;
    expect(s.boardSocket.ws.readyState).toBe(s.boardSocket.ws.OPEN);
  } else {
    expect(await s.boardSocket.closed).toEqual(expected.board);
  }
  if (expected.board === ENDED) {
    expect(await s.main.closed).toEqual(ENDED);
    return;
  }
  expect(await s.boardHintHeard()).toBe(expected.boardHints);
  expect(await s.listHintHeard()).toBe(expected.listHints);
  if (expected.mayDelete !== undefined) {
    expect(await s.deleteOverSocket(s.boardSocket)).toBe(expected.mayDelete);
    if (!expected.mayDelete) {
      const refusal = s.boardSocket.received.at(-1) as Extract<BoardEvent, { type: "error" }>;
      expect(refusal.code).toBe(ErrorCode.forbidden);
    }
  }
  await s.main.close();
  if (s.boardSocket.ws.readyState === s.boardSocket.ws.OPEN) await s.boardSocket.close();
}

describe("open sockets follow the user's rights (one instance)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => resetDatabase(t.database));

  it.each(Object.keys(MATRIX) as Change[])("%s", (kind) => runCase(t, t, kind));
});

// The change is made on instance one; the sockets are on instance two, reached only through Redis.
if (testRedisUrl) {
  describe("open sockets follow the user's rights (two instances, one Redis)", () => {
    let one: TestApp;
    let two: TestApp;
    beforeAll(async () => {
      const signingSecret = randomBytes(32).toString("hex");
      const redisPrefix = `nadoy-test:${randomBytes(6).toString("hex")}:`;
      one = await startTestApp({}, { signingSecret, redisPrefix });
      two = await startTestApp({}, { signingSecret, redisPrefix, reset: false });
    });
    afterAll(async () => {
      await one.close();
      await two.close();
    });

    it.each(Object.keys(MATRIX) as Change[])("%s", (kind) => runCase(one, two, kind));
  });
}
