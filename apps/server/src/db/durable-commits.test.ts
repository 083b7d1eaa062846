import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { testDbKind } from "../../test/test-database.ts";
import { openPostgres, queryRows } from "./client.ts";

// Crash safety (issue 7): the server's own connections commit synchronously even when an operator
// turned the default off. Only PostgreSQL has the setting; the embedded run checks nothing here.
// The default is turned off for a role of the test's own (a database of its own was the first
// way: its DROP DATABASE waits for a checkpoint, which took over 90 s on a busy CI server).

describe("commits of the server's connections", () => {
  it("are synchronous even when the default says otherwise", async () => {
    const base = process.env.TEST_DATABASE_URL;
    if (testDbKind !== "postgres" || !base) return;
    const role = `nadoy_async_${process.pid}_${process.env.VITEST_POOL_ID ?? "0"}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query(`drop role if exists ${role}`);
      await admin.query(`create role ${role} login`);
      await admin.query(`alter role ${role} set synchronous_commit = off`);
      const url = new URL(base);
      url.username = role;
      url.password = "";
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
      await admin.query(`drop role if exists ${role}`);
      await admin.end();
    }
  });
});
