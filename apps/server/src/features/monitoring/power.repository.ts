import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { isoOf, type TimeInput, utcText } from "./state-time.ts";

// Power figures from the rollups (rollups.ts: a day is the site's local day, kWh of the intervals
// that end in it) and the latest readings. HERD.md "Energy": energy is summed, power never is.

export interface MeterNow {
  series_id: number;
  site_id: number;
  substation_id: number | null;
  role: "input" | "feeder" | null;
  name: string;
  power_kw: number | null;
  power_at: string | null;
  kwh_today: number;
  kwh_yesterday: number;
}

/**
 * Every energy meter of the database at `now`: kWh of the site's local today and yesterday (the
 * daily rollups), and its power now — the latest reading of its power series (the substation's
 * input power for an input meter, the device's power for a device's meter), else the mean power
 * of the meter's latest interval (kWh ÷ hours, a wrap or reset counted as rollups.ts does).
 * One statement; two index look-ups per meter.
 */
export async function metersNow(db: Db, databaseId: number, now: TimeInput): Promise<MeterNow[]> {
  const id = sql`${databaseId}::int`;
  const n = sql`${isoOf(now)}::timestamptz`;
  return queryRows<MeterNow>(
    db,
    sql`
    with meters as (
      select s.id, s.site_id, s.substation_id, s.meter_role, s.name, s.rollover, s.device_id,
        date_trunc('day', ${n}, site.time_zone) as today,
        ((date_trunc('day', ${n}, site.time_zone) at time zone site.time_zone) - interval '1 day')
          at time zone site.time_zone as yesterday
      from monitoring_series s
      join monitoring_sites site on site.database_id = s.database_id and site.id = s.site_id
      where s.database_id = ${id} and s.kind = 'energy'
    )
    select m.id::int as series_id, m.site_id::int as site_id, m.substation_id::int as substation_id,
      m.meter_role as role, m.name,
      coalesce(td.kwh, 0)::float8 as kwh_today, coalesce(yd.kwh, 0)::float8 as kwh_yesterday,
      coalesce(pw.value, lastkw.kw)::float8 as power_kw,
      ${utcText("coalesce(pw.ts, lastkw.ts)")} as power_at
    from meters m
    left join monitoring_rollups td
      on td.database_id = ${id} and td.series_id = m.id and td.grain = 'day' and td.bucket = m.today
    left join monitoring_rollups yd
      on yd.database_id = ${id} and yd.series_id = m.id and yd.grain = 'day' and yd.bucket = m.yesterday
    left join lateral (
      select r.ts, r.value from monitoring_series p
      join lateral (
        select ts, value from monitoring_readings
        where database_id = ${id} and series_id = p.id and ts <= ${n} order by ts desc limit 1
      ) r on true
      where p.database_id = ${id} and p.kind = 'power'
        and ((m.meter_role = 'input' and p.substation_id = m.substation_id and p.meter_role = 'input')
          or (m.device_id is not null and p.device_id = m.device_id))
      order by p.id limit 1
    ) pw on true
    left join lateral (
      select l.ts,
        case
          when l.ts = l.pts then null
          when l.value >= l.prev then l.value - l.prev
          when m.rollover is not null then (m.rollover - l.prev) + l.value
          else l.value
        end / (extract(epoch from l.ts - l.pts) / 3600) as kw
      from (
        select (array_agg(ts order by ts desc))[1] as ts, (array_agg(value order by ts desc))[1] as value,
          (array_agg(ts order by ts desc))[2] as pts, (array_agg(value order by ts desc))[2] as prev
        from (
          select ts, value from monitoring_readings
          where database_id = ${id} and series_id = m.id and ts <= ${n} order by ts desc limit 2
        ) two
        having count(*) = 2
      ) l
    ) lastkw on true
    order by m.site_id, m.substation_id nulls last, (case m.meter_role when 'input' then 0 when 'feeder' then 1 else 2 end), m.id`,
  );
}

export interface MeterEnergy {
  series_id: number;
  site_id: number;
  substation_id: number | null;
  role: "input" | "feeder" | null;
  name: string;
  /** kWh per bucket of the site's buckets: a JSON array as PostgreSQL wrote it (sent as it is). */
  kwh: string;
  /** The indices of the buckets with no rollup of the meter (nothing read, no interval ended): a JSON array. */
  missing: string;
}

export interface SiteBuckets {
  site_id: number;
  buckets: string[];
}

