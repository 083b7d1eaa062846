import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";
import { lockHerdWrites } from "../herd-write-lock.ts";
import { readHerdSettings } from "../settings/settings.repository.ts";
import { calfOutcome, conceptionOf, freshRemarkJoin } from "./report-calvings-atoms.ts";
import { dryPeriods, firstTestMilk, sickAfter } from "./report-dry-atoms.ts";
import { firstDays60, HEALTH_CODES, newCase } from "./report-health-atoms.ts";
import { testDaySumsSql, testFactsSql, yields305Sql } from "./report-milk-facts.ts";
import { openInLactation } from "./report-repro-atoms.ts";
import { cyclesChain, reportScope } from "./report-repro-sql.ts";
import { markStructureStale } from "./report-structure-cells.ts";

// ---- The report facts of a herd database (db/schema/herd-facts.ts): its services with their
// results, its cows' open spans and the 21-day cycles of its ended lactations (report 4), each
// animal's first calving and conception (reports 5, 6, 7), each calving's outcome (report 6), the dry periods (report 8), the new cases of the diseases
// and each lactation's diseases of its first 60 days (report 7) each lactation's 305-day yield and each test day's place among the cow's tests (report 2). An upload's commit marks them stale; the reports and their drill atoms read them
// after ensureReportFacts has written them again whole (a commit stays as fast as it was; the
// first report after it, or after the VWP setting changed, pays for the facts once). ----
//
// A service's result is read from the cow's next reproductive event (BRED, PREG, OPEN, ABORT,
// FRESH): PREG or ABORT next → pregnant (an abortion proves the pregnancy); FRESH 260 days or
// more later → pregnant (she calved from it); OPEN or another BRED next → open; anything else
// (nothing yet, or a FRESH sooner than 260 days) → not known. Its DIM is from its lactation's
// fresh date, or the event's own DIM when the lactation is not recorded.
//
// A cow's open spans are numbered by a running count of the days she turns open (her calving and
// each abortion) over the lactation's marks (no range joins: a nested loop over them is quadratic);
// a span ends at the day after her next conception, the next span's start or the lactation's end.

/** A period holding every day a herd's history can have: the facts are of all time. */
const ALL_TIME = { from: "1900-01-01", to: "2999-12-31", today: "2999-12-31" };

/** A FRESH at least this many days after a service: the calf came from that service. */
export const GESTATION_MIN_DAYS = 260;

const servicesSql = (databaseId: number): SQL => sql`insert into herd_services
    (database_id, animal_id, event_id, lact, event_date, fresh_date, n, dim, result, technician, sire)
  with ev as (
    select e.id, e.animal_id, e.lact, e.event_date, e.code, e.remark, e.technician, e.dim,
      lead(e.code) over w as next_code, lead(e.event_date) over w as next_date
    from herd_events e
    where e.database_id = ${databaseId} and e.lact >= 1 and e.code in ('BRED', 'PREG', 'OPEN', 'ABORT', 'FRESH')
    window w as (partition by e.animal_id order by e.event_date, e.id))
  select ${databaseId}, ev.animal_id, ev.id, ev.lact, ev.event_date, l.fresh_date,
    row_number() over (partition by ev.animal_id, ev.lact order by ev.event_date, ev.id),
    coalesce(ev.event_date - l.fresh_date, ev.dim),
    case
      when ev.next_code in ('PREG', 'ABORT') then 'preg'
      when ev.next_code = 'FRESH' and ev.next_date - ev.event_date >= ${GESTATION_MIN_DAYS}::int then 'preg'
      when ev.next_code in ('OPEN', 'BRED') then 'open'
    end,
    ev.technician, ev.remark
  from ev left join herd_lactations l on l.database_id = ${databaseId} and l.animal_id = ev.animal_id and l.lact = ev.lact
  where ev.code = 'BRED'`;

