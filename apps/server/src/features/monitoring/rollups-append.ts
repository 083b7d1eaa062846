import { sql } from "drizzle-orm";
import { arrayLiteral } from "../../db/array-literal.ts";
import type { Db } from "../../db/client.ts";
import { EMPTY_MAX, EMPTY_MIN, intervalBucketSql, intervalEnergySql } from "../../platform/rollups-rebuild.ts";
import type { NumericReading } from "./reading-rows.ts";

type Tx = Pick<Db, "execute">;

/** The latest stored reading of a series: its instant (ms, cut to the millisecond) and value. */
interface LastReading {
  ms: number;
  value: number;
}

/**
 * The series whose readings in this batch all come after their latest stored reading — what a
 * gateway sends nearly always — with that reading (null: the series has none yet). A series
 * qualifies only while its rollups end where its readings do (its latest hourly and daily buckets
 * are those of its latest reading, or it has none of either): rollups kept after their readings
 * were dropped (retention.ts) would otherwise meet the batch's buckets. Read under the database's
 * write lock, so no other batch adds a later reading meanwhile.
 */
export async function appendedSeries(
  tx: Tx,
  databaseId: number,
  readings: readonly NumericReading[],
): Promise<Map<number, LastReading | null>> {
  const appended = new Map<number, LastReading | null>();
  if (readings.length === 0) return appended;
  const earliest = new Map<number, number>();
  for (const r of readings) {
    const seen = earliest.get(r.seriesId);
    if (seen === undefined || r.ms < seen) earliest.set(r.seriesId, r.ms);
  }
  const ends = await rollupEnds(tx, databaseId, [...earliest.keys()]);
  const rolled = ends.filter((e) => e.hour !== null && e.day !== null);
  const fresh = ends.filter((e) => e.hour === null && e.day === null).map((e) => e.series_id);
  for (const row of await latestInStep(tx, databaseId, rolled)) {
    if ((earliest.get(row.series_id) as number) > row.ms) appended.set(row.series_id, { ms: row.ms, value: row.value });
  }
  for (const id of await withoutReadings(tx, databaseId, fresh)) appended.set(id, null);
  return appended;
}

/** Each series' site zone and latest hourly and daily rollup buckets (ISO; null: none), by an index probe backwards each. */
async function rollupEnds(tx: Tx, databaseId: number, seriesIds: readonly number[]) {
  const id = sql`${databaseId}::int`;
  const { rows } = (await tx.execute(sql`
    select l.s::float8 as series_id, site.time_zone as tz, to_json(h.bucket)#>>'{}' as hour, to_json(d.bucket)#>>'{}' as day
    from unnest(${arrayLiteral(seriesIds)}::bigint[]) as l(s)
    join monitoring_series s on s.database_id = ${id} and s.id = l.s
    join monitoring_sites site on site.database_id = ${id} and site.id = s.site_id
    left join lateral (
      select h.bucket from monitoring_rollups h
      where h.database_id = ${id} and h.series_id = l.s and h.grain = 'hour' order by h.bucket desc limit 1
    ) h on true
    left join lateral (
      select d.bucket from monitoring_rollups d
      where d.database_id = ${id} and d.series_id = l.s and d.grain = 'day' order by d.bucket desc limit 1
    ) d on true`)) as unknown as {
    rows: { series_id: number; tz: string; hour: string | null; day: string | null }[];
  };
  return rows;
}

/**
 * The latest reading of each series whose rollups end in its hour and day. Only a reading in the
 * latest hourly bucket or later can be in step, so each is looked up from there: the earliest of
 * those hours, a constant of the statement, lets the planner prune the readings' monthly
 * partitions before it (planning all of them, with a probe backwards through each, was most of a
 * small batch's time). floor: a time stored with microseconds is then not later than a reading of
 * the same millisecond.
 */
