import type { HerdUploadCounts } from "@nadoy/contract/herd";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { animalStatusSql } from "../animal-status.ts";
import { markReportFactsStale } from "../reports/report-facts.ts";
import {
  ANIMAL_COLUMNS,
  eventLines,
  fileEvents,
  fileTestDays,
  identifiedLines,
  mergedValues,
  storedAnimals,
  type UploadRef,
} from "./upload-sql.ts";

// ---- The commit's merge: staged lines → herd tables, set-based, inside the caller's transaction ----
//
// herd_merge (a temporary table dropped at commit) holds the file's animals with their herd ids, as
// the count just before matched them (upload-sql.ts storedAnimals: the preview's, or the commit's own);
// every later statement joins staged lines to it by identity. Nothing loops over rows in JS.

const EVENT_COLUMNS = sql.raw(
  "database_id, animal_id, event_date, code, lact, dim, remark, protocol, technician, upload_id",
);

/** DC305's default: an abort after this many days carried starts a lactation (HERD.md). */
const LATE_ABORT_DAYS = 152;

/**
 * The statements of the merge. `counts` (exact: taken under lockHerdWrites, upload-preview.ts)
 * leaves out the writes that have nothing to write: a re-upload of the same file, all unchanged,
 * probes no event and no test day again; lactations, pens and statuses are always merged (the
 * preview does not count them).
 */
export interface MergeOptions {
  /** Some line repeats another's event (or that is not known): the file's events are sorted to write each once. */
  eventsRepeat: boolean;
}

/** A line's event starts a lactation: a FRESH, or an ABORT that did (DIM 0 on it, or carried past LATE_ABORT_DAYS since CDAT). */
const startsLactation = sql`s.event_code = 'FRESH' or (s.event_code = 'ABORT'
    and (s.event_dim = 0 or s.event_date - s.conception_date > ${LATE_ABORT_DAYS}::int))`;

/** A lactation's fresh date from its lines: their FDAT, else the first event that started it. */
const lactationFresh = sql`coalesce(max(s.fresh_date), min(s.event_date) filter (where ${startsLactation}))`;
/** Its dry date: the latest of their DDAT and DRY events. */
const lactationDry = sql`greatest(max(s.dry_date), max(s.event_date) filter (where s.event_code = 'DRY'))`;

/** The file's events as herd_events rows of the animals in herd_merge. */
function fileEventRows(u: UploadRef, options: MergeOptions): SQL {
  return sql`select ${u.databaseId}::int, f.animal_id, ev.event_date, ev.event_code, ev.lact, ev.event_dim, ev.remark,
      ev.protocol, ev.technician, ${u.uploadId}::bigint
    from (${options.eventsRepeat ? fileEvents(u) : eventLines(u)}) ev join herd_merge f using (ident)
    where f.animal_id is not null`;
}

/**
 * The file's test days (one per animal and day) into herd_test_days; the caller adds the conflict
 * rule. Lactation and DIM come from the herd's lactations (the file's own are merged before this):
 * the file's lactation number when it gives one, else the lactation the cow was in on the test day
 * (the latest fresh on or before it; none: a heifer, 0); DIM = test date − that lactation's fresh
 * date (HERD.md), else the file's DIM (a lactation the herd does not know).
 */
function insertTestDays(u: UploadRef): SQL {
  const db = sql`${u.databaseId}::int`;
  return sql`insert into herd_test_days (database_id, animal_id, test_date, lact, dim, milk_kg, fat_pct, protein_pct, scc, upload_id)
    select distinct on (f.animal_id, td.test_date) ${db}, f.animal_id, td.test_date, coalesce(td.lact, l.lact, 0),
      coalesce(td.test_date - l.fresh_date, td.test_dim), td.milk_kg, td.fat_pct, td.protein_pct, td.scc, ${u.uploadId}::bigint
    from (${fileTestDays(u)}) td join herd_merge f using (ident)
    left join lateral (
      select h.lact, h.fresh_date from herd_lactations h
      where h.database_id = ${db} and h.animal_id = f.animal_id and h.fresh_date <= td.test_date
        and (td.lact is null or h.lact = td.lact)
      order by h.fresh_date desc
      limit 1) l on true
    where f.animal_id is not null
    order by f.animal_id, td.test_date`;
}

