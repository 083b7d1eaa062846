import { z } from "zod";
import {
  boardGroupHeadSchema,
  boardHeadSchema,
  boardProjectSchema,
  boardStateSchema,
  taskCardSchema,
} from "./boards.ts";
import { chatLastMessageSchema, chatMessageSchema, chatPinnedMessageSchema, chatSummarySchema } from "./chat.ts";

// ---- main socket (spec §4 "Main socket", §7 "Sockets") ----
//
// URL: `${ws or wss}://${location.host}${mainSocketPath(accessToken)}`, opened once per tab when
// the user is signed in and active. The client sends nothing on it (whatever it sends is
// ignored); the server sends JSON text frames, each one a `MainServerMessage`.
//
// Authentication: the access token in the `token` query parameter is checked exactly like a
// bearer token (signature, expiry, session not signed out, user active). A refused socket is
// still upgraded and then closed at once with code 4401 (reason "token_not_valid"): browsers
// cannot read the HTTP status of a refused upgrade, but they can read a close code. The same code
// (reason "session_ended") closes an open socket when its session is signed out: logout in any
// tab or on any instance, a password change from another session, a refresh token replayed.
// The token is checked only when the socket opens: an open socket outlives its access token's
// expiry and is closed only when its session ends.
//
// Client reactions by close code:
// - 4401 → the access-token flow of spec §4 (refresh; on 200 reconnect with the new access
//          token, otherwise sign out to /login). Never reconnect with the same token.
// - 1000 → closed on purpose by the client itself: do nothing.
// - anything else (1001 server restart, 1006 network drop or missed heartbeat, 1011 server
//   trouble) → reconnect with backoff (e.g. 1 s doubling to 30 s, with jitter).
// A handshake refused with an HTTP error (429 beyond MAIN_SOCKET_HANDSHAKES_PER_MINUTE from one
// address) shows in the browser as a failed connection (close 1006): the same backoff applies.
//
// Heartbeat: the server pings every 30 s and drops a socket that has not answered the previous
// ping. Browsers answer pings by themselves; nothing to do in the client.
//
// Presence: a user is online while at least one of their sockets is open on any server instance
// (several tabs are one presence). A user learns the presence only of the users who share a
// company with them (superusers: of everyone), and of themselves. SITE_CONNECTED is sent to those
// main sockets when a user's first socket opens, SITE_DISCONNECTED when their last one closes.
// Both carry the sorted `users_online` at that moment as the receiver may see it, so a client may
// simply replace its list with it.
// Right after a socket opens the server also sends that socket alone a SITE_CONNECTED with the
// caller's own `user_id` and the current `users_online`: after a reconnect the list is resynced
// without refetching users/data. (Spec §4 has clients ignore messages with their own user id: a
// client that applies that rule to SITE_* too only forgoes this resync, and catches up with the
// next SITE_* message of anyone else, which carries the whole list again.)
//
// Rights: when an admin changes a user's role, superuser flag, module switches, companies or
// farm/database access, or deactivates them, every open socket of that user on every instance is
// checked again at once (within a second). A main socket stops receiving what the user may no
// longer see (board and list hints of a company they left or a module switched off) and is sent a
// fresh SITE_CONNECTED with its own `user_id` and the list it may now see; a deactivated user's
// sockets close with 4401 "session_ended". A board socket of a board the user may no longer see
// closes with 4404 "access_revoked"; otherwise its commands follow the new role from then on.

/** The `since` query parameter: the last sequence number the client received (0 = none yet). */
export const sinceSchema = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const MAIN_SOCKET_PATH = "/ws/main/";

/** Handshakes per client address per minute; more are refused with HTTP 429 before the upgrade. */
export const MAIN_SOCKET_HANDSHAKES_PER_MINUTE = 120;

/** Path and query of the main socket for an access token (and the last event number received). */
export function mainSocketPath(accessToken: string, since?: number): string {
  const tail = since === undefined ? "" : `&since=${since}`;
  return `${MAIN_SOCKET_PATH}?token=${encodeURIComponent(accessToken)}${tail}`;
}

/** The query the server reads when a main socket opens. */
export const mainSocketQuerySchema = z.object({ token: z.string().min(1).max(4096), since: sinceSchema.optional() });

