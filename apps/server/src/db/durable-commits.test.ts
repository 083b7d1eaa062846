import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { testDbKind } from "../../test/test-database.ts";
import { openPostgres, queryRows } from "./client.ts";

// Crash safety (issue 7): the server's own connections commit synchronously even on a database
// whose default an operator turned off. Only PostgreSQL has the setting; the embedded run checks
// nothing here.

describe("commits of the server's connections", () => {
  it("are synchronous even when the database's default says otherwise", async () => {
    const base = process.env.TEST_DATABASE_URL;
    if (testDbKind !== "postgres" || !base) return;
    const name = `nadoy_async_${process.pid}_${process.env.VITEST_POOL_ID ?? "0"}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name} template template0`);
      await admin.query(`alter database ${name} set synchronous_commit = off`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      const other = new pg.Client({ connectionString: url.toString() });
      await other.connect();
      const plain = await other.query("show synchronous_commit");
      await other.end();
      const database = await openPostgres(url.toString(), 2);
      const [ours] = await queryRows<{ synchronous_commit: string }>(database.db, sql`show synchronous_commit`);
      await database.close();

      expect(plain.rows[0].synchronous_commit).toBe("off");
      expect(ours?.synchronous_commit).toBe("on");
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    // Creating a database waits for the other workers' own creations on a busy CI server.
  }, 90_000);
});
