import { type SQL, sql } from "drizzle-orm";
import { arrayLiteral } from "../db/array-literal.ts";
import type { Db } from "../db/client.ts";

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
 * Computes the hourly and daily rollups of a database's numeric series again from all their
 * readings, in one pass (a window over each series' readings in time order): after a site's time
 * zone changes, after a bulk load by COPY, or to check the incremental path. Same rules as
 * refreshRollups (features/monitoring/rollups.ts): local buckets of the site's zone, count/min/max/sum, and for energy
 * the interval's kWh in the bucket of its END reading, the first reading bringing 0.
 * Replaces the series' rollups in one transaction: a reader sees the old ones or the new ones.
 */
export async function rebuildRollups(db: Db, databaseId: number, seriesIds?: readonly number[]): Promise<void> {
  const id = sql`${databaseId}::int`;
  const only = seriesIds ? sql`and s.id = any(${arrayLiteral(seriesIds.map((n) => Math.trunc(n)))}::bigint[])` : sql``;
  await db.transaction(async (tx) => {
    await lockMonitoringWrites(tx, databaseId);
    await tx.execute(sql`
      delete from monitoring_rollups r using monitoring_series s
      where r.database_id = ${id} and s.database_id = ${id} and s.id = r.series_id ${only}`);
    await tx.execute(sql`
      with r as (
        select r.series_id, r.ts, r.value, site.time_zone as tz,
          case when s.kind = 'energy' then ${intervalEnergySql(sql`lag(r.value) over w`, sql`r.value`, sql`s.rollover`)} end as kwh
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
      hours as (
        select series_id, date_trunc('hour', ts, tz) as bucket, min(tz) as tz, count(*)::int as n,
          min(value) as lo, max(value) as hi, sum(value) as total, sum(kwh) as kwh
        from r group by series_id, date_trunc('hour', ts, tz)
      )
      insert into monitoring_rollups (database_id, series_id, grain, bucket, count, min, max, sum, kwh)
      select ${id}, series_id, 'hour', bucket, n, lo, hi, total, kwh from hours
      union all
      -- A local day is whole local hours (every zone's offset is whole hours or halves, and an
      -- hour bucket starts at a local hour, so its day is the day of its start). Written after the
      -- hours, series by series in time order: a series' days share heap pages, so a range of them
      -- is read from a few pages even before VACUUM marks them all-visible (meterEnergy).
      (select ${id}, series_id, 'day', date_trunc('day', bucket, tz), sum(n)::int, min(lo), max(hi), sum(total), sum(kwh)
       from hours group by series_id, date_trunc('day', bucket, tz)
       order by series_id, date_trunc('day', bucket, tz))`);
  });
}
