import { sql } from "drizzle-orm";
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
import { bytea } from "./column-types.ts";
import { companies } from "./companies.ts";
import { groups, users } from "./users.ts";

/**
 * Images and files of editors' content (news covers and pictures in the text). Served to whoever
 * may read the content that shows them; kept in the database like attachments, so every instance
 * serves them.
 */
export const contentImages = pgTable("content_images", {
  id: serial("id").primaryKey(),
  uuid: uuid("uuid").notNull().unique().defaultRandom(),
  name: varchar("name", { length: 255 }).notNull(),
  mime: varchar("mime", { length: 120 }).notNull(),
  size: integer("size").notNull(),
  data: bytea("data").notNull(),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * News (the home page feed). `publishAt` null = a draft; in the future = scheduled; past =
 * published. `audience`: "all", or only the companies / roles listed in news_companies / news_roles.
 */
export const news = pgTable(
  "news",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: 200 }).notNull(),
    excerpt: varchar("excerpt", { length: 500 }).notNull().default(""),
    /** Sanitised HTML. */
    body: text("body").notNull().default(""),
    coverImageId: integer("cover_image_id").references(() => contentImages.id, { onDelete: "set null" }),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    audience: varchar("audience", { length: 16 }).notNull().default("all"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The feed: published news, newest first.
    index("news_feed_idx")
      .on(t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.publishAt} is not null`),
    index("news_updated_idx").on(t.updatedAt.desc().nullsFirst()),
  ],
);

export const newsCompanies = pgTable(
  "news_companies",
  {
    newsId: integer("news_id")
      .notNull()
      .references(() => news.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.companyId] }), index("news_companies_company_idx").on(t.companyId)],
);

export const newsRoles = pgTable(
  "news_roles",
  {
    newsId: integer("news_id")
      .notNull()
      .references(() => news.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.roleId] }), index("news_roles_role_idx").on(t.roleId)],
);

/**
 * Help articles (contract instructions.ts), in `position` order. `audience` "all" or only the roles
 * in instruction_roles. `plainText` is the body without markup, kept for search and snippets.
 */
export const instructions = pgTable(
  "instructions",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    title: varchar("title", { length: 200 }).notNull(),
    /** Sanitised HTML. */
    body: text("body").notNull().default(""),
    plainText: text("plain_text").notNull().default(""),
    position: integer("position").notNull().default(0),
    published: boolean("published").notNull().default(false),
    audience: varchar("audience", { length: 16 }).notNull().default("all"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("instructions_position_idx").on(t.position, t.id),
    index("instructions_search_idx").using("gin", sql`to_tsvector('russian', ${t.title} || ' ' || ${t.plainText})`),
  ],
);

export const instructionRoles = pgTable(
  "instruction_roles",
  {
    instructionId: integer("instruction_id")
      .notNull()
      .references(() => instructions.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.instructionId, t.roleId] }), index("instruction_roles_role_idx").on(t.roleId)],
);
