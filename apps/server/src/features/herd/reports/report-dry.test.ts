import type { HerdReport } from "@nadoy/contract/herd-reports";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { herdEvents, herdLactations, herdTestDays } from "../../../db/schema/index.ts";
import { seedAnimals, seedHerdWorld } from "../herd.test-kit.ts";
import { drillMismatches, drillNumbers, reportClient } from "./reports.test-kit.ts";

let t: TestApp;
let w: Awaited<ReturnType<typeof seedHerdWorld>>;

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  w = await seedHerdWorld(t);
  await thirteenAnimals();
});
afterAll(() => t.close());

/**
 * Thirteen animals; the period is 2025-01-01…2025-06-30 (181 days), the previous one
 * 2024-07-04…2024-12-31.
 *
 * | cow | dried off (lact)       | next calving (lact) | dry period | band  | first 60 days after it     | first test |
 * |-----|------------------------|---------------------|------------|-------|----------------------------|------------|
 * | 1   | 2024-12-01 (1)         | 2025-01-20 (2)      | 50         | 40–60 | —                          | 30 kg      |
 * | 2   | 2025-01-05 (2)         | 2025-02-28 (3)      | 54         | 40–60 | MAST 03-20                 | 40 (then 45) |
 * | 3   | 2025-02-01 (1)         | 2025-02-26 (2)      | 25         | < 30  | KETOSIS 03-10              | 28         |
 * | 4   | 2025-01-10 (3)         | 2025-04-15 (4)      | 95         | > 80  | LAME 06-20 is day 66; CHECK | no milk weight |
 * | 5   | 2025-03-01 (2)         | 2025-04-20 (3)      | 50         | 40–60 | RP 04-20 (the calving day) | 36         |
 * | 6   | 2025-02-10 (1)         | 2025-04-21 (2)      | 70         | 61–80 | —                          | 32         |
 * | 7   | 2025-05-01 (2)         | 2025-06-05 (3)      | 35         | 30–39 | DA 06-10                   | —          |
 * | 8   | 2025-05-20 (3)         | not yet             |            |       |                            |            |
 * | 9   | 2024-10-01 (1)         | 2024-11-25 (2)      | 55 (the previous period)   |       |                |            |
 * | 10  | no dry date (1); a DRY event 2025-01-20 | 2025-03-10 (2) | unknown: not counted |   |                |            |
 * | 11  | 2025-06-30 (4)         | 2025-07-20 (5)      | after the period           |       |                |            |
 * | 12  | a heifer               |                     |            |       |                            |            |
 * | 13  | 2025-03-01 (1)         | 2025-02-20 (2)      | dry after the calving: not a dry period |  |           |            |
 *
 * Calved after a dry period in the period: 1–7 (7 cows, 7 dry periods); mean (50 + 54 + 25 + 95 +
 * 50 + 70 + 35) ÷ 7 = 379 ÷ 7 = 54.1 days; 40–60: 3 ÷ 7 = 42.9 %; under 30 or over 80: 2 ÷ 7 =
 * 28.6 %; sick in 60 days: 2, 3, 5, 7 → 4 ÷ 7 = 57.1 %; first test (1, 2, 3, 5, 6): 166 ÷ 5 = 33.2 kg.
 * 40–60: cows 1, 2, 5 — 3, 42.9 %, mean 154 ÷ 3 = 51.3, sick 2 (66.7 %), tested 3, 106 ÷ 3 = 35.3 kg.
 * Dry-offs in the period: 2, 4 (January), 3, 6 (February), 5, 13 (March), 7, 8 (May), 11 (June) — 9.
 * The report reads the lactations' dry dates (the DC305 import writes DRY events into them), not
 * the events: cow 10's DRY event alone is no dry-off.
 * The previous period: 9 calved (55 days, in range, not sick, no test); dried off 1, 9 — 2.
 */
