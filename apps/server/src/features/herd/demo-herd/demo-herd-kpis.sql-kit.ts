import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";
import { CALF_STILLBORN } from "./demo-herd-params.ts";

/**
 * The demo-herd KPIs of demo-herd.test-kit.ts computed in SQL over the herd tables, one statement
 * each, aggregated in the database: the same definitions (HERD.md), so the two must agree. "The
 * year" is [today − 365, today).
 */
export async function herdKpisSql(db: Db, databaseId: number, today: string, vwp: number) {
  const q = { db: databaseId, today: sql`${today}::date`, yearStart: sql`(${today}::date - 365)` };
  const value = async (query: SQL): Promise<number> => {
    const [row] = await queryRows<{ v: number | string | null }>(db, query);
    return Number(row?.v ?? Number.NaN);
  };
  const cowYears = await value(cowYearsSql(q));
  const cows = await queryRows<{ cows: number; first: number }>(
    db,
    sql`select count(*)::int as cows, count(*) filter (where lact = 1)::int as first
        from herd_animals where database_id = ${q.db} and status = 'milking'`,
  );
  const milk = await queryRows<Record<string, number | string>>(db, testDaysSql(q));
  return {
    pregnancyRate21: await value(pregnancyRateSql(q, vwp)),
    conceptionRate: await value(conceptionRateSql(q)),
    cullingRate: (100 * (await value(exitsSql(q, ["SOLD", "DIED"])))) / cowYears,
    deathRate: (100 * (await value(exitsSql(q, ["DIED"])))) / cowYears,
    calvingIntervalMonths: await value(calvingIntervalSql(q)),
    firstServiceDim: await value(firstServiceDimSql(q)),
    mastitisLir: await value(mastitisLirSql(q)),
    rpIncidence: await value(calvingIncidenceSql(q, "RP", 3)),
    abortionRate: await value(abortionRateSql(q)),
    stillbirthRate: await value(stillbirthRateSql(q)),
    milkPerCowYear: (await value(milkTotalSql(q))) / cowYears,
    milkPerTest: Number(milk[0]?.milk_per_test),
    fatPct: Number(milk[0]?.fat_pct),
    proteinPct: Number(milk[0]?.protein_pct),
    sccMean: Number(milk[0]?.scc_mean),
    cows: Number(cows[0]?.cows),
    firstLactationPct: (100 * Number(cows[0]?.first)) / Number(cows[0]?.cows),
  };
}

interface Q {
  db: number;
  today: SQL;
  yearStart: SQL;
}

/** Dates as whole day numbers, for the sums of straight lines over days. */
const EPOCH = sql`date '2000-01-01'`;

const inYear = (q: Q, column: string) => sql`${sql.raw(column)} >= ${q.yearStart} and ${sql.raw(column)} < ${q.today}`;

/** Each reproductive event with the code of the animal's next one (BRED's result: PREG, else OPEN/BRED). */
const REPRO = sql`('BRED', 'PREG', 'OPEN', 'FRESH', 'ABORT')`;

/** Pregnancies ÷ inseminations of cows in the year whose result is known, %. */
const conceptionRateSql = (q: Q) => sql`
  with r as (
    select e.lact, e.event_date, e.code,
      lead(e.code) over (partition by e.animal_id order by e.event_date, e.id) as next
    from herd_events e where e.database_id = ${q.db} and e.code in ${REPRO})
  select (100.0 * count(*) filter (where next = 'PREG')
    / count(*) filter (where next in ('PREG', 'OPEN', 'BRED')))::float8 as v
  from r where code = 'BRED' and lact >= 1 and ${inYear(q, "event_date")}`;

/**
 * 21-day pregnancy rate, %. A lactation's eligible time is cut into segments at each ABORT (which
 * makes the cow open again, from the VWP at the earliest); a segment ends at its first conceiving
 * BRED (the lactation's next reproductive event is PREG), or — the last one — at DNB, exit, the
 * next calving or today. Then per 21-day cycle ending ≥ 28 days ago: eligible ≥ 11 days, or
 * conceived in it.
 */
