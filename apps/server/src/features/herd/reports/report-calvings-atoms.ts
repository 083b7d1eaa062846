import { type SQL, sql } from "drizzle-orm";
import { type AtomContext, lactIn, within } from "./report-atoms.ts";

// ---- Report 6's sets of animals (calvings and calves), read by report-atoms.ts ----
//   calv:<outcome>:<parity>[:YYYY-MM] — calved in the period (or that month of it) with that outcome
//     outcome: all known live still female male twins unknown; parity: all, 1 (first calving), 2+
//   abort:<all|h|c>[:YYYY-MM] — an ABORT in the period: any, a heifer's (lactation 0), a cow's
//   preg:<all|h|c> — a PREG (pregnancy confirmed) in the period
//   due:next|past|<YYYY-MM> — in the herd, pregnant, due (conception + 280 days) from today to the
//     end of the 12th month from this one · before today (overdue) · from today in that month
// The report counts with the same predicates (calfOutcome, parityOf, dueOf): a drill lists the
// animals its number counts (calv: the cows of the calvings it counts). The «Лактация» filter
// (ctx.lg) tests each calving's and event's own lactation, and a pregnant animal's lactation today.

export const CALF_OUTCOMES = ["all", "known", "live", "still", "female", "male", "twins", "unknown"] as const;
export type CalfOutcome = (typeof CALF_OUTCOMES)[number];
export const PARITIES = ["all", "1", "2+"] as const;
export type Parity = (typeof PARITIES)[number];

/**
 * What the FRESH remark says of the calf, as the demo herd (and Russian herds typing by hand) write
 * it: ТЁЛКА / БЫЧОК the sex, МЁРТВ stillborn; two calf words, or ДВОЙНЯ, twins. Either case, Е or Ё.
 */
const FEMALE = "[Тт][ЁЕёе][Лл][Кк]";
const MALE = "[Бб][Ыы][Чч]";
const STILL = "[Мм][ЁЕёе][Рр][Тт][Вв]";
const TWIN = "[Дд][Вв][Оо][Йй][Нн]";
const CALF = `${FEMALE}|${MALE}`;

/** The outcome of a calving whose FRESH remarks (that day, joined) are `r` (null: no FRESH event). */
export function calfOutcome(outcome: CalfOutcome, r: SQL): SQL {
  const known = sql`coalesce(${r} ~ ${`${CALF}|${STILL}|${TWIN}`}, false)`;
  switch (outcome) {
    case "all":
      return sql`true`;
    case "known":
      return known;
    case "unknown":
      return sql`not ${known}`;
    case "live":
      return sql`coalesce(${r} ~ ${CALF} and ${r} !~ ${STILL}, false)`;
    case "still":
      return sql`coalesce(${r} ~ ${STILL}, false)`;
    case "female":
      return sql`coalesce(${r} ~ ${FEMALE}, false)`;
    case "male":
      return sql`coalesce(${r} ~ ${MALE}, false)`;
    case "twins":
      return sql`coalesce(regexp_count(${r}, ${CALF}) >= 2 or ${r} ~ ${TWIN}, false)`;
  }
}

/** The outcome of a calving of herd_calvings `c` (report facts: calfOutcome read once at import). */
export function calvingOutcome(outcome: CalfOutcome, c: SQL): SQL {
  if (outcome === "all") return sql`true`;
  if (outcome === "unknown") return sql`not ${c}.known`;
  return sql`${c}.${sql.raw(outcome)}`;
}

/** First calving (a heifer's) or a cow's later one, by the lactation it starts. */
export function parityOf(parity: Parity, lact: SQL): SQL {
  if (parity === "1") return sql`${lact} = 1`;
  if (parity === "2+") return sql`${lact} >= 2`;
  return sql`true`;
}

/**
 * The FRESH remarks of lactation `l`'s calving day, joined, as `f.r` (null without a FRESH event):
 * a lateral join, so that the outcome's several tests read it once.
 */
export const freshRemarkJoin = sql`left join lateral (select string_agg(e.remark, ' ') as r from herd_events e
  where e.database_id = l.database_id and e.animal_id = l.animal_id and e.code = 'FRESH' and e.event_date = l.fresh_date) f on true`;

/** Heifer (the event's lactation 0) or cow events. */
function whoSql(who: string, lact: SQL): SQL {
  if (who === "h") return sql`${lact} = 0`;
  if (who === "c") return sql`${lact} >= 1`;
  return sql`true`;
}

