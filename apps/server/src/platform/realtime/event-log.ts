import { REALTIME_REPLAY_WINDOW } from "@nadoy/contract/realtime";
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { realtimeChannels, realtimeEvents } from "../../db/schema/index.ts";
import { type ChannelMessages, type ChannelName, serialiseMessage, topicOf } from "./channels.ts";

// Numbered realtime events (contract realtime.ts "sequence numbers"). A change records its events
// in its own transaction: the channel's counter row is locked until commit, so a channel's numbers
// follow commit order and have no gaps, and an event exists exactly when its change does. After
// the commit the caller hands the recorded events to `hub.publishRecorded`; a socket that misses
// one (another instance published later, a reconnect) reads it back from here.

type Unnumbered<T> = T extends { seq: number } ? Omit<T, "seq"> : never;
/** A message of a channel that carries a sequence number, without it (recordEvents adds it). */
export type NumberedMessage<C extends ChannelName> = Unnumbered<ChannelMessages[C]>;

export interface EventDraft<C extends ChannelName = ChannelName> {
  channel: C;
  /** The channel instance: the user id of `main`, the board uuid of `board`. */
  key: string;
  message: NumberedMessage<C>;
}

/** One event as stored and published: its topic, number and frame. */
export interface RecordedEvent {
  topic: string;
  seq: number;
  data: string;
}

/** Drafts for the main channels of several users (e.g. every member of a chat). */
export function mainEvents(drafts: { userId: number; message: NumberedMessage<"main"> }[]): EventDraft<"main">[] {
  return drafts.map(({ userId, message }) => ({ channel: "main", key: String(userId), message }));
}

/**
 * Numbers and stores events within the caller's transaction; returns them in the drafts' order
 * (for `hub.publishRecorded` after the commit). Counters are locked in topic order, so two
 * transactions that touch the same channels cannot deadlock on them.
 */
export async function recordEvents(tx: Db, drafts: readonly EventDraft[]): Promise<RecordedEvent[]> {
  if (drafts.length === 0) return [];
  const counts = new Map<string, number>();
  for (const d of drafts) {
    const topic = topicOf(d.channel, d.key);
    counts.set(topic, (counts.get(topic) ?? 0) + 1);
  }
  const rows = [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([topic, seq]) => ({ topic, seq }));
  const lasts = await tx
    .insert(realtimeChannels)
    .values(rows)
    .onConflictDoUpdate({ target: realtimeChannels.topic, set: { seq: sql`${realtimeChannels.seq} + excluded.seq` } })
    .returning({ topic: realtimeChannels.topic, seq: realtimeChannels.seq });
  const next = new Map(lasts.map((r) => [r.topic, Number(r.seq) - (counts.get(r.topic) ?? 0) + 1]));
  const events = drafts.map((d): RecordedEvent => {
    const topic = topicOf(d.channel, d.key);
    const seq = next.get(topic) ?? 1;
    next.set(topic, seq + 1);
    const message = { ...d.message, seq } as unknown as ChannelMessages[typeof d.channel];
    return { topic, seq, data: serialiseMessage(d.channel, message) };
  });
  await tx.insert(realtimeEvents).values(events);
  return events;
}

/** Read side of the log, as the hub uses it (an interface so that hub tests can fake it). */
export interface EventLog {
  /** The channel's last number (0 when it has none). */
  current(topic: string): Promise<number>;
  /** Events numbered after `after` and below `before` (when given), ascending, at most `limit`. */
  range(topic: string, after: number, before: number | undefined, limit: number): Promise<RecordedEvent[]>;
}

export function databaseEventLog(db: Db): EventLog {
  return {
    async current(topic) {
      const [row] = await db
        .select({ seq: realtimeChannels.seq })
        .from(realtimeChannels)
        .where(eq(realtimeChannels.topic, topic));
      return Number(row?.seq ?? 0);
    },
    async range(topic, after, before, limit) {
      const rows = await db
        .select({ topic: realtimeEvents.topic, seq: realtimeEvents.seq, data: realtimeEvents.data })
        .from(realtimeEvents)
        .where(
          and(
            eq(realtimeEvents.topic, topic),
            gt(realtimeEvents.seq, after),
            before === undefined ? undefined : lt(realtimeEvents.seq, before),
          ),
        )
        .orderBy(asc(realtimeEvents.seq))
        .limit(limit);
      return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
    },
  };
}

/** Channel number of a topic, as a fetch reports it (`seq` of GET chats / GET board). */
export function currentSeq(db: Db, channel: ChannelName, key: string): Promise<number> {
  return databaseEventLog(db).current(topicOf(channel, key));
}

/** Events kept for replay: a day, and never fewer than a replay window's worth per channel is promised. */
export const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
export { REALTIME_REPLAY_WINDOW };

/** Drops events older than the retention (run on a timer by one place: the hub's owner). */
export async function pruneEvents(db: Db, now = new Date()): Promise<void> {
  await db.delete(realtimeEvents).where(lt(realtimeEvents.createdAt, new Date(now.getTime() - EVENT_RETENTION_MS)));
}
