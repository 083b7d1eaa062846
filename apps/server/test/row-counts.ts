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

/**
 * Each table's row count and a digest of its contents (order-free): unlike `rowCounts` it also sees
 * an UPDATE, or an insert and a delete that cancel out. For the fuzzer's "a refusal writes nothing".
 */
export async function tableFingerprints(
  db: Db,
  options: { countOnly?: readonly string[] } = {},
): Promise<Record<string, string>> {
  const tables = await queryRows<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const union = tables
    .map(({ tablename }) =>
      options.countOnly?.includes(tablename)
        ? `select '${tablename}' as name, count(*)::text as fingerprint from "${tablename}" t`
        : `select '${tablename}' as name, count(*) || ':' || ` +
          `coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as fingerprint from "${tablename}" t`,
    )
    .join(" union all ");
  const rows = await queryRows<{ name: string; fingerprint: string }>(db, sql.raw(union));
  return Object.fromEntries(rows.map((r) => [r.name, r.fingerprint]));
}