/** The file's pens into the database's list of pens. */
const insertPens = (u: UploadRef): SQL =>
  sql`insert into herd_pens (database_id, pen) select distinct ${u.databaseId}::int, pen from (${identifiedLines(u)}) s
    where pen is not null on conflict do nothing`;

export function mergeStatements(u: UploadRef, counts: HerdUploadCounts, options: MergeOptions): SQL[] {
  // The file matched no animal of the herd (a first import).
  if (counts.animals_changed === 0 && counts.animals_unchanged === 0) return newAnimalsStatements(u, counts, options);
  const db = sql`${u.databaseId}::int`;
  const lines = identifiedLines(u);
  const analyzed = [
    "herd_lactations",
    ...(counts.animals_new + counts.animals_changed > 0 ? ["herd_animals"] : []),
    ...(counts.events_new > 0 ? ["herd_events"] : []),
  ];
  const when = (needed: boolean, ...statements: SQL[]) => (needed ? statements : []);
  return [
    // `touched`: new, changed, or given events or lactations below; only these get their status again,
    // so a re-upload of the same file rewrites nothing.
    sql`create temp table herd_merge on commit drop as
        select m.*, (m.animal_id is null or m.changed) as touched from (${storedAnimals(u)}) m`,
    sql`analyze herd_merge`,
    // Animals the file changes: its values where it has them (upload-sql.ts mergedValues).
    ...when(
      counts.animals_changed > 0,
      sql`update herd_animals a set (${ANIMAL_COLUMNS}) = (${mergedValues}), updated_at = now()
        from herd_merge f where a.database_id = ${db} and a.id = f.animal_id and f.changed`,
    ),
    // New animals; their ids go back into herd_merge through the identity indexes. The status is set below.
    ...when(
      counts.animals_new > 0,
      sql`insert into herd_animals (database_id, ${ANIMAL_COLUMNS}, status)
        select ${db}, f.barn_number, f.birth_date, f.ear_tag, f.breed, f.sire, f.dam, f.pen, f.rc,
          coalesce(f.lact, 0), f.fresh_date, f.dry_date, f.exit_date, coalesce(f.attributes, '{}'), 'milking'
        from herd_merge f where f.animal_id is null
        on conflict do nothing`,
      sql`update herd_merge f set animal_id = a.id from herd_animals a
        where f.animal_id is null and f.ear_tag is not null and a.database_id = ${db} and a.ear_tag = f.ear_tag`,
      sql`update herd_merge f set animal_id = a.id from herd_animals a
        where f.animal_id is null and f.ear_tag is null and a.database_id = ${db} and a.ear_tag is null
          and a.barn_number = f.barn_number and a.birth_date = f.birth_date`,
      sql`analyze herd_merge`,
    ),
    // Events: the same event again (a re-upload, a duplicate line) is not added twice.
    ...when(
      counts.events_new > 0,
      sql`with added as (
          insert into herd_events (${EVENT_COLUMNS}) ${fileEventRows(u, options)}
          on conflict do nothing
          returning animal_id)
        update herd_merge f set touched = true where not f.touched and f.animal_id in (select animal_id from added)`,
    ),
    // Lactations: a line's LACT with its FDAT (and DDAT); else a FRESH event, or an ABORT that
    // started the lactation; DRY events end the milking. One pass over the lines, each source an
    // aggregate of its own.
    sql`with changed as (
        insert into herd_lactations (database_id, animal_id, lact, fresh_date, dry_date)
        select ${db}, f.animal_id, s.lact, ${lactationFresh}, ${lactationDry}
        from (${lines}) s join herd_merge f using (ident)
        where s.lact >= 1 and f.animal_id is not null
        group by f.animal_id, s.lact
        having ${lactationFresh} is not null
        on conflict (database_id, animal_id, lact) do update set fresh_date = excluded.fresh_date,
          dry_date = coalesce(excluded.dry_date, herd_lactations.dry_date)
        where (herd_lactations.fresh_date, herd_lactations.dry_date)
          is distinct from (excluded.fresh_date, coalesce(excluded.dry_date, herd_lactations.dry_date))
        returning animal_id)
      update herd_merge f set touched = true where not f.touched and f.animal_id in (select animal_id from changed)`,
    // Test days after the lactations: their lactation and DIM are read from them.
    ...when(
      // (An upload staged before test_days_changed was counted has none.)
      counts.test_days_new + (counts.test_days_changed ?? 0) > 0,
      sql`${insertTestDays(u)}
        on conflict (database_id, animal_id, test_date) do update set lact = excluded.lact, dim = excluded.dim,
          milk_kg = excluded.milk_kg, fat_pct = excluded.fat_pct, protein_pct = excluded.protein_pct,
          scc = excluded.scc, upload_id = excluded.upload_id
        where (herd_test_days.milk_kg, herd_test_days.fat_pct, herd_test_days.protein_pct, herd_test_days.scc)
          is distinct from (excluded.milk_kg, excluded.fat_pct, excluded.protein_pct, excluded.scc)`,
    ),
    insertPens(u),
    // Statistics of what this commit just wrote: PostgreSQL's autovacuum has not seen it yet, and
    // without them the planner joins the animals below row by row (seconds instead of milliseconds),
    // and the next upload's preview finds each animal of its file among all the herd's (minutes).
    // Only the tables written (the lactations maybe).
    sql.raw(`analyze ${analyzed.join(", ")}`),
    // The animals' current lactation, dates and exit from their lactations and exit events, and from
    // them the status (animal-status.ts, the demo loader's rule too): out of the herd (died when a DIED
    // event says so), heifer, dry, milking.
    // One statement: the same values are spelled twice since UPDATE … FROM cannot see the row's new ones.
    sql`update herd_animals a set lact = greatest(a.lact, l.lact), fresh_date = greatest(a.fresh_date, l.fresh_date),
          dry_date = greatest(a.dry_date, l.dry_date), exit_date = coalesce(a.exit_date, x.exit_date),
          exit_reason = coalesce(a.exit_reason, x.exit_reason), updated_at = now(),
          status = ${animalStatusSql({
            lact: sql`greatest(a.lact, l.lact)`,
            freshDate: sql`greatest(a.fresh_date, l.fresh_date)`,
            dryDate: sql`greatest(a.dry_date, l.dry_date)`,
            exit: sql`case when coalesce(a.exit_date, x.exit_date) is null then null when d.died then 'died' else 'sold' end`,
          })}
        from herd_merge f
        left join (
          select animal_id, max(lact) as lact, max(fresh_date) as fresh_date, max(dry_date) as dry_date
          from herd_lactations where database_id = ${db} and animal_id in (select animal_id from herd_merge where touched)
          group by animal_id) l on l.animal_id = f.animal_id
        left join (
          select distinct on (animal_id) animal_id, event_date as exit_date, nullif(remark, '') as exit_reason
          from herd_events where database_id = ${db} and code in ('SOLD', 'DIED')
            and animal_id in (select animal_id from herd_merge where touched)
          order by animal_id, event_date) x on x.animal_id = f.animal_id
        left join (
          select distinct animal_id, true as died from herd_events
          where database_id = ${db} and code = 'DIED' and animal_id in (select animal_id from herd_merge where touched)) d
          on d.animal_id = f.animal_id
        where a.database_id = ${db} and a.id = f.animal_id and f.touched`,
  ];
}

