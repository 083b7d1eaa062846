import { HERD_VWP_DAYS_MAX, HERD_VWP_DAYS_MIN } from "@nadoy/contract/herd-settings";
import { type SQL, sql } from "drizzle-orm";
import { dimOf } from "../animals.repository.ts";
import { type AtomContext, decodeText, lactIn } from "./report-atoms.ts";
import { animalScope, cyclesChain, inPeriod, present, servicesChain } from "./report-repro-sql.ts";

// ---- Report 4's drill atoms (reproduction; report-repro-sql.ts gives the arithmetic) ----
//   r4cyc:<vwp>:elig|bred|eligk|preg[:<YYYY-MM-DD>] — cows with a cow-cycle starting in the period
//     (or in the 21 days from that day) that was eligible / eligible and bred / eligible with a
//     known result / pregnant (HERD.md "Reproduction"; the VWP is the one the report used)
//   r4svc:preg — cows with a service in the period that gave a pregnancy
//   r4svc:n|t|s|w:<value> — cows with a service of known result in the period by service number
//     (1, 2, 3, 4+), technician, sire (URI-encoded, "" for none) or ISO weekday (1 Monday … 7)
//   r4open:<vwp> — cows in milk today past the VWP, open: no DNB in the current lactation and no
//     service of it since its last abortion that was pregnant or is still unknown

const CYCLE = /^r4cyc:(\d{1,3}):(elig|bred|eligk|preg)(?::(\d{4}-\d{2}-\d{2}))?$/;
const SERVICE = /^r4svc:(?:(preg)|(n):(1|2|3|4\+)|(t|s):([^|]{0,400})|(w):([1-7]))$/;
const OPEN = /^r4open:(\d{1,3})$/;

const CYCLE_WHERE: Record<string, SQL> = {
  elig: sql`elig`,
  bred: sql`elig and bred`,
  eligk: sql`elig and known`,
  preg: sql`elig and known and preg`,
};

/** A service group's condition over svc (a service of known result), as the report groups them. */
export function serviceGroupSql(kind: "n" | "t" | "s" | "w", value: string): SQL {
  if (kind === "n") return value === "4+" ? sql`n >= 4` : sql`n = ${Number(value)}`;
  if (kind === "t") return sql`technician = ${value}`;
  if (kind === "s") return sql`sire = ${value}`;
  return sql`extract(isodow from event_date) = ${Number(value)}`;
}

/**
 * Animal `a` is open in her current lactation: no DNB in it, and no service of it since its last
 * abortion that was pregnant or is still unknown. A report fact (herd_animal_facts.open), written
 * after the services.
 */
export const openInLactation = sql`not exists (select 1 from herd_events d where d.database_id = a.database_id
      and d.animal_id = a.id and d.code = 'DNB' and d.lact = a.lact)
    and not exists (select 1 from herd_services v where v.database_id = a.database_id and v.animal_id = a.id
      and v.lact = a.lact and v.result is distinct from 'open'
      and v.event_date > coalesce((select max(x.event_date) from herd_events x
        where x.database_id = a.database_id and x.animal_id = a.id and x.code = 'ABORT' and x.lact = a.lact),
        date '1900-01-01'))`;

/**
 * Cows in milk today past the VWP and open (the r4open atom); `open` reads the fact: by default
 * looked up per animal, or the column of facts joined as `f` (report-animal-facts.ts factsJoin).
 */
export function openCowSql(
  ctx: AtomContext,
  vwp: number,
  open: SQL = sql`coalesce((select f.open from herd_animal_facts f
    where f.database_id = a.database_id and f.animal_id = a.id), false)`,
): SQL {
  return sql`a.status = 'milking' and a.lact >= 1 and ${lactIn(ctx, sql`a.lact`)} and (${dimOf(ctx.today)}) >= ${vwp}::int
    and ${open}`;
}

/** What the chain reads anyway, tested first: a cow still in the herd when the period began. */
const cowInPeriod = (ctx: AtomContext) => sql`a.lact >= 1 and ${present(ctx)}`;

/** A YYYY-MM-DD that names a day of the calendar (not 2026-02-30). */
function isRealDay(day: string): boolean {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}

export function reproAtomSql(atom: string, ctx: AtomContext): SQL | undefined {
  let m = CYCLE.exec(atom);
  const vwp = Number(m?.[1]);
  const day = m?.[3];
  const realDay = !day || isRealDay(day);
  if (m && vwp >= HERD_VWP_DAYS_MIN && vwp <= HERD_VWP_DAYS_MAX && realDay) {
    const window = m[3] ? sql` and cs between ${m[3]}::date and ${m[3]}::date + 20` : sql``;
    return sql`${cowInPeriod(ctx)} and exists (${cyclesChain(animalScope(ctx), ctx, vwp)}
      select 1 from cyc where ${CYCLE_WHERE[m[2] as string]}${window})`;
  }
  m = SERVICE.exec(atom);
  if (m) {
    const which = m[1]
      ? sql`result = 'preg'`
      : sql`result is not null and ${
          m[2]
            ? serviceGroupSql("n", m[3] as string)
            : m[4]
              ? serviceGroupSql(m[4] as "t" | "s", decodeText(m[5] as string))
              : serviceGroupSql("w", m[7] as string)
        }`;
    return sql`${cowInPeriod(ctx)} and exists (${servicesChain(animalScope(ctx), ctx)} select 1 from svc where ${inPeriod(ctx)} and ${which})`;
  }
  m = OPEN.exec(atom);
  if (m && Number(m[1]) >= HERD_VWP_DAYS_MIN && Number(m[1]) <= HERD_VWP_DAYS_MAX) return openCowSql(ctx, Number(m[1]));
  return undefined;
}
