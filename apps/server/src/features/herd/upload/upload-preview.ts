import { HERD_UPLOAD_ERRORS_MAX, type HerdUploadCounts, type HerdUploadKind } from "@nadoy/contract/herd";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";
import { basisHerdEmpty, countedOnBasis } from "./herd-basis.ts";
import {
  eventKeyHash,
  eventLines,
  fileEvents,
  fileTestDays,
  identifiedWhere,
  identOf,
  refusedLines,
  refusedWhere,
  stagedLines,
  storedAnimals,
  storeMatchedAnimals,
  type UploadRef,
  unknownAnimalWhere,
} from "./upload-sql.ts";
import { uploadWorkMem } from "./upload-work-mem.ts";

// ---- What a commit of the staged upload would do: counts and the first row errors, in SQL ----

/** An identified line with an event (upload-sql.ts eventLines). */
const isEventLine = sql`${identifiedWhere} and event_code is not null and event_date is not null`;

/** The herd has the event `ev` (of the herd animal `animal`.animal_id) already: by the natural index. */
const herdHasEvent = (u: UploadRef, animal: SQL = sql.raw("ev")) => sql`select 1 from herd_events e
  where e.database_id = ${u.databaseId}::int and e.animal_id = ${animal}.animal_id and e.event_date = ev.event_date
    and e.code = ev.event_code and e.remark = ev.remark and e.protocol = ev.protocol and e.technician = ev.technician`;

export interface UploadCheck {
  counts: HerdUploadCounts;
  errors: { line: number; message: string }[];
  errorsCount: number;
  /** Lines whose event repeats an earlier line's (written once). */
  duplicateEventLines: number;
  /** The herd the counts were taken against (herd-basis.ts); null when it changed meanwhile. */
  basis: string | null;
}

/** How an upload is checked. */
export interface CheckOptions {
  /**
   * A test-day table: it names animals, it does not bring them (test days of an unknown number are
   * a typo more often than a new cow); a line of an animal the herd does not have is refused.
   */
  herdAnimalsOnly?: boolean;
}

/** The check of an upload of this kind: a test-day table's lines name only the herd's animals. */
export const checkOptionsFor = (kind: HerdUploadKind | null): CheckOptions => ({
  herdAnimalsOnly: kind === "test_days",
});

