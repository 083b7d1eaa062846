import type { PowerHerd } from "@nadoy/contract/monitoring-averages";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { isoOf, type TimeInput } from "./state-time.ts";

// Averages of the energy meters' kWh aggregated in SQL from the rollups (rollups.ts: hours and
// days of the site's time zone). HERD.md "Energy": a mean of kWh per hour or day, never of power.
// A mean is over the COMPLETE buckets of [from, to) that have the meter's rollup (their count beside
// it): wholly inside the range, ended, and covered by the meter's readings from start to end — the
// rule is spelt out in contract monitoring-averages.ts; completeSql below is its one statement.

export interface MeterRow {
  series_id: number;
  site_id: number;
  substation_id: number | null;
  role: "input" | "feeder" | null;
  name: string;
}

/** A meter's means by slot: `kwh[i]` over `count[i]` buckets (null without any). */
export interface MeterMeans extends MeterRow {
  groups: Record<string, { kwh: (number | null)[]; count: number[] }>;
}

const METER_ORDER = sql.raw(
  "s.site_id, s.substation_id nulls last, (case s.meter_role when 'input' then 0 when 'feeder' then 1 else 2 end), s.id",
);

/**
 * `cover`: every energy meter of the database with its site's zone and the span its readings
 * cover — from its first reading to its last. The first (last) reading is looked up among the raw
 * readings of the meter's first (last) hourly rollup only (an index range): «≤ bucket + 1 hour» also
 * finds a reading exactly at the next hour, whichever hour the rollups put it in. Where retention
 * dropped those readings, the rollup's hour stands in, as not covered (see the contract).
 */
const coverCte = (id: SQL) => sql`
    cover as (
      select s.id as series_id, site.time_zone as tz,
        coalesce((select min(m.ts) from monitoring_readings m
          where m.database_id = ${id} and m.series_id = s.id
            and m.ts >= b.first_hour and m.ts <= b.first_hour + interval '1 hour'),
          b.first_hour + interval '1 hour') as covered_from,
        coalesce((select max(m.ts) from monitoring_readings m
          where m.database_id = ${id} and m.series_id = s.id
            and m.ts >= b.last_hour and m.ts <= b.last_hour + interval '1 hour'),
          b.last_hour) as covered_to
      from monitoring_series s
      join monitoring_sites site on site.database_id = s.database_id and site.id = s.site_id
      cross join lateral (
        select min(h.bucket) as first_hour, max(h.bucket) as last_hour from monitoring_rollups h
        where h.database_id = ${id} and h.series_id = s.id and h.grain = 'hour'
      ) b
      where s.database_id = ${id} and s.kind = 'energy' and b.first_hour is not null
    )`;

/** The end of the local bucket `bucket` of `grain` in zone `tz`: a day may last 23 or 25 hours. */
const bucketEnd = (grain: "hour" | "day", bucket: SQL, tz: SQL) =>
  grain === "hour"
    ? sql`(${bucket} + interval '1 hour')`
    : sql`((${bucket} at time zone ${tz}) + interval '1 day') at time zone ${tz}`;

/**
 * Whether the rollup bucket `r.bucket` of `grain` is complete for its meter (`c`, of cover) within
 * [from, to): wholly inside it, ended by now, and covered by the meter's readings start to end.
 */
const completeSql = (grain: "hour" | "day", from: SQL, to: SQL) => {
  const end = bucketEnd(grain, sql`r.bucket`, sql`c.tz`);
  return sql`(r.bucket >= ${from} and ${end} <= ${to} and ${end} <= now()
    and r.bucket >= c.covered_from and ${end} <= c.covered_to)`;
};

/**
 * Means of every energy meter's complete rollups of `grain` in [from, to), by `group` (a text)
 * and `slot` (0 … slots − 1), both SQL over `local` (the bucket as the site's wall clock).
 */
