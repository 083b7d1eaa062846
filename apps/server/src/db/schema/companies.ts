import { DATABASE_KINDS, type DatabaseKind } from "@nadoy/contract/users";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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

export const companies = pgTable("companies", {
  id: serial("id").primaryKey(),
  uuid: uuid("uuid").notNull().unique().defaultRandom(),
  name: varchar("name", { length: 255 }).notNull(),
});

export const farms = pgTable(
  "farms",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 255 }).notNull(),
    useGenetic: boolean("use_genetic").notNull().default(false),
    timezone: varchar("timezone", { length: 64 }).notNull().default("Europe/Moscow"),
  },
  (t) => [index("farms_company_idx").on(t.companyId)],
);

/** Which companies a user belongs to (client users see only these companies' data). */
export const companyMemberships = pgTable(
  "company_memberships",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index("company_memberships_company_idx").on(t.companyId)],
);

/**
 * Farms an admin picked for a member (contract business.ts): a member with picks in a company sees
 * only those farms of it; without, every farm of their companies.
 */
export const userFarms = pgTable(
  "user_farms",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    farmId: integer("farm_id")
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.farmId] }), index("user_farms_farm_idx").on(t.farmId)],
);

/** User databases (spec §3): a company's herd, monitoring and accounting databases, registered by admins. */
export const userDatabases = pgTable(
  "user_databases",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    /** A farm of the same company, or null for the whole company. */
    farmId: integer("farm_id").references(() => farms.id, { onDelete: "restrict" }),
    name: varchar("name", { length: 255 }).notNull(),
    server: varchar("server", { length: 255 }).notNull(),
    dbName: varchar("db_name", { length: 255 }).notNull(),
    active: boolean("active").notNull().default(true),
    /** What it holds (contract users.ts); the menus offer its pages by this. */
    kind: varchar("kind", { length: 16 }).$type<DatabaseKind>().notNull().default("herd"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_databases_server_db_idx").on(t.server, t.dbName),
    index("user_databases_company_idx").on(t.companyId),
    index("user_databases_farm_idx").on(t.farmId),
    check("user_databases_kind", sql.raw(`kind in (${DATABASE_KINDS.map((kind) => `'${kind}'`).join(", ")})`)),
  ],
);

/** Which databases a user is given (they must be a member of the database's company). */
export const userDatabaseAccess = pgTable(
  "user_database_access",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    databaseId: integer("database_id")
      .notNull()
      .references(() => userDatabases.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.databaseId] }),
    index("user_database_access_database_idx").on(t.databaseId),
  ],
);

/**
 * DTM entries (spec §3: uuid, company_code): the codes under which a company's data transfers are
 * made (DOMAIN.md "DTM module"), registered by admins. A code is unique within its company only;
 * the unique index also serves lookups by company (its first column).
 */
export const dtmEntries = pgTable(
  "dtm_entries",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    companyCode: text("company_code").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("dtm_entries_company_code_idx").on(t.companyId, t.companyCode)],
);

/** Which DTM entries a user is given (they must be a member of the entry's company). */
export const userDtmAccess = pgTable(
  "user_dtm_access",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dtmEntryId: integer("dtm_entry_id")
      .notNull()
      .references(() => dtmEntries.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dtmEntryId] }), index("user_dtm_access_entry_idx").on(t.dtmEntryId)],
);