const bucketsSql = (grain: "hour" | "day", f: string, t: string) =>
  grain === "hour"
    ? sql`select generate_series(date_trunc('hour', ${f}::timestamptz, site.time_zone),
            ${t}::timestamptz - interval '1 microsecond', interval '1 hour') as bucket`
    : sql`select local at time zone site.time_zone as bucket
          from generate_series(date_trunc('day', ${f}::timestamptz, site.time_zone) at time zone site.time_zone,
            (${t}::timestamptz - interval '1 microsecond') at time zone site.time_zone, interval '1 day') local`;

/**
 * kWh (to the watt-hour) of every energy meter per local hour or day of [from, to) (the range's first bucket is the
 * one `from` falls in: the day pages start their ranges at a local midnight), zeros where nothing
 * was metered, and which buckets those are (no data, not 0 kWh): the rollups, joined to every
 * bucket of the range (at most 62 × 24 hours or 400 days, the contract's limits).
 */
export async function meterEnergy(
  db: Db,
  databaseId: number,
  grain: "hour" | "day",
  from: TimeInput,
  to: TimeInput,
): Promise<{ sites: SiteBuckets[]; meters: MeterEnergy[] }> {
  const id = sql`${databaseId}::int`;
  const f = isoOf(from);
  const t = isoOf(to);
  // A literal, not a parameter: the daily rollups' partial index (grain = 'day') then serves the
  // statement whatever plan it gets.
  const grainLiteral = sql.raw(grain === "day" ? "'day'" : "'hour'");
  const buckets = sql`
    select site.id as site_id, b.bucket from monitoring_sites site
    cross join lateral (${bucketsSql(grain, f, t)}) b
    where site.database_id = ${id}`;
  const [sites, meters] = await Promise.all([
    queryRows<SiteBuckets>(
      db,
      sql`select site_id::int as site_id, array_agg(${utcText("bucket")} order by bucket) as buckets
          from (${buckets}) b group by site_id order by site_id`,
    ),
    queryRows<MeterEnergy>(
      db,
      // Per meter, one index range scan of its rollups of the range (not a probe per bucket: 500
      // meters × 366 days were 183,000 probes, 1.5 s), made into its array right there: no join,
      // sort or grouping of all meters' rows together (183,000 rows sorted on disk were most of the
      // 1.5 s left). When the meter has a rollup for every bucket of its site and no other (the
      // usual case), its kWh are its rollups' in order; otherwise each bucket is matched to its
      // rollup, 0 where none. The daily rollups have an index of their own holding kWh (migration
      // 0028): a day range is an index-only scan. The arrays come as JSON text, sent to the browser
      // as they are (pre-serialized-json.ts): the same doubles, in shortest round-trip digits.
      sql`
      with sb as materialized (
        select site_id, array_agg(bucket order by bucket) as buckets, min(bucket) as lo, max(bucket) as hi
        from (${buckets}) b group by site_id)
      select s.id::int as series_id, s.site_id::int as site_id, s.substation_id::int as substation_id,
        s.meter_role as role, s.name,
        (case when r.buckets = sb.buckets then to_json(r.kwh) else (
          select to_json(array_agg(coalesce(x.kwh, 0) order by b.n))
          from unnest(sb.buckets) with ordinality as b(bucket, n)
          left join unnest(r.buckets, r.kwh) as x(bucket, kwh) on x.bucket = b.bucket
        ) end)::text as kwh,
        (case when r.buckets = sb.buckets then '[]' else (
          select coalesce(to_json(array_agg(b.n - 1 order by b.n)), '[]')
          from unnest(sb.buckets) with ordinality as b(bucket, n)
          where not coalesce(b.bucket = any(r.buckets), false)
        ) end)::text as missing
      from monitoring_series s
      join sb on sb.site_id = s.site_id
      cross join lateral (
        -- Aggregated in the index's order, not sorted again per meter: were the order ever not
        -- kept, the buckets would differ from the site's and the matching above would take over.
        -- To the watt-hour: finer than any meter's register, and a sum of float8 otherwise carried
        -- 17 digits of noise (a year of 500 meters was 3.3 MB of JSON, half its time spent on digits).
        select array_agg(r.bucket) as buckets, array_agg(round(coalesce(r.kwh, 0)::float8 * 1000) / 1000) as kwh
        from (
          select r.bucket, r.kwh from monitoring_rollups r
          where r.database_id = ${id} and r.series_id = s.id and r.grain = ${grainLiteral}
            and r.bucket >= sb.lo and r.bucket <= sb.hi
          order by r.bucket
        ) r
      ) r
      where s.database_id = ${id} and s.kind = 'energy'
      order by s.site_id, s.substation_id nulls last, (case s.meter_role when 'input' then 0 when 'feeder' then 1 else 2 end), s.id`,
    ),
  ]);
  return { sites, meters };
}
