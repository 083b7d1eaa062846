import { index, integer, pgTable, serial, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * One sign-in = one family of refresh tokens. Access tokens carry the family id, so revoking the
 * family (logout, reuse detected, password reset) refuses its access tokens at once.
 */
export const refreshTokenFamilies = pgTable(
  "refresh_token_families",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: varchar("revoked_reason", { length: 32 }),
  },
  (t) => [index("refresh_token_families_user_idx").on(t.userId)],
);

/** Each refresh token is used once: `usedAt` set on rotation; a second use revokes the family. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => refreshTokenFamilies.id, { onDelete: "cascade" }),
    /** sha256 of the secret part; the secret itself is never stored. */
    secretHash: varchar("secret_hash", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.familyId)],
);

/** Links mailed to users: registration confirmation, password reset, email change. Stored hashed. */
export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 32 }).notNull(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    /** email_change: the new address the link was mailed to; it becomes the user's when followed. */
    email: varchar("email", { length: 254 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("one_time_tokens_user_kind_idx").on(t.userId, t.kind)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    action: varchar("action", { length: 64 }).notNull(),
    ip: varchar("ip", { length: 64 }),
    details: text("details"),
  },
  (t) => [index("audit_log_user_at_idx").on(t.userId, t.at), index("audit_log_action_at_idx").on(t.action, t.at)],
);
