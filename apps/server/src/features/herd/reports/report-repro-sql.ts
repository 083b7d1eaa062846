import { type SQL, sql } from "drizzle-orm";
import type { AtomContext } from "./report-atoms.ts";

// ---- Report 4's reproduction arithmetic in SQL (HERD.md "Reproduction"), one CTE chain ----
//
// The chain is written once and run two ways: over a report's animals (every cow of the database
// that passes the filters) and over one animal `a` inside a drill atom. Every window and every join
// is per animal, so a cow's rows come out the same either way: a drill lists exactly the cows the
// report counted.
//
// svc — the services: each BRED of a cow (lactation ≥ 1), its number in the lactation, its DIM (from
//   the lactation's fresh date; the event's own DIM when the lactation is not recorded) and
//   its result, read from the cow's next reproductive event (BRED, PREG, OPEN, ABORT, FRESH):
//   PREG or ABORT next → pregnant (an abortion proves the pregnancy); FRESH 260 days or more later →
//   pregnant (she calved from it); OPEN or another BRED next → open; anything else (nothing yet,
//   or a FRESH sooner than 260 days) → result unknown. The date of a pregnant service is the
//   conception date.
// lac — the lactations: fresh date, VWP end (fresh + VWP), end of the lactation (next calving,
//   exit, the first DNB of the lactation or tomorrow, whichever is first; exclusive).
// spans — the days a cow is open: from calving and from each abortion to the next conception
//   (its day included), the next abortion or the end of the lactation; eligible from the VWP on.
//   Numbered by a running count over the lactation's days (no range joins: the planner misjudges
//   the rows of CTEs, and a nested loop over two of them is quadratic).
// cyc — cow-cycles: 21-day cycles per lactation starting at fresh + VWP (cycle k: days
//   v0 + 21k … v0 + 21k + 20), those starting in the period and ended by today, with the cow's
//   open days in each, whether she was bred in it and whether a service in it gave a pregnancy.
//   Eligible: open 11 days or more of the cycle, or bred in it. Known: ended 28 days or more ago.

/** Services before this many days ahead of the period are not read (their lactations are over). */
const HISTORY_DAYS = 1096;
/** A FRESH at least this many days after a service: the calf came from that service. */
export const GESTATION_MIN_DAYS = 260;

export interface ReproScope {
  /** A condition over herd_events `alias`: the rows of the animals counted. */
  rows: (alias: string) => SQL;
  /** Their lactations: a FROM item with animal_id, lact, fresh_date and the animal's exit_date. */
  lactations: SQL;
}

/**
 * The animals' rows the arithmetic reads: those still in the herd when the period began (an animal
 * that left before has no cycle, service or calving in it), from lactation 1 on (a FRESH is of the
 * lactation it starts, so every BRED of a cow and the event after it are read).
 */
export const present = (ctx: AtomContext) => sql`(a.exit_date is null or a.exit_date >= ${ctx.from}::date)`;

/** Every cow of a database that passes the report's filters (`base`, over `herd_animals a`). */
export const reportScope = (databaseId: number, base: SQL, ctx: AtomContext): ReproScope => ({
  rows: (alias) => sql`${sql.raw(alias)}.database_id = ${databaseId} and ${sql.raw(alias)}.lact >= 1
    and ${sql.raw(alias)}.animal_id in
    (select a.id from herd_animals a where a.database_id = ${databaseId} and ${base} and ${present(ctx)})`,
  lactations: sql`(select l.animal_id, l.lact, l.fresh_date, a.exit_date
    from herd_lactations l join herd_animals a on a.database_id = l.database_id and a.id = l.animal_id
    where l.database_id = ${databaseId} and ${base} and ${present(ctx)})`,
});

/** The one animal `a` of the query around (a drill atom). */
export const animalScope = (ctx: AtomContext): ReproScope => ({
  rows: (alias) => sql`${sql.raw(alias)}.database_id = a.database_id and ${sql.raw(alias)}.animal_id = a.id
    and ${sql.raw(alias)}.lact >= 1 and ${present(ctx)}`,
  lactations: sql`(select l.animal_id, l.lact, l.fresh_date, a.exit_date from herd_lactations l
    where l.database_id = a.database_id and l.animal_id = a.id and ${present(ctx)})`,
});

