import type { HerdReport } from "@nadoy/contract/herd-reports";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { herdLactations, herdTestDays } from "../../../db/schema/index.ts";
import { seedAnimals, seedHerdWorld } from "../herd.test-kit.ts";
import { drillMismatches, drillNumbers, reportClient } from "./reports.test-kit.ts";

let t: TestApp;
let w: Awaited<ReturnType<typeof seedHerdWorld>>;

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  w = await seedHerdWorld(t);
  await nineCows();
});
afterAll(() => t.close());

/**
 * Nine animals and their test days; the period is 2025-01-01…2025-02-28 (59 days), the previous
 * one 2024-11-03…2024-12-31, a year earlier 2024-01-01…2024-02-29.
 *
 * | cow | now          | test day   | lact | DIM | milk | fat | prot | SCC | ECM     | SCS   | week |
 * |-----|--------------|------------|------|-----|------|-----|------|-----|---------|-------|------|
 * | 1   | milking, 1   | 2025-01-10 | 1    | 40  | 30   | 4.0 | 3.0  | 100 | 32.235  | 3     | 6    |
 * | 1   |              | 2025-02-10 | 1    | 71  | 28   | 4.0 | 3.5  | 400 | 31.157  | 5     | 11   |
 * | 2   | milking, 2   | 2025-01-10 | 2    | 100 | 40   | 3.5 | 3.0  | 200 | 40.39   | 4     | 15   |
 * | 2   |              | 2025-02-10 | 2    | 131 | 36   | 3.5 | 3.0  | 50  | 36.351  | 2     | 19   |
 * | 3   | milking, 3   | 2025-01-10 | 3    | 200 | 20   | 4.5 | 3.5  | 800 | 23.55   | 6     | 29   |
 * | 3   |              | 2025-02-10 | 3    | 231 | 18   | 4.5 | 3.5  | 300 | 21.195  | 4.585 | 33   |
 * | 3   |              | 2025-02-20 | 3    | 241 | 16   | 4.0 | 3.5  | 150 | 17.804  | 3.585 | 35   |
 * | 4   | milking, 4   | 2025-02-10 | 4    | 10  | 32   | 5.0 | 3.2  | —   | 39.0176 |       | 2    |
 * | 5   | sold 01-18, 2| 2025-01-10 | 2    | 295 | 14   | 4.2 | 3.6  | 250 | 16.0482 | 4.322 | 43   |
 * | 6   | milking, 2   | 2025-01-10 | 1    | 300 | 16   | 4.0 | 3.5  | 120 | 17.804  | 3.263 | 43   |
 * | 6   |              | 2025-02-10 | 2    | 6   | 26   | 5.5 | 3.3  | 500 | 33.5842 | 5.322 | 1    |
 * | 7   | heifer       | —          |      |     |      |     |      |     |         |       |      |
 * | 8   | milking, 1   | 2025-01-10 | 1    | 20  | —    |     |      | 300 | (no milk weight: not a test of a cow in milk) |
 * | 9   | milking, 2   | 2024-12-10 | 2    | 50  | 35   | 3.8 | 3.2  | 90  | (the previous period)     |
 * | 4   |              | 2024-11-07 | 3    | 250 | 21   | 4.0 | 3.4  | 180 | (the previous period)     |
 * | 2   |              | 2024-02-10 | 1    | 30  | 25   |     |      |     | (a year earlier: week 5)  |
 * ECM = 0.327 × milk + 12.95 × milk × fat/100 + 7.65 × milk × prot/100; SCS = log2(SCC/100) + 3.
 *
 * Period, 11 tests of 6 cows (1–6), Σ milk 276: milk 276 ÷ 11 = 25.09; ECM Σ 309.136 ÷ 11 = 28.10;
 * fat Σ(milk × fat) 1158.8 ÷ 276 = 4.199; protein 899.6 ÷ 276 = 3.259; F/P 1.288; SCS over the 10
 * tests with SCC: 41.077 ÷ 10 = 4.11; SCC by milk Σ(milk × SCC) 66,220 ÷ 244 = 271.4.
 * Last test with SCC in the period: 1 → 400, 2 → 50, 3 → 150 (02-20), 5 → 250, 6 → 500 (lact 2),
 * 4 none: over 200 = 1, 5, 6 (3); bands ≤100: 2; 101–200: 3; 201–400: 1, 5; >400: 6.
 * By lactation at test: 1 = tests 1, 1, 6 (Jan): milk 74 ÷ 3 = 24.7; 2 = 2, 2, 5, 6 (Feb): 116 ÷ 4 =
 * 29.0; 3+ = 3, 3, 3, 4: 86 ÷ 4 = 21.5. A cow counts in the group of her last test in the period
 * (6 calved into lactation 2: group 2), so the groups' cows add up to 6: 1 = cow 1; 2 = 2, 5, 6;
 * 3+ = 3, 4. Over 200 at the last test: 1 (lact 1) → 1; 5, 6 → 2; 3+: 0 (3's last is 150).
 * January: 5 cows (1, 2, 3, 5, 6), 120 ÷ 5 = 24.0; over 200 at the last January test: 3 (800), 5 (250).
 * February: 5 cows (1, 2, 3, 4, 6), 156 ÷ 6 = 26.0; over 200 at the last: 1 (400), 6 (500) — 3's
 * last February test is 150. Test day 2025-02-10: 5 cows, 140 ÷ 5 = 28.0, over 200: 1, 3, 6.
 *
 * Lactations reaching DIM 305 in the period (cow in the herd then):
 * - 6, lact 1: fresh 2024-03-16, dry 2025-01-12 (DIM 302), DIM 305 on 2025-01-15; tests DIM 25
 *   (30 kg), 178 (24), 300 (16): 30 × 25 + (30 + 24)/2 × 153 + (24 + 16)/2 × 122 + 16 × 2 = 7,353.
 * - 4, lact 3: fresh 2024-03-02, dry 2024-12-01 (DIM 274), DIM 305 on 2025-01-01; tests DIM 10 (40),
 *   100 (44), 250 (21): 40 × 10 + 42 × 90 + 32.5 × 150 + 21 × 24 = 9,559.
 * - 5, lact 2: DIM 305 on 2025-01-20, but sold 2025-01-18: not counted.
 * 305-day yield (7,353 + 9,559) ÷ 2 = 8,456; previous period: none.
 */
