import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsFolder } from "../paths.ts";
import * as schema from "./schema/index.ts";

/** One type for both drivers: features never know which one they run on. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = "pglite" | "postgres";

export interface Database {
  db: Db;
  kind: DbKind;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** The embedded database: a data folder, or memory when `dataDir` is undefined (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true }); // PGlite does not create parent folders
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

const MIGRATION_LOCK = 74_236_601;

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  // Every commit the server acknowledges is on disk first, whatever the server's or database's own
  // default: a user who saw «Сохранено» must never lose it to a power cut (scripts/crash-safety).
  // No JIT: the app's statements run for milliseconds, and a report's estimated cost (a join per
  // animal of a big herd) made PostgreSQL spend seconds compiling one (bench: report 5, 3 s of 3.1).
  // No parallel workers: a report already runs its statements side by side on the pool's
  // connections, and workers of each fought them for the same cores (bench: report 7's p95 179 →
  // 74 ms, report 2's 196 → 136 ms on 2 cores); many users at once are the server's parallelism.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: "-c synchronous_commit=on -c jit=off -c max_parallel_workers_per_gather=0",
  });
  // Fail fast on a wrong address instead of at the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    // Several instances may start at once: one migrates while the others wait on the lock.
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(`${opts.dataDir}/pglite`);
}

/** Raw SQL rows; both drivers answer `execute` with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * Raw SQL rows by a named prepared statement: parsed once per connection, and planned once when
 * PostgreSQL finds its generic plan no worse than the custom ones. Only for a hot statement of a
 * few fixed texts (every value a parameter) whose plan does not hang on its values: each text is
 * prepared, and kept, on each connection it runs on; the name is the text's hash, so two texts
 * never share one. (Reports 2 and 4 ran slower on generic plans: they stay unprepared.)
 */
export async function queryRowsPrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const name = `q_${createHash("sha1").update(built.sql).digest("base64url")}`;
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}
