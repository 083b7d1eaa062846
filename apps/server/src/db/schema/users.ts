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
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: varchar("username", { length: 150 }).notNull(),
    email: varchar("email", { length: 254 }).notNull().default(""),
    firstName: varchar("first_name", { length: 150 }).notNull().default(""),
    lastName: varchar("last_name", { length: 150 }).notNull().default(""),
    /** argon2id hash; null for accounts that only sign in through a provider. */
    passwordHash: text("password_hash"),
    /** False for a registration waiting for its email confirmation, and for disabled accounts. */
    isActive: boolean("is_active").notNull().default(true),
    /** Set once the address is proven (mailed link, Yandex); only then may an inactive account mean "disabled". */
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    isSuperuser: boolean("is_superuser").notNull().default(false),
    theme: varchar("theme", { length: 16 }).notNull().default("default"),
    readStatus: boolean("read_status").notNull().default(false),
    boardsMenuStyle: varchar("boards_menu_style", { length: 32 }).notNull().default("Card_menu"),
    lastReadAnnouncement: text("last_read_announcement"),
    avatar: text("avatar"),
    yandexId: varchar("yandex_id", { length: 64 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    // Module flags an admin switches (spec §3 user data). Boards, lists and tables also need a
    // company (and tables a non-client role); these flags can only take them away.
    dc305: boolean("dc_305").notNull().default(false),
    exportModule: boolean("export_module").notNull().default(false),
    useBi: boolean("use_bi").notNull().default(false),
    boardsEnabled: boolean("boards_enabled").notNull().default(true),
    tableListsEnabled: boolean("table_lists_enabled").notNull().default(true),
    tablesEnabled: boolean("tables_enabled").notNull().default(true),
  },
  (t) => [
    // Usernames and emails are matched case-insensitively, as people type them.
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`).where(sql`${t.email} <> ''`),
    uniqueIndex("users_yandex_id_idx").on(t.yandexId),
  ],
);

/** Role groups 1–7 (spec §6); reference data written at every start. */
export const groups = pgTable("groups", {
  id: integer("id").primaryKey(),
  name: varchar("name", { length: 150 }).notNull(),
});

/** `position` keeps the order of a user's groups: the first one is the role. */
export const userGroups = pgTable(
  "user_groups",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index("user_groups_group_idx").on(t.groupId)],
);
