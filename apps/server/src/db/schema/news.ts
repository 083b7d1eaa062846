import { ANNOUNCEMENT_MAX, NOTIFICATION_LINK_MAX, NOTIFICATION_TITLE_MAX } from "@nadoy/contract/constants";
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * A notification an editor sent (/add-notification): one row here, one `notifications` row per
 * recipient (their send_id), written in bulk. /manage-notifications lists these with read counts.
 * `audience` says whom it went to, as the contract's JSON ({kind, ids}).
 */
export const notificationSends = pgTable(
  "notification_sends",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: NOTIFICATION_TITLE_MAX }).notNull(),
    msg: text("msg").notNull(),
    link: varchar("link", { length: NOTIFICATION_LINK_MAX }),
    audience: text("audience").notNull(),
    recipients: integer("recipients").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notification_sends_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * One row per notification per user (spec §3 "Notification"). Dismissing keeps the row
 * (dismissed_at set, read true) for the admin area's delivery figures; lists skip it.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: varchar("title", { length: NOTIFICATION_TITLE_MAX }).notNull(),
    msg: text("msg").notNull(),
    dt: timestamp("dt", { withTimezone: true }).notNull().defaultNow(),
    read: boolean("read").notNull().default(false),
    /** An app route such as "/reports", or null. */
    link: varchar("link", { length: NOTIFICATION_LINK_MAX }),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
    /** The editor's send it came from; null for notifications the system writes. */
    sendId: integer("send_id").references(() => notificationSends.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("notifications_send_idx").on(t.sendId),
    // The poll: a user's visible notifications, newest first.
    index("notifications_user_visible_idx")
      .on(t.userId, t.dt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.dismissedAt} is null`),
  ],
);

/** Site-wide announcement bar (spec §4): the newest active one is shown. */
export const announcements = pgTable(
  "announcements",
  {
    id: serial("id").primaryKey(),
    text: varchar("text", { length: ANNOUNCEMENT_MAX }).notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("announcements_active_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.active}`),
  ],
);
