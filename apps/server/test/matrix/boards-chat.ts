import { SAMPLE_FILES, uploadFile } from "../files.ts";
import type { MatrixFixture } from "./fixture.ts";
import { plainGet, socketOutcome } from "./run.ts";
import { ALL_ROLES, EDITORS_BUT_VIEWERS, INVALID, MANAGERS, members, type Row, signedIn, type Who } from "./types.ts";

// Task boards (company A's workspace and board, made by the superuser), chat (a group chat of
// company A's callers and the superuser, who made it and wrote its message), attachments and the
// two sockets. Boards: reading any member, tasks members but viewers, the rest roles 1–5; another
// company's answers 404. Chat: what matters is chat membership, so company A's callers are all
// members and the other company's user is not (404). Harmless writes are made for real with the
// values already there; other writes get an invalid body (400 for every signed-in caller: the
// per-entity rule comes after the input); deletes act on a fresh entity per caller.

const board = (fx: MatrixFixture) => ({ uuid: fx.board.boardUuid });
const scratch = (fx: MatrixFixture) => ({ uuid: fx.board.scratchBoardUuid });
const task = (fx: MatrixFixture) => ({ uuid: fx.board.taskUuid });
const chat = (fx: MatrixFixture) => ({ uuid: fx.chat.uuid });
const invalidOn = (params: (fx: MatrixFixture) => Record<string, string | number>) => (fx: MatrixFixture) => ({
  params: params(fx),
  body: INVALID,
});
/** Every member of the chat (company A's callers and the superuser); the other company's user 404. */
const chatMembers = (status: number) => signedIn(status, { "other company": 404 });

const fresh = {
  workspace: async (fx: MatrixFixture) => {
    const body = { company_uuid: fx.companyA.uuid, name: "Удалить" };
    return { params: { uuid: (await fx.su<{ uuid: string }>("POST", "/api/workspaces/", body, 201)).uuid } };
  },
  board: async (fx: MatrixFixture) => {
    const body = { workspace_uuid: fx.board.workspaceUuid, name: "Удалить" };
    return { params: { uuid: (await fx.su<{ uuid: string }>("POST", "/api/boards/", body, 201)).uuid } };
  },
  group: async (fx: MatrixFixture) => {
    const url = `/api/boards/${fx.board.scratchBoardUuid}/groups/`;
    return {
      params: { uuid: (await fx.su<{ uuid: string }>("POST", url, { name: "Удалить", before_id: null }, 201)).uuid },
    };
  },
  project: async (fx: MatrixFixture) => {
    const url = `/api/boards/${fx.board.scratchBoardUuid}/projects/`;
    const body = { name: "Удалить", color: "#2f9e44" };
    return { params: { uuid: (await fx.su<{ uuid: string }>("POST", url, body, 201)).uuid } };
  },
  task: async (fx: MatrixFixture) => {
    const url = `/api/boards/${fx.board.scratchBoardUuid}/tasks/`;
    const body = { group_uuid: fx.board.scratchGroupUuid, title: "Удалить" };
    return { params: { uuid: (await fx.su<{ uuid: string }>("POST", url, body, 201)).uuid } };
  },
  comment: async (fx: MatrixFixture) => {
    const url = `/api/tasks/${fx.board.taskUuid}/comments/`;
    return { params: { id: (await fx.su<{ id: number }>("POST", url, { content: "Удалить" }, 201)).id } };
  },
  /** A task of the scratch board with a file of its own. */
  taskFile: async (fx: MatrixFixture) => {
    const { params } = await fresh.task(fx);
    const upload = await uploadFile(fx.t, fx.tokens.superuser, "акт.pdf", SAMPLE_FILES.pdf);
    const file = upload.json<{ uuid: string }>();
    await fx.su("POST", `/api/tasks/${params.uuid}/attachments/`, { attachment_uuids: [file.uuid] }, 200);
    return { params: { uuid: params.uuid, attachment_uuid: file.uuid } };
  },
  message: async (fx: MatrixFixture) => {
    const url = `/api/chat/chats/${fx.chat.uuid}/messages/`;
    return { params: { id: (await fx.su<{ id: number }>("POST", url, { content: "Удалить" }, 201)).id } };
  },
};