/** Close codes the server uses on its sockets (4000–4999 are the application's own). */
export const SocketCloseCode = {
  /** Client-initiated normal close. */
  normal: 1000,
  /** The server is shutting down or restarting: reconnect with backoff. */
  goingAway: 1001,
  /** Unexpected server trouble: reconnect with backoff. */
  internalError: 1011,
  /** The token was refused at connect, or the session ended while open: run the token flow. */
  unauthorized: 4401,
  /** Board socket: no such board, or not the caller's (also when it is deleted): do not reconnect. */
  notFound: 4404,
  /** Board socket: the same user connected to the board again (another tab): do not reconnect. */
  replaced: 4409,
  /**
   * Board socket: more commands than BOARD_SOCKET_COMMAND_BURST at once, or more than
   * BOARD_SOCKET_COMMANDS_PER_SECOND for long (an `error` event with code too_many_requests came
   * first): reconnect with backoff.
   */
  rateLimited: 4429,
} as const;

/**
 * A board socket's command budget (a token bucket): BURST commands at once, refilled at
 * PER_SECOND. A person clicking through tasks sends a few a second at most; 2,000 state requests
 * from one socket made every other request of the server wait seconds.
 */
export const BOARD_SOCKET_COMMAND_BURST = 20;
export const BOARD_SOCKET_COMMANDS_PER_SECOND = 5;

/** Reasons sent with the application's close codes. */
export const SocketCloseReason = {
  /** 4401 */
  tokenNotValid: "token_not_valid",
  /** 4401 */
  sessionEnded: "session_ended",
  /** 4404: no such board, or not the caller's. */
  boardNotFound: "board_not_found",
  /** 4404: the user may no longer see the board (left its company, boards switched off). */
  accessRevoked: "access_revoked",
  /** 4429 */
  rateLimited: "rate_limited",
} as const;

/** How often the server pings each socket; a socket that misses one ping is dropped. */
export const SOCKET_HEARTBEAT_MS = 30_000;

const userId = z.number().int();
/** Ids of the users online, ascending. */
const usersOnline = z.array(userId);

/** A user's first socket opened (or, sent to the new socket alone, the caller itself just connected). */
export const siteConnectedSchema = z.object({
  msg_type: z.literal("SITE_CONNECTED"),
  user_id: userId,
  users_online: usersOnline,
});

/** A user's last socket closed. */
export const siteDisconnectedSchema = z.object({
  msg_type: z.literal("SITE_DISCONNECTED"),
  user_id: userId,
  users_online: usersOnline,
});

// ---- sequence numbers (every channel) ----
//
// Events that change state (chat, boards) are numbered per channel: per user on the main socket
// (`main:<user id>`), per board on a board socket. The numbers of one channel are gap-free and a
// socket receives them in order, without duplicates. A client remembers the last number it
// received and reconnects with `since=<it>`: the server first sends what was missed, in order,
// then live events. When it cannot (the gap is older than REALTIME_REPLAY_WINDOW events or a day,
// or `since` is not a number it issued) it says so with `resync: true` in its first message
// (SYNC / connected), and the client refetches. A fetch (GET chats, GET board) answers the
// channel's number read before the state: events above it may already be in that state, and
// applying an event twice changes nothing (chat-state.ts, board-state.ts).
// Presence and other ephemeral messages (typing, who has a task open) carry no number: each one
// carries the whole current state of what it is about, so missing one does no lasting harm.

/** Missed events a reconnecting socket is sent at most; further back it is told to refetch. */
export const REALTIME_REPLAY_WINDOW = 1000;

const seq = z.number().int().min(1);

/**
 * Sent to a main socket alone once it is open and has been sent what it missed: `seq` is the
 * number of the last event of its channel; `resync` true when `since` could not be served.
 */
export const syncSchema = z.object({
  msg_type: z.literal("SYNC"),
  seq: z.number().int().min(0),
  resync: z.boolean(),
});

/**
 * A new chat message (spec §3 "Chat socket message"), to every member including the author (whose
 * other tabs show it too; spec §4's "ignore one's own id" applies to notifying, not to the chat
 * state). `unread_count` is the receiving member's count in this chat after the message.
 */
