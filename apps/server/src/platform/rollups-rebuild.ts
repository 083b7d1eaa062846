import { eq, type SQL, sql } from "drizzle-orm";
import { arrayLiteral } from "../db/array-literal.ts";
import type { Db } from "../db/client.ts";
import { monitoringRollupRebuilds } from "../db/schema/index.ts";

/** The advisory lock's first key (the second is the database): herd-write-lock.ts uses 74236602. */
const MONITORING_WRITE_LOCK = 74_236_612;

/**
 * Holds, to the end of the transaction, the lock that one write of a monitoring database's readings
 * and rollups at a time takes (an ingestion batch, a rebuild): a bucket is computed from the
 * readings its statement sees, and two writers at once would each miss the other's (READ
 * COMMITTED); an hour new to one writer may also just have been written by the other.
 */
export async function lockMonitoringWrites(tx: Pick<Db, "execute">, databaseId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MONITORING_WRITE_LOCK}::int, ${databaseId}::int)`);
}

/**
 * The energy of the interval a cumulative reading ends (HERD.md "Energy"): later − earlier; a drop
 * is a reset or a wrap: with a known rollover (the value the register wraps at) (rollover −
 * earlier) + later, without one the later reading itself (energy since the reset). A series' first
 * reading (no earlier one) ends no interval and brings 0. One definition for every rollup writer.
 */
export const intervalEnergySql = (earlier: SQL, later: SQL, rollover: SQL): SQL => sql`case
  when ${earlier} is null then 0
  when ${later} >= ${earlier} then ${later} - ${earlier}
  when ${rollover} is not null then (${rollover} - ${earlier}) + ${later}
  else ${later} end`;

/**
 * The bucket of `grain` that holds the interval a reading at `ts` ends, (earlier, ts]: the one its
 * end falls in approached from before (ts − 1 µs), so that buckets are [start, next start) for
 * energy as for everything else (HERD.md "Energy"): a meter read at 06:00 ends the interval of 05:45
 * to 06:00, which is the 05:00 hour's, and one read at local midnight ends the day before's. A
 * reading's own figures (count, min, max, sum) stay in the bucket of `ts` itself.
 */
export const intervalBucketSql = (grain: "hour" | "day", ts: SQL, tz: SQL): SQL =>
  sql`date_trunc(${sql.raw(`'${grain}'`)}, ${ts} - interval '1 microsecond', ${tz})`;

/**
 * The figures of a bucket that holds no reading of its own, only the energy of an interval ending
 * at its end (a meter read at 05:00 and next at 08:00: the 07:00 hour; one read at midnight only:
 * each day's 23:00 hour): count 0, sum 0, min +∞ and max −∞ — the identities of the aggregates, so
 * that merging buckets (least, greatest, +) stays exact. Readers take min and max where count > 0.
 */
export const EMPTY_MIN = sql.raw("'Infinity'::float8");
export const EMPTY_MAX = sql.raw("'-Infinity'::float8");

/**
 * Computes the hourly and daily rollups of a database's numeric series again from all their
 * readings, in one pass (a window over each series' readings in time order): after a site's time
 * zone changes, after a bulk load by COPY, or to check the incremental path. Same rules as
 * refreshRollups (features/monitoring/rollups.ts): local buckets of the site's zone, count/min/max/sum, and for energy
 * the interval's kWh in the bucket that holds its end (intervalBucketSql), the first reading
 * ending none.
 * Replaces the series' rollups in one transaction: a reader sees the old ones or the new ones. A
 * series whose rollups reach back before its first kept reading (older readings deleted by
 * retention, retention.ts) keeps them up to the first whole local day of its kept readings: the
 * rollups are all that is left of those days.
 */
export async function rebuildRollups(db: Db, databaseId: number, seriesIds?: readonly number[]): Promise<void> {
  const id = sql`${databaseId}::int`;
  const only = seriesIds ? sql`and s.id = any(${arrayLiteral(seriesIds.map((n) => Math.trunc(n)))}::bigint[])` : sql``;
  await db.transaction(async (tx) => {
    await lockMonitoringWrites(tx, databaseId);
    const kept = keptSince(id, only);
    await tx.execute(sql`
      with ${kept}
      delete from monitoring_rollups r using kept k
      where r.database_id = ${id} and r.series_id = k.series_id and r.bucket >= k.since`);
    await tx.execute(sql`
      with ${kept},
      r as (
        select r.series_id, r.ts, r.value, site.time_zone as tz, s.kind = 'energy' as is_energy, s.rollover,
          lag(r.value) over w as prev
        from monitoring_series s
        join monitoring_sites site on site.database_id = ${id} and site.id = s.site_id
        -- Each series' readings by a range of the index (offset 0 keeps the lateral: without
        -- statistics, as after a bulk load, the planner read every reading of the database once
        -- a series, 600,000 readings of 300 meters in 10–17 s).
        cross join lateral (
          select r.series_id, r.ts, r.value from monitoring_readings r
          where r.database_id = ${id} and r.series_id = s.id
          offset 0
        ) r
        where s.database_id = ${id} and s.kind in ('sensor', 'energy', 'power') ${only}
        window w as (partition by r.series_id order by r.ts)
      ),
      parts as (
        -- A reading's figures in the hour it was read in (an energy series' with 0 kWh), and the
        -- interval it ends, if any, in the hour that holds that interval's end.
        select series_id, tz, date_trunc('hour', ts, tz) as bucket, 1 as n, value,
          case when is_energy then 0::float8 end as kwh
        from r
        union all
        select series_id, tz, ${intervalBucketSql("hour", sql`ts`, sql`tz`)}, 0, null,
          ${intervalEnergySql(sql`prev`, sql`value`, sql`rollover`)}
        from r where is_energy and prev is not null
      ),
      hours as (
        select series_id, bucket, min(tz) as tz, sum(n)::int as n, coalesce(min(value), ${EMPTY_MIN}) as lo,
          coalesce(max(value), ${EMPTY_MAX}) as hi, coalesce(sum(value), 0) as total, sum(kwh) as kwh
        from parts p join kept k using (series_id) where p.bucket >= k.since
        group by series_id, bucket
      )
      insert into monitoring_rollups (database_id, series_id, grain, bucket, count, min, max, sum, kwh)
      -- Series by series in time order, the days after the hours: a series' rollups of a range share
      -- heap pages (a meter's year of hours is read from a few hundred pages, not 8,760 scattered
      -- ones, even before VACUUM marks them all-visible).
      (select ${id}, series_id, 'hour', bucket, n, lo, hi, total, kwh from hours order by series_id, bucket)
      union all
      -- A local day is whole local hours (every zone's offset is whole hours or halves, and an
      -- hour bucket starts at a local hour, so its day is the day of its start) (meterEnergy reads
      -- a range of them).
      (select ${id}, series_id, 'day', date_trunc('day', bucket, tz), sum(n)::int, min(lo), max(hi), sum(total), sum(kwh)
       from hours group by series_id, date_trunc('day', bucket, tz)
       order by series_id, date_trunc('day', bucket, tz))`);
  });
}

/**
 * Rebuilds the rollups of every database a migration listed in monitoring_rollup_rebuilds (called
 * at start, before the server takes batches), each in its own transaction, taking it off the list
 * as it commits: a start cut short leaves the rest for the next one. Answers their ids.
 */
export async function rebuildPendingRollups(db: Db): Promise<number[]> {
  const pending = await db.select().from(monitoringRollupRebuilds).orderBy(monitoringRollupRebuilds.databaseId);
  for (const { databaseId } of pending) {
    await rebuildRollups(db, databaseId);
    await db.delete(monitoringRollupRebuilds).where(eq(monitoringRollupRebuilds.databaseId, databaseId));
  }
  return pending.map((p) => p.databaseId);
}

/**
 * The CTE `kept (series_id, since)`: per series, the instant its rollups are computed again from:
 * −∞ where its readings reach back as far as its rollups, the local midnight after its first kept
 * reading's day where older rollups outlive their readings (that first day may have lost its
 * start), +∞ where no reading is left. Outliving is told by the hours, which a change of time zone
 * moves by less than an hour: an hourly rollup an hour or more before the first reading. (Local
 * midnight plus 36 hours lies inside the next local day whatever its length.)
 */
function keptSince(id: SQL, only: SQL): SQL {
  return sql`kept as (
    select s.id as series_id,
      case
        when first_reading.ts is null then 'infinity'::timestamptz
        when first_hour.bucket <= first_reading.ts - interval '1 hour'
          then date_trunc('day', date_trunc('day', first_reading.ts, site.time_zone) + interval '36 hours', site.time_zone)
        else '-infinity'::timestamptz
      end as since
    from monitoring_series s
    join monitoring_sites site on site.database_id = ${id} and site.id = s.site_id
    left join lateral (
      select r.ts from monitoring_readings r where r.database_id = ${id} and r.series_id = s.id order by r.ts limit 1
    ) first_reading on true
    left join lateral (
      select b.bucket from monitoring_rollups b
      where b.database_id = ${id} and b.series_id = s.id and b.grain = 'hour' order by b.bucket limit 1
    ) first_hour on true
    where s.database_id = ${id} and s.kind in ('sensor', 'energy', 'power') ${only}
  )`;
}