async function nineCows() {
  const animal = (barn: string, status: string, lact: number, exit: string | null = null) => ({
    barnNumber: barn,
    status: status as "milking",
    lact,
    birthDate: `2020-01-0${barn}`,
    exitDate: exit,
  });
  const ids = await seedAnimals(t, w.herd.id, [
    animal("1", "milking", 1),
    animal("2", "milking", 2),
    animal("3", "milking", 3),
    animal("4", "milking", 4),
    animal("5", "sold", 2, "2025-01-18"),
    animal("6", "milking", 2),
    animal("7", "heifer", 0),
    animal("8", "milking", 1),
    animal("9", "milking", 2),
  ]);
  const id = (barn: string) => ids[`${barn}/2020-01-0${barn}`]?.id ?? 0;
  const test = (
    barn: string,
    date: string,
    lact: number,
    dim: number,
    milk: number | null,
    fat: number | null = null,
    protein: number | null = null,
    scc: number | null = null,
  ) => ({
    databaseId: w.herd.id,
    animalId: id(barn),
    testDate: date,
    lact,
    dim,
    milkKg: milk === null ? null : String(milk),
    fatPct: fat === null ? null : String(fat),
    proteinPct: protein === null ? null : String(protein),
    scc,
  });
  await t.database.db.insert(herdTestDays).values([
    test("1", "2025-01-10", 1, 40, 30, 4.0, 3.0, 100),
    test("1", "2025-02-10", 1, 71, 28, 4.0, 3.5, 400),
    test("2", "2025-01-10", 2, 100, 40, 3.5, 3.0, 200),
    test("2", "2025-02-10", 2, 131, 36, 3.5, 3.0, 50),
    test("3", "2025-01-10", 3, 200, 20, 4.5, 3.5, 800),
    test("3", "2025-02-10", 3, 231, 18, 4.5, 3.5, 300),
    test("3", "2025-02-20", 3, 241, 16, 4.0, 3.5, 150),
    test("4", "2025-02-10", 4, 10, 32, 5.0, 3.2, null),
    test("5", "2025-01-10", 2, 295, 14, 4.2, 3.6, 250),
    test("6", "2025-01-10", 1, 300, 16, 4.0, 3.5, 120),
    test("6", "2025-02-10", 2, 6, 26, 5.5, 3.3, 500),
    test("8", "2025-01-10", 1, 20, null, null, null, 300),
    test("9", "2024-12-10", 2, 50, 35, 3.8, 3.2, 90),
    test("4", "2024-11-07", 3, 250, 21, 4.0, 3.4, 180),
    test("2", "2024-02-10", 1, 30, 25),
    // The earlier tests of the two lactations of the 305-day yield, outside every window.
    test("6", "2024-04-10", 1, 25, 30),
    test("6", "2024-09-10", 1, 178, 24),
    test("4", "2024-03-12", 3, 10, 40),
    test("4", "2024-06-10", 3, 100, 44),
  ]);
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
      lactation("6", 1, "2024-03-16", "2025-01-12"),
      lactation("6", 2, "2025-02-04"),
      lactation("4", 3, "2024-03-02", "2024-12-01"),
      lactation("4", 4, "2025-01-31"),
      lactation("5", 2, "2024-03-21"),
    ]);
}