export const chatMessageEventSchema = z.object({
  msg_type: z.literal("CHAT_MESSAGE"),
  seq,
  /** Id of the author. */
  user_id: userId,
  /** Uuid of the chat. */
  chat: z.string(),
  /** The message text. */
  data: z.string(),
  /** Username of the author. */
  sender: z.string(),
  sender_name: z.string(),
  date: z.iso.datetime(),
  /** Name of the application the message came from, or null for a person. */
  application: z.string().nullable(),
  unread_count: z.number().int().min(0),
  /** The whole message, as the history lists it. */
  message: chatMessageSchema,
});

/** A message was edited (or its quoted message changed): the whole message and the chat's last message. */
export const chatMessageEditedSchema = z.object({
  msg_type: z.literal("CHAT_MESSAGE_EDITED"),
  seq,
  user_id: userId,
  chat: z.string(),
  message: chatMessageSchema,
  last_message: chatLastMessageSchema.nullable(),
});

/** A message was deleted: the receiving member's unread count and the chat's last message after it. */
export const chatMessageDeletedSchema = z.object({
  msg_type: z.literal("CHAT_MESSAGE_DELETED"),
  seq,
  user_id: userId,
  chat: z.string(),
  message_id: z.number().int(),
  unread_count: z.number().int().min(0),
  last_message: chatLastMessageSchema.nullable(),
});

/** The pinned messages of a chat changed: the full new list (spec §7 CHAT_PINNED_MESSAGES). */
export const chatPinnedMessagesSchema = z.object({
  msg_type: z.literal("CHAT_PINNED_MESSAGES"),
  seq,
  /** Id of the user who pinned or unpinned. */
  user_id: userId,
  chat: z.string(),
  data: z.array(chatPinnedMessageSchema),
});

/** The receiving user read a chat (in any tab or device): their mark and count now. */
export const chatReadSchema = z.object({
  msg_type: z.literal("CHAT_READ"),
  seq,
  user_id: userId,
  chat: z.string(),
  last_read_id: z.number().int().min(0),
  unread_count: z.number().int().min(0),
});

/** A chat was created, renamed or got members: the whole chat as the receiving member sees it. */
export const chatUpdatedSchema = z.object({
  msg_type: z.literal("CHAT_UPDATED"),
  seq,
  user_id: userId,
  chat: chatSummarySchema,
});

/** Someone is typing in a chat (not numbered; shown for CHAT_TYPING_SHOWN_MS). */
export const chatTypingSchema = z.object({
  msg_type: z.literal("CHAT_TYPING"),
  user_id: userId,
  chat: z.string(),
  sender_name: z.string(),
});

/**
 * A task of a board of one of the user's companies changed or was deleted (spec §4 "Task deletion
 * and update messages modify board groups"): for pages that show the board without its board
 * socket (the task page, the boards list). Not numbered: the task's `version` orders updates.
 */
export const boardTaskUpdatedSchema = z.object({
  msg_type: z.literal("BRD_TASK_UPDATED"),
  user_id: userId,
  board: z.string(),
  task: taskCardSchema,
});
export const boardTaskDeletedSchema = z.object({
  msg_type: z.literal("BRD_TASK_DELETED"),
  user_id: userId,
  board: z.string(),
  task_id: z.number().int(),
});

/**
 * A list or table changed (rows, columns, name, form, import, a public form answer): sent to the
 * main sockets of the list's company, so that a grid showing it refetches at once. Not numbered:
 * the grid refetches, and after a reconnect (SYNC) it refetches anyway. `user_id` is who changed
 * it (null for a public form answer); the changer's own tabs have their answer already.
 */
export const listChangedSchema = z.object({
  msg_type: z.literal("LIST_CHANGED"),
  user_id: userId.nullable(),
  list: z.uuid(),
});

/**
 * New readings went into a monitoring database (over HTTP or MQTT): sent to the main sockets of
 * the database's company, so that a monitoring page showing it refetches at once. Only a hint —
 * no figures travel; the page asks for them with its own rights, and refetches on reconnect anyway.
 */
export const monitoringReadingsSchema = z.object({
  msg_type: z.literal("MONITORING_READINGS"),
  database: z.uuid(),
});