async function latestInStep(
  tx: Tx,
  databaseId: number,
  ends: readonly { series_id: number; tz: string; hour: string | null; day: string | null }[],
) {
  if (ends.length === 0) return [];
  const id = sql`${databaseId}::int`;
  const since = ends.reduce(
    (least, e) => (Date.parse(e.hour as string) < Date.parse(least) ? (e.hour as string) : least),
    ends[0]?.hour as string,
  );
  const { rows } = (await tx.execute(sql`
    select l.s::float8 as series_id, floor(extract(epoch from r.ts) * 1000)::float8 as ms, r.value
    from unnest(${arrayLiteral(ends.map((e) => e.series_id))}::bigint[], ${arrayLiteral(ends.map((e) => e.hour))}::timestamptz[],
      ${arrayLiteral(ends.map((e) => e.day))}::timestamptz[], ${arrayLiteral(ends.map((e) => e.tz))}::text[]) as l(s, h, d, tz)
    join lateral (
      select m.ts, m.value from monitoring_readings m
      where m.database_id = ${id} and m.series_id = l.s and m.ts >= l.h and m.ts >= ${since}::timestamptz
      order by m.ts desc limit 1
    ) r on true
    where l.h = date_trunc('hour', r.ts, l.tz) and l.d = date_trunc('day', r.ts, l.tz)`)) as unknown as {
    rows: { series_id: number; ms: number; value: number }[];
  };
  return rows;
}

/** Of series with no rollups, those with no reading either (new ones; a bulk load's before its rebuild has readings). */
async function withoutReadings(tx: Tx, databaseId: number, seriesIds: readonly number[]): Promise<number[]> {
  if (seriesIds.length === 0) return [];
  const { rows } = (await tx.execute(sql`
    select l.s::float8 as series_id from unnest(${arrayLiteral(seriesIds)}::bigint[]) as l(s)
    where not exists (select 1 from monitoring_readings m where m.database_id = ${databaseId}::int and m.series_id = l.s)`)) as unknown as {
    rows: { series_id: number }[];
  };
  return rows.map((r) => r.series_id);
}

/**
 * Writes readings that come after every stored reading of their series (appendedSeries), with
 * their hourly and daily rollups, in one statement and without reading any reading back: every
 * interval a new reading ends is new, and no stored interval changes (no reading follows the new
 * ones), so a bucket's figures are its stored ones plus the batch's. Only the hour and the day of
 * the latest stored reading can already be stored: those two are merged (count and sums added,
 * min and max of both); later hours are inserted, days (a few hundred a batch) upserted. Same figures as refreshRollups
 * (rollups.ts), whose rules this follows: the local hours and days of the site's zone, and an
 * interval's kWh in the bucket that holds its end. So the batch's first reading of a meter, read
 * on the hour, brings its figures to a new hour and its interval's kWh to the stored latest hour
 * (and day): that hour's part of the batch is then kWh alone (count 0, EMPTY_MIN), merged exactly.
 */