async function meansBy(
  db: Db,
  databaseId: number,
  grain: "hour" | "day",
  from: TimeInput,
  to: TimeInput,
  slots: number,
  group: SQL,
  slot: SQL,
): Promise<MeterMeans[]> {
  const id = sql`${databaseId}::int`;
  const f = sql`${isoOf(from)}::timestamptz`;
  const t = sql`${isoOf(to)}::timestamptz`;
  const rows = await queryRows<
    MeterRow & { grp: string | null; slot: number | null; kwh: number | null; count: number }
  >(
    db,
    sql`
    with ${coverCte(id)},
    r as (
      select r.series_id, r.kwh, r.bucket at time zone c.tz as local
      from cover c
      join monitoring_rollups r on r.database_id = ${id} and r.series_id = c.series_id and r.grain = ${grain}
        and r.bucket >= ${f} and r.bucket < ${t}
      where ${completeSql(grain, f, t)}
    ),
    g as (
      select series_id, ${group} as grp, (${slot})::int as slot, avg(coalesce(kwh, 0))::float8 as kwh, count(*)::int as count
      from r group by 1, 2, 3
    )
    select s.id::int as series_id, s.site_id::int as site_id, s.substation_id::int as substation_id,
      s.meter_role as role, s.name, g.grp, g.slot, g.kwh, coalesce(g.count, 0)::int as count
    from monitoring_series s
    left join g on g.series_id = s.id
    where s.database_id = ${id} and s.kind = 'energy'
    order by ${METER_ORDER}, g.grp, g.slot`,
  );
  const meters = new Map<number, MeterMeans>();
  for (const row of rows) {
    let meter = meters.get(row.series_id);
    if (!meter) {
      const { grp: _g, slot: _s, kwh: _k, count: _c, ...rest } = row;
      meter = { ...rest, groups: {} };
      meters.set(row.series_id, meter);
    }
    if (row.grp === null || row.slot === null) continue;
    const means = meter.groups[row.grp] ?? {
      kwh: Array<number | null>(slots).fill(null),
      count: Array<number>(slots).fill(0),
    };
    meter.groups[row.grp] = means;
    means.kwh[row.slot] = row.kwh;
    means.count[row.slot] = row.count;
  }
  return [...meters.values()];
}

/** The mean hourly kWh by local hour (0–23), weekdays («weekdays») and Saturdays–Sundays («weekends») apart. */
export const hourProfile = (db: Db, databaseId: number, from: TimeInput, to: TimeInput) =>
  meansBy(
    db,
    databaseId,
    "hour",
    from,
    to,
    24,
    sql`case when extract(isodow from local) >= 6 then 'weekends' else 'weekdays' end`,
    sql`extract(hour from local)`,
  );

/** The mean daily kWh by weekday (0 = Monday … 6) and by day of month (0 = the 1st … 30). */
export async function dayMeans(db: Db, databaseId: number, from: TimeInput, to: TimeInput) {
  const [weekdays, monthDays] = await Promise.all([
    meansBy(db, databaseId, "day", from, to, 7, sql`'weekdays'`, sql`extract(isodow from local) - 1`),
    meansBy(db, databaseId, "day", from, to, 31, sql`'month_days'`, sql`extract(day from local) - 1`),
  ]);
  return weekdays.map((m, i) => ({ ...m, groups: { ...m.groups, ...monthDays[i]?.groups } }));
}

/** The period compared with (contract monitoring.ts monitoringPreviousPeriod): it ends at or before `from`. */
export interface PreviousRange {
  from: TimeInput;
  to: TimeInput;
}

/**
 * Every energy meter's kWh over the local hours of [from, to) and of the previous range (null
 * without a rollup), and the mean kWh of its complete local days in each with their count (null, 0
 * without one). An hour is the period's that holds its start; the previous range stops short of it.
 */
