import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, openPglite, openPostgres, queryRows } from "../src/db/client.ts";
import { ensureReferenceData } from "../src/db/seed/reference.ts";

export const testDbKind = process.env.NADOY_TEST_DB === "postgres" ? "postgres" : "pglite";

let shared: Promise<Database> | undefined;

/**
 * One migrated database per test worker (a new PGlite costs seconds): in memory for PGlite, a
 * database of its own per worker on the PostgreSQL of TEST_DATABASE_URL.
 */
export function workerDatabase(): Promise<Database> {
  shared ??= open();
  return shared;
}

async function open(): Promise<Database> {
  if (testDbKind === "pglite") {
    const database = await openPglite(undefined);
    await database.migrate();
    return database;
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("NADOY_TEST_DB=postgres needs TEST_DATABASE_URL");
  // NADOY_TEST_DB_PREFIX lets a second run (a long `npm run fuzz`) share the server with CI's.
  const prefix = process.env.NADOY_TEST_DB_PREFIX ?? "nadoy_test";
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) throw new Error("NADOY_TEST_DB_PREFIX: lowercase letters, digits, _");
  const name = `${prefix}_${process.env.VITEST_POOL_ID ?? "0"}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  await database.migrate();
  return database;
}

/**
 * Empties every table but the migrations' own, then writes the reference data back. Sequences go
 * on counting, as in production: ids are never reused, so per-user state that outlives a test
 * (rate-limit counters of the app) never meets a new user who got an old id.
 * DELETE with the triggers off (session_replication_role = replica: no foreign-key checks, no facts
 * triggers), in one statement: TRUNCATE of every table took 450 ms a reset on PostgreSQL and gave
 * each table and index new files, half a million of them in a CI run for checkpoints to sync.
 */
export async function resetDatabase(database: Database): Promise<void> {
  const rows = await queryRows<{ tablename: string }>(
    database.db,
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const deletes = rows.map((r) => `delete from "${r.tablename}";`).join(" ");
  if (deletes) {
    await database.db.execute(sql.raw(`do $$ begin set local session_replication_role = replica; ${deletes} end $$`));
  }
  await ensureReferenceData(database.db);
}
