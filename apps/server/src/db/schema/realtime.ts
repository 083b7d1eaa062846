import { bigint, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The last sequence number of each numbered realtime channel (`main:<user id>`, `board:<uuid>`).
 * Taken in the transaction of the change: the row lock orders a channel's writers, so numbers
 * follow commit order without gaps (platform/realtime/event-log.ts).
 */
export const realtimeChannels = pgTable("realtime_channels", {
  topic: text("topic").primaryKey(),
  seq: bigint("seq", { mode: "number" }).notNull(),
});

/** Recent numbered events, replayed to a socket that reconnects with `since`; pruned after a day. */
export const realtimeEvents = pgTable(
  "realtime_events",
  {
    topic: text("topic").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    /** The frame as sent (JSON text). */
    data: text("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.topic, t.seq] }), index("realtime_events_created_idx").on(t.createdAt)],
);
