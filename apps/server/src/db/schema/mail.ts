import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";

/** Mail is written here in the same transaction as the change that causes it, then delivered. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: varchar("to", { length: 254 }).notNull(),
    subject: varchar("subject", { length: 255 }).notNull(),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [index("mail_outbox_pending_idx").on(t.createdAt).where(sql`${t.sentAt} is null`)],
);