/** A plain GET must be 426 for everyone; then the handshake's outcome: 101 accepted, or the close code. */
const socketProbe = (path: (fx: MatrixFixture) => string) => async (fx: MatrixFixture, who: Who) => {
  const plain = await plainGet(fx, path(fx), who);
  return plain === 426 ? socketOutcome(fx, path(fx), who) : plain;
};

export const boardRows: Row[] = [
  { route: "GET /api/workspaces/", expected: signedIn(200), note: "each caller's own workspaces" },
  {
    route: "POST /api/workspaces/",
    expected: members(MANAGERS, 201),
    send: (fx) => ({ body: { company_uuid: fx.companyA.uuid, name: "Новое пространство" } }),
  },
  {
    route: "PATCH /api/workspaces/:uuid/",
    expected: members(MANAGERS, 200),
    send: (fx) => ({ params: { uuid: fx.board.workspaceUuid }, body: { name: "Ферма" } }),
  },
  { route: "DELETE /api/workspaces/:uuid/", expected: members(MANAGERS, 204), send: fresh.workspace },
  {
    route: "POST /api/boards/",
    expected: members(MANAGERS, 201),
    send: (fx) => ({ body: { workspace_uuid: fx.board.workspaceUuid, name: "Новая доска" } }),
  },
  { route: "GET /api/boards/:uuid/", expected: members(ALL_ROLES, 200), send: (fx) => ({ params: board(fx) }) },
  {
    route: "PATCH /api/boards/:uuid/",
    expected: members(MANAGERS, 200),
    send: (fx) => ({ params: board(fx), body: { name: "Посевная" } }),
  },
  { route: "DELETE /api/boards/:uuid/", expected: members(MANAGERS, 204), send: fresh.board },
  {
    route: "POST /api/boards/:uuid/groups/",
    expected: members(MANAGERS, 201),
    send: (fx) => ({ params: scratch(fx), body: { name: "Новая колонка", before_id: null } }),
    note: "on the scratch board",
  },
  {
    route: "PATCH /api/board-groups/:uuid/",
    expected: members(MANAGERS, 200),
    send: (fx) => ({ params: { uuid: fx.board.groupUuid }, body: { name: fx.board.groupName } }),
  },
  {
    route: "POST /api/board-groups/:uuid/move/",
    expected: members(MANAGERS, 200),
    send: (fx) => ({ params: { uuid: fx.board.groupUuid }, body: { before_id: null } }),
  },
  { route: "DELETE /api/board-groups/:uuid/", expected: members(MANAGERS, 204), send: fresh.group },
  {
    route: "POST /api/boards/:uuid/projects/",
    expected: members(MANAGERS, 201),
    send: (fx) => ({ params: scratch(fx), body: { name: "Новый проект", color: "#2f9e44" } }),
    note: "on the scratch board",
  },
  {
    route: "PATCH /api/board-projects/:uuid/",
    expected: members(MANAGERS, 200),
    send: (fx) => ({ params: { uuid: fx.board.projectUuid }, body: { name: "Корма" } }),
  },
  { route: "DELETE /api/board-projects/:uuid/", expected: members(MANAGERS, 204), send: fresh.project },
  {
    route: "POST /api/boards/:uuid/tasks/",
    expected: members(EDITORS_BUT_VIEWERS, 201),
    send: (fx) => ({ params: scratch(fx), body: { group_uuid: fx.board.scratchGroupUuid, title: "Новая задача" } }),
    note: "on the scratch board",
  },
  { route: "GET /api/tasks/:uuid/", expected: members(ALL_ROLES, 200), send: (fx) => ({ params: task(fx) }) },
  {
    route: "PATCH /api/tasks/:uuid/",
    expected: members(EDITORS_BUT_VIEWERS, 200),
    send: (fx) => ({ params: task(fx), body: { title: "Заготовить силос" } }),
  },
  {
    route: "POST /api/tasks/:uuid/move/",
    expected: members(EDITORS_BUT_VIEWERS, 200),
    send: (fx) => ({ params: task(fx), body: { group_uuid: fx.board.groupUuid, before_id: null } }),
  },
  { route: "DELETE /api/tasks/:uuid/", expected: members(EDITORS_BUT_VIEWERS, 204), send: fresh.task },
  {
    route: "POST /api/tasks/:uuid/comments/",
    expected: members(EDITORS_BUT_VIEWERS, 201),
    send: (fx) => ({ params: task(fx), body: { content: "Принято" } }),
  },
  {
    route: "DELETE /api/task-comments/:id/",
    expected: members(MANAGERS, 204),
    send: fresh.comment,
    note: "the superuser's comment: its author or roles 1–5 may delete it",
  },
  { route: "POST /api/tasks/:uuid/attachments/", expected: signedIn(400), send: invalidOn(task) },
  {
    route: "DELETE /api/tasks/:uuid/attachments/:attachment_uuid/",
    expected: members(EDITORS_BUT_VIEWERS, 200),
    send: fresh.taskFile,
  },
  {
    route: "GET /ws/board/:board_uuid/",
    expected: members(ALL_ROLES, 101, { anonymous: 4401, "other company": 4404 }),
    probe: socketProbe((fx) => `/ws/board/${fx.board.boardUuid}/`),
    note: "a socket: 101 = accepted (first frame received), else the close code",
  },
];

