import type { TransferKind, TransferResult } from "@nadoy/contract/dtm";
import type { KeyScope } from "@nadoy/contract/keys";
import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { companies, userDatabases } from "./companies.ts";
import { users } from "./users.ts";

// The key generator (contract keys.ts, issue 19) and the transfer log the keys write.

/**
 * A company's keygen workspace: one per company, named after it (the name is read from the
 * company). Migration 0023 adds one for every company and a trigger that adds one with each new
 * company, whichever code creates it.
 */
export const keygenWorkspaces = pgTable("keygen_workspaces", {
  id: serial("id").primaryKey(),
  uuid: uuid("uuid").notNull().unique().defaultRandom(),
  companyId: integer("company_id")
    .notNull()
    .unique()
    .references(() => companies.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A key: only the sha256 of its secret is kept (platform/auth/api-keys.ts says why that is enough).
 * The database must be of the workspace's company and of the scope's kind (checked when created).
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().unique().defaultRandom(),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => keygenWorkspaces.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    scope: varchar("scope", { length: 16 }).$type<KeyScope>().notNull(),
    databaseId: integer("database_id")
      .notNull()
      .references(() => userDatabases.id, { onDelete: "cascade" }),
    /** hex sha256 of the whole secret. */
    secretHash: varchar("secret_hash", { length: 64 }).notNull(),
    /** The secret's first characters, shown to tell keys apart. */
    hint: varchar("hint", { length: 16 }).notNull(),
    /** A DTM code of the company (dtm_entries.company_code) the transfers are filed under; the DTM module reads it. */
    dtmCode: text("dtm_code"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    lastUsedIp: varchar("last_used_ip", { length: 64 }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedById: integer("revoked_by_id").references(() => users.id, { onDelete: "set null" }),
    /** How often the key is expected to send, in minutes; none: never reported silent (platform/silent-sources.ts). */
    expectedIntervalMin: integer("expected_interval_min"),
    /** When the key was reported silent (its staff notified once); cleared by its next transfer. */
    silentSince: timestamp("silent_since", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_keys_secret_hash_idx").on(t.secretHash),
    index("api_keys_workspace_idx").on(t.workspaceId, t.createdAt),
    index("api_keys_database_idx").on(t.databaseId),
    check("api_keys_scope", sql`scope in ('ingest', 'herd_upload')`),
    check("api_keys_expected_interval", sql`expected_interval_min is null or expected_interval_min > 0`),
    // The silent-sources job reads only the keys with an expected interval that are still valid.
    index("api_keys_expected_idx").on(t.id).where(sql`expected_interval_min is not null and revoked_at is null`),
  ],
);

// Kinds and results (and what each result means): contract dtm.ts.
export { TRANSFER_KINDS, TRANSFER_RESULTS, type TransferKind, type TransferResult } from "@nadoy/contract/dtm";

/**
 * Every batch a key sent (DOMAIN.md "DTM module": when, what, result): the DTM log lists these by
 * the key's DTM code. Kept when the key is deleted with its database (key_id null then).
 */
export const dataTransfers = pgTable(
  "data_transfers",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    keyId: integer("key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    databaseId: integer("database_id").references(() => userDatabases.id, { onDelete: "set null" }),
    /** The key's DTM code when the batch came. */
    dtmCode: text("dtm_code"),
    kind: varchar("kind", { length: 16 }).$type<TransferKind>().notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    ip: varchar("ip", { length: 64 }),
    rowsReceived: integer("rows_received").notNull(),
    rowsAccepted: integer("rows_accepted").notNull(),
    rowsRejected: integer("rows_rejected").notNull(),
    /** The first refused rows, {index, message}[] (TRANSFER_LOG_ERRORS_KEPT at most). */
    firstErrors: jsonb("first_errors").$type<{ index: number; message: string }[]>().notNull().default([]),
    result: varchar("result", { length: 16 }).$type<TransferResult>().notNull(),
    /** A refused batch's answer: its status and message. */
    error: text("error"),
  },
  (t) => [
    index("data_transfers_key_idx").on(t.keyId, t.at),
    index("data_transfers_dtm_idx").on(t.dtmCode, t.at),
    // The DTM module's filters by kind and by result (by key: data_transfers_key_idx).
    index("data_transfers_dtm_kind_idx").on(t.dtmCode, t.kind, t.at),
    index("data_transfers_dtm_result_idx").on(t.dtmCode, t.result, t.at),
    index("data_transfers_database_idx").on(t.databaseId, t.at),
  ],
);
