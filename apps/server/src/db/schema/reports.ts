import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { contentImages } from "./content.ts";
import { users } from "./users.ts";

/**
 * Reports of the portal (contract reports.ts): an iframe with a plain link, or a signed Metabase /
 * DataLens embed. `secret` never leaves the server. A report with a company is only for its members.
 */
export const iframeReports = pgTable(
  "iframe_reports",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    title: varchar("title", { length: 200 }).notNull(),
    tag: varchar("tag", { length: 64 }).notNull(),
    imageId: integer("image_id").references(() => contentImages.id, { onDelete: "set null" }),
    active: boolean("active").notNull().default(true),
    provider: varchar("provider", { length: 16 }).notNull().default("url"),
    url: varchar("url", { length: 2000 }).notNull(),
    resourceId: varchar("resource_id", { length: 200 }).notNull().default(""),
    restrictParam: varchar("restrict_param", { length: 63 }),
    secret: text("secret"),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("iframe_reports_company_idx").on(t.companyId)],
);

export const iframeGroups = pgTable("iframe_groups", {
  id: serial("id").primaryKey(),
  title: varchar("title", { length: 200 }).notNull(),
  imageId: integer("image_id").references(() => contentImages.id, { onDelete: "set null" }),
  active: boolean("active").notNull().default(true),
});

/** A group's reports in `position` order. */
export const iframeGroupReports = pgTable(
  "iframe_group_reports",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => iframeGroups.id, { onDelete: "cascade" }),
    reportId: integer("report_id")
      .notNull()
      .references(() => iframeReports.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.reportId] }), index("iframe_group_reports_report_idx").on(t.reportId)],
);

/** Reports given to a user directly. */
export const userIframeReports = pgTable(
  "user_iframe_reports",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reportId: integer("report_id")
      .notNull()
      .references(() => iframeReports.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.reportId] }), index("user_iframe_reports_report_idx").on(t.reportId)],
);

/** Iframe groups given to a user. */
export const userIframeGroups = pgTable(
  "user_iframe_groups",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => iframeGroups.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index("user_iframe_groups_group_idx").on(t.groupId)],
);