/**
 * The conception date of animal `a` if she is pregnant now: her last BRED of the current lactation,
 * when RC is 5 or a PREG/PREV came on or after it, and no OPEN or ABORT came after it; else null.
 */
export const conceptionOf = sql`(select c.bred from (select max(b.event_date) as bred from herd_events b
      where b.database_id = a.database_id and b.animal_id = a.id and b.code = 'BRED' and b.lact = a.lact) c
    where c.bred is not null
      and (a.rc = 5 or exists (select 1 from herd_events p where p.database_id = a.database_id
        and p.animal_id = a.id and p.code in ('PREG', 'PREV') and p.lact = a.lact and p.event_date >= c.bred))
      and not exists (select 1 from herd_events x where x.database_id = a.database_id
        and x.animal_id = a.id and x.code in ('OPEN', 'ABORT') and x.lact = a.lact and x.event_date > c.bred))`;

export const GESTATION_DAYS = 280;

/** The due date of animal `a` (null when she is not pregnant now), from her report facts (report-facts.ts). */
export const dueOf = sql`((select f.conception from herd_animal_facts f
  where f.database_id = a.database_id and f.animal_id = a.id) + ${GESTATION_DAYS}::int)`;

/** The due-date bucket of due date `d` (read more than once: a column or a subquery's output). */
const bucketOf = (d: SQL, today: string) => sql`case when ${d} is null then null when ${d} < ${today}::date then 'past'
    when ${d} < date_trunc('month', ${today}::date) + interval '12 months' then to_char(${d}, 'YYYY-MM')
    else 'later' end`;

/**
 * The due-date bucket of a due date: 'past', 'YYYY-MM' of the 12 months from today's, or 'later'
 * (null when not pregnant). The date is read once (offset 0 keeps the planner from copying the
 * subquery into each test).
 */
export function dueBucket(due: SQL, today: string): SQL {
  return sql`(select ${bucketOf(sql`s.d`, today)} from (select ${due} as d offset 0) s)`;
}

/**
 * The same bucket where the statement joins the animal's facts as `f` (report-animal-facts.ts
 * factsJoin): the due date is a column, no subquery per animal.
 */
export const joinedDueBucket = (today: string): SQL => bucketOf(sql`(f.conception + ${GESTATION_DAYS}::int)`, today);

const CALV = new RegExp(`^calv:(${CALF_OUTCOMES.join("|")}):(all|1|2\\+)(?::(\\d{4}-(?:0[1-9]|1[0-2])))?$`);
const ABORT = /^abort:(all|h|c)(?::(\d{4}-(?:0[1-9]|1[0-2])))?$/;
const PREG = /^preg:(all|h|c)$/;
const DUE = /^due:(next|past|\d{4}-(?:0[1-9]|1[0-2]))$/;

export function calvingsAtomSql(atom: string, ctx: AtomContext): SQL | undefined {
  let m = CALV.exec(atom);
  if (m) {
    const outcome = m[1] as CalfOutcome;
    return sql`exists (select 1 from herd_calvings c
      where c.database_id = a.database_id and c.animal_id = a.id and ${within(sql`c.fresh_date`, ctx, m[3])}
        and ${parityOf(m[2] as Parity, sql`c.lact`)} and ${lactIn(ctx, sql`c.lact`)} and ${calvingOutcome(outcome, sql`c`)})`;
  }
  m = ABORT.exec(atom);
  if (m) {
    return sql`exists (select 1 from herd_events e where e.database_id = a.database_id and e.animal_id = a.id
      and e.code = 'ABORT' and ${within(sql`e.event_date`, ctx, m[2])} and ${whoSql(m[1] as string, sql`e.lact`)}
      and ${lactIn(ctx, sql`e.lact`)})`;
  }
  m = PREG.exec(atom);
  if (m) {
    return sql`exists (select 1 from herd_events e where e.database_id = a.database_id and e.animal_id = a.id
      and e.code = 'PREG' and ${within(sql`e.event_date`, ctx, undefined)} and ${whoSql(m[1] as string, sql`e.lact`)}
      and ${lactIn(ctx, sql`e.lact`)})`;
  }
  m = DUE.exec(atom);
  if (m) {
    const bucket = dueBucket(dueOf, ctx.today);
    const which = m[1] === "next" ? sql`${bucket} not in ('past', 'later')` : sql`${bucket} = ${m[1]}`;
    return sql`a.status in ('milking', 'dry', 'heifer') and ${lactIn(ctx, sql`a.lact`)} and ${which}`;
  }
  return undefined;
}
