// The database of one benchmark run. PostgreSQL: a database `bench_<pid>` of its own on the given
// server (which CI shares), dropped at the end. PGlite: the app's own data folder, nothing to create.
import pg from "pg";
import { serverUrl } from "./options.ts";

export interface BenchDatabase {
  kind: "postgres" | "pglite";
  /** The app's DATABASE_URL on PostgreSQL; undefined on PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}

async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function benchDatabase(): Promise<BenchDatabase> {
  const server = serverUrl;
  if (!server) return { kind: "pglite", url: undefined, drop: async () => undefined };
  const name = `bench_${process.pid}`;
  await admin(server, async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
  const target = new URL(server);
  target.pathname = `/${name}`;
  return {
    kind: "postgres",
    url: target.toString(),
    drop: () => admin(server, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
