import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";

// ---- What the herd of a database was when the preview counted: to know whether it still is ----
//
// Herd tables are written only by commits of uploads and by the demo loader (into an empty
// database), both under lockHerdWrites. Commits only ever add to the committed uploads, and the
// loader adds animals: so while both numbers are the same, the herd is as the preview saw it.

/** "<committed uploads>:<animals>" of the database, as the caller's snapshot sees them. */
export async function herdBasis(db: Db, databaseId: number): Promise<string> {
  const [row] = await queryRows<{ basis: string }>(
    db,
    sql`select (select count(*) from herd_uploads where database_id = ${databaseId}::int and status = 'committed')
          || ':' || (select count(*) from herd_animals where database_id = ${databaseId}::int) as basis`,
  );
  if (!row) throw new Error("the basis query answers one row");
  return row.basis;
}

/**
 * Runs `count` (one statement, so one snapshot) between two readings of the basis: the basis when
 * both agree (nothing was committed meanwhile, so the count saw that herd), else null. `count` is
 * told the first reading (a herd without animals then, and still so, has none to match).
 */
export async function countedOnBasis<T>(db: Db, databaseId: number, count: (before: string) => Promise<T>) {
  const before = await herdBasis(db, databaseId);
  const result = await count(before);
  const after = await herdBasis(db, databaseId);
  return { result, basis: before === after ? before : null };
}

/** The basis says the herd had no animals. */
export const basisHerdEmpty = (basis: string): boolean => basis.endsWith(":0");
