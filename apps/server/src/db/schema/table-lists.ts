import type { ColumnType, TagOption } from "@nadoy/contract/form-values";
import type { ListKind } from "@nadoy/contract/lists";
import type { FormBlockType } from "@nadoy/contract/table-lists";
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { notifications } from "./news.ts";
import { users } from "./users.ts";

/** A company's table (list) of rows with typed columns. */
export const lists = pgTable(
  "lists",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 255 }).notNull(),
    /** "list" (shown under /lists) or "table" (under /services/tables, never to clients). */
    kind: varchar("kind", { length: 8 }).$type<ListKind>().notNull().default("list"),
    /** The owner: told about each form submission. Null once that user is deleted. */
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every change of the list, its columns or its rows. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The catalogue: a company's lists of one kind.
  (t) => [index("lists_company_kind_idx").on(t.companyId, t.kind), index("lists_created_by_idx").on(t.createdBy)],
);

export const listColumns = pgTable(
  "list_columns",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    listId: integer("list_id")
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 255 }).notNull(),
    type: varchar("type", { length: 16 }).$type<ColumnType>().notNull(),
    order: integer("order").notNull().default(0),
    /** Tag and select columns: their options; [] for other types. */
    options: jsonb("options").$type<TagOption[]>().notNull().default([]),
    /** Percent columns: values above PERCENT_MAX are taken; false for other types. */
    percentOver100: boolean("percent_over_100").notNull().default(false),
  },
  (t) => [index("list_columns_list_order_idx").on(t.listId, t.order)],
);

export const listRows = pgTable(
  "list_rows",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    listId: integer("list_id")
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    /** Fractional, so that a row can be moved between two others without renumbering. */
    order: numeric("order").notNull(),
    /** column uuid → stored value (see @nadoy/contract/form-values StoredValue). */
    values: jsonb("values").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Null for rows sent anonymously through a public form. */
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who changed the row last; null for a form submission or once that user is deleted. */
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    /** The browser's id of a public-form submission: a resend after a lost answer adds no second row. */
    clientSubmissionId: uuid("client_submission_id"),
  },
  (t) => [
    uniqueIndex("list_rows_list_order_idx").on(t.listId, t.order),
    uniqueIndex("list_rows_client_submission_idx").on(t.clientSubmissionId),
    // Deleting a user sets these to null: without indexes that scans every row.
    index("list_rows_created_by_idx").on(t.createdBy),
    index("list_rows_updated_by_idx").on(t.updatedBy),
  ],
);

/** A list's public form, reachable at /form/:uuid_link while published. */
export const listForms = pgTable(
  "list_forms",
  {
    id: serial("id").primaryKey(),
    listId: integer("list_id")
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    uuidLink: uuid("uuid_link").notNull().unique().defaultRandom(),
    published: boolean("published").notNull().default(false),
    formHeader: varchar("form_header", { length: 255 }).notNull().default(""),
    conclusion: text("conclusion").notNull().default(""),
  },
  // One form per list.
  (t) => [uniqueIndex("list_forms_list_idx").on(t.listId)],
);

export const listFormElements = pgTable(
  "list_form_elements",
  {
    id: serial("id").primaryKey(),
    formId: integer("form_id")
      .notNull()
      .references(() => listForms.id, { onDelete: "cascade" }),
    /** The column a field fills; null for a text or link block. */
    columnUuid: uuid("column_uuid").references(() => listColumns.uuid, { onDelete: "cascade" }),
    typeFormElement: varchar("type_form_element", { length: 16 }).$type<FormBlockType>(),
    labelData: text("label_data").notNull().default(""),
    mandatoryFilling: boolean("mandatory_filling").notNull().default(false),
    notEmpty: boolean("not_empty").notNull().default(false),
    placeHolder: varchar("place_holder", { length: 255 }).notNull().default(""),
    order: integer("order").notNull().default(0),
  },
  (t) => [
    index("list_form_elements_form_order_idx").on(t.formId, t.order),
    index("list_form_elements_column_idx").on(t.columnUuid),
  ],
);

/**
 * The owner's notification about a list's form answers: while it is unread, undismissed and
 * recent, further answers update it (with their count) instead of adding notifications.
 */
export const listFormNotifications = pgTable(
  "list_form_notifications",
  {
    notificationId: integer("notification_id")
      .primaryKey()
      .references(() => notifications.id, { onDelete: "cascade" }),
    listId: integer("list_id")
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    /** Answers this notification tells about. */
    answers: integer("answers").notNull().default(1),
  },
  (t) => [index("list_form_notifications_list_idx").on(t.listId)],
);
