import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { tasks } from "./boards.ts";
import { chatMessages } from "./chat.ts";
import { bytea } from "./column-types.ts";
import { companies } from "./companies.ts";
import { instructions } from "./content.ts";
import { users } from "./users.ts";

/**
 * Files on chat messages, tasks and instructions (contract attachments.ts). Uploaded first,
 * unattached (every reference null) until a message, task or instruction claims them; unclaimed
 * ones are pruned. Quotas (contract attachments.ts) are SUMs of `size`: per uploader (all, and
 * unclaimed) and per `company_id`, the company the file was charged to when it was uploaded; each
 * has an index that starts with its key and holds `size`, so a SUM reads the index alone.
 */
export const attachments = pgTable(
  "attachments",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    /** Null once the account is gone: its attached files stay with their message or task. */
    uploaderId: integer("uploader_id").references(() => users.id, { onDelete: "set null" }),
    name: varchar("name", { length: 255 }).notNull(),
    mime: varchar("mime", { length: 120 }).notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    chatMessageId: integer("chat_message_id").references(() => chatMessages.id, { onDelete: "cascade" }),
    taskId: integer("task_id").references(() => tasks.id, { onDelete: "cascade" }),
    instructionId: integer("instruction_id").references(() => instructions.id, { onDelete: "cascade" }),
    /**
     * The company the file counts toward (its uploader's at upload time); null for an uploader in no
     * company, or once the company is deleted.
     */
    companyId: integer("company_id").references(() => companies.id, { onDelete: "set null" }),
    /** Place among the files of its message or task (the order given; a task's new files go last). */
    position: integer("position").notNull().default(0),
  },
  (t) => [
    check("attachments_one_owner", sql`num_nonnulls(${t.chatMessageId}, ${t.taskId}, ${t.instructionId}) <= 1`),
    index("attachments_chat_message_idx").on(t.chatMessageId, t.position).where(sql`${t.chatMessageId} is not null`),
    index("attachments_task_idx").on(t.taskId, t.position).where(sql`${t.taskId} is not null`),
    index("attachments_instruction_idx").on(t.instructionId, t.position).where(sql`${t.instructionId} is not null`),
    index("attachments_unclaimed_idx")
      .on(t.createdAt)
      .where(sql`${t.chatMessageId} is null and ${t.taskId} is null and ${t.instructionId} is null`),
    index("attachments_uploader_idx").on(t.uploaderId, t.size),
    index("attachments_unclaimed_uploader_idx")
      .on(t.uploaderId, t.size)
      .where(sql`${t.chatMessageId} is null and ${t.taskId} is null and ${t.instructionId} is null`),
    index("attachments_company_idx").on(t.companyId, t.size).where(sql`${t.companyId} is not null`),
  ],
);
