import { type SQL, sql } from "drizzle-orm";
import { type AtomContext, lactIn } from "./report-atoms.ts";

// ---- Report 4's reproduction arithmetic in SQL (HERD.md "Reproduction"), one CTE chain over the
// database's reproduction facts (report-facts.ts: services with their results, open spans) ----
//
// The chain is written once and run two ways: over a report's animals (every cow of the database
// that passes the filters) and over one animal `a` inside a drill atom. Every join is per animal,
// so a cow's rows come out the same either way: a drill lists exactly the cows the report counted.
//
// svc — the services (herd_services) dated from the period's first day to 21 days past its last
//   (a service counts in the period by its date; a cycle of the period may end 20 days after it).
// spans — the days a cow is open (herd_open_spans), eligible from the VWP on (fresh + VWP), the
//   open-ended ones and the lactations not ended yet ending tomorrow.
// cyc — cow-cycles: 21-day cycles per lactation starting at fresh + VWP (cycle k: days
//   v0 + 21k … v0 + 21k + 20), those starting in the period and ended by today, with the cow's
//   open days in each, whether she was bred in it and whether a service in it gave a pregnancy.
//   Eligible: open 11 days or more of the cycle, or bred in it. Known: ended 28 days or more ago.

export interface ReproScope {
  /** The CTEs the rows' condition reads (`cows, `), or nothing. */
  head: SQL;
  /** A condition over a table `alias` with database_id and animal_id: the rows of the animals counted. */
  rows: (alias: string) => SQL;
}

/**
 * The animals' rows the arithmetic reads: those still in the herd when the period began (an animal
 * that left before has no cycle, service or calving in it).
 */
export const present = (ctx: AtomContext) => sql`(a.exit_date is null or a.exit_date >= ${ctx.from}::date)`;

/**
 * Every cow of a database that passes the report's filters (`base`, over `herd_animals a`), for
 * every table the chain reads; under the «Лактация» filter, the rows of its lactations (every table
 * the chain reads has the lactation of its row). Not materialized: inlined, the planner joins each table to the cows
 * by hash over its own date range (a list of the cows made once was probed by index cow by cow:
 * report 4's statements took a third longer on the ten-year herd once its facts were written).
 */
export const reportScope = (databaseId: number, base: SQL, ctx: AtomContext): ReproScope => ({
  head: sql`cows as not materialized (
      select a.id from herd_animals a where a.database_id = ${databaseId} and ${base} and ${present(ctx)}), `,
  rows: (alias) => sql`${sql.raw(alias)}.database_id = ${databaseId} and ${sql.raw(alias)}.animal_id in
    (select id from cows) and ${lactIn(ctx, sql.raw(`${alias}.lact`))}`,
});

/** The one animal `a` of the query around (a drill atom). */
export const animalScope = (ctx: AtomContext): ReproScope => ({
  head: sql``,
  rows: (alias) => sql`${sql.raw(alias)}.database_id = a.database_id and ${sql.raw(alias)}.animal_id = a.id
    and ${present(ctx)} and ${lactIn(ctx, sql.raw(`${alias}.lact`))}`,
});

/** `with [cows,] svc` — the services around the period (see above). */
export function servicesChain(scope: ReproScope, ctx: AtomContext): SQL {
  return sql`with ${scope.head}svc as (
      select v.animal_id, v.lact, v.event_date, v.fresh_date, v.technician, v.sire, v.n, v.dim, v.result
      from herd_services v
      where ${scope.rows("v")} and v.event_date between ${ctx.from}::date and ${ctx.to}::date + 21)`;
}

/**
 * The mean days between a calving of the period and the cow's calving before it (its lactation
 * lact − 1, when recorded): the report facts' calvings (herd_calvings).
 */
export function calvingDaysSql(scope: ReproScope, ctx: AtomContext): SQL {
  return sql`(select avg(c.fresh_date - c.prev_fresh) from herd_calvings c
    where ${scope.rows("c")} and c.fresh_date between ${ctx.from}::date and ${ctx.to}::date and c.prev_fresh is not null)`;
}

/** Which cow-cycles a chain makes, and the name of its last CTE. */
export interface CyclesOptions {
  /** A condition over herd_open_spans `o`: the lactations whose cycles are made (all by default). */
  lactations?: SQL;
  /** The name of the cow-cycles CTE (cyc by default). */
  as?: string;
}

/** `with [cows,] svc, spans, …, cyc` — the cow-cycles of the period (see above). */
export function cyclesChain(scope: ReproScope, ctx: AtomContext, vwp: number, options: CyclesOptions = {}): SQL {
  const today = sql`${ctx.today}::date`;
  return sql`${servicesChain(scope, ctx)},
    spans as (
      select o.animal_id, o.lact, o.fresh_date + ${vwp}::int as v0, greatest(o.s, o.fresh_date + ${vwp}::int) as s,
        least(o.e, ${today} + 1) as e
      from herd_open_spans o
      where ${scope.rows("o")} and ${options.lactations ?? sql`true`} and o.fresh_date + ${vwp}::int <= ${ctx.to}::date
        and least(o.lact_end, ${today} + 1) > ${ctx.from}::date),
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
        v.fresh_date + ${vwp}::int + 21 * floor((v.event_date - v.fresh_date - ${vwp}::int) / 21.0)::int as cs
      from svc v where v.fresh_date is not null),
    marked as (
      select p.animal_id, p.lact, p.cs, p.b - p.a as days, count(v.animal_id) > 0 as bred,
        coalesce(bool_or(v.result = 'preg'), false) as preg
      from parts p left join bred v on v.animal_id = p.animal_id and v.lact = p.lact and v.cs = p.cs
        and v.event_date >= p.a and v.event_date < p.b
      group by p.animal_id, p.lact, p.cs, p.a, p.b),
    ${sql.identifier(options.as ?? "cyc")} as (
      select animal_id, lact, cs, sum(days) >= 11 or bool_or(bred) as elig, bool_or(bred) as bred,
        bool_or(preg) as preg, cs + 20 <= ${today} - 28 as known
      from marked group by animal_id, lact, cs)`;
}

/**
 * `with [cows,] cyc` — the cow-cycles of the period as a report reads them: those of ended
 * lactations (herd_cycles) and of the lactations still going up to today (herd_going_cycles,
 * report-facts.ts ensureReproFacts), both written by the chain above for the facts' VWP, read by
 * their start. A drill atom runs the chain over one cow whole: the same cycles.
 */
export function factCyclesChain(scope: ReproScope, ctx: AtomContext): SQL {
  const kept = (table: string) => sql`select c.animal_id, c.lact, c.cs, c.elig, c.bred, c.preg,
        c.cs + 20 <= ${ctx.today}::date - 28 as known
      from ${sql.identifier(table)} c
      where ${scope.rows("c")} and c.cs between ${ctx.from}::date and least(${ctx.to}::date, ${ctx.today}::date - 20)`;
  return sql`with ${scope.head}cyc as (${kept("herd_cycles")} union all ${kept("herd_going_cycles")})`;
}

/** The services counted in a period: dated in it. */
export const inPeriod = (ctx: AtomContext) => sql`event_date between ${ctx.from}::date and ${ctx.to}::date`;