export const chatRows: Row[] = [
  { route: "GET /api/chat/chats/", expected: signedIn(200) },
  { route: "GET /api/chat/contacts/", expected: signedIn(200) },
  {
    route: "POST /api/chat/chats/",
    expected: signedIn(201, { "other company": 400 }),
    send: (fx, who) => ({
      body: { kind: "group", title: "Новый чат", member_ids: [fx.ids[who === "role 3" ? "role 4" : "role 3"]] },
    }),
    note: "a group chat with a member of company A: the other company's user may not name them (400, as for a missing user)",
  },
  {
    route: "PATCH /api/chat/chats/:uuid/",
    expected: chatMembers(200),
    send: (fx) => ({ params: chat(fx), body: { title: "Дойка" } }),
  },
  { route: "GET /api/chat/chats/:uuid/messages/", expected: chatMembers(200), send: (fx) => ({ params: chat(fx) }) },
  {
    route: "GET /api/chat/chats/:uuid/search/",
    expected: chatMembers(200),
    send: (fx) => ({ params: chat(fx), query: { q: "Привет" } }),
  },
  {
    route: "POST /api/chat/chats/:uuid/messages/",
    expected: chatMembers(201),
    send: (fx) => ({ params: chat(fx), body: { content: "Доброе утро" } }),
  },
  {
    route: "PATCH /api/chat/messages/:id/",
    expected: signedIn(403, { superuser: 200, "other company": 404 }),
    send: (fx) => ({ params: { id: fx.chat.messageId }, body: { content: "Привет" } }),
    note: "the superuser's message: only its author edits it",
  },
  {
    route: "DELETE /api/chat/messages/:id/",
    expected: signedIn(403, { "role 1": 204, superuser: 204, "other company": 404 }),
    send: fresh.message,
    note: "the superuser's message: its author or an admin (role 1) deletes it",
  },
  {
    route: "PUT /api/chat/messages/:id/pin/",
    expected: chatMembers(200),
    send: (fx) => ({ params: { id: fx.chat.messageId }, body: { pinned: false } }),
  },
  {
    route: "POST /api/chat/chats/:uuid/read/",
    expected: chatMembers(200),
    send: (fx) => ({ params: chat(fx), body: { last_read_id: fx.chat.messageId } }),
  },
  { route: "POST /api/chat/chats/:uuid/typing/", expected: chatMembers(204), send: (fx) => ({ params: chat(fx) }) },
  {
    route: "POST /api/attachments/",
    expected: signedIn(400),
    send: () => ({ raw: { payload: SAMPLE_FILES.pdf, contentType: "application/octet-stream" } }),
    note: "no ?name=: refused after the sign-in check, nothing stored",
  },
  { route: "GET /api/attachments/quota/", expected: signedIn(200), note: "each caller's own usage and limits" },
  {
    route: "GET /api/attachments/:uuid/",
    expected: members(ALL_ROLES, 200),
    send: (fx) => ({ params: { uuid: fx.board.taskAttachmentUuid } }),
    note: "a file of company A's task: whoever may open its board",
  },
  {
    route: "GET /ws/main/",
    expected: signedIn(101, { anonymous: 4401 }),
    probe: socketProbe(() => "/ws/main/"),
    note: "a socket: 101 = accepted (first frame received), else the close code",
  },
];