/**
 * New notifications for this user (an editor's send): the bell refetches now instead of at its
 * next poll. Not numbered: the poll is the record. Sent to each recipient's main sockets; for a
 * very large audience once to everyone (a client that got nothing new refetches for nothing).
 */
export const notificationsChangedSchema = z.object({ msg_type: z.literal("NOTIFICATIONS_CHANGED") });

/** Everything the server sends on the main socket, told apart by `msg_type` (spec §7). */
export const mainServerMessageSchema = z.discriminatedUnion("msg_type", [
  monitoringReadingsSchema,
  siteConnectedSchema,
  siteDisconnectedSchema,
  syncSchema,
  chatMessageEventSchema,
  chatMessageEditedSchema,
  chatMessageDeletedSchema,
  chatPinnedMessagesSchema,
  chatReadSchema,
  chatUpdatedSchema,
  chatTypingSchema,
  boardTaskUpdatedSchema,
  boardTaskDeletedSchema,
  listChangedSchema,
  notificationsChangedSchema,
]);
export type MainServerMessage = z.infer<typeof mainServerMessageSchema>;
export type MainMessageType = MainServerMessage["msg_type"];
export type MainMessageOf<T extends MainMessageType> = Extract<MainServerMessage, { msg_type: T }>;

/**
 * Parses one text frame of the main socket; undefined for anything that is not a known message
 * (a newer server may add types: ignore those rather than fail).
 */
export function parseMainServerMessage(frame: string): MainServerMessage | undefined {
  let json: unknown;
  try {
    json = JSON.parse(frame);
  } catch {
    return undefined;
  }
  const parsed = mainServerMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

// ---- board socket (spec §4 "Realtime board connection", §7 "Task-board channel") ----
//
// URL: `${ws or wss}://${host}${boardSocketPath(boardUuid, accessToken, since)}`, where host is
// the configured board socket host (GET /api/config/ `board_socket_host`) or, when that is null,
// the page's own host. Opened while a board page is shown. The token is checked like the main
// socket's (4401 on refusal or session end); a board the caller may not see, or a missing one,
// closes with 4404 "board_not_found", and one the caller stops being allowed to see while
// connected with 4404 "access_revoked" (see "Rights" above). A socket that sends more commands
// than its budget (BOARD_SOCKET_COMMAND_BURST) is sent an `error` (too_many_requests) and closed
// with 4429. One socket per user and board: connecting again closes the previous one with
// 4409 (on whichever instance it is). Heartbeat and reconnect rules are the main socket's.
//
// The client sends the commands of spec §7, JSON text frames with `type` and `message`. `user_id`
// and `user_token` must be the socket's own user and a valid access token of theirs; a command
// that is malformed, not allowed or about a task not on this board is answered with an `error`
// event to that socket alone and changes nothing.
// The server sends events, JSON text frames with `type` (spec §4 "Board events"):
// - connected: to the new socket alone, after what it missed (see sequence numbers above);
// - update, task_delete_request: numbered changes of the board (applyBoardEvent);
// - task_open, task_close, board_connected, board_disconnected: who is here and which task each
//   has open, as changes of the `viewers` list (one's own board_connected carries the whole list:
//   sending it to everyone on every join would cost n² on a busy board);
// - admin_request_close: an admin (superuser or role 1) closed `user_id`'s open task; only that
//   user's client acts on it (closes the task, shows why), others may ignore it;
// - error: a refused command.

export function boardSocketPath(boardUuid: string, accessToken: string, since?: number): string {
  const tail = since === undefined ? "" : `&since=${since}`;
  return `/ws/board/${encodeURIComponent(boardUuid)}/?token=${encodeURIComponent(accessToken)}${tail}`;
}
export const BOARD_SOCKET_ROUTE = "/ws/board/:board_uuid/";
export const boardSocketParamsSchema = z.object({ board_uuid: z.uuid() });
export const boardSocketQuerySchema = mainSocketQuerySchema;

const taskId = z.number().int().positive();
const accessToken = z.string().min(1).max(4096);

/** Spec §7 board commands (client → server). */
export const boardCommandSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("NEW_MESSAGE"),
    message: z.enum(["open_task", "close_task"]),
    task_id: taskId,
    user_id: userId,
  }),
  z.object({ type: z.literal("BRD_REQ_UPDATE"), message: z.literal("request_update"), user_id: userId }),
  z.object({ type: z.literal("BRD_DELETE_TASK"), message: z.literal("delete_task"), task_id: taskId, user_id: userId }),
  z.object({
    type: z.literal("BRD_CLOSE_REQUEST"),
    message: z.literal("request_close"),
    task_id: taskId,
    user_token: accessToken,
  }),
  z.object({
    type: z.literal("BRD_CLOSE_ALL_REQUEST"),
    message: z.literal("close_all"),
    board_id: z.uuid(),
    user_token: accessToken,
  }),
]);
export type BoardCommand = z.infer<typeof boardCommandSchema>;

