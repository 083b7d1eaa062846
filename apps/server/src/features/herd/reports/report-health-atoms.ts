import { type SQL, sql } from "drizzle-orm";
import { type AtomContext, lactIn, within } from "./report-atoms.ts";

// ---- Report 7's sets of animals (health), read by report-atoms.ts ----
//   atrisk — cows at risk: lactation ≥ 1, first calved by the period's end, in the herd on some day
//     of it (milking or dry now, or left on or after its start)
//   fresh60 — calved with the 60th day of lactation inside the period (fresh date from the period's
//     start − 60 to its end − 60): the first 60 days of these lactations are seen whole
//   dis:<code>[:YYYY-MM] — a new case of the disease (below) in the period, or that month of it
//   dis:<code>:rep — two or more new cases in the period (repeats)
//   dis:<code>:60 — an event of the disease on days 0–60 of a fresh60 lactation (herd_fresh_health)
// A new case: an event of the code in lactation ≥ 1 with no event of the same code in the 13 days
// before it (HERD.md: a new mastitis case counts 14 or more days after the previous one; the same
// rule for every disease here), kept as a report fact (herd_health_cases, report-facts.ts). The
// report counts with these same predicates. Under the «Лактация» filter (ctx.lg): a case of that
// lactation (its event's), a cohort lactation of it, and the cows at risk while in it.

/** The herd's health events (HERD_EVENT_NAMES), in the report's order. */
export const HEALTH_CODES = ["MAST", "LAME", "KETOSIS", "METR", "RP", "DA", "MF"] as const;
export type HealthCode = (typeof HEALTH_CODES)[number];

const MONTH = "\\d{4}-(?:0[1-9]|1[0-2])";
const DIS = new RegExp(`^dis:(${HEALTH_CODES.join("|")})(?::(rep|60|${MONTH}))?$`);

/** Event `e` (of a health code) is a new case: none of its code in the 13 days before it (report-facts.ts). */
export const newCase = sql`e.lact >= 1 and not exists (select 1 from herd_events p
  where p.database_id = e.database_id and p.animal_id = e.animal_id and p.code = e.code
    and p.event_date between e.event_date - 13 and e.event_date - 1)`;

/** The first calving of animal `a`: her first lactation's (report facts), else her fresh date. */
const firstFresh = sql`coalesce((select f.first_fresh from herd_animal_facts f
  where f.database_id = a.database_id and f.animal_id = a.id), a.fresh_date)`;

/**
 * Animal `a` was in a lactation of the «Лактация» filter's group on some day of the period while in
 * the herd: the lactation from its calving to the next one.
 */
const inLactGroup = (ctx: AtomContext) => sql`exists (select 1 from (select l.lact, l.fresh_date,
      lead(l.fresh_date) over (order by l.lact) as next
    from herd_lactations l where l.database_id = a.database_id and l.animal_id = a.id) x
  where ${lactIn(ctx, sql`x.lact`)} and x.fresh_date <= ${ctx.to}::date and (x.next is null or x.next > ${ctx.from}::date)
    and (a.exit_date is null or a.exit_date >= greatest(x.fresh_date, ${ctx.from}::date)))`;

/**
 * Cows at risk (the atrisk atom), their first calving read from `first` (report-animal-facts.ts
 * when joined); under the «Лактация» filter, those in a lactation of its group in the period.
 */
export const atRisk = (ctx: AtomContext, first: SQL = firstFresh) => sql`(a.lact >= 1 and ${first} <= ${ctx.to}::date
  and (a.status in ('milking', 'dry') or a.exit_date >= ${ctx.from}::date)${ctx.lg ? sql` and ${inLactGroup(ctx)}` : sql``})`;

/**
 * The lactation of a new case of herd_health_cases `c`: its event's (the cases keep the cow, the
 * code and the day).
 */
const caseLact = sql`(select max(e.lact) from herd_events e where e.database_id = c.database_id
  and e.animal_id = c.animal_id and e.code = c.code and e.event_date = c.event_date)`;

/** The new case `c` is of the «Лактация» filter's group (true without it). */
export const caseInLactGroup = (ctx: AtomContext): SQL => (ctx.lg ? lactIn(ctx, caseLact) : sql`true`);

/** The lactation (or its fact) `alias` has its 60th day inside the period. */
export const freshIn60 = (alias: SQL, ctx: AtomContext) =>
  sql`${alias}.fresh_date between ${ctx.from}::date - 60 and ${ctx.to}::date - 60`;

/** Lactation `l` has its 60th day inside the period. */
export const inCohort60 = (ctx: AtomContext) => freshIn60(sql`l`, ctx);

/** Event `e` falls on days 0–60 of lactation `l` (a fact of herd_fresh_health, report-facts.ts). */
export const firstDays60 = sql`e.event_date between l.fresh_date and l.fresh_date + 60`;

export function healthAtomSql(atom: string, ctx: AtomContext): SQL | undefined {
  if (atom === "atrisk") return atRisk(ctx);
  if (atom === "fresh60") {
    return sql`exists (select 1 from herd_lactations l
      where l.database_id = a.database_id and l.animal_id = a.id and ${inCohort60(ctx)} and ${lactIn(ctx, sql`l.lact`)})`;
  }
  const m = DIS.exec(atom);
  if (!m) return undefined;
  const code = m[1] as HealthCode;
  if (m[2] === "60") {
    return sql`exists (select 1 from herd_fresh_health h
      where h.database_id = a.database_id and h.animal_id = a.id and h.code = ${code} and ${freshIn60(sql`h`, ctx)}
        and ${lactIn(ctx, sql`h.lact`)})`;
  }
  const cases = (month: string | undefined) => sql`from herd_health_cases c
    where c.database_id = a.database_id and c.animal_id = a.id and c.code = ${code}
      and ${within(sql`c.event_date`, ctx, month)} and ${caseInLactGroup(ctx)}`;
  if (m[2] === "rep") return sql`(select count(*) ${cases(undefined)}) >= 2`;
  return sql`exists (select 1 ${cases(m[2])})`;
}
