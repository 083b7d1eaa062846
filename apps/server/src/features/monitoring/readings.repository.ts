import { and, eq, type SQL, sql } from "drizzle-orm";
import { arrayLiteral } from "../../db/array-literal.ts";
import type { Db } from "../../db/client.ts";
import { monitoringSeries } from "../../db/schema/index.ts";
import { violatedUniqueIndex } from "../../platform/unique-violation.ts";
import type { NumericReading, SeriesForIngest, StateReadingRow } from "./reading-rows.ts";

// The writes of an ingestion batch: set-based, the batch passed as a few parameters (the same on
// PGlite and PostgreSQL, and one statement whatever the batch's size).

/** The series of this database among `ids` (a batch naming another database's series finds nothing). */
export async function seriesForIngest(db: Pick<Db, "select">, databaseId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, SeriesForIngest>();
  const rows = await db
    .select({
      id: monitoringSeries.id,
      kind: monitoringSeries.kind,
      name: monitoringSeries.name,
      states: monitoringSeries.states,
    })
    .from(monitoringSeries)
    // One array parameter: a hundred ids as a hundred parameters took half as long again to plan.
    .where(
      and(
        eq(monitoringSeries.databaseId, databaseId),
        sql`${monitoringSeries.id} = any(${arrayLiteral(ids)}::bigint[])`,
      ),
    );
  return new Map<number, SeriesForIngest>(rows.map((r) => [r.id, r]));
}

/** Every series of a database, as a gateway configures itself by them (contract ingestSeriesRoute). */
export async function seriesOfDatabase(db: Pick<Db, "select">, databaseId: number) {
  const rows = await db
    .select({
      id: monitoringSeries.id,
      kind: monitoringSeries.kind,
      name: monitoringSeries.name,
      unit: monitoringSeries.unit,
      low: monitoringSeries.low,
      high: monitoringSeries.high,
      states: monitoringSeries.states,
    })
    .from(monitoringSeries)
    .where(eq(monitoringSeries.databaseId, databaseId))
    .orderBy(monitoringSeries.id);
  return rows.map((r) => ({ ...r, states: r.states?.map((s) => ({ code: s.code, name: s.name })) ?? null }));
}

/**
 * Writes numeric readings; one that names a series and ts already stored replaces its value (a
 * device resending a batch, or correcting a reading, leaves one row). Expects one reading per
 * series and ts (lastPerInstant), as an upsert may not meet the same row twice.
 */
export async function upsertNumericReadings(
  tx: Pick<Db, "execute">,
  databaseId: number,
  numbers: readonly NumericReading[],
): Promise<void> {
  if (numbers.length === 0) return;
  // Three arrays (parsed by PostgreSQL a column at a time), not a JSON document of objects.
  const rows = sql`
    select ${databaseId}::int, x.s, x.t, x.v
    from unnest(${arrayLiteral(numbers.map((r) => r.seriesId))}::bigint[],
      ${arrayLiteral(numbers.map((r) => r.ts))}::timestamptz[],
      ${arrayLiteral(numbers.map((r) => r.value))}::float8[]) as x(s, t, v)`;
  await insertElseUpsert(
    tx,
    sql`insert into monitoring_readings (database_id, series_id, ts, value) ${rows}`,
    sql`insert into monitoring_readings (database_id, series_id, ts, value) ${rows}
        on conflict (database_id, series_id, ts) do update set value = excluded.value`,
  );
}

/** Writes state channels' readings, a later one at a stored instant replacing it (as above). */
export async function upsertStateReadings(
  tx: Pick<Db, "execute">,
  databaseId: number,
  states: readonly StateReadingRow[],
): Promise<void> {
  if (states.length === 0) return;
  // Text of any kind: a JSON document (state channels send few rows; their changes only).
  await tx.execute(sql`
    insert into monitoring_state_readings (database_id, series_id, ts, state)
    select ${databaseId}::int, x.s, x.t, x.v
    from jsonb_to_recordset(${JSON.stringify(states)}::jsonb) as x(s bigint, t timestamptz, v text)
    on conflict (database_id, series_id, ts) do update set state = excluded.state`);
}

/**
 * Rows that are new, as readings almost always are (a gateway sends each reading once), go in by a
 * plain INSERT: an upsert checks each row against the key first, which took twice as long (10,000
 * readings: 46 ms against 25, a COPY of them 22). When one is already stored, the insert, inside
 * a savepoint, is undone whole and the rows are upserted.
 */
async function insertElseUpsert(tx: Pick<Db, "execute">, insert: SQL, upsert: SQL): Promise<void> {
  await tx.execute(sql`savepoint fresh_readings`);
  try {
    await tx.execute(insert);
  } catch (error) {
    if (violatedUniqueIndex(error) === undefined) throw error;
    await tx.execute(sql`rollback to savepoint fresh_readings`);
    await tx.execute(upsert);
    return;
  }
  await tx.execute(sql`release savepoint fresh_readings`);
}
