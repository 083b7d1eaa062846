import { reproductiveCode } from "./dc305-writer.ts";
import { PENS } from "./demo-herd-params.ts";
import type { DemoAnimalRecord } from "./demo-herd-types.ts";

// A demo animal as the herd tables' rows (db/schema/herd.ts), keys in the tables' column names so
// that json_to_recordset reads them as they are.

export function animalRow(record: DemoAnimalRecord, today: string) {
  const { animal } = record;
  const last = record.lactations[record.lactations.length - 1];
  const lact = last?.lact ?? 0;
  const exit = animal.exitCode === "SOLD" ? "sold" : animal.exitCode === "DIED" ? "died" : null;
  const freshDate = last?.freshDate ?? null;
  const dryDate = last?.dryDate ?? null;
  return {
    barn_number: animal.barnNumber,
    ear_tag: animal.earTag,
    birth_date: animal.birthDate,
    breed: animal.breed,
    sire: animal.sire,
    dam: animal.dam,
    pen: animal.pen,
    lact,
    rc: reproductiveCode(record, today),
    /** How she left; the loader turns it into herd_animals.status (animal-status.ts). */
    exit,
    fresh_date: freshDate,
    dry_date: dryDate,
    exit_date: animal.exitDate,
    exit_reason: animal.exitReason,
  };
}

export function lactationRows(record: DemoAnimalRecord, animalId: number) {
  return record.lactations.map((l) => ({
    animal_id: animalId,
    lact: l.lact,
    fresh_date: l.freshDate,
    dry_date: l.dryDate,
  }));
}

export function eventRows(record: DemoAnimalRecord, animalId: number) {
  return record.events.map((e) => ({
    animal_id: animalId,
    event_date: e.date,
    code: e.code,
    lact: e.lact,
    dim: e.dim,
    remark: e.remark,
    protocol: e.protocol,
    technician: e.technician,
  }));
}

export function testDayRows(record: DemoAnimalRecord, animalId: number) {
  return record.testDays.map((t) => ({
    animal_id: animalId,
    test_date: t.date,
    lact: t.lact,
    dim: t.dim,
    milk_kg: t.milkKg,
    fat_pct: t.fatPct,
    protein_pct: t.proteinPct,
    scc: t.scc,
  }));
}

/** The generator's pens with the names a farm would give them (herd_pens.name). */
export const DEMO_PEN_NAMES: ReadonlyMap<string, string> = new Map([
  [PENS.fresh, "Новотельные"],
  [PENS.firstLactation, "Первотёлки"],
  [PENS.older[0], "Дойные 1"],
  [PENS.older[1], "Дойные 2"],
  [PENS.low, "Низкопродуктивные"],
  [PENS.dry, "Сухостой"],
  [PENS.closeUp, "Транзит перед отёлом"],
  [PENS.calves, "Телята"],
  [PENS.heifers, "Ремонтные тёлки"],
  [PENS.pregnantHeifers, "Стельные тёлки"],
]);
