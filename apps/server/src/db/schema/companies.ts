import { boolean, index, integer, pgTable, primaryKey, serial, uuid, varchar } from "drizzle-orm/pg-core";
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
