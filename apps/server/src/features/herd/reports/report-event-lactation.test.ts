import type { HerdReport } from "@nadoy/contract/herd-reports";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { herdEvents, herdLactations, herdTestDays } from "../../../db/schema/index.ts";
import { seedAnimals, seedHerdWorld } from "../herd.test-kit.ts";
import { markReportFactsStale } from "./report-facts.ts";
import { drillMismatches, drillNumbers, reportClient } from "./reports.test-kit.ts";

// The «Лактация» filter takes each calving, case, dry-off, test day and service by the lactation
// it belongs to, not by the cow's lactation today; and each report's cards, tables and charts count
// one thing (calvings, cases, dry-offs — or cows split so that their parts add up).

let t: TestApp;
let w: Awaited<ReturnType<typeof seedHerdWorld>>;

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  w = await seedHerdWorld(t);
  await fourCows();
});
afterAll(() => t.close());

/**
 * Four cows; the period is 2024 (2024-01-01 … 2024-12-31).
 *
 * | cow | now              | lactations: fresh (dry)                                   | events in 2024 (lactation)                                  | test days in 2024 (lactation, kg) |
 * |-----|------------------|-----------------------------------------------------------|-------------------------------------------------------------|-----------------------------------|
 * | A 1 | milking, lact 3  | 1: 2022-11-01 (2023-12-05); 2: 2024-01-25 (2024-11-20); 3: 2025-01-20 | FRESH 01-25 ТЁЛКА (2); MAST 03-05, MAST 03-25 (2); BRED 04-10, PREG 05-20 (2) | 02-10 (2) 30; 06-10 (2) 26 |
 * | B 2 | milking, lact 2  | 1: 2024-01-05 (2024-10-15); 2: 2024-12-10                  | FRESH 01-05 БЫЧОК (1); BRED 03-01, PREG 04-10 (1); MAST 07-01 (1); FRESH 12-10 ТЁЛКА БЫЧОК (2) | 02-10 (1) 20; 12-20 (2) 34 |
 * | C 3 | sold 2024-06-30, lact 2 | 1: 2022-09-01; 2: 2023-09-01                        | —                                                           | —                                 |
 * | D 4 | dry, lact 2      | 1: 2023-02-01 (2024-01-10); 2: 2024-03-01 (2024-12-20)     | FRESH 03-01 БЫЧОК МЁРТВ (2)                                  | —                                 |
 *
 * Calvings in 2024: A (2, Jan), B (1, Jan), B (2, Dec, twins), D (2, Mar, stillborn) — 4 calvings of
 * 3 cows; by month first Jan 1, later Jan 1, Mar 1, Dec 1 (4 in all). Lactation 1: B's = 1;
 * 2: A's, B's second, D's = 3; 3 and later: none (A calved into her 3rd in 2025).
 * Dry-offs in 2024: D (1) Jan, B (1) Oct, A (2) Nov, D (2) Dec — 4 of 3 cows; of lactation 1: 2, of 2: 2.
 * Dry periods ending in a 2024 calving: A 51 days (after lactation 1), D 51 (1), B 56 (1) — 3, all
 * of lactation 1.
 * New mastitis cases: A 03-05 and 03-25 (20 days apart: two cases, lactation 2), B 07-01
 * (lactation 1) — 3 cases of 2 cows; by month Mar 2, Jul 1.
 * Cows at risk: all 4; in lactation 2 some day of 2024: all 4 (B from 12-10, C until she left); in
 * lactation 1: A (to 01-24), B, D (to 02-29) = 3; in 3: none.
 * Cow-days in lactation 2: A 01-25…12-31 342, B 12-10…12-31 22, C 01-01…06-30 182, D 03-01…12-31
 * 306 = 852 (2.3326 cow-years): mastitis 2 ÷ 2.3326 × 100 = 85.7; C's exit 1 ÷ 2.3326 × 100 = 42.9 %.
 * Test days: cows 2 (A, B), milk (30 + 26 + 20 + 34) ÷ 4 = 27.5; a cow counts in the group of her
 * last 2024 test: both in lactation 2 (B's February test in lactation 1 is in its averages: 20 kg).
 * Lactation 1: B, 20; lactation 2: A and B, (30 + 26 + 34) ÷ 3 = 30; 3: none.
 * Services: A (2), B (1).
 */