export async function appendReadings(
  tx: Tx,
  databaseId: number,
  readings: readonly NumericReading[],
  appended: ReadonlyMap<number, LastReading | null>,
): Promise<void> {
  if (readings.length === 0) return;
  const ordered = [...readings].sort((a, b) => a.seriesId - b.seriesId || a.ms - b.ms);
  // Each reading with the value before it in its series (the interval it ends): the batch's
  // previous one, or for the first the latest stored; null for a series' very first reading.
  const prev: (number | null)[] = [];
  ordered.forEach((r, i) => {
    const before = ordered[i - 1];
    prev.push(before?.seriesId === r.seriesId ? before.value : (appended.get(r.seriesId)?.value ?? null));
  });
  const lastSeries = [...appended.keys()];
  const lastTimes = lastSeries.map((s) => {
    const last = appended.get(s);
    return last ? new Date(last.ms).toISOString() : null;
  });
  const id = sql`${databaseId}::int`;
  await tx.execute(sql`
    with b as (
      select b.s as series_id, b.t as ts, b.v as value, b.p as prev
      from unnest(${arrayLiteral(ordered.map((r) => r.seriesId))}::bigint[],
        ${arrayLiteral(ordered.map((r) => r.ts))}::timestamptz[],
        ${arrayLiteral(ordered.map((r) => r.value))}::float8[], ${arrayLiteral(prev)}::float8[]) as b(s, t, v, p)
    ),
    readings_inserted as (
      insert into monitoring_readings (database_id, series_id, ts, value) select ${id}, series_id, ts, value from b
    ),
    info as (
      -- Per series: its zone and kind, and the local hour of its latest stored reading.
      select l.s as series_id, site.time_zone as tz, s.kind = 'energy' as is_energy, s.rollover,
        date_trunc('hour', l.t, site.time_zone) as last_hour
      from unnest(${arrayLiteral(lastSeries)}::bigint[], ${arrayLiteral(lastTimes)}::timestamptz[]) as l(s, t)
      join monitoring_series s on s.database_id = ${id} and s.id = l.s
      join monitoring_sites site on site.database_id = ${id} and site.id = s.site_id
    ),
    parts as (
      -- A reading's figures in its own hour (an energy series' with 0 kWh), the interval it ends in
      -- the hour that holds that interval's end (rollups.ts).
      select b.series_id, date_trunc('hour', b.ts, i.tz) as bucket, 1 as n, b.value,
        case when i.is_energy then 0::float8 end as kwh
      from b join info i on i.series_id = b.series_id
      union all
      select b.series_id, ${intervalBucketSql("hour", sql`b.ts`, sql`i.tz`)}, 0, null,
        ${intervalEnergySql(sql`b.prev`, sql`b.value`, sql`i.rollover`)}
      from b join info i on i.series_id = b.series_id
      where i.is_energy and b.prev is not null
    ),
    hours_new as (
      select p.series_id, p.bucket, i.tz, i.last_hour, sum(p.n)::int as count,
        coalesce(min(p.value), ${EMPTY_MIN}) as lo, coalesce(max(p.value), ${EMPTY_MAX}) as hi,
        coalesce(sum(p.value), 0) as total, sum(p.kwh) as kwh
      from parts p join info i on i.series_id = p.series_id
      group by p.series_id, i.tz, i.last_hour, p.bucket
    ),
    hours_inserted as (
      insert into monitoring_rollups (database_id, series_id, grain, bucket, count, min, max, sum, kwh)
      select ${id}, series_id, 'hour', bucket, count, lo, hi, total, kwh from hours_new
      where last_hour is null or bucket <> last_hour
    ),
    hours_merged as (
      insert into monitoring_rollups as h (database_id, series_id, grain, bucket, count, min, max, sum, kwh)
      select ${id}, series_id, 'hour', bucket, count, lo, hi, total, kwh from hours_new where bucket = last_hour
      on conflict (database_id, series_id, grain, bucket) do update set ${merged}
    )
    insert into monitoring_rollups as h (database_id, series_id, grain, bucket, count, min, max, sum, kwh)
    select ${id}, series_id, 'day', date_trunc('day', bucket, tz), sum(count)::int, min(lo), max(hi), sum(total), sum(kwh)
    from hours_new
    group by series_id, tz, date_trunc('day', bucket, tz)
    on conflict (database_id, series_id, grain, bucket) do update set ${merged}`);
}

/** A stored bucket (h) and the batch's part of it (excluded) made one (a part of kWh alone: ±∞ and 0 change nothing). */
const merged = sql.raw(`count = h.count + excluded.count, min = least(h.min, excluded.min),
  max = greatest(h.max, excluded.max), sum = h.sum + excluded.sum,
  kwh = case when h.kwh is null and excluded.kwh is null then null else coalesce(h.kwh, 0) + coalesce(excluded.kwh, 0) end`);
