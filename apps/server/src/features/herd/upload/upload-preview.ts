import { HERD_UPLOAD_ERRORS_MAX, type HerdUploadCounts } from "@nadoy/contract/herd";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";
import { countedOnBasis } from "./herd-basis.ts";
import {
  fileEvents,
  fileTestDays,
  refusedMessage,
  refusedWhere,
  stagedLines,
  storedAnimals,
  storeMatchedAnimals,
  type UploadRef,
} from "./upload-sql.ts";
import { uploadWorkMem } from "./upload-work-mem.ts";

// ---- What a commit of the staged upload would do: counts and the first row errors, in SQL ----

export interface UploadCheck {
  counts: HerdUploadCounts;
  errors: { line: number; message: string }[];
  errorsCount: number;
  /** The herd the counts were taken against (herd-basis.ts); null when it changed meanwhile. */
  basis: string | null;
}

/** Counts against the herd as it is now (the commit takes them while the herd is still so, else counts again). */
export async function checkUpload(db: Db, u: UploadRef): Promise<UploadCheck> {
  const { result: rows, basis } = await countedOnBasis(db, u.databaseId, () =>
    db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await uploadWorkMem(t);
      for (const statement of storeMatchedAnimals(u)) await t.execute(statement);
      return queryRows<Record<keyof HerdUploadCounts, string | number>>(
        t,
        sql`with m as materialized (${storedAnimals(u)}),
      ev as materialized (${fileEvents(u)}),
      td as materialized (${fileTestDays(u)}),
      -- Both line counts in one pass, without holding the lines themselves.
      staged as materialized (select count(*) as rows, count(*) filter (where ${refusedWhere}) as refused
        from (${stagedLines(u)}) r),
      -- The file's events and test days with their herd animal, joined once: probed below by the
      -- natural key. (Left to the planner, a join of herd_events with ev by code and date, estimated
      -- at one row, looped over m: minutes for a re-upload of 1,000,000 events once herd_events has statistics.)
      evm as materialized (select ev.*, m.animal_id from ev join m using (ident) where m.animal_id is not null),
      tdm as materialized (select td.*, m.animal_id from td join m using (ident) where m.animal_id is not null)
    select
      (select rows from staged) as rows,
      (select refused from staged) as rows_refused,
      (select count(*) from m where animal_id is null) as animals_new,
      (select count(*) from m where changed) as animals_changed,
      (select count(*) from m where animal_id is not null and not changed) as animals_unchanged,
      (select count(*) from ev) as events_total,
      (select count(*) from evm ev where exists (
        select 1 from herd_events e
        where e.database_id = ${u.databaseId}::int and e.animal_id = ev.animal_id and e.event_date = ev.event_date
          and e.code = ev.event_code and e.remark = ev.remark and e.protocol = ev.protocol
          and e.technician = ev.technician)) as events_unchanged,
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
    sql`select line, ${refusedMessage} as message from (${stagedLines(u)}) r
        where ${refusedWhere} order by line limit ${HERD_UPLOAD_ERRORS_MAX}`,
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
  };
  return {
    counts,
    errors: errors.map((e) => ({ line: Number(e.line), message: e.message })),
    errorsCount: counts.rows_refused,
    basis,
  };
}