async function fourCows() {
  const birth = { "1": "2020-01-01", "2": "2021-01-02", "3": "2020-01-03", "4": "2021-01-04" } as const;
  type Barn = keyof typeof birth;
  const ids = await seedAnimals(t, w.herd.id, [
    { barnNumber: "1", birthDate: birth["1"], status: "milking", lact: 3, freshDate: "2025-01-20" },
    { barnNumber: "2", birthDate: birth["2"], status: "milking", lact: 2, freshDate: "2024-12-10" },
    { barnNumber: "3", birthDate: birth["3"], status: "sold", lact: 2, exitDate: "2024-06-30" },
    { barnNumber: "4", birthDate: birth["4"], status: "dry", lact: 2, freshDate: "2024-03-01", dryDate: "2024-12-20" },
  ]);
  const id = (barn: Barn) => ids[`${barn}/${birth[barn]}`]?.id ?? 0;
  const databaseId = w.herd.id;
  const lactation = (barn: Barn, lact: number, freshDate: string, dryDate: string | null = null) => ({
    databaseId,
    animalId: id(barn),
    lact,
    freshDate,
    dryDate,
  });
  await t.database.db
    .insert(herdLactations)
    .values([
      lactation("1", 1, "2022-11-01", "2023-12-05"),
      lactation("1", 2, "2024-01-25", "2024-11-20"),
      lactation("1", 3, "2025-01-20"),
      lactation("2", 1, "2024-01-05", "2024-10-15"),
      lactation("2", 2, "2024-12-10"),
      lactation("3", 1, "2022-09-01"),
      lactation("3", 2, "2023-09-01"),
      lactation("4", 1, "2023-02-01", "2024-01-10"),
      lactation("4", 2, "2024-03-01", "2024-12-20"),
    ]);
  const event = (barn: Barn, eventDate: string, code: string, lact: number, remark = "") => ({
    databaseId,
    animalId: id(barn),
    eventDate,
    code,
    lact,
    remark,
  });
  await t.database.db
    .insert(herdEvents)
    .values([
      event("1", "2024-01-25", "FRESH", 2, "ТЁЛКА"),
      event("1", "2024-03-05", "MAST", 2),
      event("1", "2024-03-25", "MAST", 2),
      event("1", "2024-04-10", "BRED", 2, "SIRE1"),
      event("1", "2024-05-20", "PREG", 2),
      event("2", "2024-01-05", "FRESH", 1, "БЫЧОК"),
      event("2", "2024-03-01", "BRED", 1, "SIRE1"),
      event("2", "2024-04-10", "PREG", 1),
      event("2", "2024-07-01", "MAST", 1),
      event("2", "2024-12-10", "FRESH", 2, "ТЁЛКА БЫЧОК"),
      event("4", "2024-03-01", "FRESH", 2, "БЫЧОК МЁРТВ"),
    ]);
  const test = (barn: Barn, testDate: string, lact: number, dim: number, milk: number) => ({
    databaseId,
    animalId: id(barn),
    testDate,
    lact,
    dim,
    milkKg: String(milk),
  });
  await t.database.db
    .insert(herdTestDays)
    .values([
      test("1", "2024-02-10", 2, 16, 30),
      test("1", "2024-06-10", 2, 137, 26),
      test("2", "2024-02-10", 1, 36, 20),
      test("2", "2024-12-20", 2, 10, 34),
    ]);
  await markReportFactsStale(t.database.db, databaseId);
}

const PERIOD = { from: "2024-01-01", to: "2024-12-31", compare: "none" };
const client = (n: number) => reportClient(t, w.herd.uuid, w.zoo.token, n, PERIOD);
const kpis = (r: HerdReport) => Object.fromEntries(r.kpis.map((k) => [k.key, k.value]));
const sum = (values: (number | null)[] | undefined) => (values ?? []).reduce<number>((s, v) => s + (v ?? 0), 0);
const series = (r: HerdReport, chart: string) =>
  Object.fromEntries((r.charts.find((c) => c.key === chart)?.series ?? []).map((s) => [s.key, s.values]));
function table(r: HerdReport, key: string) {
  const found = r.tables.find((x) => x.key === key);
  if (!found) throw new Error(key);
  return Object.fromEntries(
    found.rows.map((row) => [row.key, Object.fromEntries(Object.entries(row.cells).map(([c, v]) => [c, v.value]))]),
  );
}
const BY_LACTATION: Record<string, string>[] = [{}, { lact_group: "1" }, { lact_group: "2" }, { lact_group: "3+" }];

describe("report 6: calvings counted as calvings, by the lactation each began", () => {
  it("gives the card, the outcomes' total and the months' bars as one count", async () => {
    const r = await client(6).report();
    expect(kpis(r)).toMatchObject({ calved: 4, first: 1, stillborn: 25, twins: 1, female_share: 50 });
    expect(table(r, "outcomes").all).toEqual({ first: 1, cows: 3, total: 4 });
    const months = series(r, "calvings");
    expect(sum(months.first) + sum(months.later)).toBe(4);
    expect(months.later?.filter((v) => v === 1)).toHaveLength(3);
  });

  it("narrows by the lactation of the calving: a cow now in her 3rd counts in the 2nd for her 2024 calving", async () => {
    const calved = async (query: Record<string, string>) => kpis(await client(6).report(query)).calved;
    expect(await Promise.all(BY_LACTATION.map(calved))).toEqual([4, 1, 3, 0]);
    const second = await client(6).report({ lact_group: "2" });
    expect(kpis(second)).toMatchObject({ first: 0, twins: 1, stillborn: 33.3 });
    expect(table(second, "aborts").all).toMatchObject({ preg: 1 }); // A's PREG of lactation 2
  });
});

