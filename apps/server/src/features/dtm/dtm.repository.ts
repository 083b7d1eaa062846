import type { TransferKind, TransferResult } from "@nadoy/contract/dtm";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { companies, dtmEntries } from "../../db/schema/index.ts";
import { dtmVisibleTo } from "../../platform/access/dtm.ts";
import type { AccessCaller } from "../../platform/access/farms-databases.ts";

// All SQL of the DTM module (contract dtm.ts). An entry's transfers: data_transfers under its code
// whose key is of a workspace of its company (a code is unique per company only). Every filter
// runs on an index: (dtm_code, at), (dtm_code, kind, at), (dtm_code, result, at), (key_id, at).

export interface EntryRow {
  id: number;
  uuid: string;
  companyId: number;
  companyCode: string;
  companyName: string;
}

/** The entry `uuid` if the caller sees it (platform/access/dtm.ts). */
export async function findEntry(db: Db, caller: AccessCaller, uuid: string): Promise<EntryRow | undefined> {
  const [row] = await db
    .select({
      id: dtmEntries.id,
      uuid: dtmEntries.uuid,
      companyId: dtmEntries.companyId,
      companyCode: dtmEntries.companyCode,
      companyName: companies.name,
    })
    .from(dtmEntries)
    .innerJoin(companies, eq(companies.id, dtmEntries.companyId))
    .where(and(eq(dtmEntries.uuid, uuid), dtmVisibleTo(caller)));
  return row;
}

export interface TransferFilter {
  companyId: number;
  code: string;
  /** Inclusive ISO days in Europe/Moscow. */
  from: string;
  to: string;
  kind?: TransferKind;
  result?: TransferResult;
  keyUuid?: string;
}

const moscowStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/Moscow'`;
const moscowEnd = (day: string) => sql`(${day}::date + 1)::timestamp at time zone 'Europe/Moscow'`;

/** FROM and WHERE of the filter's transfers, `t` the transfer, `k` its key. */
function transfersOf(f: TransferFilter): SQL {
  const conditions = [
    sql`t.dtm_code = ${f.code}`,
    sql`t.at >= ${moscowStart(f.from)}`,
    sql`t.at < ${moscowEnd(f.to)}`,
    sql`w.company_id = ${f.companyId}`,
  ];
  if (f.kind) conditions.push(sql`t.kind = ${f.kind}`);
  if (f.result) conditions.push(sql`t.result = ${f.result}`);
  if (f.keyUuid) conditions.push(sql`k.uuid = ${f.keyUuid}`);
  return sql`from data_transfers t
    join api_keys k on k.id = t.key_id
    join keygen_workspaces w on w.id = k.workspace_id
    where ${sql.join(conditions, sql` and `)}`;
}

export async function countTransfers(db: Db, f: TransferFilter): Promise<number> {
  const [row] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total ${transfersOf(f)}`);
  return Number(row?.total ?? 0);
}

export interface TransferRow {
  id: number;
  at: Date | string;
  /** `at` as text: exact to the microsecond, for the export's cursor (a Date keeps milliseconds). */
  at_cursor: string;
  key_uuid: string;
  key_name: string;
  key_hint: string;
  ip: string | null;
  kind: TransferKind;
  database_name: string | null;
  rows_received: number;
  rows_accepted: number;
  rows_rejected: number;
  result: TransferResult;
  first_errors: { index: number; message: string }[] | string;
  error: string | null;
}

const transferColumns = sql`select t.id, t.at, t.at::text as at_cursor, k.uuid as key_uuid, k.name as key_name, k.hint as key_hint, t.ip, t.kind,
    d.name as database_name, t.rows_received, t.rows_accepted, t.rows_rejected, t.result, t.first_errors, t.error`;

/** Newest first, `limit` from `offset`. */
export function transfers(db: Db, f: TransferFilter, limit: number, offset: number): Promise<TransferRow[]> {
  return queryRows<TransferRow>(
    db,
    sql`${transferColumns} from (select t.* ${transfersOf(f)} order by t.at desc, t.id desc limit ${limit} offset ${offset}) t
      join api_keys k on k.id = t.key_id
      left join user_databases d on d.id = t.database_id
      order by t.at desc, t.id desc`,
  );
}

/**
 * The filter's transfers newest first, `batchSize` per query (keyset on (at, id)), `max` at most:
 * the XLSX reads the next batch only once the client took the previous one.
 */
export async function* transferBatches(
  db: Db,
  f: TransferFilter,
  batchSize: number,
  max: number,
): AsyncGenerator<TransferRow[]> {
  let after: { at: string; id: number } | null = null;
  let left = max;
  while (left > 0) {
    const limit = Math.min(batchSize, left);
    const cursor: SQL = after ? sql`and (t.at, t.id) < (${after.at}::timestamptz, ${after.id})` : sql``;
    const rows: TransferRow[] = await queryRows<TransferRow>(
      db,
      sql`${transferColumns} from (select t.* ${transfersOf(f)} ${cursor} order by t.at desc, t.id desc limit ${limit}) t
        join api_keys k on k.id = t.key_id
        left join user_databases d on d.id = t.database_id
        order by t.at desc, t.id desc`,
    );
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (rows.length < limit || !last) return;
    left -= rows.length;
    after = { at: last.at_cursor, id: Number(last.id) };
  }
}

export interface DayRow {
  day: string;
  ok: number;
  partial: number;
  failed: number;
  refused: number;
}

/** Every day of the period, oldest first, transfers counted by result (zeros for quiet days). */
export async function perDay(db: Db, f: TransferFilter): Promise<DayRow[]> {
  const rows = await queryRows<DayRow>(
    db,
    sql`select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(c.ok, 0)::int as ok, coalesce(c.partial, 0)::int as partial,
          coalesce(c.failed, 0)::int as failed, coalesce(c.refused, 0)::int as refused
        from generate_series(${f.from}::date, ${f.to}::date, interval '1 day') as d(day)
        left join (
          select (t.at at time zone 'Europe/Moscow')::date as day,
            count(*) filter (where t.result = 'ok') as ok,
            count(*) filter (where t.result = 'partial') as partial,
            count(*) filter (where t.result = 'failed') as failed,
            count(*) filter (where t.result = 'refused') as refused
          ${transfersOf(f)} group by 1
        ) c on c.day = d.day::date
        order by d.day`,
  );
  return rows.map((r) => ({
    day: r.day,
    ok: Number(r.ok),
    partial: Number(r.partial),
    failed: Number(r.failed),
    refused: Number(r.refused),
  }));
}

/** The company's keys bound to the code, by name. */
export function entryKeys(db: Db, companyId: number, code: string) {
  return queryRows<{ uuid: string; name: string; hint: string }>(
    db,
    sql`select k.uuid, k.name, k.hint from api_keys k join keygen_workspaces w on w.id = k.workspace_id
        where w.company_id = ${companyId} and k.dtm_code = ${code} order by k.name, k.id`,
  );
}
