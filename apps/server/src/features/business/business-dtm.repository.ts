import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dtmEntries } from "../../db/schema/index.ts";

// The SQL of DTM entries (contract business.ts): one by uuid, a code within its company, changes.
// Who an entry is assigned to is written by the admin user card (features/admin-users).

export const DTM_UNIQUE_INDEX = "dtm_entries_company_code_idx";

export interface DtmRecord {
  id: number;
  companyId: number;
}

export async function findDtm(db: Db, uuid: string): Promise<DtmRecord | undefined> {
  const [row] = await db
    .select({ id: dtmEntries.id, companyId: dtmEntries.companyId })
    .from(dtmEntries)
    .where(eq(dtmEntries.uuid, uuid));
  return row;
}

/** Locks the entry until the transaction ends; false when it is gone. */
export async function lockDtm(tx: Db, id: number): Promise<boolean> {
  const rows = await tx.select({ id: dtmEntries.id }).from(dtmEntries).where(eq(dtmEntries.id, id)).for("update");
  return rows.length > 0;
}

/** Whether another entry of the company (any but `exceptId`) has this code (the unique index). */
export async function codeTaken(db: Db, companyId: number, companyCode: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: dtmEntries.id })
    .from(dtmEntries)
    .where(
      and(
        eq(dtmEntries.companyId, companyId),
        eq(dtmEntries.companyCode, companyCode),
        exceptId === undefined ? undefined : ne(dtmEntries.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertDtm(tx: Db, companyId: number, companyCode: string): Promise<number> {
  const [row] = await tx.insert(dtmEntries).values({ companyId, companyCode }).returning({ id: dtmEntries.id });
  if (!row) throw new Error("DTM entry insert returned nothing");
  return row.id;
}

export async function recodeDtm(tx: Db, id: number, companyCode: string): Promise<void> {
  await tx.update(dtmEntries).set({ companyCode }).where(eq(dtmEntries.id, id));
}

/** Its assignments go with it (foreign key). */
export async function deleteDtm(tx: Db, id: number): Promise<void> {
  await tx.delete(dtmEntries).where(eq(dtmEntries.id, id));
}