/** Who is on the board and which task each has open (null = none); one entry per user, by id. */
export const boardViewerSchema = z.object({ user_id: userId, open_task_id: taskId.nullable() });
export type BoardViewer = z.infer<typeof boardViewerSchema>;
const viewers = z.array(boardViewerSchema);

/** What an `update` event changes (upserts by id; a task only replaces an older `version`). */
export const boardChangeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("task"), task: taskCardSchema }),
  z.object({ kind: z.literal("group"), group: boardGroupHeadSchema }),
  /** Only empty groups are deleted. */
  z.object({ kind: z.literal("group_deleted"), group_id: z.number().int() }),
  z.object({ kind: z.literal("project"), project: boardProjectSchema }),
  /** Its tasks lose their project (without a new version). */
  z.object({ kind: z.literal("project_deleted"), project: z.uuid() }),
  z.object({ kind: z.literal("board"), board: boardHeadSchema }),
  z.object({ kind: z.literal("board_deleted") }),
]);
export type BoardChange = z.infer<typeof boardChangeSchema>;

const boardId = z.uuid();

export const boardEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("connected"),
    board_id: boardId,
    /** The socket's own user. */
    user_id: userId,
    seq: z.number().int().min(0),
    resync: z.boolean(),
    /** Who was on the board just before this socket joined (its own board_connected follows with the exact list). */
    viewers,
  }),
  z.object({ type: z.literal("update"), seq, board_id: boardId, user_id: userId, change: boardChangeSchema }),
  /** The answer to request_update, to the requester alone (not numbered: its `state.seq` tells where it stands). */
  z.object({ type: z.literal("state"), board_id: boardId, state: boardStateSchema }),
  /** The task was deleted (by `user_id`): remove it; whoever has it open closes it. */
  z.object({ type: z.literal("task_delete_request"), seq, board_id: boardId, user_id: userId, task_id: taskId }),
  z.object({ type: z.literal("task_open"), board_id: boardId, user_id: userId, task_id: taskId }),
  z.object({ type: z.literal("task_close"), board_id: boardId, user_id: userId, task_id: taskId }),
  /**
   * A user came onto the board. The socket of that user (its own join) gets `viewers`: the whole
   * list at that moment, in stream order, so it replaces its list with it; every other socket
   * gets the change alone and applies it (applyViewerEvent in board-state.ts).
   */
  z.object({ type: z.literal("board_connected"), board_id: boardId, user_id: userId, viewers: viewers.optional() }),
  z.object({ type: z.literal("board_disconnected"), board_id: boardId, user_id: userId }),
  z.object({
    type: z.literal("admin_request_close"),
    board_id: boardId,
    /** The addressee: the user whose task is closed. */
    user_id: userId,
    task_id: taskId,
    /** The admin who closed it, by name, for the message the addressee sees. */
    by_user_id: userId,
    by_name: z.string(),
  }),
  z.object({ type: z.literal("error"), code: z.string(), message: z.string() }),
]);
export type BoardEvent = z.infer<typeof boardEventSchema>;
export type BoardEventType = BoardEvent["type"];

/** Parses one frame of a board socket; undefined for anything unknown (ignored, like the main socket). */
export function parseBoardEvent(frame: string): BoardEvent | undefined {
  let json: unknown;
  try {
    json = JSON.parse(frame);
  } catch {
    return undefined;
  }
  const parsed = boardEventSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