const spansSql = (databaseId: number): SQL => sql`insert into herd_open_spans
    (database_id, animal_id, lact, span, fresh_date, s, e, lact_end)
  with dnb as (
    select d.animal_id, d.lact, min(d.event_date) as day from herd_events d
    where d.database_id = ${databaseId} and d.lact >= 1 and d.code = 'DNB' group by 1, 2),
  lac as (
    select l.animal_id, l.lact, l.fresh_date,
      least(lead(l.fresh_date) over (partition by l.animal_id order by l.lact), a.exit_date, dnb.day) as lact_end
    from herd_lactations l
      join herd_animals a on a.database_id = l.database_id and a.id = l.animal_id
      left join dnb on dnb.animal_id = l.animal_id and dnb.lact = l.lact
    where l.database_id = ${databaseId}),
  marks as (
    -- the days a cow turns open (kind 0: calving, abortion) and conceives (kind 1), per lactation
    select animal_id, lact, fresh_date as day, 0 as kind from lac
    union all select x.animal_id, x.lact, x.event_date, 0 from herd_events x
      where x.database_id = ${databaseId} and x.code = 'ABORT' and x.lact >= 1
    union all select v.animal_id, v.lact, v.event_date, 1 from herd_services v
      where v.database_id = ${databaseId} and v.result = 'preg'),
  numbered as (
    select animal_id, lact, day, kind,
      count(*) filter (where kind = 0) over (partition by animal_id, lact order by day, kind
        rows between unbounded preceding and current row) as span
    from marks),
  opened as (
    select animal_id, lact, span, min(day) filter (where kind = 0) as s, min(day) filter (where kind = 1) as conceived
    from numbered where span > 0 group by 1, 2, 3)
  select ${databaseId}, o.animal_id, o.lact, o.span, l.fresh_date, o.s,
    least(o.conceived + 1, lead(o.s) over (partition by o.animal_id, o.lact order by o.span), l.lact_end),
    l.lact_end
  from opened o join lac l on l.animal_id = o.animal_id and l.lact = o.lact`;

/**
 * Every cow-cycle of the lactations that have ended (their spans all closed: nothing of them
 * hangs on today), by the chain a drill atom runs on one cow (report-repro-sql.ts), over all time.
 */
const cyclesSql = (databaseId: number, vwp: number): SQL => {
  const ctx = ALL_TIME;
  return sql`insert into herd_cycles (database_id, animal_id, lact, cs, elig, bred, preg)
    ${cyclesChain(reportScope(databaseId, sql`true`, ctx), ctx, vwp, { lactations: sql`o.lact_end is not null` })}
    select ${databaseId}, animal_id, lact, cs, elig, bred, preg from cyc`;
};

/**
 * Each animal's first calving, and her conception when she is pregnant now (report-calvings-atoms.ts),
 * and whether she is open in her current lactation (report-repro-atoms.ts), after the services.
 */
const animalsSql = (
  databaseId: number,
): SQL => sql`insert into herd_animal_facts (database_id, animal_id, first_fresh, conception, open)
  select ${databaseId}, a.id, f.first_fresh, ${conceptionOf}, a.lact >= 1 and ${openInLactation}
  from herd_animals a left join (select l.animal_id, min(l.fresh_date) as first_fresh from herd_lactations l
    where l.database_id = ${databaseId} group by l.animal_id) f on f.animal_id = a.id
  where a.database_id = ${databaseId}`;

/** The new cases of the diseases (report-health-atoms.ts), a row a cow, code and day. */
const healthSql = (
  databaseId: number,
): SQL => sql`insert into herd_health_cases (database_id, animal_id, code, event_date)
  select distinct ${databaseId}::int, e.animal_id, e.code, e.event_date from herd_events e
  where e.database_id = ${databaseId} and e.code in (${sql.join(
    HEALTH_CODES.map((c) => sql`${c}`),
    sql`, `,
  )}) and ${newCase}`;