async function thirteenAnimals() {
  const animal = (barn: string, status: string, lact: number) => ({
    barnNumber: barn,
    status: status as "milking",
    lact,
    birthDate: `2019-01-${barn.padStart(2, "0")}`,
  });
  const ids = await seedAnimals(t, w.herd.id, [
    animal("1", "milking", 2),
    animal("2", "milking", 3),
    animal("3", "milking", 2),
    animal("4", "milking", 4),
    animal("5", "milking", 3),
    animal("6", "milking", 2),
    animal("7", "milking", 3),
    animal("8", "dry", 3),
    animal("9", "milking", 2),
    animal("10", "milking", 2),
    animal("11", "milking", 5),
    animal("12", "heifer", 0),
    animal("13", "milking", 2),
  ]);
  const id = (barn: string) => ids[`${barn}/2019-01-${barn.padStart(2, "0")}`]?.id ?? 0;
  const lactation = (barn: string, lact: number, fresh: string, dry: string | null = null) => ({
    databaseId: w.herd.id,
    animalId: id(barn),
    lact,
    freshDate: fresh,
    dryDate: dry,
  });
  await t.database.db
    .insert(herdLactations)
    .values([
      lactation("1", 1, "2023-11-01", "2024-12-01"),
      lactation("1", 2, "2025-01-20"),
      lactation("2", 2, "2024-03-01", "2025-01-05"),
      lactation("2", 3, "2025-02-28"),
      lactation("3", 1, "2024-04-01", "2025-02-01"),
      lactation("3", 2, "2025-02-26"),
      lactation("4", 3, "2024-03-01", "2025-01-10"),
      lactation("4", 4, "2025-04-15"),
      lactation("5", 2, "2024-05-01", "2025-03-01"),
      lactation("5", 3, "2025-04-20"),
      lactation("6", 1, "2024-04-01", "2025-02-10"),
      lactation("6", 2, "2025-04-21"),
      lactation("7", 2, "2024-07-01", "2025-05-01"),
      lactation("7", 3, "2025-06-05"),
      lactation("8", 3, "2024-08-01", "2025-05-20"),
      lactation("9", 1, "2023-12-01", "2024-10-01"),
      lactation("9", 2, "2024-11-25"),
      lactation("10", 1, "2024-05-01"),
      lactation("10", 2, "2025-03-10"),
      lactation("11", 4, "2024-09-01", "2025-06-30"),
      lactation("11", 5, "2025-07-20"),
      lactation("13", 1, "2024-04-01", "2025-03-01"),
      lactation("13", 2, "2025-02-20"),
    ]);
  const event = (barn: string, date: string, code: string, lact: number) => ({
    databaseId: w.herd.id,
    animalId: id(barn),
    eventDate: date,
    code,
    lact,
  });
  await t.database.db
    .insert(herdEvents)
    .values([
      event("2", "2025-03-20", "MAST", 3),
      event("3", "2025-03-10", "KETOSIS", 2),
      event("4", "2025-06-20", "LAME", 4),
      event("4", "2025-04-20", "CHECK", 4),
      event("10", "2025-01-20", "DRY", 1),
      event("5", "2025-04-20", "RP", 3),
      event("7", "2025-06-10", "DA", 3),
    ]);
  const test = (barn: string, date: string, lact: number, milk: number | null) => ({
    databaseId: w.herd.id,
    animalId: id(barn),
    testDate: date,
    lact,
    milkKg: milk === null ? null : String(milk),
  });
  await t.database.db
    .insert(herdTestDays)
    .values([
      test("1", "2025-02-15", 2, 30),
      test("2", "2025-03-15", 3, 40),
      test("2", "2025-04-15", 3, 45),
      test("3", "2025-03-15", 2, 28),
      test("4", "2025-05-15", 4, null),
      test("5", "2025-05-15", 3, 36),
      test("6", "2025-05-15", 2, 32),
    ]);
}

const client = () =>
  reportClient(t, w.herd.uuid, w.zoo.token, 8, { from: "2025-01-01", to: "2025-06-30", compare: "previous" });
const report = (query: Record<string, string> = {}) => client().report(query);
const drillTotal = (drill: string) => client().drillTotal(drill);

function table(r: HerdReport, key: string) {
  const found = r.tables.find((x) => x.key === key);
  if (!found) throw new Error(key);
  return Object.fromEntries(
    found.rows.map((row) => [row.key, Object.fromEntries(Object.entries(row.cells).map(([c, v]) => [c, v.value]))]),
  );
}

describe("report 8, the dry period", () => {
  it("gives each figure as counted by hand", async () => {
    const r = await report();
    expect(Object.fromEntries(r.kpis.map((k) => [k.key, [k.value, k.compare_value]]))).toEqual({
      calved: [7, 1],
      avg_len: [54.1, 55],
      in_range: [42.9, 100],
      out_range: [28.6, 0],
      sick60: [57.1, 0],
      first_milk: [33.2, null],
      dryoffs: [9, 2],
    });
    const row = (calvings: number, share: number, len: number, sick: number, ft: number, milk: number | null) => ({
      calvings,
      share,
      len,
      sick_calvings: sick,
      sick: calvings > 0 ? Math.round((sick / calvings) * 1000) / 10 : null,
      ft_calvings: ft,
      first_milk: milk,
    });
    expect(table(r, "bands")).toEqual({
      "-29": row(1, 14.3, 25, 1, 1, 28),
      "30-39": row(1, 14.3, 35, 1, 0, null),
      "40-60": row(3, 42.9, 51.3, 2, 3, 35.3),
      "61-80": row(1, 14.3, 70, 0, 1, 32),
      "81-": row(1, 14.3, 95, 0, 0, null),
      all: row(7, 100, 54.1, 4, 5, 33.2),
    });
    const length = r.charts.find((c) => c.key === "length");
    const steps = Object.fromEntries(
      (length?.x ?? []).flatMap((x, i) => {
        const v = length?.series[0]?.values[i];
        return v ? [[x, v]] : [];
      }),
    );
    expect(steps).toEqual({ "25–29": 1, "35–39": 1, "50–54": 3, "70–74": 1, "95–99": 1 });
    expect(r.charts.find((c) => c.key === "dryoffs")?.series[0]?.values).toEqual([2, 2, 2, 0, 2, 1]);
  });

  it("lists behind every number its animals", async () => {
    const r = await report();
    const numbers = drillNumbers(r);
    expect(numbers.length).toBeGreaterThan(30);
    expect(await drillMismatches(numbers, drillTotal)).toEqual([]);
    const barns = async (drill: string | null | undefined) =>
      (await drillTotal(drill ?? "")).items.map((a) => a.barn_number).sort((x, y) => Number(x) - Number(y));
    expect(await barns(r.kpis.find((k) => k.key === "dryoffs")?.drill)).toEqual([
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
      "8",
      "11",
      "13",
    ]);
    const inRange = r.tables[0]?.rows.find((row) => row.key === "40-60")?.cells;
    expect(await barns(inRange?.calvings?.drill)).toEqual(["1", "2", "5"]);
    expect(await barns(inRange?.sick_calvings?.drill)).toEqual(["2", "5"]);
  });
});
