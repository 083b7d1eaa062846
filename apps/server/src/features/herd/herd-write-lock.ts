import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/**
 * The one writer of a herd database at a time, held to the end of the caller's transaction: the
 * demo loader and every upload's commit take it, so that a commit's counts (taken before its
 * writes) stay true while it writes, and two commits into one database never interleave.
 */
export async function lockHerdWrites(tx: Pick<Db, "execute">, databaseId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(74236602, ${databaseId}::int)`);
}