/** Each lactation's diseases of its first 60 days (report 7's cohort, the dis:<code>:60 atoms). */
const freshHealthSql = (
  databaseId: number,
): SQL => sql`insert into herd_fresh_health (database_id, animal_id, lact, fresh_date, code)
  select distinct ${databaseId}::int, l.animal_id, l.lact, l.fresh_date, e.code
  from herd_lactations l join herd_events e on e.database_id = l.database_id and e.animal_id = l.animal_id
    and e.code in (${sql.join(
      HEALTH_CODES.map((c) => sql`${c}`),
      sql`, `,
    )}) and ${firstDays60}
  where l.database_id = ${databaseId}`;

/** Each calving's outcome from its FRESH remarks (report 6, the calv: atoms), and the calving before it. */
const calvingsSql = (databaseId: number): SQL => sql`insert into herd_calvings
    (database_id, animal_id, lact, fresh_date, prev_fresh, known, live, still, female, male, twins)
  select ${databaseId}::int, l.animal_id, l.lact, l.fresh_date,
    (select p.fresh_date from herd_lactations p
      where p.database_id = l.database_id and p.animal_id = l.animal_id and p.lact = l.lact - 1),
    ${sql.join(
      (["known", "live", "still", "female", "male", "twins"] as const).map((o) => calfOutcome(o, sql`f.r`)),
      sql`, `,
    )}
  from herd_lactations l ${freshRemarkJoin}
  where l.database_id = ${databaseId}`;

/** Each dry period with its calving's first 60 days and first test (report 8, the dp atoms). */
const dryPeriodsSql = (
  databaseId: number,
): SQL => sql`insert into herd_dry_periods (database_id, animal_id, lact, fresh_date, len, sick, first_milk)
  select ${databaseId}::int, n.animal_id, n.lact, n.fresh_date, d.len, ${sickAfter}, ${firstTestMilk}
  from ${dryPeriods(ALL_TIME, sql`l.database_id = ${databaseId}`)}`;

/** The facts the cycles are made from, and the others: each table written whole for a database. */
const CYCLE_SOURCES = ["herd_services", "herd_open_spans"];
const OTHER_FACTS = [
  "herd_cycles",
  "herd_animal_facts",
  "herd_health_cases",
  "herd_fresh_health",
  "herd_calvings",
  "herd_dry_periods",
  "herd_lactation_facts",
  "herd_test_facts",
  "herd_test_day_sums",
];
const analyze = (tables: string[]) => sql.raw(`analyze ${tables.join(", ")}`);

/**
 * Writes a database's report facts again from its animals, events and lactations, its cow-cycles
 * for the VWP given (the database's setting), in the caller's transaction.
 */
export async function refreshReportFacts(tx: Pick<Db, "execute">, databaseId: number, vwp: number): Promise<void> {
  // The cycles of a big herd are hundreds of thousands of rows: grouped in memory, not on disk.
  await tx.execute(sql`set local work_mem = '64MB'`);
  // The going lactations' cycles are made of the facts written here: made again after them.
  await tx.execute(sql`delete from herd_going_state where database_id = ${databaseId}`);
  for (const table of [...CYCLE_SOURCES, ...OTHER_FACTS]) {
    await tx.execute(sql`delete from ${sql.identifier(table)} where database_id = ${databaseId}`);
  }
  await tx.execute(servicesSql(databaseId));
  await tx.execute(spansSql(databaseId));
  // The cycles are made from the services and spans just written: planned with their statistics
  // (PGlite has no autovacuum; without them a nested loop over the spans took seconds).
  await tx.execute(analyze(CYCLE_SOURCES));
  await tx.execute(cyclesSql(databaseId, vwp));
  await tx.execute(animalsSql(databaseId));
  await tx.execute(healthSql(databaseId));
  await tx.execute(freshHealthSql(databaseId));
  await tx.execute(calvingsSql(databaseId));
  await tx.execute(dryPeriodsSql(databaseId));
  await tx.execute(yields305Sql(databaseId));
  await tx.execute(testFactsSql(databaseId));
  await tx.execute(testDaySumsSql(databaseId));
  // PGlite has no autovacuum: without statistics the planner reads the new rows as none.
  await tx.execute(analyze(OTHER_FACTS));
  await tx.execute(sql`insert into herd_facts_state (database_id, vwp_days) values (${databaseId}, ${vwp})
    on conflict (database_id) do update set vwp_days = excluded.vwp_days, written_at = now()`);
}