const pregnancyRateSql = (q: Q, vwp: number) => sql`
  with r as (
    select e.animal_id, e.lact, e.event_date, e.code,
      lead(e.code) over w as next,
      count(*) filter (where e.code = 'ABORT') over w as segment
    from herd_events e where e.database_id = ${q.db} and e.code in ${REPRO}
    window w as (partition by e.animal_id, e.lact order by e.event_date, e.id)),
  segments as (
    select animal_id, lact, segment, min(event_date) filter (where code = 'ABORT') as abort_day,
      min(event_date) filter (where code = 'BRED' and next = 'PREG') as conceived
    from r group by animal_id, lact, segment),
  dnb as (
    select animal_id, lact, min(event_date) as day from herd_events
    where database_id = ${q.db} and code = 'DNB' group by animal_id, lact),
  s as (
    select greatest(coalesce(g.abort_day, l.fresh_date), l.fresh_date + ${vwp}::int) as from_date, g.conceived,
      coalesce(g.segment, 0) = max(coalesce(g.segment, 0)) over (partition by l.animal_id, l.lact) as last,
      least(coalesce(a.exit_date, ${q.today}), coalesce(n.fresh_date, ${q.today}), ${q.today}, coalesce(d.day, ${q.today}))
        as end_date
    from herd_lactations l
    join herd_animals a on a.database_id = l.database_id and a.id = l.animal_id
    left join herd_lactations n on n.database_id = l.database_id and n.animal_id = l.animal_id and n.lact = l.lact + 1
    left join segments g on g.animal_id = l.animal_id and g.lact = l.lact
    left join dnb d on d.animal_id = l.animal_id and d.lact = l.lact
    where l.database_id = ${q.db}
      and l.animal_id in (select animal_id from herd_events where database_id = ${q.db})),
  spans as (
    select from_date, greatest(from_date, conceived + 1) as to_date, conceived from s where conceived is not null
    union all
    select from_date, end_date, null from s where conceived is null and last and end_date > from_date),
  cycles as (
    select ${q.today} - 28 - 21 * k as cycle_end, ${q.today} - 49 - 21 * k as cycle_start
    from generate_series(0, (${q.today} - 49 - ${q.yearStart}) / 21) k)
  select (100.0 * count(*) filter (where s.conceived >= c.cycle_start and s.conceived < c.cycle_end)
    / count(*) filter (where least(s.to_date, c.cycle_end) - greatest(s.from_date, c.cycle_start) >= 11
      or (s.conceived >= c.cycle_start and s.conceived < c.cycle_end)))::float8 as v
  from spans s cross join cycles c`;

/** Days cows (from their first calving in the history) spent in the herd in the year ÷ 365. */
const cowYearsSql = (q: Q) => sql`
  select (sum(greatest(0, least(coalesce(a.exit_date, ${q.today}), ${q.today}) - greatest(f.first_fresh, ${q.yearStart})))
    / 365.0)::float8 as v
  from (select animal_id, min(fresh_date) as first_fresh from herd_lactations where database_id = ${q.db}
        group by animal_id) f
  join herd_animals a on a.database_id = ${q.db} and a.id = f.animal_id`;

const exitsSql = (q: Q, codes: string[]) => sql`
  select count(*)::float8 as v from herd_events
  where database_id = ${q.db} and code in (${sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  )}) and lact >= 1 and ${inYear(q, "event_date")}`;

/** Mean months (30.44 days) from the previous calving, over calvings in the year. */
const calvingIntervalSql = (q: Q) => sql`
  select avg((l.fresh_date - p.fresh_date) / 30.44)::float8 as v
  from herd_lactations l
  join herd_lactations p on p.database_id = l.database_id and p.animal_id = l.animal_id and p.lact = l.lact - 1
  where l.database_id = ${q.db} and ${inYear(q, "l.fresh_date")}`;

/** Mean DIM at each lactation's first BRED, over first services in the year. */
const firstServiceDimSql = (q: Q) => sql`
  select avg(dim)::float8 as v from (
    select distinct on (animal_id, lact) event_date, dim from herd_events
    where database_id = ${q.db} and code = 'BRED' and lact >= 1
    order by animal_id, lact, event_date, id) f
  where ${inYear(q, "event_date")}`;

/** Lactations begun in the year before last with at least one MAST, %. */
const mastitisLirSql = (q: Q) => sql`
  select (100.0 * count(m.animal_id) / count(*))::float8 as v
  from herd_lactations l
  left join (select distinct animal_id, lact from herd_events where database_id = ${q.db} and code = 'MAST') m
    on m.animal_id = l.animal_id and m.lact = l.lact
  where l.database_id = ${q.db} and l.fresh_date >= ${q.yearStart} - 365 and l.fresh_date < ${q.yearStart}`;

