import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { isoOf, type TimeInput } from "./state-time.ts";

// Averages of the energy meters' kWh aggregated in SQL from the rollups (rollups.ts: hours and
// days of the site's time zone). HERD.md "Energy": a mean of kWh per hour or day, never of power.
// A mean is over the buckets of [from, to) that have the meter's rollup (their count beside it).

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
 * Means of every energy meter's rollups of `grain` in [from, to) (the bucket `from` falls in
 * first), by `group` (a text) and `slot` (0 … slots − 1), both SQL over `local` (the bucket as
 * the site's wall clock).
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
    with r as (
      select r.series_id, r.kwh, r.bucket at time zone site.time_zone as local
      from monitoring_series s
      join monitoring_sites site on site.database_id = s.database_id and site.id = s.site_id
      join monitoring_rollups r on r.database_id = ${id} and r.series_id = s.id and r.grain = ${grain}
        and r.bucket >= date_trunc(${grain}, ${f}, site.time_zone) and r.bucket < ${t}
      where s.database_id = ${id} and s.kind = 'energy'
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

/** kWh of every energy meter over the local hours of [from, to) and of the previous range of equal length. */
export async function periodEnergy(
  db: Db,
  databaseId: number,
  from: TimeInput,
  to: TimeInput,
  previousFrom: TimeInput,
) {
  const id = sql`${databaseId}::int`;
  const pf = sql`${isoOf(previousFrom)}::timestamptz`;
  const f = sql`${isoOf(from)}::timestamptz`;
  const t = sql`${isoOf(to)}::timestamptz`;
  return queryRows<MeterRow & { kwh: number; previous_kwh: number }>(
    db,
    sql`
    select s.id::int as series_id, s.site_id::int as site_id, s.substation_id::int as substation_id,
      s.meter_role as role, s.name,
      coalesce(sum(r.kwh) filter (where r.bucket >= date_trunc('hour', ${f}, site.time_zone)), 0)::float8 as kwh,
      coalesce(sum(r.kwh) filter (where r.bucket < date_trunc('hour', ${f}, site.time_zone)), 0)::float8 as previous_kwh
    from monitoring_series s
    join monitoring_sites site on site.database_id = s.database_id and site.id = s.site_id
    left join monitoring_rollups r on r.database_id = ${id} and r.series_id = s.id and r.grain = 'hour'
      and r.bucket >= date_trunc('hour', ${pf}, site.time_zone) and r.bucket < ${t}
    where s.database_id = ${id} and s.kind = 'energy'
    group by s.id, s.site_id, s.substation_id, s.meter_role, s.name
    order by ${METER_ORDER}`,
  );
}

/**
 * The herd of the monitoring database's company now: its active herd databases and their cows
 * (lactation ≥ 1, milking or dry).
 */
export async function companyHerd(db: Db, databaseId: number): Promise<{ cows: number; databases: number }> {
  const [row] = await queryRows<{ cows: number; databases: number }>(
    db,
    sql`
    with herds as (
      select h.id from user_databases m
      join user_databases h on h.company_id = m.company_id and h.kind = 'herd' and h.active
      where m.id = ${databaseId}::int
    )
    select (select count(*) from herds)::int as databases,
      (select count(*) from herd_animals a
        where a.database_id in (select id from herds) and a.lact >= 1 and a.status in ('milking', 'dry'))::int as cows`,
  );
  return row ?? { cows: 0, databases: 0 };
}
