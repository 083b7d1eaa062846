import { sql } from "drizzle-orm";
import { arrayLiteral } from "../../db/array-literal.ts";
import type { Db } from "../../db/client.ts";
import { EMPTY_MAX, EMPTY_MIN, intervalBucketSql, intervalEnergySql } from "../../platform/rollups-rebuild.ts";

/**
 * Recomputes, in one statement, the hourly and daily rollups of the buckets that these numeric
 * readings (just written) touch — and only those: late and out-of-order readings land in whatever
 * bucket they belong to, and the bucket is computed again from its readings, never patched. (A
 * series whose readings in the batch all follow its stored ones takes rollups-append.ts instead.)
 *
 * Buckets are the site's local hours and days: date_trunc in the site's time zone, so a day starts
 * at local midnight (Asia/Novosibirsk: 17:00Z of the day before) and, in a zone with daylight
 * saving, a day may last 23 or 25 hours (its end is the next local midnight, not start + 24 h).
 *
 * Energy: the interval between two consecutive cumulative readings brings intervalEnergySql
 * (platform/rollups-rebuild.ts: later − earlier, a drop a reset or a wrap), the first reading 0.
 *
 * An interval (earlier, later] that straddles buckets goes WHOLE to the bucket that holds its end
 * (not split in proportion to time): that is what the meter's reading says was consumed by then,
 * and a day is the sum of its hours. Buckets are [start, next start), so a reading exactly on the
 * hour ends an interval of the hour before (intervalBucketSql: later − 1 µs): 05:45→06:00 is the
 * 05:00 hour's, 23:45→00:00 yesterday's — while the reading's own figures (count, min, max, sum)
 * are the 06:00 hour's. The cost: the last hour of a gap in the readings carries the gap's
 * energy, an hour that may hold no reading (count 0: EMPTY_MIN). Hence a new reading changes two
 * intervals — the one it ends and the one the next reading ends (maybe in another bucket): the
 * buckets of both are recomputed.
 *
 * An hour is written by a plain INSERT when its span (below) had no hourly rollup yet — a new
 * reading in a new hour, as a gateway's readings almost always are — and by an upsert otherwise:
 * the upsert's check of each row against the key took twice as long (10,000 hours: 50 ms, 29).
 */
