import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { animalStatusSql } from "../animal-status.ts";
import { lockHerdWrites } from "../herd-write-lock.ts";
import { refreshReportFacts } from "../reports/report-facts.ts";
import { readHerdSettings } from "../settings/settings.repository.ts";
import { animalRow, DEMO_PEN_NAMES, eventRows, lactationRows, testDayRows } from "./demo-herd-rows.ts";
import type { DemoAnimalRecord, DemoHerdOptions } from "./demo-herd-types.ts";
import { streamDemoHerd } from "./generate-demo-herd.ts";

// The demo herd into the herd tables of one database: streamed, a batch of animals at a time, each
// table written by one INSERT … SELECT FROM json_to_recordset per batch (one parameter whatever the
// row count, so neither driver's parameter limit nor per-row round trips matter).

export interface DemoHerdCounts {
  animals: number;
  /** Animals whose status is milking (as herd_animals.status says). */
  cowsInMilk: number;
  lactations: number;
  events: number;
  testDays: number;
}

export interface LoadDemoHerdOptions extends DemoHerdOptions {
  /** Rows (events or test days) gathered before a batch is written; memory stays about this big. */
  batchRows?: number;
  /** After each batch, with the rows written so far. */
  onProgress?: (counts: DemoHerdCounts) => void;
}

/** Whatever runs both outside and inside a transaction. */
type Executor = Pick<Db, "execute">;

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Loads the demo herd into database `databaseId` in one transaction (a crash leaves the whole herd
 * or none). A database that already has animals is left alone: answers null then.
 */
export async function loadDemoHerd(
  db: Db,
  databaseId: number,
  options: LoadDemoHerdOptions,
): Promise<DemoHerdCounts | null> {
  const batchRows = options.batchRows ?? 5000;
  return db.transaction(async (tx) => {
    // Two servers starting on one PostgreSQL: the second waits here, then finds the herd loaded.
    await lockHerdWrites(tx, databaseId);
    const [existing] = await rowsOf(tx, sql`select 1 from herd_animals where database_id = ${databaseId} limit 1`);
    if (existing) return null;
    await skipForeignKeyChecks(tx);

    const counts: DemoHerdCounts = { animals: 0, cowsInMilk: 0, lactations: 0, events: 0, testDays: 0 };
    const pens = new Set<string>();
    let batch: DemoAnimalRecord[] = [];
    let pending = 0;
    const flush = async () => {
      await insertBatch(tx, databaseId, batch, options.today, counts);
      batch = [];
      pending = 0;
      options.onProgress?.({ ...counts });
    };
    for (const record of streamDemoHerd(options)) {
      batch.push(record);
      if (record.animal.pen) pens.add(record.animal.pen);
      for (const e of record.events) pens.add(e.pen);
      pending += Math.max(record.events.length, record.testDays.length);
      if (pending >= batchRows) await flush();
    }
    if (batch.length > 0) await flush();
    const penRows = [...pens].map((pen) => ({ pen, name: DEMO_PEN_NAMES.get(pen) ?? null }));
    await tx.execute(sql`insert into herd_pens (database_id, pen, name)
      select ${databaseId}, x.pen, x.name from json_to_recordset(${JSON.stringify(penRows)}::json) as x(pen text, name text)
      on conflict do nothing`);
    // PGlite has no autovacuum to notice the new rows: without statistics the planner reads these
    // tables as empty and picks nested loops that take seconds on a whole herd.
    await tx.execute(sql`analyze herd_animals, herd_lactations, herd_events, herd_test_days`);
    // The reports' facts with the herd: the demo's first report does not wait for them.
    await refreshReportFacts(tx, databaseId, (await readHerdSettings(tx, databaseId)).vwpDays);
    return counts;
  });
}

/**
 * PGlite checks each row's foreign keys with a query of its own (WebAssembly): 15× the insert
 * itself (28k events: 5.8 s against 0.4 s). The rows here reference ids this transaction has just
 * got back from its own INSERT, so where the role allows it (PGlite, a superuser) the checks are
 * skipped until the transaction ends; the tables have no triggers besides those checks.
 */
