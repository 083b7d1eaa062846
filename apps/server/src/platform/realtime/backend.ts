import { z } from "zod";

/** Which sessions to end: these families, or every family of a user (but one, maybe). */
export type SessionFilter = { sessionIds: string[] } | { userId: number; exceptSessionId?: string };

/** Whose cached caller (role, module switches, session open) is stale: ended sessions, or changed users. */
export type CallerChange = SessionFilter | { userIds: number[] };

const sessionFilterSchema = z.union([
  z.object({ sessionIds: z.array(z.string()) }),
  z.object({ userId: z.number().int(), exceptSessionId: z.string().optional() }),
]);

/**
 * What instances tell each other through the backend (in-process, or Redis pub/sub):
 * - publish: a message, already serialised, for the sockets subscribed to a topic (numbered
 *   events carry their sequence number, so that each socket gets them in order, once);
 * - presence: a user came online or went offline across all instances, with the whole list;
 * - end-sessions: close the sockets of these sessions, wherever they are open (and forget their
 *   cached callers);
 * - callers-changed: an admin changed these users' role, superuser flag or module switches: every
 *   instance forgets their cached callers;
 * - room: someone joined or left a room (a board) or opened or closed a task there, with the whole
 *   list of who is in it (one entry per user: a user's new connection replaces the old one).
 */
export const envelopeSchema = z.discriminatedUnion("t", [
  z.object({ t: z.literal("publish"), topic: z.string(), data: z.string(), seq: z.number().int().optional() }),
  z.object({
    t: z.literal("presence"),
    event: z.enum(["online", "offline"]),
    user_id: z.number().int(),
    users_online: z.array(z.number().int()),
  }),
  z.object({ t: z.literal("end-sessions"), filter: sessionFilterSchema }),
  z.object({ t: z.literal("callers-changed"), user_ids: z.array(z.number().int()) }),
  z.object({
    t: z.literal("room"),
    room: z.string(),
    event: z.enum(["joined", "left", "task"]),
    user_id: z.number().int(),
    /** The task the user has open after the change (task), or null. */
    task_id: z.number().int().nullable(),
    /** The task the user had open before the change, or null. */
    previous_task_id: z.number().int().nullable(),
    /** joined: the connection this one replaced (the same user was in the room already), or null. */
    replaced: z.string().nullable(),
    /** joined: the joining connection. */
    connId: z.string().optional(),
    viewers: z.lazy(() => roomViewersSchema),
  }),
]);
export type RoomEnvelope = Extract<Envelope, { t: "room" }>;
export const roomViewersSchema = z.array(
  z.object({ user_id: z.number().int(), open_task_id: z.number().int().nullable() }),
);
export type RoomViewer = RoomEnvelope["viewers"][number];
export type Envelope = z.infer<typeof envelopeSchema>;

/**
 * Fan-out and shared presence. In-process for one instance; Redis when REDIS_URL is set, so that
 * several instances behave as one. Presence counts open sockets per user; `join` and `leave`
 * broadcast a presence envelope when a user's first socket anywhere opens or the last one closes.
 */
export interface RealtimeBackend {
  readonly kind: "memory" | "redis";
  /** This instance's id in the shared presence store ("local" in memory). */
  readonly instanceId: string;
  /** Starts receiving envelopes (every instance receives every envelope, its own included). */
  start(receive: (envelope: Envelope) => void): Promise<void>;
  broadcast(envelope: Envelope): Promise<void>;
  join(userId: number): Promise<void>;
  leave(userId: number): Promise<void>;
  /** Ids of the users online on any instance, ascending. */
  online(): Promise<number[]>;
  /**
   * Called every heartbeat with this instance's own counts: keeps the instance alive in the
   * shared store, repairs its counts if they drifted, and sends offline the users of instances
   * that stopped heartbeating.
   */
  heartbeat(localCounts: ReadonlyMap<number, number>): Promise<void>;
  /** This instance leaves: its users' presence and room entries go, envelopes stop arriving. */
  stop(): Promise<void>;
  /** The user enters a room with this connection, replacing any connection of theirs there. */
  roomJoin(room: string, userId: number, connId: string): Promise<void>;
  /** The connection leaves the room (nothing happens when another connection replaced it). */
  roomLeave(room: string, userId: number, connId: string): Promise<void>;
  /**
   * Sets the task the user has open in the room (null: none), if they are there and — when
   * `connId` is given — with that connection. Resolves false when nothing changed.
   */
  roomSetTask(room: string, userId: number, connId: string | undefined, taskId: number | null): Promise<boolean>;
  roomViewers(room: string): Promise<RoomViewer[]>;
}
