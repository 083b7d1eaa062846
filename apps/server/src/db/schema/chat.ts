import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./users.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const chats = pgTable(
  "chats",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    kind: varchar("kind", { length: 16 }).$type<"direct" | "group">().notNull(),
    /** Group chats only; direct chats are named after the other person. */
    title: varchar("title", { length: 120 }).notNull().default(""),
    /** The application the chat is tied to (its name shows with its messages), or null. */
    application: varchar("application", { length: 120 }),
    /** Direct chats: "<smaller user id>:<larger user id>", so that a pair has one chat. */
    directKey: varchar("direct_key", { length: 40 }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("chats_direct_key_idx").on(t.directKey), index("chats_created_by_idx").on(t.createdBy)],
);

export const chatMembers = pgTable(
  "chat_members",
  {
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Id of the newest message this member has read (0 = none). */
    lastReadId: integer("last_read_id").notNull().default(0),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index("chat_members_user_idx").on(t.userId)],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    replyToId: integer("reply_to_id").references((): AnyPgColumn => chatMessages.id, { onDelete: "set null" }),
    /** Name of the application that posted it, or null for a person. */
    application: varchar("application", { length: 120 }),
    /** The browser's id of the send: a resend returns the first message. */
    clientId: uuid("client_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    pinnedAt: timestamp("pinned_at", { withTimezone: true }),
    /** Russian full-text search over the content (empty once deleted). */
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('russian', case when deleted_at is null then content else '' end)`),
  },
  (t) => [
    index("chat_messages_chat_idx").on(t.chatId, t.id),
    index("chat_messages_search_idx").using("gin", t.search),
    index("chat_messages_sender_idx").on(t.senderId),
    index("chat_messages_reply_idx").on(t.replyToId),
    uniqueIndex("chat_messages_client_idx").on(t.senderId, t.clientId),
    index("chat_messages_pinned_idx").on(t.chatId).where(sql`pinned_at is not null`),
  ],
);
