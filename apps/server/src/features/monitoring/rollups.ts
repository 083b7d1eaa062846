import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/**
 * Recomputes, in one statement, the hourly and daily rollups of the buckets that these numeric
 * readings (just written) touch — and only those: late and out-of-order readings land in whatever
 * bucket they belong to, and the bucket is computed again from its readings, never patched.
 *
 * Buckets are the site's local hours and days: date_trunc in the site's time zone, so a day starts
 * at local midnight (Asia/Novosibirsk: 17:00Z of the day before) and, in a zone with daylight
 * saving, a day may last 23 or 25 hours (its end is the next local midnight, not start + 24 h).
 *
 * Energy (HERD.md "Energy"): the energy of an interval between two consecutive cumulative readings
 * is later − earlier; a drop is a reset or a wrap: with a known rollover (the value the register
 * wraps at) (rollover − earlier) + later, without one the later reading itself (energy since the
 * reset). The first reading of a series ends no interval and brings 0.
 *
 * An interval that straddles buckets goes WHOLE to the bucket of its END reading (not split in
 * proportion to time): that is what the meter's reading says was consumed by then, a bucket's kWh
 * is then a plain sum over its own readings, and a day is the sum of its hours. The cost: the
 * first hour after a gap in the readings carries the gap's energy. Hence a new reading changes
 * two intervals — the one it ends (its own bucket) and the one the next reading ends (that
 * reading's bucket, maybe another one): both buckets are recomputed.
 */
export async function refreshRollups(
  tx: Pick<Db, "execute">,
  databaseId: number,
  readings: readonly { seriesId: number; ts: string }[],
): Promise<void> {
  if (readings.length === 0) return;
  const id = sql`${databaseId}::int`;
  const batch = JSON.stringify(readings.map((r) => ({ s: r.seriesId, t: r.ts })));
  await tx.execute(sql`
    with batch as (
      select distinct b.s as series_id, b.t as ts
      from jsonb_to_recordset(${batch}::jsonb) as b(s bigint, t timestamptz)
    ),
    -- For an energy series, the reading after each new one ends an interval that just changed.
    points as (
      select series_id, ts from batch
      union
      select b.series_id, n.ts
      from batch b
      join monitoring_series s on s.database_id = ${id} and s.id = b.series_id and s.kind = 'energy'
      cross join lateral (
        select r.ts from monitoring_readings r
        where r.database_id = ${id} and r.series_id = b.series_id and r.ts > b.ts
        order by r.ts limit 1
      ) n
    ),
    touched as (
      select distinct p.series_id, s.kind, s.rollover, g.grain, g.bucket,
        case g.grain
          when 'hour' then g.bucket + interval '1 hour'
          else ((g.bucket at time zone site.time_zone) + interval '1 day') at time zone site.time_zone
        end as bucket_end
      from points p
      join monitoring_series s on s.database_id = ${id} and s.id = p.series_id
      join monitoring_sites site on site.database_id = ${id} and site.id = s.site_id
      cross join lateral (
        values ('hour', date_trunc('hour', p.ts, site.time_zone)), ('day', date_trunc('day', p.ts, site.time_zone))
      ) g(grain, bucket)
    ),
    stats as (
      select t.series_id, t.grain, t.bucket, count(*)::int as n, min(r.value) as lo, max(r.value) as hi,
        sum(r.value) as total
      from touched t
      join monitoring_readings r
        on r.database_id = ${id} and r.series_id = t.series_id and r.ts >= t.bucket and r.ts < t.bucket_end
      group by t.series_id, t.grain, t.bucket
    ),
    energy as (
      select t.series_id, t.grain, t.bucket,
        sum(
          case
            when d.prev is null then 0
            when d.value >= d.prev then d.value - d.prev
            when t.rollover is not null then (t.rollover - d.prev) + d.value
            else d.value
          end
        ) as kwh
      from (select * from touched where kind = 'energy') t
      -- The bucket's readings and the one before them (the start of the bucket's first interval).
      cross join lateral (
        select r.ts, r.value, lag(r.value) over (order by r.ts) as prev
        from monitoring_readings r
        where r.database_id = ${id} and r.series_id = t.series_id and r.ts < t.bucket_end
          and r.ts >= coalesce(
            (select max(p.ts) from monitoring_readings p
             where p.database_id = ${id} and p.series_id = t.series_id and p.ts < t.bucket),
            t.bucket)
      ) d
      where d.ts >= t.bucket
      group by t.series_id, t.grain, t.bucket
    )
    insert into monitoring_rollups (database_id, series_id, grain, bucket, count, min, max, sum, kwh)
    select ${id}, st.series_id, st.grain, st.bucket, st.n, st.lo, st.hi, st.total, e.kwh
    from stats st
    left join energy e on e.series_id = st.series_id and e.grain = st.grain and e.bucket = st.bucket
    on conflict (database_id, series_id, grain, bucket) do update
      set count = excluded.count, min = excluded.min, max = excluded.max, sum = excluded.sum, kwh = excluded.kwh
  `);
}
