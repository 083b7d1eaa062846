import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";

/**
 * Memory for each sort and hash of an upload's statements, to the end of the caller's transaction:
 * a file's million staged lines are sorted by animal (DISTINCT ON, GROUP BY) several times, on disk
 * with the default 4 MB. Only the preview and the commit of an upload ask for it, one at a time per
 * herd (lockHerdWrites), so the server's memory is not multiplied by every connection.
 */
export async function uploadWorkMem(tx: Pick<Db, "execute">): Promise<void> {
  await tx.execute(sql`set local work_mem = '64MB'`);
  // The statements' estimated costs (a million lines) start JIT compilation with inlining and
  // optimisation: seconds of compiling per statement for sorts and joins that gain little from it.
  await tx.execute(sql`set local jit = off`);
}