export async function refreshRollups(
  tx: Pick<Db, "execute">,
  databaseId: number,
  readings: readonly { seriesId: number; ms: number }[],
): Promise<void> {
  if (readings.length === 0) return;
  const id = sql`${databaseId}::int`;
  const runs = readingRuns(readings);
  await tx.execute(sql`
    with runs as (
      -- 1. The spans of hours to recompute: each run's hours (from the hour of the interval its
      -- first reading ends — the hour before, for a reading on the hour — to the hour of its last
      -- reading, in the site's zone) …
      select r.s as series_id, s.kind, s.rollover, site.time_zone as tz,
        ${intervalBucketSql("hour", sql`r.a`, sql`site.time_zone`)} as span_start,
        date_trunc('hour', r.b, site.time_zone) + interval '1 hour' as run_end
      from unnest(${arrayLiteral(runs.series)}::bigint[], ${arrayLiteral(runs.first)}::timestamptz[],
        ${arrayLiteral(runs.last)}::timestamptz[]) as r(s, a, b)
      join monitoring_series s on s.database_id = ${id} and s.id = r.s
      join monitoring_sites site on site.database_id = ${id} and site.id = s.site_id
    ),
    spans as (
      -- … and for an energy series, through the hour of the interval the first reading after the
      -- run ends (it now starts at a new reading): no reading lies between.
      select series_id, kind, rollover, tz, span_start,
        coalesce(case when kind = 'energy' then (
          select ${intervalBucketSql("hour", sql`m.ts`, sql`r.tz`)} + interval '1 hour' from monitoring_readings m
          where m.database_id = ${id} and m.series_id = r.series_id and m.ts >= r.run_end
          order by m.ts limit 1) end, run_end) as span_end
      from runs r
    ),
    merged as (
      -- Spans of a series that overlap (a run's next reading opening the next run) made one, so
      -- that no reading is read twice.
      select series_id, kind, rollover, tz, min(span_start) as span_start, max(span_end) as span_end
      from (
        select *, sum(case when span_start <= reach then 0 else 1 end)
          over (partition by series_id order by span_start, span_end) as island
        from (
          select *, max(span_end) over (partition by series_id order by span_start, span_end
            rows between unbounded preceding and 1 preceding) as reach
          from spans
        ) x
      ) y
      group by series_id, kind, rollover, tz, island
    ),
    -- Whether a span has an hourly rollup already (see the note above).
    known as (
      select m.*, exists (
        select 1 from monitoring_rollups h
        where h.database_id = ${id} and h.series_id = m.series_id and h.grain = 'hour'
          and h.bucket >= m.span_start and h.bucket < m.span_end
      ) as stored
      from merged m
    ),
    rd as (
      -- A span's readings and the one at its end (the interval it ends is the span's last hour's).
      select sp.series_id, sp.tz, sp.stored, sp.span_start, sp.span_end, m.ts, m.value,
        case when sp.kind = 'energy' then coalesce(
          lag(m.value) over (partition by sp.series_id, sp.span_start order by m.ts),
          (select p.value from monitoring_readings p
           where p.database_id = ${id} and p.series_id = sp.series_id and p.ts < sp.span_start
           order by p.ts desc limit 1)) end as prev,
        sp.kind = 'energy' as is_energy, sp.rollover
      from known sp
      -- Each span's readings by a range of the index (offset 0 keeps it a lateral: without
      -- statistics, as a month's new partition has none until it is analyzed, the planner joined
      -- the spans with the whole month read in full, the batch slower the fuller the month: 1 s).
      cross join lateral (
        select m.ts, m.value from monitoring_readings m
        where m.database_id = ${id} and m.series_id = sp.series_id and m.ts >= sp.span_start and m.ts <= sp.span_end
        offset 0
      ) m
    ),
    parts as (
      -- A reading's figures in its own hour (an energy series' with 0 kWh), the interval it ends in
      -- the hour of that interval's end; each only where that hour is in the span.
      select series_id, tz, stored, date_trunc('hour', ts, tz) as bucket, 1 as n, value,
        case when is_energy then 0::float8 end as kwh
      from rd where ts < span_end
      union all
      select series_id, tz, stored, ${intervalBucketSql("hour", sql`ts`, sql`tz`)}, 0, null,
        ${intervalEnergySql(sql`prev`, sql`value`, sql`rollover`)}
      from rd where is_energy and prev is not null and ts > span_start
    ),
    hours_new as (
      select series_id, bucket, min(tz) as tz, bool_or(stored) as stored, sum(n)::int as count,
        coalesce(min(value), ${EMPTY_MIN}) as lo, coalesce(max(value), ${EMPTY_MAX}) as hi,
        coalesce(sum(value), 0) as total, sum(kwh) as kwh
      from parts group by series_id, bucket
    ),
    -- Data-modifying CTEs run whether or not they are read; the two write different hours.
    hours_inserted as (
      insert into monitoring_rollups (database_id, series_id, grain, bucket, count, min, max, sum, kwh)
      select ${id}, series_id, 'hour', bucket, count, lo, hi, total, kwh from hours_new where not stored
    ),
    hours_upserted as (
      insert into monitoring_rollups (database_id, series_id, grain, bucket, count, min, max, sum, kwh)
      select ${id}, series_id, 'hour', bucket, count, lo, hi, total, kwh from hours_new where stored
      on conflict (database_id, series_id, grain, bucket) do update
        set count = excluded.count, min = excluded.min, max = excluded.max, sum = excluded.sum, kwh = excluded.kwh
    ),
    -- 2. The days of those hours, each the sum of its hours (an interval's energy is in the hour
    -- that holds its end, so a day's kWh is its hours' kWh): the hours just computed, and the day's
    -- other hours as stored (this statement sees the table as it was before it).
    hours_of_days as (
      select series_id, date_trunc('day', bucket, tz) as day_start, tz, bucket, count, lo, hi, total, kwh from hours_new
    ),
    days as (
      select distinct series_id, day_start, tz from hours_of_days
    ),
    day_hours as (
      select series_id, day_start, count, lo, hi, total, kwh from hours_of_days
      union all
      -- Each day's hours by a range of the index, a day at a time (offset 0 keeps the planner from
      -- making the lateral a join: it merged the days with every hourly rollup of the database,
      -- 22 million rows read for a 10,000-row batch into five years of 500 meters: 4–10 s).
      select d.series_id, d.day_start, h.count, h.min, h.max, h.sum, h.kwh
      from days d
      cross join lateral (
        select h.bucket, h.count, h.min, h.max, h.sum, h.kwh from monitoring_rollups h
        where h.database_id = ${id} and h.series_id = d.series_id and h.grain = 'hour' and h.bucket >= d.day_start
          and h.bucket < ((d.day_start at time zone d.tz) + interval '1 day') at time zone d.tz
        offset 0
      ) h
      where not exists (select 1 from hours_new n where n.series_id = d.series_id and n.bucket = h.bucket)
    )
    insert into monitoring_rollups (database_id, series_id, grain, bucket, count, min, max, sum, kwh)
    select ${id}, series_id, 'day', day_start, sum(count)::int, min(lo), max(hi), sum(total), sum(kwh)
    from day_hours
    group by series_id, day_start
    on conflict (database_id, series_id, grain, bucket) do update
      set count = excluded.count, min = excluded.min, max = excluded.max, sum = excluded.sum, kwh = excluded.kwh`);
}

const HOUR_MS = 3_600_000;

/**
 * A batch's readings as runs: per series, readings in time order with no gap over an hour between
 * two of them, as the series and the first and last times of each run (three columns, one entry a
 * run). A run's readings lie in consecutive hours of any zone (an hour bucket is an hour long), so
 * the hours from its first reading's to its last's are exactly the hours it touches: 10,000
 * hourly readings of 100 meters are 100 runs, each read back with one index range scan.
 */
export function readingRuns(readings: readonly { seriesId: number; ms: number }[]): {
  series: number[];
  first: string[];
  last: string[];
} {
  const bySeries = new Map<number, number[]>();
  for (const r of readings) {
    const times = bySeries.get(r.seriesId);
    if (times) times.push(r.ms);
    else bySeries.set(r.seriesId, [r.ms]);
  }
  const runs = { series: [] as number[], first: [] as string[], last: [] as string[] };
  for (const [seriesId, times] of bySeries) {
    times.sort((x, y) => x - y);
    let start = times[0] as number;
    let previous = start;
    for (const ms of times) {
      if (ms - previous > HOUR_MS) {
        runs.series.push(seriesId);
        runs.first.push(new Date(start).toISOString());
        runs.last.push(new Date(previous).toISOString());
        start = ms;
      }
      previous = ms;
    }
    runs.series.push(seriesId);
    runs.first.push(new Date(start).toISOString());
    runs.last.push(new Date(previous).toISOString());
  }
  return runs;
}