async function skipForeignKeyChecks(db: Executor): Promise<void> {
  const [role] = await rowsOf<{ superuser: string }>(db, sql`select current_setting('is_superuser') as superuser`);
  if (role?.superuser === "on") await db.execute(sql`set local session_replication_role = replica`);
}

async function insertBatch(
  db: Executor,
  databaseId: number,
  records: readonly DemoAnimalRecord[],
  today: string,
  counts: DemoHerdCounts,
): Promise<void> {
  const animals = records.map((r) => animalRow(r, today));
  // The ear tag is unique in a demo herd: it pairs each new id with its record.
  // The status by the rule the DC305 commit uses too, evaluated here in the database.
  const status = animalStatusSql({
    lact: sql`x.lact`,
    freshDate: sql`x.fresh_date`,
    dryDate: sql`x.dry_date`,
    exit: sql`x.exit`,
  });
  const ids = await rowsOf<{ id: number | string; ear_tag: string; status: string }>(
    db,
    sql`insert into herd_animals (database_id, barn_number, ear_tag, birth_date, breed, sire, dam, pen, lact, rc,
          status, fresh_date, dry_date, exit_date, exit_reason)
        select ${databaseId}, x.barn_number, x.ear_tag, x.birth_date, x.breed, x.sire, x.dam, x.pen, x.lact, x.rc,
          ${status}, x.fresh_date, x.dry_date, x.exit_date, x.exit_reason
        from json_to_recordset(${JSON.stringify(animals)}::json) as x(barn_number text, ear_tag text,
          birth_date date, breed text, sire text, dam text, pen text, lact int, rc smallint, exit text,
          fresh_date date, dry_date date, exit_date date, exit_reason text)
        returning id, ear_tag, status`,
  );
  const idOf = new Map(ids.map((r) => [r.ear_tag, Number(r.id)]));
  const lactations = [];
  const events = [];
  const testDays = [];
  for (const record of records) {
    const id = idOf.get(record.animal.earTag);
    if (id === undefined) throw new Error(`demo herd: no id for ${record.animal.earTag}`);
    lactations.push(...lactationRows(record, id));
    events.push(...eventRows(record, id));
    testDays.push(...testDayRows(record, id));
  }
  await db.execute(sql`insert into herd_lactations (database_id, animal_id, lact, fresh_date, dry_date)
    select ${databaseId}, x.animal_id, x.lact, x.fresh_date, x.dry_date
    from json_to_recordset(${JSON.stringify(lactations)}::json) as x(animal_id bigint, lact int, fresh_date date, dry_date date)`);
  await db.execute(sql`insert into herd_events (database_id, animal_id, event_date, code, lact, dim, remark, protocol, technician)
    select ${databaseId}, x.animal_id, x.event_date, x.code, x.lact, x.dim, x.remark, x.protocol, x.technician
    from json_to_recordset(${JSON.stringify(events)}::json) as x(animal_id bigint, event_date date, code text,
      lact int, dim int, remark text, protocol text, technician text)`);
  await db.execute(sql`insert into herd_test_days (database_id, animal_id, test_date, lact, dim, milk_kg, fat_pct,
      protein_pct, scc)
    select ${databaseId}, x.animal_id, x.test_date, x.lact, x.dim, x.milk_kg, x.fat_pct, x.protein_pct, x.scc
    from json_to_recordset(${JSON.stringify(testDays)}::json) as x(animal_id bigint, test_date date, lact int,
      dim int, milk_kg numeric, fat_pct numeric, protein_pct numeric, scc int)`);
  counts.animals += records.length;
  counts.cowsInMilk += ids.filter((a) => a.status === "milking").length;
  counts.lactations += lactations.length;
  counts.events += events.length;
  counts.testDays += testDays.length;
}