describe("report 8: dry-offs and dry periods counted as such, by the lactation dried off", () => {
  it("gives the cards, the table's total and the charts as one count", async () => {
    const r = await client(8).report();
    expect(kpis(r)).toMatchObject({ calved: 3, dryoffs: 4 });
    expect(table(r, "bands").all).toMatchObject({ calvings: 3 });
    expect(sum(series(r, "dryoffs").dryoffs)).toBe(4);
    expect(sum(series(r, "length").calvings)).toBe(3);
  });

  it("narrows by the lactation dried off", async () => {
    const figures = async (query: Record<string, string>) => {
      const k = kpis(await client(8).report(query));
      return [k.dryoffs, k.calved];
    };
    expect(await Promise.all(BY_LACTATION.map(figures))).toEqual([
      [4, 3],
      [2, 3],
      [2, 0],
      [0, 0],
    ]);
  });
});

describe("report 7: new cases by month add up to the cases, by the lactation of each case", () => {
  it("counts the chart's bars as new cases", async () => {
    const r = await client(7).report();
    expect(table(r, "diseases").MAST).toMatchObject({ cases: 3, cows: 2 });
    expect(sum(series(r, "months").MAST)).toBe(3);
    expect(series(r, "months").MAST?.filter((v) => v !== 0)).toEqual([2, 1]); // March, July
  });

  it("narrows the cases, the cows at risk and their cow-years by lactation", async () => {
    const figures = async (query: Record<string, string>) => {
      const r = await client(7).report(query);
      return [kpis(r).at_risk, table(r, "diseases").MAST?.cases, table(r, "diseases").MAST?.cows];
    };
    expect(await Promise.all(BY_LACTATION.map(figures))).toEqual([
      [4, 3, 2],
      [3, 1, 1],
      [4, 2, 1],
      [0, 0, 0],
    ]);
    expect(kpis(await client(7).report({ lact_group: "2" })).mast_rate).toBe(85.7);
  });
});

describe("reports 2, 4 and 5 under the lactation filter", () => {
  it("report 2: test days of the lactation; cows by their last test, the groups adding up", async () => {
    const r = await client(2).report();
    expect(table(r, "lactation")).toMatchObject({
      "1": { cows: 0, milk: 20 },
      "2": { cows: 2, milk: 30 },
      "3+": { cows: 0, milk: null },
      all: { cows: 2, milk: 27.5 },
    });
    const figures = async (query: Record<string, string>) => {
      const k = kpis(await client(2).report(query));
      return [k.cows, k.milk];
    };
    expect(await Promise.all(BY_LACTATION.map(figures))).toEqual([
      [2, 27.5],
      [1, 20],
      [2, 30],
      [0, null],
    ]);
  });

  it("report 4: services of the lactation; report 5: the exits and cow-years of it", async () => {
    const services = async (query: Record<string, string>) => kpis(await client(4).report(query)).services;
    expect(await Promise.all(BY_LACTATION.map(services))).toEqual([2, 1, 1, 0]);
    expect(kpis(await client(5).report({ lact_group: "2" }))).toMatchObject({ exits: 1, cull_rate: 42.9 });
    expect(kpis(await client(5).report({ lact_group: "1" }))).toMatchObject({ exits: 0, cull_rate: 0 });
  });

  it("names a month the period cuts by its days in report 2's months", async () => {
    const r = await client(2).report({ from: "2024-01-15", to: "2024-06-10" });
    const labels = r.tables.find((x) => x.key === "months")?.rows.map((row) => row.label);
    expect(labels).toEqual([
      "15–31 января 2024",
      "февраль 2024",
      "март 2024",
      "апрель 2024",
      "май 2024",
      "1–10 июня 2024",
    ]);
  });
});

describe.each([2, 4, 5, 6, 7, 8])("report %i under each lactation filter", { timeout: 60_000 }, (n) => {
  it("lists behind every number its animals", async () => {
    for (const query of BY_LACTATION) {
      const r = await client(n).report(query);
      expect(await drillMismatches(drillNumbers(r), client(n).drillTotal), JSON.stringify(query)).toEqual([]);
    }
  });
});
