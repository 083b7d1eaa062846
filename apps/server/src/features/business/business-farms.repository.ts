import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { farms, userDatabases, userFarms } from "../../db/schema/index.ts";

// The SQL of farms (contract business.ts): a company's farm by uuid, names, the members picked for
// it (user_farms) and whether databases are tied to it.

export interface FarmRecord {
  id: number;
  companyId: number;
}

export async function findFarm(db: Db, uuid: string): Promise<FarmRecord | undefined> {
  const [row] = await db.select({ id: farms.id, companyId: farms.companyId }).from(farms).where(eq(farms.uuid, uuid));
  return row;
}

/** Locks the farm until the transaction ends; undefined when it is gone. */
export async function lockFarm(tx: Db, id: number): Promise<FarmRecord | undefined> {
  const [row] = await tx
    .select({ id: farms.id, companyId: farms.companyId })
    .from(farms)
    .where(eq(farms.id, id))
    .for("update");
  return row;
}

/** Whether another farm of the company (any but `exceptId`) has this name, in any letter case. */
export async function farmNameTaken(db: Db, companyId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: farms.id })
    .from(farms)
    .where(
      and(
        eq(farms.companyId, companyId),
        eq(sql`lower(${farms.name})`, name.toLowerCase()),
        exceptId === undefined ? undefined : ne(farms.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface FarmValues {
  name?: string;
  useGenetic?: boolean;
  timezone?: string;
}

export async function insertFarm(tx: Db, values: FarmValues & { companyId: number; name: string }): Promise<number> {
  const [row] = await tx.insert(farms).values(values).returning({ id: farms.id });
  if (!row) throw new Error("farm insert returned nothing");
  return row.id;
}

export async function updateFarm(tx: Db, id: number, values: FarmValues): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await tx.update(farms).set(values).where(eq(farms.id, id));
}

/** Its farm picks go with it (foreign key); databases must be tied elsewhere first. */
export async function deleteFarm(tx: Db, id: number): Promise<void> {
  await tx.delete(farms).where(eq(farms.id, id));
}

export async function farmDatabaseCount(db: Db, farmId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userDatabases).where(eq(userDatabases.farmId, farmId));
  return Number(row?.n ?? 0);
}

/** Makes `userIds` the members picked for this farm. */
export async function replaceFarmPicks(tx: Db, farmId: number, userIds: number[]): Promise<void> {
  const current = await tx.select({ userId: userFarms.userId }).from(userFarms).where(eq(userFarms.farmId, farmId));
  const wanted = new Set(userIds);
  const leaving = current.map((r) => r.userId).filter((id) => !wanted.has(id));
  const joining = [...wanted].filter((id) => !current.some((r) => r.userId === id));
  if (leaving.length > 0) {
    await tx.delete(userFarms).where(and(eq(userFarms.farmId, farmId), inArray(userFarms.userId, leaving)));
  }
  if (joining.length > 0) await tx.insert(userFarms).values(joining.map((userId) => ({ userId, farmId })));
}
