import { z } from "zod";

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
// (several tabs are one presence). SITE_CONNECTED is broadcast to every main socket when a
// user's first socket opens, SITE_DISCONNECTED when their last one closes. Both carry the full
// sorted `users_online` at that moment, so a client may simply replace its list with it.
// Right after a socket opens the server also sends that socket alone a SITE_CONNECTED with the
// caller's own `user_id` and the current `users_online`: after a reconnect the list is resynced
// without refetching users/data. (Spec §4 has clients ignore messages with their own user id: a
// client that applies that rule to SITE_* too only forgoes this resync, and catches up with the
// next SITE_* message of anyone else, which carries the whole list again.)

export const MAIN_SOCKET_PATH = "/ws/main/";

/** Handshakes per client address per minute; more are refused with HTTP 429 before the upgrade. */
export const MAIN_SOCKET_HANDSHAKES_PER_MINUTE = 120;

/** Path and query of the main socket for an access token. */
export function mainSocketPath(accessToken: string): string {
  return `${MAIN_SOCKET_PATH}?token=${encodeURIComponent(accessToken)}`;
}

/** The query the server reads when a main socket opens. */
export const mainSocketQuerySchema = z.object({ token: z.string().min(1).max(4096) });

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
} as const;

/** Reasons sent with close code 4401. */
export const SocketCloseReason = {
  tokenNotValid: "token_not_valid",
  sessionEnded: "session_ended",
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

/**
 * A pinned message of a chat (spec §3 "Chat (client view)": pinned_messages). Reserved: chat
 * comes in a later issue, which may add fields but will not remove these.
 */
export const chatPinnedMessageSchema = z.object({
  id: z.number().int(),
  /** The message text. */
  content: z.string(),
  /** Username of its author. */
  sender: z.string(),
  /** Display name of its author ("Имя Фамилия", or the username when the names are empty). */
  sender_name: z.string(),
  /** ISO 8601 UTC. */
  date: z.iso.datetime(),
});

/**
 * A new chat message (spec §3 "Chat socket message"). Reserved: sent once chat exists (a later
 * issue); defined now so that the union is complete and clients can switch on it.
 */
export const chatMessageSchema = z.object({
  msg_type: z.literal("CHAT_MESSAGE"),
  /** Id of the author: a client ignores messages with its own id (spec §4). */
  user_id: userId,
  /** Uuid of the chat. */
  chat: z.string(),
  /** The message text. */
  data: z.string(),
  /** Username of the author. */
  sender: z.string(),
  /** Display name of the author. */
  sender_name: z.string(),
  /** ISO 8601 UTC. */
  date: z.iso.datetime(),
  /** Name of the application the message came from, or null for a person typing in the portal. */
  application: z.string().nullable(),
  /** The receiving user's unread count in this chat after this message. */
  unread_count: z.number().int().min(0),
});

/** The pinned messages of a chat changed: the full new list. Reserved, like CHAT_MESSAGE. */
export const chatPinnedMessagesSchema = z.object({
  msg_type: z.literal("CHAT_PINNED_MESSAGES"),
  /** Id of the user who pinned or unpinned. */
  user_id: userId,
  /** Uuid of the chat. */
  chat: z.string(),
  data: z.array(chatPinnedMessageSchema),
});

/** Everything the server sends on the main socket, told apart by `msg_type` (spec §7). */
export const mainServerMessageSchema = z.discriminatedUnion("msg_type", [
  siteConnectedSchema,
  siteDisconnectedSchema,
  chatMessageSchema,
  chatPinnedMessagesSchema,
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