/**
 * The merge of a file none of whose animals the herd has (a first import): each animal is written
 * once, with the lactation, dates, exit and status the general path's closing UPDATE would give her
 * (her lactations and exit events are all the file's), computed from the lines beforehand: updating
 * every animal again took seconds on a big herd. Every row is new and each animal has one identity
 * of the file, so the INSERTs need no conflict handling but the animals' (two identities of one cow).
 */
function newAnimalsStatements(u: UploadRef, counts: HerdUploadCounts, options: MergeOptions): SQL[] {
  const db = sql`${u.databaseId}::int`;
  const lines = identifiedLines(u);
  const status = animalStatusSql({
    lact: sql`v.lact`,
    freshDate: sql`v.fresh_date`,
    dryDate: sql`v.dry_date`,
    exit: sql`case when v.exit_date is null then null when x.died then 'died' else 'sold' end`,
  });
  return [
    sql`create temp table herd_merge on commit drop as select m.*, true as touched from (${storedAnimals(u)}) m`,
    // Statistics first: without them the ids below are looked up animal by animal over every animal.
    sql`analyze herd_merge`,
    // The file's lactations by animal (the general path's rule), and each animal's first exit event
    // (SOLD or DIED; its remark is the reason) and whether she died.
    sql`create temp table herd_merge_lact on commit drop as
        select s.ident, s.lact, ${lactationFresh} as fresh_date, ${lactationDry} as dry_date
        from (${lines}) s where s.lact >= 1
        group by s.ident, s.lact
        having ${lactationFresh} is not null`,
    sql`create temp table herd_merge_exit on commit drop as
        select ident, min(event_date) as exit_date, bool_or(event_code = 'DIED') as died,
          (array_agg(nullif(remark, '') order by event_date, line))[1] as exit_reason
        from (${eventLines(u)}) s where event_code in ('SOLD', 'DIED')
        group by ident`,
    sql`insert into herd_animals (database_id, ${ANIMAL_COLUMNS}, exit_reason, status)
        select ${db}, f.barn_number, f.birth_date, f.ear_tag, f.breed, f.sire, f.dam, f.pen, f.rc,
          v.lact, v.fresh_date, v.dry_date, v.exit_date, coalesce(f.attributes, '{}'), x.exit_reason, ${status}
        from herd_merge f
        left join (select ident, max(lact) as lact, max(fresh_date) as fresh_date, max(dry_date) as dry_date
          from herd_merge_lact group by ident) l using (ident)
        left join herd_merge_exit x using (ident)
        cross join lateral (select greatest(coalesce(f.lact, 0), l.lact) as lact,
          greatest(f.fresh_date, l.fresh_date) as fresh_date, greatest(f.dry_date, l.dry_date) as dry_date,
          coalesce(f.exit_date, x.exit_date) as exit_date) v
        on conflict do nothing`,
    sql`update herd_merge f set animal_id = a.id from herd_animals a
        where f.ear_tag is not null and a.database_id = ${db} and a.ear_tag = f.ear_tag`,
    sql`update herd_merge f set animal_id = a.id from herd_animals a
        where f.ear_tag is null and a.database_id = ${db} and a.ear_tag is null
          and a.barn_number = f.barn_number and a.birth_date = f.birth_date`,
    sql`analyze herd_merge`,
    ...(counts.events_new > 0
      ? [
          options.eventsRepeat
            ? sql`insert into herd_events (${EVENT_COLUMNS}) ${fileEventRows(u, options)} on conflict do nothing`
            : sql`insert into herd_events (${EVENT_COLUMNS}) ${fileEventRows(u, options)}`,
        ]
      : []),
    sql`insert into herd_lactations (database_id, animal_id, lact, fresh_date, dry_date)
        select ${db}, f.animal_id, l.lact, l.fresh_date, l.dry_date
        from herd_merge_lact l join herd_merge f using (ident)
        where f.animal_id is not null
        on conflict do nothing`,
    ...(counts.test_days_new > 0 ? [sql`${insertTestDays(u)} on conflict do nothing`] : []),
    insertPens(u),
    sql.raw(`analyze herd_animals, herd_lactations${counts.events_new > 0 ? ", herd_events" : ""}`),
  ];
}

export async function runMerge(tx: Db, u: UploadRef, counts: HerdUploadCounts, options: MergeOptions): Promise<void> {
  for (const statement of mergeStatements(u, counts, options)) await tx.execute(statement);
  // The reports' facts no longer follow the events, lactations and exits: the next report writes them.
  if (counts.events_new + counts.animals_new + counts.animals_changed > 0) await markReportFactsStale(tx, u.databaseId);
}