const client = () =>
  reportClient(t, w.herd.uuid, w.zoo.token, 2, { from: "2025-01-01", to: "2025-02-28", compare: "previous" });
const report = (query: Record<string, string> = {}) => client().report(query);
const drillTotal = (drill: string) => client().drillTotal(drill);

function table(r: HerdReport, key: string) {
  const found = r.tables.find((x) => x.key === key);
  if (!found) throw new Error(key);
  return Object.fromEntries(
    found.rows.map((row) => [row.key, Object.fromEntries(Object.entries(row.cells).map(([c, v]) => [c, v.value]))]),
  );
}
const chart = (r: HerdReport, key: string) =>
  Object.fromEntries((r.charts.find((c) => c.key === key)?.series ?? []).map((s) => [s.key, s.values]));

describe("report 2, milk", () => {
  it("gives each figure as counted by hand", async () => {
    const r = await report();
    expect(Object.fromEntries(r.kpis.map((k) => [k.key, [k.value, k.compare_value]]))).toEqual({
      cows: [6, 2], // 1–6; before: 9, 4
      milk: [25.1, 28], // 276 ÷ 11; before (35 + 21) ÷ 2
      ecm: [28.1, expect.any(Number)],
      fat: [4.2, expect.any(Number)],
      protein: [3.26, expect.any(Number)],
      fp: [1.29, expect.any(Number)],
      scs: [4.11, expect.any(Number)],
      scc: [271, expect.any(Number)],
      high: [3, 0], // 1, 5, 6; before: 90 and 180
      y305: [8456, null],
      n305: [2, 0], // 6, 4
    });
    expect(table(r, "lactation")).toEqual({
      "1": {
        cows: 1,
        milk: 24.7,
        ecm: 27.1,
        fat: 4,
        protein: 3.3,
        fp: 1.21,
        scs: 3.75,
        scc: 218,
        high: 1,
        n305: 1,
        y305: 7353,
      },
      "2": {
        cows: 3,
        milk: 29,
        ecm: 31.6,
        fat: 4.03,
        protein: 3.14,
        fp: 1.28,
        scs: 3.91,
        scc: 227,
        high: 2,
        n305: 0,
        y305: null,
      },
      "3+": {
        cows: 2,
        milk: 21.5,
        ecm: 25.4,
        fat: 4.59,
        protein: 3.39,
        fp: 1.36,
        scs: 4.72,
        scc: 441,
        high: 0,
        n305: 1,
        y305: 9559,
      },
      all: {
        cows: 6,
        milk: 25.1,
        ecm: 28.1,
        fat: 4.2,
        protein: 3.26,
        fp: 1.29,
        scs: 4.11,
        scc: 271,
        high: 3,
        n305: 2,
        y305: 8456,
      },
    });
    expect(table(r, "months")).toEqual({
      "2025-01": { cows: 5, milk: 24, ecm: 26, fat: 3.94, protein: 3.22, fp: 1.22, scs: 4.12, scc: 270, high: 2 },
      "2025-02": { cows: 5, milk: 26, ecm: 29.9, fat: 4.4, protein: 3.29, fp: 1.34, scs: 4.1, scc: 273, high: 2 },
    });
    const days = table(r, "test_days");
    expect(Object.keys(days)).toEqual(["2025-01-10", "2025-02-10", "2025-02-20"]);
    expect(days["2025-02-10"]).toMatchObject({ cows: 5, milk: 28, high: 3 });
    expect(days["2025-02-20"]).toMatchObject({ cows: 1, milk: 16, scc: 150, high: 0 });
    expect(table(r, "scc")).toEqual({
      "-100": { cows: 1, share: 20 }, // 2
      "101-200": { cows: 1, share: 20 }, // 3
      "201-400": { cows: 2, share: 40 }, // 1, 5
      "401-": { cows: 1, share: 20 }, // 6
    });
    expect(chart(r, "scc")).toEqual({
      "-100": [1, 1], // January 1 (100); February 2 (50)
      "101-200": [2, 1], // 2 (200), 6 (120); 3 (150)
      "201-400": [1, 1], // 5; 1
      "401-": [1, 1], // 3 (800); 6
    });
    expect(chart(r, "milk").all).toEqual([24, 26]);
    expect(chart(r, "milk")["1"]).toEqual([23, 28]); // (30 + 16) ÷ 2; 1 in February
    const curve = chart(r, "curve");
    const weeks = (values: (number | null)[] | undefined) =>
      Object.fromEntries((values ?? []).flatMap((v, i) => (v === null ? [] : [[i + 1, v]])));
    expect(weeks(curve.now)).toEqual({ 1: 26, 2: 32, 6: 30, 11: 28, 15: 40, 19: 36, 29: 20, 33: 18, 35: 16, 43: 15 });
    expect(weeks(curve.year_before)).toEqual({ 5: 25 });
  });

  it("lists behind every number its animals", async () => {
    const r = await report();
    const numbers = drillNumbers(r);
    expect(numbers.length).toBeGreaterThan(30);
    expect(await drillMismatches(numbers, drillTotal)).toEqual([]);
    const barns = async (drill: string | null | undefined) =>
      (await drillTotal(drill ?? "")).items.map((a) => a.barn_number).sort();
    expect(await barns(r.kpis.find((k) => k.key === "high")?.drill)).toEqual(["1", "5", "6"]);
    expect(await barns(r.kpis.find((k) => k.key === "n305")?.drill)).toEqual(["4", "6"]);
    const lact1 = r.tables.find((x) => x.key === "lactation")?.rows[0]?.cells;
    expect(await barns(lact1?.cows?.drill)).toEqual(["1"]);
  });

  it("counts each cow at her last test before a period's end within a month (cow 3's 2025-02-20 left out)", async () => {
    const r = await report({ to: "2025-02-15", compare: "none" });
    const kpi = (key: string) => r.kpis.find((k) => k.key === key)?.value;
    // Last test with SCC up to 02-15: 1 → 400, 2 → 50, 3 → 300 (02-10), 5 → 250, 6 → 500.
    expect([kpi("cows"), kpi("high")]).toEqual([6, 4]);
    expect(table(r, "lactation")["3+"]).toMatchObject({ cows: 2, high: 1, milk: 23.3 }); // (20 + 18 + 32) ÷ 3
    expect(table(r, "months")["2025-02"]).toMatchObject({ cows: 5, high: 3, milk: 28 }); // 1, 3, 6 over 200
    expect(Object.keys(table(r, "test_days"))).toEqual(["2025-01-10", "2025-02-10"]);
    expect(await drillMismatches(drillNumbers(r), drillTotal)).toEqual([]);
  });

  it("against last year, draws the year-before curve from the compared period's own sums", async () => {
    // The compared period (2024-01-01…2024-02-28) is the year-before window: cow 2's test of 2024-02-10.
    const r = await report({ compare: "last_year" });
    const kpi = (key: string) => r.kpis.find((k) => k.key === key);
    expect([kpi("cows")?.compare_value, kpi("milk")?.compare_value, kpi("high")?.compare_value]).toEqual([1, 25, 0]);
    const before = chart(r, "curve").year_before ?? [];
    expect(Object.fromEntries(before.flatMap((v, i) => (v === null ? [] : [[i + 1, v]])))).toEqual({ 5: 25 });
  });

  it("gives a whole herd the same figures from its summed facts as a filter that keeps every animal", async () => {
    // Without filters the report adds up herd_test_day_sums; with one it reads the test days one by
    // one: every figure of both must agree, whatever the window and the comparison.
    const values = (r: HerdReport) => ({
      kpis: r.kpis.map((k) => [k.key, k.value, k.compare_value]),
      tables: r.tables.map((t) => table(r, t.key)),
      charts: r.charts.map((c) => chart(r, c.key)),
    });
    const windows: Record<string, string>[] = [
      {},
      { to: "2025-02-15", compare: "last_year" },
      { from: "2025-02-01", compare: "previous" },
    ];
    for (const query of windows) {
      const whole = await report(query);
      expect(values(await report({ ...query, rule: "LACT>=0" })), JSON.stringify(query)).toEqual(values(whole));
    }
  });
});
