import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { monitoringSeries } from "../../db/schema/index.ts";
import type { GoodReading, SeriesForIngest } from "./reading-rows.ts";

// The writes of an ingestion batch: set-based, the batch passed as one JSON parameter (the same
// on PGlite and PostgreSQL, and one statement whatever the batch's size).

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
    .where(and(eq(monitoringSeries.databaseId, databaseId), inArray(monitoringSeries.id, [...ids])));
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
 * Writes the readings; one that names a series and ts already stored replaces its value (a device
 * resending a batch, or correcting a reading, leaves one row). Expects one reading per series and
 * ts (lastPerInstant), as an upsert may not meet the same row twice.
 */
export async function upsertReadings(tx: Pick<Db, "execute">, databaseId: number, readings: readonly GoodReading[]) {
  const numbers = readings.flatMap((r) => (r.kind === "number" ? [{ s: r.seriesId, t: r.ts, v: r.value }] : []));
  const states = readings.flatMap((r) => (r.kind === "state" ? [{ s: r.seriesId, t: r.ts, v: r.state }] : []));
  if (numbers.length > 0) {
    await tx.execute(sql`
      insert into monitoring_readings (database_id, series_id, ts, value)
      select ${databaseId}::int, x.s, x.t, x.v
      from jsonb_to_recordset(${JSON.stringify(numbers)}::jsonb) as x(s bigint, t timestamptz, v double precision)
      on conflict (database_id, series_id, ts) do update set value = excluded.value`);
  }
  if (states.length > 0) {
    await tx.execute(sql`
      insert into monitoring_state_readings (database_id, series_id, ts, state)
      select ${databaseId}::int, x.s, x.t, x.v
      from jsonb_to_recordset(${JSON.stringify(states)}::jsonb) as x(s bigint, t timestamptz, v text)
      on conflict (database_id, series_id, ts) do update set state = excluded.state`);
  }
  return numbers.map((n) => ({ seriesId: n.s, ts: n.t }));
}
