import { PAGE_HIT_PATH_MAX } from "@nadoy/contract/constants";
import { bigserial, index, integer, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Route changes of signed-in users, for the admin area's usage reports. A deleted user's hits
 * stay, anonymous, so that past usage figures do not change.
 */
export const pageHits = pgTable(
  "page_hits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    path: varchar("path", { length: PAGE_HIT_PATH_MAX }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("page_hits_at_idx").on(t.at), index("page_hits_user_at_idx").on(t.userId, t.at)],
);
