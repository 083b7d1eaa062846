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
// cyc — cow-cycles: 21-day cycles per lactation starting at fresh + VWP (cycle k: days
//   v0 + 21k … v0 + 21k + 20), those starting in the period and ended by today, with the cow's
//   open days in each, whether she was bred in it and whether a service in it gave a pregnancy.
//   Eligible: open 11 days or more of the cycle, or bred in it. Known: ended 28 days or more ago.

/** Services before this many days ahead of the period are not read (their lactations are over). */
const HISTORY_DAYS = 1096;
/** A FRESH at least this many days after a service: the calf came from that service. */
export const GESTATION_MIN_DAYS = 260;

export interface ReproScope {
  /** The animals, a FROM item with database_id, id, exit_date. */
  animals: SQL;
  /** Rows of herd_events or herd_lactations (`alias`) of those animals. */
  rows: (alias: string) => SQL;
}

/** Every cow of a database that passes the report's filters (`base`, over `herd_animals a`). */
export const reportScope = (databaseId: number, base: SQL): ReproScope => ({
  animals: sql`(select a.database_id, a.id, a.exit_date from herd_animals a
    where a.database_id = ${databaseId} and ${base})`,
  rows: (alias) => sql`${sql.raw(alias)}.database_id = ${databaseId}`,
});

/** The one animal `a` of the query around (a drill atom). */
export const animalScope: ReproScope = {
  animals: sql`(select a.database_id, a.id, a.exit_date)`,
  rows: (alias) => sql`${sql.raw(alias)}.database_id = a.database_id and ${sql.raw(alias)}.animal_id = a.id`,
};

/** `with ra, ev, svc` — the services (see above). */
export function servicesChain(scope: ReproScope, ctx: AtomContext): SQL {
  return sql`with ra as ${scope.animals},
    ev as (
      select e.database_id, e.id, e.animal_id, e.lact, e.event_date, e.code, e.remark, e.technician, e.dim,
        lead(e.code) over w as next_code, lead(e.event_date) over w as next_date
      from herd_events e join ra on ra.database_id = e.database_id and ra.id = e.animal_id
      where ${scope.rows("e")} and e.code in ('BRED', 'PREG', 'OPEN', 'ABORT', 'FRESH')
        and e.event_date >= ${ctx.from}::date - ${HISTORY_DAYS}::int
      window w as (partition by e.animal_id order by e.event_date, e.id)),
    svc as (
      select ev.animal_id, ev.lact, ev.event_date, ev.technician, ev.remark as sire,
        row_number() over (partition by ev.animal_id, ev.lact order by ev.event_date, ev.id) as n,
        coalesce(ev.event_date - l.fresh_date, ev.dim) as dim,
        case
          when ev.next_code in ('PREG', 'ABORT') then 'preg'
          when ev.next_code = 'FRESH' and ev.next_date - ev.event_date >= ${GESTATION_MIN_DAYS}::int then 'preg'
          when ev.next_code in ('OPEN', 'BRED') then 'open'
        end as result
      from ev left join herd_lactations l
        on l.database_id = ev.database_id and l.animal_id = ev.animal_id and l.lact = ev.lact
      where ev.code = 'BRED' and ev.lact >= 1)`;
}

/** `with ra, ev, svc, lac, spans, cyc` — the cow-cycles of the period (see above). */
export function cyclesChain(scope: ReproScope, ctx: AtomContext, vwp: number): SQL {
  const today = sql`${ctx.today}::date`;
  return sql`${servicesChain(scope, ctx)},
    dnb as (
      select d.animal_id, d.lact, min(d.event_date) as day
      from herd_events d join ra on ra.database_id = d.database_id and ra.id = d.animal_id
      where ${scope.rows("d")} and d.code = 'DNB' group by 1, 2),
    lac as (
      select l.animal_id, l.lact, l.fresh_date, l.fresh_date + ${vwp}::int as v0,
        least(lead(l.fresh_date) over (partition by l.animal_id order by l.lact), ra.exit_date, dnb.day,
          ${today} + 1) as lact_end
      from herd_lactations l join ra on ra.database_id = l.database_id and ra.id = l.animal_id
      left join dnb on dnb.animal_id = l.animal_id and dnb.lact = l.lact
      where ${scope.rows("l")}),
    opens as (
      select o.animal_id, o.lact, o.s, lead(o.s) over (partition by o.animal_id, o.lact order by o.s) as next_s
      from (select animal_id, lact, fresh_date as s from lac
            union all
            select animal_id, lact, event_date from ev where code = 'ABORT' and lact >= 1) o),
    spans as (
      select o.animal_id, o.lact, l.v0, greatest(o.s, l.v0) as s,
        least(min(p.event_date) + 1, o.next_s, l.lact_end) as e
      from opens o join lac l on l.animal_id = o.animal_id and l.lact = o.lact
      left join svc p on p.animal_id = o.animal_id and p.lact = o.lact and p.result = 'preg'
        and p.event_date >= o.s and (o.next_s is null or p.event_date < o.next_s)
      where l.v0 <= ${ctx.to}::date and l.lact_end > ${ctx.from}::date
      group by o.animal_id, o.lact, l.v0, o.s, o.next_s, l.lact_end),
    parts as (
      select sp.animal_id, sp.lact, sp.v0 + 21 * k as cs,
        greatest(sp.s, sp.v0 + 21 * k) as a, least(sp.e, sp.v0 + 21 * k + 21) as b
      from spans sp, generate_series(
        greatest(floor((sp.s - sp.v0) / 21.0), ceil((${ctx.from}::date - sp.v0) / 21.0))::int,
        least(floor((sp.e - 1 - sp.v0) / 21.0), floor((least(${ctx.to}::date, ${today} - 20) - sp.v0) / 21.0))::int
      ) k
      where sp.s < sp.e),
    marked as (
      select p.animal_id, p.lact, p.cs, p.b - p.a as days, count(v.animal_id) > 0 as bred,
        coalesce(bool_or(v.result = 'preg'), false) as preg
      from parts p left join svc v
        on v.animal_id = p.animal_id and v.lact = p.lact and v.event_date >= p.a and v.event_date < p.b
      group by p.animal_id, p.lact, p.cs, p.a, p.b),
    cyc as (
      select animal_id, lact, cs, sum(days) >= 11 or bool_or(bred) as elig, bool_or(bred) as bred,
        bool_or(preg) as preg, cs + 20 <= ${today} - 28 as known
      from marked group by animal_id, lact, cs)`;
}

/** The services counted in a period: dated in it. */
export const inPeriod = (ctx: AtomContext) => sql`event_date between ${ctx.from}::date and ${ctx.to}::date`;
