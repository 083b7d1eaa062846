import { sql } from "drizzle-orm";
import type { Db } from "../src/db/client.ts";
import { queryRows } from "../src/db/client.ts";

/** Rows per table, for asserting that a refused request wrote nothing anywhere. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await queryRows<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const union = tables
    .map(({ tablename }) => `select '${tablename}' as name, count(*)::int as n from "${tablename}"`)
    .join(" union all ");
  const rows = await queryRows<{ name: string; n: number }>(db, sql.raw(union));
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}