/** The facts no longer follow the rows (a commit's transaction): the next report writes them again. */
export async function markReportFactsStale(tx: Pick<Db, "execute">, databaseId: number): Promise<void> {
  await tx.execute(sql`delete from herd_facts_state where database_id = ${databaseId}`);
  await tx.execute(sql`delete from herd_going_state where database_id = ${databaseId}`);
  await markStructureStale(tx, databaseId);
}

/**
 * The cow-cycles of the lactations still going, up to `today`: the chain the reports ran on every
 * request for them (a third of report 4's time), once a day, over all time (a report then reads a
 * period's by their start, as it reads herd_cycles).
 */
const goingCyclesSql = (databaseId: number, vwp: number, today: string): SQL => {
  const ctx = { from: ALL_TIME.from, to: today, today };
  return sql`insert into herd_going_cycles (database_id, animal_id, lact, cs, elig, bred, preg)
    ${cyclesChain(reportScope(databaseId, sql`true`, ctx), ctx, vwp, { lactations: sql`o.lact_end is null` })}
    select ${databaseId}, animal_id, lact, cs, elig, bred, preg from cyc`;
};

/**
 * Brings a database's facts up to date before a report reads them: nothing when they are; else
 * written again under the database's write lock (a commit waits; two reports write them once).
 * Answers the VWP they are written for (the database's setting).
 */
export async function ensureReportFacts(db: Db, databaseId: number): Promise<number> {
  const { vwpDays: vwp } = await readHerdSettings(db, databaseId);
  const upToDate = sql`select 1 from herd_facts_state where database_id = ${databaseId} and vwp_days = ${vwp}`;
  if ((await queryRows(db, upToDate)).length > 0) return vwp;
  await db.transaction(async (tx) => {
    await lockHerdWrites(tx, databaseId);
    if ((await queryRows(tx, upToDate)).length > 0) return;
    await refreshReportFacts(tx, databaseId, vwp);
  });
  return vwp;
}

/**
 * ensureReportFacts, and the going lactations' cycles of `today` (report 4): one query when both
 * are up to date; else written under the write lock, the facts first (the cycles are made of them).
 */
export async function ensureReproFacts(db: Db, databaseId: number, today: string): Promise<number> {
  const { vwpDays: vwp } = await readHerdSettings(db, databaseId);
  const state = sql`select
      exists (select 1 from herd_facts_state where database_id = ${databaseId} and vwp_days = ${vwp}) as facts,
      exists (select 1 from herd_going_state where database_id = ${databaseId} and vwp_days = ${vwp}
        and day = ${today}::date) as going`;
  const [now] = await queryRows<{ facts: boolean; going: boolean }>(db, state);
  if (now?.facts && now.going) return vwp;
  await db.transaction(async (tx) => {
    await lockHerdWrites(tx, databaseId);
    const [locked] = await queryRows<{ facts: boolean; going: boolean }>(tx, state);
    if (!locked?.facts) await refreshReportFacts(tx, databaseId, vwp);
    else if (locked.going) return;
    await tx.execute(sql`delete from herd_going_cycles where database_id = ${databaseId}`);
    await tx.execute(goingCyclesSql(databaseId, vwp, today));
    await tx.execute(analyze(["herd_going_cycles"]));
    await tx.execute(sql`insert into herd_going_state (database_id, day, vwp_days) values (${databaseId}, ${today}, ${vwp})
      on conflict (database_id) do update set day = excluded.day, vwp_days = excluded.vwp_days`);
  });
  return vwp;
}