/** Calvings in the year with a `code` event in the first `maxDim` days, %. */
const calvingIncidenceSql = (q: Q, code: string, maxDim: number) => sql`
  select (100.0 * count(x.animal_id) / count(*))::float8 as v
  from herd_events f
  left join (select distinct animal_id, lact from herd_events
             where database_id = ${q.db} and code = ${code} and dim <= ${maxDim}) x
    on x.animal_id = f.animal_id and x.lact = f.lact
  where f.database_id = ${q.db} and f.code = 'FRESH' and ${inYear(q, "f.event_date")}`;

/** Abortions in the year ÷ pregnancies confirmed in the year, heifers included, %. */
const abortionRateSql = (q: Q) => sql`
  select (100.0 * count(*) filter (where code = 'ABORT') / count(*) filter (where code = 'PREG'))::float8 as v
  from herd_events where database_id = ${q.db} and code in ('ABORT', 'PREG') and ${inYear(q, "event_date")}`;

/** Calvings in the year whose FRESH remark says the calf was stillborn, %. */
const stillbirthRateSql = (q: Q) => sql`
  select (100.0 * count(*) filter (where strpos(remark, ${CALF_STILLBORN}) > 0) / count(*))::float8 as v
  from herd_events where database_id = ${q.db} and code = 'FRESH' and ${inYear(q, "event_date")}`;

/** Test days of the year: mean milk, milk-weighted fat and protein, mean SCC. */
const testDaysSql = (q: Q) => sql`
  select avg(milk_kg)::float8 as milk_per_test, (sum(milk_kg * fat_pct) / sum(milk_kg))::float8 as fat_pct,
    (sum(milk_kg * protein_pct) / sum(milk_kg))::float8 as protein_pct, avg(scc)::float8 as scc_mean
  from herd_test_days where database_id = ${q.db} and ${inYear(q, "test_date")}`;

/**
 * Milk of the year, kg: each lactation's daily yield drawn through its test days (the first test's
 * yield back to calving, straight lines between tests, the last test's on to dry-off, the day after
 * the exit, or today), summed over its days in the year. Each piece is a straight line
 * v(d) = m + s·(d − t) over the whole days p..q, so its sum is n·m + s·((p + q)·n/2 − n·t).
 */
const milkTotalSql = (q: Q) => sql`
  with t as (
    select t.animal_id, t.lact, t.test_date - ${EPOCH} as day, t.milk_kg::float8 as milk,
      lead(t.test_date - ${EPOCH}) over w as next_day, lead(t.milk_kg::float8) over w as next_milk,
      row_number() over w as i
    from herd_test_days t where t.database_id = ${q.db}
    window w as (partition by t.animal_id, t.lact order by t.test_date)),
  pieces as (
    -- up to the first test: its yield
    select animal_id, lact, null::int as lo, day as hi, milk as m, 0::float8 as s, day as t from t where i = 1
    union all
    -- from the day after a test up to the next test: the line through the two
    select animal_id, lact, day + 1, next_day, milk, (next_milk - milk) / (next_day - day), day
    from t where next_day is not null
    union all
    -- after the last test: its yield
    select animal_id, lact, day + 1, null, milk, 0, day from t where next_day is null),
  spans as (
    select p.m, p.s, p.t,
      greatest(l.fresh_date - ${EPOCH}, ${q.yearStart} - ${EPOCH}, coalesce(p.lo, l.fresh_date - ${EPOCH})) as p,
      least(coalesce(p.hi, ${q.today} - ${EPOCH}),
        least(coalesce(l.dry_date, ${q.today}), coalesce(a.exit_date + 1, ${q.today}), ${q.today}) - ${EPOCH} - 1) as q
    from pieces p
    join herd_lactations l on l.database_id = ${q.db} and l.animal_id = p.animal_id and l.lact = p.lact
    join herd_animals a on a.database_id = ${q.db} and a.id = p.animal_id)
  select sum((q - p + 1) * m + s * ((p + q) * (q - p + 1) / 2.0 - (q - p + 1) * t))::float8 as v
  from spans where q >= p`;
