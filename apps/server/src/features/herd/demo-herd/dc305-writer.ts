import { dayOfIso } from "./day-number.ts";
import { type Dc305Column, dc305Header, dc305Line } from "./dc305-format.ts";
import { DEMO_HERD_PARAMS } from "./demo-herd-params.ts";
import type { DemoAnimalRecord, DemoHerd } from "./demo-herd-types.ts";

/**
 * The demo herd as DC305 files, for the importer to read back:
 * - EVENTS: `EVENTS ID PEN BDAT LACT CBRD FDAT` — one line per event with the animal's items as of
 *   that event (LACT and FDAT of its lactation, the pen it was in), like real exports;
 * - LIST: one line per animal with its items now (exited animals too, RC 7 and ARDAT);
 * - TEST: test days as a LIST-style file, one line per animal and test day
 *   (ID BDAT LACT FDAT TDAT DIM MILK PCTF PCTP SCC; SCC in thousands/ml), since DC305 has no single
 *   export of the test-day history.
 * Each comes as lines (a generator: a file of a million events streams in bounded memory) and, for
 * a herd in memory, as one string with the animals in barn-number order.
 */

export const EVENTS_COLUMNS: readonly Dc305Column[] = [
  { name: "ID", kind: "number", width: 10 },
  { name: "PEN", kind: "number", width: 6 },
  { name: "BDAT", kind: "date" },
  { name: "LACT", kind: "number", width: 4 },
  { name: "CBRD", kind: "text", width: 5 },
  { name: "FDAT", kind: "date" },
  { name: "Event", kind: "text", width: 11 },
  { name: "DIM", kind: "number", width: 4 },
  { name: "Date", kind: "date" },
  { name: "Remark", kind: "text", width: 16 },
  { name: "Protocols", kind: "text", width: 16 },
  { name: "Technician", kind: "raw" },
];

export const LIST_COLUMNS: readonly Dc305Column[] = [
  { name: "ID", kind: "number", width: 10 },
  { name: "EID", kind: "text", width: 15 },
  { name: "BDAT", kind: "date" },
  { name: "LACT", kind: "number", width: 4 },
  { name: "PEN", kind: "number", width: 6 },
  { name: "RC", kind: "number", width: 3 },
  { name: "FDAT", kind: "date" },
  { name: "DDAT", kind: "date" },
  { name: "ARDAT", kind: "date" },
  { name: "SID", kind: "text", width: 12 },
  { name: "DID", kind: "number", width: 10 },
  { name: "CBRD", kind: "text", width: 5 },
];

export const TEST_COLUMNS: readonly Dc305Column[] = [
  { name: "ID", kind: "number", width: 10 },
  { name: "BDAT", kind: "date" },
  { name: "LACT", kind: "number", width: 4 },
  { name: "FDAT", kind: "date" },
  { name: "TDAT", kind: "date" },
  { name: "DIM", kind: "number", width: 4 },
  { name: "MILK", kind: "number", width: 6 },
  { name: "PCTF", kind: "number", width: 5 },
  { name: "PCTP", kind: "number", width: 5 },
  { name: "SCC", kind: "number", width: 6 },
];

const MS_PER_DAY = 86_400_000;
/** ISO date `dim` days before `iso`: the fresh date of the event's lactation. */
const daysBefore = (iso: string, days: number) =>
  new Date((dayOfIso(iso) - days) * MS_PER_DAY).toISOString().slice(0, 10);

export function* dc305EventsLines(records: Iterable<DemoAnimalRecord>): Generator<string> {
  yield dc305Header(EVENTS_COLUMNS);
  for (const { animal, events } of records) {
    for (const e of events) {
      yield dc305Line(EVENTS_COLUMNS, [
        animal.barnNumber,
        e.pen,
        animal.birthDate,
        e.lact,
        animal.breed,
        e.lact > 0 ? daysBefore(e.date, e.dim) : null,
        e.code,
        e.dim,
        e.date,
        e.remark,
        e.protocol,
        e.technician,
      ]);
    }
  }
}

const REPRO_RC: Record<string, number> = { BRED: 4, PREG: 5, OPEN: 3, ABORT: 3, DRY: 6, DNB: 1 };

/** Reproductive code now (HERD.md): 7 left, 1 DNB, 6 dry, 5 pregnant, 4 bred, 3 open, 2 fresh, 0 blank. */
export function reproductiveCode(record: DemoAnimalRecord, today: string): number {
  if (record.animal.exitDate !== null) return 7;
  const last = record.lactations[record.lactations.length - 1];
  const lact = last?.lact ?? 0;
  let rc = 0;
  for (const e of record.events) {
    if (e.lact !== lact) continue;
    if (e.code === "FRESH") rc = 2;
    else if (rc !== 1 && e.code in REPRO_RC) rc = REPRO_RC[e.code] ?? rc;
  }
  if (rc === 2 && last && dayOfIso(today) - dayOfIso(last.freshDate) >= DEMO_HERD_PARAMS.vwpDays) rc = 3;
  return rc;
}

export function* dc305ListLines(records: Iterable<DemoAnimalRecord>, today: string): Generator<string> {
  yield dc305Header(LIST_COLUMNS);
  for (const record of records) {
    const { animal } = record;
    const last = record.lactations[record.lactations.length - 1];
    yield dc305Line(LIST_COLUMNS, [
      animal.barnNumber,
      animal.earTag,
      animal.birthDate,
      last?.lact ?? 0,
      animal.pen,
      reproductiveCode(record, today),
      last?.freshDate ?? null,
      last?.dryDate ?? null,
      animal.exitDate,
      animal.sire,
      animal.dam,
      animal.breed,
    ]);
  }
}

export function* dc305TestDayLines(records: Iterable<DemoAnimalRecord>): Generator<string> {
  yield dc305Header(TEST_COLUMNS);
  for (const { animal, testDays } of records) {
    for (const t of testDays) {
      yield dc305Line(TEST_COLUMNS, [
        animal.barnNumber,
        animal.birthDate,
        t.lact,
        daysBefore(t.date, t.dim),
        t.date,
        t.dim,
        t.milkKg.toFixed(1),
        t.fatPct.toFixed(2),
        t.proteinPct.toFixed(2),
        t.scc,
      ]);
    }
  }
}

/** A herd in memory as per-animal records, in barn-number order (then birth date), as DC305 sorts. */
export function herdRecords(herd: DemoHerd): DemoAnimalRecord[] {
  const byKey = new Map<number, DemoAnimalRecord>();
  for (const animal of herd.animals) byKey.set(animal.key, { animal, lactations: [], events: [], testDays: [] });
  for (const l of herd.lactations) byKey.get(l.animalKey)?.lactations.push(l);
  for (const e of herd.events) byKey.get(e.animalKey)?.events.push(e);
  for (const t of herd.testDays) byKey.get(t.animalKey)?.testDays.push(t);
  return [...byKey.values()].sort(
    (a, b) =>
      Number(a.animal.barnNumber) - Number(b.animal.barnNumber) || a.animal.birthDate.localeCompare(b.animal.birthDate),
  );
}

export const writeDc305Events = (herd: DemoHerd): string => [...dc305EventsLines(herdRecords(herd))].join("");
export const writeDc305List = (herd: DemoHerd, today: string): string =>
  [...dc305ListLines(herdRecords(herd), today)].join("");
export const writeDc305TestDays = (herd: DemoHerd): string => [...dc305TestDayLines(herdRecords(herd))].join("");
