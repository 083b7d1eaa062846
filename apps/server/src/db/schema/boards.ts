import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

export const workspaces = pgTable(
  "workspaces",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 120 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("workspaces_company_idx").on(t.companyId)],
);

export const boards = pgTable(
  "boards",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 120 }).notNull(),
    /** Most tasks a group may hold (spec §9 default 100). */
    capacity: integer("capacity").notNull().default(100),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("boards_workspace_idx").on(t.workspaceId)],
);

export const boardGroups = pgTable(
  "board_groups",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    boardId: integer("board_id")
      .notNull()
      .references(() => boards.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 120 }).notNull(),
    /** Fractional: a move takes the midpoint of its new neighbours, nothing is renumbered. */
    order: numeric("order").notNull(),
  },
  (t) => [index("board_groups_board_order_idx").on(t.boardId, t.order)],
);

export const boardProjects = pgTable(
  "board_projects",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    boardId: integer("board_id")
      .notNull()
      .references(() => boards.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 120 }).notNull(),
    color: varchar("color", { length: 32 }).notNull().default(""),
  },
  (t) => [index("board_projects_board_idx").on(t.boardId)],
);

export const tasks = pgTable(
  "tasks",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    boardId: integer("board_id")
      .notNull()
      .references(() => boards.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => boardGroups.id, { onDelete: "restrict" }),
    projectId: integer("project_id").references(() => boardProjects.id, { onDelete: "set null" }),
    order: numeric("order").notNull(),
    title: varchar("title", { length: 500 }).notNull(),
    /** Sanitised HTML. */
    description: text("description").notNull().default(""),
    dueDate: date("due_date", { mode: "string" }),
    tags: jsonb("tags").$type<{ name: string; color: string }[]>().notNull().default([]),
    checklist: jsonb("checklist").$type<{ text: string; done: boolean }[]>().notNull().default([]),
    /** Goes up with every change: clients keep the newest copy. */
    version: integer("version").notNull().default(1),
    /** When the due-date reminder went out (null: not yet). */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tasks_group_order_idx").on(t.groupId, t.order),
    index("tasks_board_idx").on(t.boardId),
    index("tasks_project_idx").on(t.projectId),
    index("tasks_created_by_idx").on(t.createdBy),
    index("tasks_due_idx").on(t.dueDate),
  ],
);

export const taskAssignees = pgTable(
  "task_assignees",
  {
    taskId: integer("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index("task_assignees_user_idx").on(t.userId)],
);

export const taskComments = pgTable(
  "task_comments",
  {
    id: serial("id").primaryKey(),
    taskId: integer("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("task_comments_task_idx").on(t.taskId, t.id), index("task_comments_author_idx").on(t.authorId)],
);