export async function periodEnergy(
  db: Db,
  databaseId: number,
  from: TimeInput,
  to: TimeInput,
  previous: PreviousRange,
) {
  const id = sql`${databaseId}::int`;
  const pf = sql`${isoOf(previous.from)}::timestamptz`;
  const pt = sql`${isoOf(previous.to)}::timestamptz`;
  const f = sql`${isoOf(from)}::timestamptz`;
  const t = sql`${isoOf(to)}::timestamptz`;
  return queryRows<
    MeterRow & {
      kwh: number | null;
      previous_kwh: number | null;
      per_day: number | null;
      days: number;
      previous_per_day: number | null;
      previous_days: number;
    }
  >(
    db,
    sql`
    with ${coverCte(id)},
    hours as (
      select r.series_id,
        sum(coalesce(r.kwh, 0)) filter (where r.bucket >= date_trunc('hour', ${f}, c.tz)) as kwh,
        sum(coalesce(r.kwh, 0)) filter (where r.bucket < least(${pt}, date_trunc('hour', ${f}, c.tz))) as previous_kwh
      from cover c
      join monitoring_rollups r on r.database_id = ${id} and r.series_id = c.series_id and r.grain = 'hour'
        and r.bucket >= date_trunc('hour', ${pf}, c.tz) and r.bucket < ${t}
      group by r.series_id
    ),
    days as (
      select r.series_id,
        avg(coalesce(r.kwh, 0)) filter (where ${completeSql("day", f, t)}) as per_day,
        count(*) filter (where ${completeSql("day", f, t)}) as days,
        avg(coalesce(r.kwh, 0)) filter (where ${completeSql("day", pf, pt)}) as previous_per_day,
        count(*) filter (where ${completeSql("day", pf, pt)}) as previous_days
      from cover c
      join monitoring_rollups r on r.database_id = ${id} and r.series_id = c.series_id and r.grain = 'day'
        and r.bucket >= ${pf} and r.bucket < ${t}
      group by r.series_id
    )
    select s.id::int as series_id, s.site_id::int as site_id, s.substation_id::int as substation_id,
      s.meter_role as role, s.name,
      h.kwh::float8 as kwh, h.previous_kwh::float8 as previous_kwh,
      d.per_day::float8 as per_day, coalesce(d.days, 0)::int as days,
      d.previous_per_day::float8 as previous_per_day, coalesce(d.previous_days, 0)::int as previous_days
    from monitoring_series s
    left join hours h on h.series_id = s.id
    left join days d on d.series_id = s.id
    where s.database_id = ${id} and s.kind = 'energy'
    order by ${METER_ORDER}`,
  );
}

/**
 * Per site: its local days wholly inside [from, to) that have ended by now, and those of the
 * previous range — the days a meter could have complete. Counted on local dates, so a day of
 * 23 or 25 hours is one day: the first whole day is the local date of `from` rounded up, the last
 * the one before the local date of min(to, now).
 */
export function siteDays(db: Db, databaseId: number, from: TimeInput, to: TimeInput, previous: PreviousRange) {
  const whole = (a: SQL, b: SQL) =>
    sql`greatest(0, (least(${b}, now()) at time zone time_zone)::date
      - ((${a} at time zone time_zone) + interval '1 day' - interval '1 microsecond')::date)::int`;
  const pf = sql`${isoOf(previous.from)}::timestamptz`;
  const pt = sql`${isoOf(previous.to)}::timestamptz`;
  const f = sql`${isoOf(from)}::timestamptz`;
  const t = sql`${isoOf(to)}::timestamptz`;
  return queryRows<{ site_id: number; days: number; previous_days: number }>(
    db,
    sql`select id::int as site_id, ${whole(f, t)} as days, ${whole(pf, pt)} as previous_days
        from monitoring_sites where database_id = ${databaseId}::int`,
  );
}

/**
 * The herd the monitoring database's sites feed (contract monitoring-averages.ts, herd): its farm's
 * active herd databases when it is bound to a farm, else the company's one active herd database
 * (none of several: which one is not known), with their cows now (lactation ≥ 1, milking or dry).
 */
export async function siteHerd(db: Db, databaseId: number): Promise<PowerHerd> {
  const rows = await queryRows<{ farm: string | null; bound: boolean; name: string | null; cows: number }>(
    db,
    sql`
    select f.name as farm, m.farm_id is not null as bound, h.name,
      (select count(*) from herd_animals a
        where a.database_id = h.id and a.lact >= 1 and a.status in ('milking', 'dry'))::int as cows
    from user_databases m
    left join farms f on f.id = m.farm_id
    left join user_databases h on h.company_id = m.company_id and h.kind = 'herd' and h.active
      and (m.farm_id is null or h.farm_id = m.farm_id)
    where m.id = ${databaseId}::int
    order by h.name`,
  );
  const farm = rows[0]?.farm ?? null;
  const bound = rows[0]?.bound ?? false;
  const herds = rows.filter((r): r is typeof r & { name: string } => r.name !== null);
  const databases = herds.map((h) => h.name);
  const cows = herds.reduce((total, h) => total + h.cows, 0);
  if (bound) return { basis: "farm", farm, databases, cows: cows > 0 ? cows : null };
  if (herds.length === 0) return { basis: "none", farm: null, databases, cows: null };
  if (herds.length > 1) return { basis: "ambiguous", farm: null, databases, cows: null };
  return { basis: "company", farm: null, databases, cows: cows > 0 ? cows : null };
}
