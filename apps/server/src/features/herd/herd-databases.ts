import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { userDatabases } from "../../db/schema/index.ts";
import { type AccessCaller, databaseVisibleTo } from "../../platform/access/farms-databases.ts";

/** Ids of the herd databases the caller may read (herd-access.ts's rule for each of them). */
export async function readableHerdDatabaseIds(db: Db, caller: AccessCaller): Promise<number[]> {
  const rows = await db
    .select({ id: userDatabases.id })
    .from(userDatabases)
    .where(and(eq(userDatabases.kind, "herd"), databaseVisibleTo(caller)));
  return rows.map((r) => r.id);
}
