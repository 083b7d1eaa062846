import { and, eq, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { type MonitoringSeriesKind, monitoringSeries, monitoringSites } from "../../db/schema/index.ts";
import { intervalEnergySql } from "../../platform/rollups-rebuild.ts";
import { isoOf, type TimeInput, utcText } from "./state-time.ts";

// A numeric series (sensor, power, energy) for a chart: never more buckets than the chart is wide,
// each bucket with its min and max and their times (two points a bucket, so a peak survives).

/** Where the points come from: the readings themselves, or the hourly or daily rollups. */
export type PointSource = "raw" | "hour" | "day";

/**
 * A source is used when the range holds at most this many of its rows per pixel: raw readings
 * (counted, stopping at the limit) before hourly rollups (one a local hour), before daily ones.
 * At 800 px: up to 3,200 readings raw, up to 3,200 hours (about 133 days) hourly, daily beyond.
 */
export const ROWS_PER_PIXEL = 4;

/**
 * A chart's buckets as columns, the i-th bucket at index i of each (contract
 * monitoringPointsColumnsSchema). Times are epoch milliseconds; a bucket starts at a multiple of
 * stepSeconds of the site's wall clock since 1970.
 */
export interface PointColumns {
  t: number[];
  /** Readings in the bucket. */
  count: number[];
  min: number[];
  /** When the min was read (for a rollup source: the start of the hour or day that holds it). */
  minAt: number[];
  max: number[];
  maxAt: number[];
  avg: number[];
  /** Energy series: kWh of the intervals whose end is in the bucket (rollups.ts's rule); null otherwise. */
  kwh: (number | null)[];
}

/** The columns as JSON arrays PostgreSQL wrote: sent as they are (pre-serialized-json.ts), parsed where read. */
export type PointColumnsJson = { [K in keyof PointColumns]: string };

export interface SeriesPoints {
  kind: MonitoringSeriesKind;
  source: PointSource;
  stepSeconds: number;
  points: PointColumnsJson;
}

const GRAIN_SECONDS = { hour: 3600, day: 86_400 } as const;

/** Longer than any ragged edge of rangeStats (see there). */
const EDGE_MS = 3 * 3_600_000;

/** A numeric series of the database with what its statements need, or null (none, or a state channel). */
export async function numericSeries(db: Db, databaseId: number, seriesId: number) {
  const [series] = await db
    .select({
      kind: monitoringSeries.kind,
      low: monitoringSeries.low,
      high: monitoringSeries.high,
      rollover: monitoringSeries.rollover,
      timeZone: monitoringSites.timeZone,
    })
    .from(monitoringSeries)
    .innerJoin(
      monitoringSites,
      and(eq(monitoringSites.databaseId, monitoringSeries.databaseId), eq(monitoringSites.id, monitoringSeries.siteId)),
    )
    .where(and(eq(monitoringSeries.databaseId, databaseId), eq(monitoringSeries.id, seriesId)));
  return series && series.kind !== "state" ? series : null;
}

export type NumericSeries = NonNullable<Awaited<ReturnType<typeof numericSeries>>>;

/**
 * `known`: the series as numericSeries gave it for this database and id, when the caller looked
 * it up once for several statements (a chart asks five of one series): not looked up again.
 */
const seriesOf = (db: Db, databaseId: number, seriesId: number, known: NumericSeries | undefined) =>
  known ? Promise.resolve(known) : numericSeries(db, databaseId, seriesId);

/**
 * The bucket width: the range over widthPx − 1, rounded up to whole seconds (to whole hours or
 * days for a rollup source). Buckets are aligned to the epoch of the site's wall clock (a day
 * bucket starts at local midnight), not to `from`, so panning the range keeps them; a range of
 * length L then touches at most ceil(L / step) + 1 ≤ widthPx buckets (seriesPoints clamps the
 * rare extra one a daylight-saving hour could add).
 */
export function stepSecondsFor(rangeSeconds: number, widthPx: number, source: PointSource): number {
  const width = Math.max(2, Math.floor(widthPx));
  const grain = source === "raw" ? 1 : GRAIN_SECONDS[source];
  const step = Math.max(1, Math.ceil(rangeSeconds / (width - 1)));
  return Math.ceil(step / grain) * grain;
}

/**
 * Chart points of a numeric series over [from, to), at most widthPx buckets, or null when the
 * series is not a numeric series of this database. One statement picks the rows, another buckets them.
 * `readings`: the range's count of readings when the caller has it (rangeStats's exact count), or
 * will have it: the source is then picked without counting them again, and an energy meter's
 * reading before the range is looked up meanwhile.
 */
export async function seriesPoints(
  db: Db,
  databaseId: number,
  seriesId: number,
  from: TimeInput,
  to: TimeInput,
  widthPx: number,
  readings?: number | Promise<number | undefined>,
  known?: NumericSeries,
): Promise<SeriesPoints | null> {
  const series = await seriesOf(db, databaseId, seriesId, known);
  if (!series) return null;
  const f = isoOf(from);
  const t = isoOf(to);
  const rangeSeconds = Math.max(0, (Date.parse(t) - Date.parse(f)) / 1000);
  const cap = ROWS_PER_PIXEL * Math.max(2, Math.floor(widthPx));
  const id = sql`${databaseId}::int`;
  const sid = sql`${seriesId}::bigint`;
  const fTs = sql`${f}::timestamptz`;
  const tTs = sql`${t}::timestamptz`;

  const countReadings = async () =>
    (
      await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from (
          select 1 from monitoring_readings
          where database_id = ${id} and series_id = ${sid} and ts >= ${fTs} and ts < ${tTs} limit ${cap + 1}
        ) x`,
      )
    )[0]?.n ?? 0;
  // An energy meter's first reading in the range ends the interval that the reading before it
  // starts. Looked up by a statement of its own: it plans every monthly partition before the range
  // (the last reading may be years back), which the points' statement, bounded by constants, then
  // does not. Only the readings themselves need it: side by side with the count when the range's
  // hours fit the cap (its readings may well too), else only if the count picks the readings.
  const lookBack = async () =>
    series.kind === "energy"
      ? queryRows<{ value: number }>(
          db,
          sql`select value from monitoring_readings
              where database_id = ${id} and series_id = ${sid} and ts < ${fTs} order by ts desc limit 1`,
        )
      : [];
  const [given, early] = await Promise.all([readings, rangeSeconds / 3600 <= cap ? lookBack() : undefined]);
  const counted = given ?? (await countReadings());
  let source: PointSource;
  if (counted <= cap) source = "raw";
  else if (rangeSeconds / 3600 <= cap) source = "hour";
  else source = "day";
  const step = stepSecondsFor(rangeSeconds, widthPx, source);
  const width = Math.max(2, Math.floor(widthPx));
  const tz = sql`${series.timeZone}::text`;
  const [previous] = source === "raw" ? (early ?? (await lookBack())) : [];

  let rows: SQL;
  let energyReadings = sql``;
  // Energy read raw: the kWh of the intervals that end in (from, to], each by the time just before
  // its end (rollups.ts: buckets are [start, next start), a reading on a bucket's start ends the
  // bucket before's interval), bucketed by an aggregate of their own: a plain sum, where the
  // readings' aggregate builds [value, time] arrays (one aggregate over both, the intervals as
  // rows without a reading, took a third longer).
  let intervals: SQL | undefined;
  if (source === "raw" && series.kind === "energy") {
    // The readings of [from, to) by their own times; the reading before the range starts the first interval.
    rows = sql`select ts, 1 as n, value as lo, value as hi, value as total, null::float8 as kwh from e where ts < ${tTs}`;
    intervals = sql`
      select ts - interval '1 microsecond' as ts,
        ${intervalEnergySql(sql`prev`, sql`value`, sql`${series.rollover}::float8`)} as kwh
      from e where ts > ${fTs} and prev is not null`;
    energyReadings = sql`
      e as (
        select r.ts, r.value, coalesce(lag(r.value) over (order by r.ts), ${previous?.value ?? null}::float8) as prev
        from monitoring_readings r
        where r.database_id = ${id} and r.series_id = ${sid} and r.ts >= ${fTs} and r.ts <= ${tTs}
      ),`;
  } else if (source === "raw") {
    rows = sql`
      select ts, 1 as n, value as lo, value as hi, value as total, null::float8 as kwh
      from monitoring_readings
      where database_id = ${id} and series_id = ${sid} and ts >= ${fTs} and ts < ${tTs}`;
  } else {
    // The rollup buckets that start in the range, and the one `from` falls in (counted in the first bucket).
    rows = sql`
      select bucket as ts, count as n, min as lo, max as hi, sum as total, kwh
      from monitoring_rollups
      where database_id = ${id} and series_id = ${sid} and grain = ${source}
        and bucket >= date_trunc(${source}, ${fTs}, ${series.timeZone}) and bucket < ${tTs}`;
  }

  const bucketOf = (ts: SQL) =>
    sql`least(greatest(floor(date_part('epoch', ${ts} at time zone ${tz}) / ${step}::int)::bigint, k0), k0 + ${width - 1}::int)`;
  const intervalBuckets = intervals
    ? sql`, ek as (select ${bucketOf(sql`i.ts`)} as k, sum(i.kwh) as kwh from (${intervals}) i cross join first group by 1)`
    : sql``;
  const [found] = await queryRows<PointColumnsJson>(
    db,
    sql`
    with ${energyReadings} src as (${rows}),
    -- Bucket numbers on the site's wall clock (a day bucket starts at local midnight), clamped to
    -- the range's first widthPx buckets (a daylight-saving hour could otherwise add one). The
    -- epoch as float8 (date_part): extract() gives numeric, a third of the statement's time; a
    -- float8 quotient of whole seconds by the step floors to the same bucket.
    first as (select floor(date_part('epoch', ${fTs} at time zone ${tz}) / ${step}::int)::bigint as k0),
    b as (select ${bucketOf(sql`src.ts`)} as k, src.* from src cross join first),
    -- A bucket's min and when it was first read as the least [value, epoch] pair, its max as the
    -- greatest [value, −epoch]: plain aggregates, where an ordered array_agg sorted every bucket.
    -- A bucket with no reading (only the kWh of an interval ending in it) is no point of the chart:
    -- it has no value to draw (its kWh, which the chart does not send, is then not counted here).
    agg as (
      select k, sum(n)::int as count, sum(total) / sum(n) as avg, sum(kwh) as kwh,
        min(array[lo::float8, date_part('epoch', ts)]) as lo_at, max(array[hi::float8, -date_part('epoch', ts)]) as hi_at
      from b group by k having sum(n) > 0
    )${intervalBuckets}
    -- Each column as the JSON text of its array, sent to the browser as it is. Times in epoch ms:
    -- a bucket's start is whole seconds; a reading's time is cut to the millisecond after rounding
    -- its float8 seconds to the microsecond it was stored with. The buckets are sorted once, below
    -- (an ORDER BY in each of the eight aggregates sorted eight times: 15 ms against 11 a year);
    -- the aggregates of one pass read the same rows in the same order, so the columns line up.
    select ${sql.join(
      COLUMNS.map((c) => sql`coalesce(json_agg(${sql.identifier(c)}), '[]')::text as ${sql.identifier(c)}`),
      sql`, `,
    )}
    from (
      select date_part('epoch', (to_timestamp(k * ${step}::int) at time zone 'UTC') at time zone ${tz}) * 1000 as t,
        count, lo_at[1] as min, floor(round(lo_at[2] * 1e6) / 1000) as "minAt", hi_at[1] as max,
        floor(round(-hi_at[2] * 1e6) / 1000) as "maxAt", avg::float8 as avg,
        ${intervals ? sql`coalesce(ek.kwh, 0)::float8` : sql`agg.kwh::float8`} as kwh
      from agg ${intervals ? sql`left join ek using (k)` : sql``} order by k
    ) ordered`,
  );
  // (An aggregate without GROUP BY answers one row, empty arrays for no buckets.)
  if (!found) throw new Error("the points' statement answered no row");
  return { kind: series.kind, source, stepSeconds: step, points: found };
}

const COLUMNS = [
  "t",
  "count",
  "min",
  "minAt",
  "max",
  "maxAt",
  "avg",
  "kwh",
] as const satisfies readonly (keyof PointColumns)[];

export interface RangeStats {
  count: number;
  min: number | null;
  max: number | null;
  avg: number | null;
}

/**
 * Count, min, max and average of the readings in [from, to), exact: the whole local days inside
 * the range from the daily rollups, the whole local hours around them from the hourly ones, the
 * ragged edges before the first and after the last whole hour from the readings themselves (a
 * year: 365 daily rows and a few dozen hourly ones, not 8,760 hourly rows). A day's rollup is its
 * hours' (rollups.ts), so the figures are the hours' (the average up to the rounding of a sum).
 * Each part is read by a range of its own. Null when the series is not a numeric series of this database.
 */
export async function rangeStats(
  db: Db,
  databaseId: number,
  seriesId: number,
  from: TimeInput,
  to: TimeInput,
  known?: NumericSeries,
): Promise<RangeStats | null> {
  const series = await seriesOf(db, databaseId, seriesId, known);
  if (!series) return null;
  const id = sql`${databaseId}::int`;
  const sid = sql`${seriesId}::bigint`;
  const tz = sql`${series.timeZone}::text`;
  const rollups = (grain: "hour" | "day", lo: string, hi: string) => sql`
      select count as n, min as lo, max as hi, sum as total
      from monitoring_rollups, y
      where database_id = ${id} and series_id = ${sid} and grain = ${grain}
        and bucket >= ${sql.raw(`y.${lo}`)} and bucket < ${sql.raw(`y.${hi}`)} and count > 0`;
  // An edge is shorter than two hours (under one, or the whole range when no local hour fits in
  // it): bounds of three hours after `from` and before `to`, given as constants, let the planner
  // prune the readings' monthly partitions (it would otherwise plan every month for bounds it
  // learns only when running: most of the statement's time).
  const fromMs = Date.parse(isoOf(from));
  const toMs = Date.parse(isoOf(to));
  const readings = (lo: string, hi: string, within: [number, number]) => sql`
      select 1, value, value, value
      from monitoring_readings, y
      where database_id = ${id} and series_id = ${sid} and ts >= ${sql.raw(`y.${lo}`)} and ts < ${sql.raw(`y.${hi}`)}
        and ts >= ${new Date(within[0]).toISOString()}::timestamptz and ts < ${new Date(within[1]).toISOString()}::timestamptz`;
  const [stats] = await queryRows<RangeStats>(
    db,
    sql`
    with x as (
      select ${isoOf(from)}::timestamptz as f, ${isoOf(to)}::timestamptz as t,
        date_trunc('hour', ${isoOf(from)}::timestamptz, ${tz}) as fh,
        date_trunc('hour', ${isoOf(to)}::timestamptz, ${tz}) as he
    ),
    -- [hs, he): the whole hours (none: both at t); [ds, de): the whole days in them (none: both at he).
    h as (
      select f, t, case when hs < he then hs else t end as hs, case when hs < he then he else t end as he
      from (select f, t, he, case when fh < f then fh + interval '1 hour' else fh end as hs from x) z
    ),
    d as (
      select f, t, hs, he, case when d0 < hs then ((d0 at time zone ${tz}) + interval '1 day') at time zone ${tz} else d0 end as ds,
        date_trunc('day', he, ${tz}) as de
      from (select h.*, date_trunc('day', hs, ${tz}) as d0 from h) z
    ),
    y as materialized (
      select f, t, hs, he, case when ds < de then ds else he end as ds, case when ds < de then de else he end as de from d
    ),
    parts as (
      ${rollups("day", "ds", "de")}
      union all ${rollups("hour", "hs", "ds")}
      union all ${rollups("hour", "de", "he")}
      union all ${readings("f", "hs", [fromMs, Math.min(toMs, fromMs + EDGE_MS)])}
      union all ${readings("he", "t", [Math.max(fromMs, toMs - EDGE_MS), toMs])}
    )
    select coalesce(sum(n), 0)::int as count, min(lo)::float8 as min, max(hi)::float8 as max,
      (sum(total) / nullif(sum(n), 0))::float8 as avg
    from parts`,
  );
  return stats ?? { count: 0, min: null, max: null, avg: null };
}

export interface ThresholdPeriod {
  side: "high" | "low";
  start: string;
  /** When a reading came back within the thresholds; for a period still going on, the range's end (clipped to now). */
  end: string;
  ongoing: boolean;
  seconds: number;
  /** The highest (side high) or lowest (side low) reading of the period. */
  peak: number;
}

/**
 * The periods of [from, to) a sensor spent above its high threshold or below its low one. A
 * reading's value holds until the next reading (as a state does): a period starts at the first
 * reading beyond the threshold (or at `from`, when the reading in force there already was) and
 * ends at the next reading within it. Empty for a series without thresholds; null for none.
 */
export async function thresholdPeriods(
  db: Db,
  databaseId: number,
  seriesId: number,
  from: TimeInput,
  to: TimeInput,
  now: TimeInput = Date.now(),
): Promise<ThresholdPeriod[] | null> {
  const series = await numericSeries(db, databaseId, seriesId);
  if (!series) return null;
  if (series.kind !== "sensor" || (series.high === null && series.low === null)) return [];
  return queryRows<ThresholdPeriod>(
    db,
    sql`select side, start, "end", ongoing, seconds, peak
        from (${periodsSql(series, databaseId, seriesId, from, to, now)}) x order by s`,
  );
}

export interface ThresholdSummary {
  count: number;
  seconds: number;
  /** The first `limit` periods. */
  items: ThresholdPeriod[];
}

/**
 * The count and total time of thresholdPeriods and the first `limit` of them, in one statement:
 * however many periods a range holds, the answer stays small. Null as thresholdPeriods.
 */
export async function thresholdSummary(
  db: Db,
  databaseId: number,
  seriesId: number,
  from: TimeInput,
  to: TimeInput,
  now: TimeInput,
  limit: number,
  known?: NumericSeries,
): Promise<ThresholdSummary | null> {
  const series = await seriesOf(db, databaseId, seriesId, known);
  if (!series) return null;
  if (series.kind !== "sensor" || (series.high === null && series.low === null)) {
    return { count: 0, seconds: 0, items: [] };
  }
  const [row] = await queryRows<ThresholdSummary>(
    db,
    sql`select count(*)::int as count, coalesce(sum(seconds), 0)::float8 as seconds,
          coalesce(jsonb_agg(jsonb_build_object('side', side, 'start', start, 'end', "end", 'ongoing', ongoing,
            'seconds', seconds, 'peak', peak) order by s) filter (where n <= ${limit}::int), '[]'::jsonb) as items
        from (select *, row_number() over (order by s) as n
              from (${periodsSql(series, databaseId, seriesId, from, to, now)}) x) y`,
  );
  return row ?? { count: 0, seconds: 0, items: [] };
}

/** The periods' rows (side, start, end, ongoing, seconds, peak, and s: the start as timestamptz). */
function periodsSql(
  series: { high: number | null; low: number | null },
  databaseId: number,
  seriesId: number,
  from: TimeInput,
  to: TimeInput,
  now: TimeInput,
): SQL {
  const id = sql`${databaseId}::int`;
  const sid = sql`${seriesId}::bigint`;
  const readings = sql`monitoring_readings r where r.database_id = ${id} and r.series_id = ${sid}`;
  return sql`
    with bounds as (
      select f, greatest(f, least(${isoOf(to)}::timestamptz, ${isoOf(now)}::timestamptz)) as t
      from (select ${isoOf(from)}::timestamptz as f) x
    ),
    w as (
      select r.ts, r.value,
        case when r.value > ${series.high}::float8 then 'high' when r.value < ${series.low}::float8 then 'low' end as side
      from ${readings}
      and r.ts < (select t from bounds)
      and r.ts >= coalesce((select max(r.ts) from ${readings} and r.ts <= (select f from bounds)), (select f from bounds))
    ),
    c as (
      select ts, value, side, lead(ts) over (order by ts) as next,
        case when side is distinct from lag(side) over (order by ts) then 1 else 0 end as starts
      from w
    ),
    g as (select *, sum(starts) over (order by ts) as run from c),
    p as (
      select side, greatest(min(ts), (select f from bounds)) as s,
        (array_agg(next order by ts desc))[1] as e,
        case when side = 'high' then max(value) else min(value) end as peak
      from g where side is not null group by run, side
    )
    select side, s, ${utcText("s")} as start, ${utcText("coalesce(e, (select t from bounds))")} as "end",
      e is null as ongoing, extract(epoch from coalesce(e, (select t from bounds)) - s)::float8 as seconds,
      peak::float8 as peak
    from p`;
}