/** `with ev, dnb, lac, svc` — the reproductive events, the lactations and the services (see above). */
export function servicesChain(scope: ReproScope, ctx: AtomContext): SQL {
  return sql`with ev as (
      select e.id, e.animal_id, e.lact, e.event_date, e.code, e.remark, e.technician, e.dim,
        lead(e.code) over w as next_code, lead(e.event_date) over w as next_date
      from herd_events e
      where ${scope.rows("e")} and e.code in ('BRED', 'PREG', 'OPEN', 'ABORT', 'FRESH')
        and e.event_date >= ${ctx.from}::date - ${HISTORY_DAYS}::int
      window w as (partition by e.animal_id order by e.event_date, e.id)),
    dnb as (
      select d.animal_id, d.lact, min(d.event_date) as day from herd_events d
      where ${scope.rows("d")} and d.code = 'DNB' group by 1, 2),
    lac as (
      select lx.animal_id, lx.lact, lx.fresh_date,
        least(lead(lx.fresh_date) over (partition by lx.animal_id order by lx.lact), lx.exit_date, dnb.day,
          ${ctx.today}::date + 1) as lact_end
      from ${scope.lactations} lx left join dnb on dnb.animal_id = lx.animal_id and dnb.lact = lx.lact),
    svc as (
      select ev.animal_id, ev.lact, ev.event_date, ev.technician, ev.remark as sire,
        row_number() over (partition by ev.animal_id, ev.lact order by ev.event_date, ev.id) as n,
        coalesce(ev.event_date - l.fresh_date, ev.dim) as dim,
        case
          when ev.next_code in ('PREG', 'ABORT') then 'preg'
          when ev.next_code = 'FRESH' and ev.next_date - ev.event_date >= ${GESTATION_MIN_DAYS}::int then 'preg'
          when ev.next_code in ('OPEN', 'BRED') then 'open'
        end as result
      from ev left join lac l on l.animal_id = ev.animal_id and l.lact = ev.lact
      where ev.code = 'BRED' and ev.lact >= 1)`;
}

/** `with ev, dnb, lac, svc, …, cyc` — the cow-cycles of the period (see above). */
export function cyclesChain(scope: ReproScope, ctx: AtomContext, vwp: number): SQL {
  const today = sql`${ctx.today}::date`;
  return sql`${servicesChain(scope, ctx)},
    marks as (
      -- the days a cow turns open (kind 0: calving, abortion) and conceives (kind 1), per lactation
      select animal_id, lact, fresh_date as day, 0 as kind from lac
      union all select animal_id, lact, event_date, 0 from ev where code = 'ABORT' and lact >= 1
      union all select animal_id, lact, event_date, 1 from svc where result = 'preg'),
    numbered as (
      select animal_id, lact, day, kind,
        count(*) filter (where kind = 0) over (partition by animal_id, lact order by day, kind
          rows between unbounded preceding and current row) as span
      from marks),
    opened as (
      select animal_id, lact, span, min(day) filter (where kind = 0) as s, min(day) filter (where kind = 1) as conceived
      from numbered where span > 0 group by 1, 2, 3),
    spans as (
      select o.animal_id, o.lact, l.fresh_date + ${vwp}::int as v0, greatest(o.s, l.fresh_date + ${vwp}::int) as s,
        least(o.conceived + 1, lead(o.s) over (partition by o.animal_id, o.lact order by o.span), l.lact_end) as e
      from opened o join lac l on l.animal_id = o.animal_id and l.lact = o.lact
      where l.fresh_date + ${vwp}::int <= ${ctx.to}::date and l.lact_end > ${ctx.from}::date),
    parts as (
      select sp.animal_id, sp.lact, sp.v0 + 21 * k as cs,
        greatest(sp.s, sp.v0 + 21 * k) as a, least(sp.e, sp.v0 + 21 * k + 21) as b
      from spans sp, generate_series(
        greatest(floor((sp.s - sp.v0) / 21.0), ceil((${ctx.from}::date - sp.v0) / 21.0))::int,
        least(floor((sp.e - 1 - sp.v0) / 21.0), floor((least(${ctx.to}::date, ${today} - 20) - sp.v0) / 21.0))::int
      ) k
      where sp.s < sp.e),
    bred as (
      -- each service with the start of its lactation's cycle
      select v.animal_id, v.lact, v.event_date, v.result,
        l.fresh_date + ${vwp}::int + 21 * floor((v.event_date - l.fresh_date - ${vwp}::int) / 21.0)::int as cs
      from svc v join lac l on l.animal_id = v.animal_id and l.lact = v.lact),
    marked as (
      select p.animal_id, p.lact, p.cs, p.b - p.a as days, count(v.animal_id) > 0 as bred,
        coalesce(bool_or(v.result = 'preg'), false) as preg
      from parts p left join bred v on v.animal_id = p.animal_id and v.lact = p.lact and v.cs = p.cs
        and v.event_date >= p.a and v.event_date < p.b
      group by p.animal_id, p.lact, p.cs, p.a, p.b),
    cyc as (
      select animal_id, lact, cs, sum(days) >= 11 or bool_or(bred) as elig, bool_or(bred) as bred,
        bool_or(preg) as preg, cs + 20 <= ${today} - 28 as known
      from marked group by animal_id, lact, cs)`;
}

/** The services counted in a period: dated in it. */
export const inPeriod = (ctx: AtomContext) => sql`event_date between ${ctx.from}::date and ${ctx.to}::date`;
