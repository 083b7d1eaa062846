// HTTP calls of the crash test and what it looks up once, after the first start (demo data).
export const DEMO_PASSWORD = "nadoy-demo";
/** Members of the demo group chat (seed/chat.ts): each loop sends as one of them. */
export const CHAT_USERS = ["admin", "zootech", "viewer", "client"];
/** Task moves need a member who is not a viewer (contract boards.ts). */
export const MOVE_USERS = ["admin", "zootech"];

export class HttpError extends Error {
  constructor(status, body) {
    super(`HTTP ${status}: ${body.slice(0, 300)}`);
    this.status = status;
  }
}

/**
 * A JSON call; resolves with the parsed body of a 2xx answer, else throws (HttpError or a network
 * error). `rawBody` (a Buffer) is sent as it is, instead of `body` as JSON.
 */
export async function call(baseUrl, method, path, { token, body, rawBody, headers = {} } = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body !== undefined && { "content-type": "application/json" }),
      ...(token && { authorization: `Bearer ${token}` }),
      ...headers,
    },
    body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  if (!res.ok) throw new HttpError(res.status, text);
  return text === "" ? undefined : JSON.parse(text);
}

/**
 * Tokens of the demo users, the feedback form (its link and the fields a send fills), the demo
 * group chat and board, and `taskCount` fresh tasks on that board (one per loop, moved by it alone).
 */
export async function prepare(baseUrl, pool, taskCount) {
  const tokens = {};
  for (const username of new Set([...CHAT_USERS, ...MOVE_USERS])) {
    const pair = await call(baseUrl, "POST", "/api/users/token/", { body: { username, password: DEMO_PASSWORD } });
    tokens[username] = pair.access;
  }

  const { rows: forms } = await pool.query(
    "select f.uuid_link, f.list_id from list_forms f where f.published order by f.id limit 1",
  );
  const form = forms[0];
  if (!form) throw new Error("the demo data has no published form");
  const elements = await call(baseUrl, "GET", `/api/tableLists/form_data/?uuid_link=${form.uuid_link}`);
  const textFields = elements.filter((e) => e.column_uuid && e.type === "text").map((e) => e.column_uuid);
  const checkboxes = elements.filter((e) => e.column_uuid && e.type === "checkbox").map((e) => e.column_uuid);
  const markerColumn = textFields[0];
  if (!markerColumn) throw new Error("the demo form has no text field");

  const chatList = await call(baseUrl, "GET", "/api/chat/chats/", { token: tokens.admin });
  const chat = chatList.chats.find((c) => c.kind === "group");
  if (!chat) throw new Error("the demo data has no group chat");
  const { rows: chatRows } = await pool.query("select id from chats where uuid = $1", [chat.uuid]);

  const workspaces = await call(baseUrl, "GET", "/api/workspaces/", { token: tokens.admin });
  const boardUuid = workspaces.flatMap((w) => w.boards)[0]?.uuid;
  if (!boardUuid) throw new Error("the demo data has no board");
  const board = await call(baseUrl, "GET", `/api/boards/${boardUuid}/`, { token: tokens.admin });
  const groups = board.groups.map((g) => ({ id: g.id, uuid: g.uuid, fixed: g.tasks.map((t) => t.id) }));
  const firstGroup = groups[0];
  if (!firstGroup || groups.length < 2) throw new Error("the demo board needs two groups");
  const tasks = [];
  for (let i = 0; i < taskCount; i++) {
    const card = await call(baseUrl, "POST", `/api/boards/${boardUuid}/tasks/`, {
      token: tokens.admin,
      body: { group_uuid: firstGroup.uuid, title: `Проверка на сбой ${i + 1}` },
    });
    tasks.push({
      id: card.id,
      uuid: card.uuid,
      acked: { group: card.group, order: card.order, version: card.version },
      maybe: [],
    });
  }
  return {
    tokens,
    form: { link: form.uuid_link, listId: form.list_id, markerColumn, textFields, checkboxes },
    chat: { uuid: chat.uuid, id: chatRows[0].id },
    board: { uuid: boardUuid, groups },
    tasks,
  };
}
