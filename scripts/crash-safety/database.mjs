// The crash test's PostgreSQL: CRASH_DATABASE_URL as given, or a fresh database `crash_<pid>` made on
// the server of TEST_DATABASE_URL / DATABASE_URL (dropped again by `drop`, also after a failure).
import pg from "pg";

/** The URL to start from and whether the database is ours to create and drop; undefined = none. */
export function pickDatabase(env = process.env) {
  if (env.CRASH_DATABASE_URL) return { url: env.CRASH_DATABASE_URL, own: false };
  const base = env.TEST_DATABASE_URL || env.DATABASE_URL;
  if (!base) return undefined;
  return { url: base, own: true };
}

const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

/**
 * Creates `name` on the server of `baseUrl` (connecting to the database the URL names) and
 * returns its URL and a `drop()` that removes it (connections of a killed server are ended first).
 */
export async function createDatabase(baseUrl, name) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export function openPool(url) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  // A connection the server ends while it is idle in the pool is an 'error' of the pool: at
  // clean-up, pool.end() resolves before its connections have closed, and DROP DATABASE … WITH
  // (FORCE) ended one of them — unhandled, that ended the script with a stack trace and exit 1
  // after every check had passed. The pool drops such a connection by itself; a later query opens
  // another.
  pool.on("error", () => {});
  return pool;
}