/** Counts against the herd as it is now (the commit takes them while the herd is still so, else counts again). */
export async function checkUpload(db: Db, u: UploadRef, options: CheckOptions = {}): Promise<UploadCheck> {
  const herdAnimalsOnly = options.herdAnimalsOnly === true;
  const refused = herdAnimalsOnly ? sql`(${refusedWhere} or ${unknownAnimalWhere(u)})` : refusedWhere;
  const { result: rows, basis } = await countedOnBasis(db, u.databaseId, (before) =>
    db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await uploadWorkMem(t);
      // A herd without animals (a first import) matches none: not probed for each animal of the
      // file. Were animals committed meanwhile, the basis differs and the commit counts again.
      for (const statement of storeMatchedAnimals(u, basisHerdEmpty(before), herdAnimalsOnly)) {
        await t.execute(statement);
      }
      return queryRows<Record<keyof HerdUploadCounts | "event_lines", string | number>>(
        t,
        sql`with m as materialized (${storedAnimals(u)}),
      -- (Only the herd's animals' test days when only they are kept.)
      td as materialized (${herdAnimalsOnly ? sql`select td.* from (${fileTestDays(u)}) td where td.ident in (select ident from m)` : fileTestDays(u)}),
      -- The line counts in one pass, without holding the lines themselves; and whether any event
      -- repeats, by the hashes of the events' keys (exactly, below, only when two hashes are equal).
      staged as materialized (select count(*) as rows, count(*) filter (where ${refused}) as refused,
          count(*) filter (where ${isEventLine}) as event_lines,
          count(distinct ${eventKeyHash}) filter (where ${isEventLine}) as event_hashes
        from (select r.*, ${identOf("r")} as ident from (${stagedLines(u)}) r) r),
      events as materialized (select event_lines, case when event_lines = event_hashes then event_lines
          else (select count(*) from (${fileEvents(u)}) ev) end as total from staged),
      matched as materialized (select exists (select 1 from m where animal_id is not null) as found),
      -- The file's events and test days with their herd animal, joined
      -- once: probed below by the natural key. (Left to the planner, a join of herd_events with the
      -- events by code and date, estimated at one row, looped over m: minutes for a re-upload of
      -- 1,000,000 events once herd_events has statistics.)
      evm as materialized (select ev.*, m.animal_id from (${fileEvents(u)}) ev join m using (ident) where m.animal_id is not null),
      tdm as materialized (select td.*, m.animal_id from td join m using (ident) where m.animal_id is not null)
    select
      (select rows from staged) as rows,
      (select refused from staged) as rows_refused,
      (select count(*) from m where animal_id is null) as animals_new,
      (select count(*) from m where changed) as animals_changed,
      (select count(*) from m where animal_id is not null and not changed) as animals_unchanged,
      (select event_lines from events) as event_lines,
      (select total from events) as events_total,
      -- A new animal has no events yet: a herd that matched none of the file's is not probed.
      case when not (select found from matched) then 0
        -- No event repeats: the lines are the events (not sorted to drop repeats), joined to the
        -- kept animals' table (analyzed) rather than m, so that a million may be hashed in parallel.
        when (select event_lines = total from events) then
          (select count(*) from (${eventLines(u)}) ev join herd_upload_animals am
            on am.database_id = ${u.databaseId}::int and am.upload_id = ${u.uploadId}::bigint and am.ident = ev.ident
              and am.animal_id is not null
            where exists (${herdHasEvent(u, sql.raw("am"))}))
        else (select count(*) from evm ev where exists (${herdHasEvent(u)})) end as events_unchanged,
      (select count(*) from td) as test_days_total,
      -- The herd's test days on the same animal and day: unchanged when every value is the same.
      (select count(*) from tdm td where exists (
        select 1 from herd_test_days d
        where d.database_id = ${u.databaseId}::int and d.animal_id = td.animal_id and d.test_date = td.test_date
      )) as test_days_existing,
      (select count(*) from tdm td where exists (
        select 1 from herd_test_days d
        where d.database_id = ${u.databaseId}::int and d.animal_id = td.animal_id and d.test_date = td.test_date
          and (d.milk_kg, d.fat_pct, d.protein_pct, d.scc) is not distinct from (td.milk_kg, td.fat_pct, td.protein_pct, td.scc)
      )) as test_days_unchanged`,
      );
    }),
  );
  const [row] = rows;
  if (!row) throw new Error("the preview query answers one row");
  const n = (key: string) => Number((row as Record<string, string | number>)[key]);
  const errors = await queryRows<{ line: number; message: string }>(
    db,
    sql`${refusedLines(u, herdAnimalsOnly)} limit ${HERD_UPLOAD_ERRORS_MAX}`,
  );
  const counts: HerdUploadCounts = {
    rows: n("rows"),
    animals_new: n("animals_new"),
    animals_changed: n("animals_changed"),
    animals_unchanged: n("animals_unchanged"),
    events_new: n("events_total") - n("events_unchanged"),
    events_unchanged: n("events_unchanged"),
    test_days_new: n("test_days_total") - n("test_days_existing"),
    test_days_changed: n("test_days_existing") - n("test_days_unchanged"),
    test_days_unchanged: n("test_days_unchanged"),
    rows_refused: n("rows_refused"),
    rows_repeated: n("event_lines") - n("events_total"),
  };
  return {
    counts,
    duplicateEventLines: counts.rows_repeated,
    errors: errors.map((e) => ({ line: Number(e.line), message: e.message })),
    errorsCount: counts.rows_refused,
    basis,
  };
}
