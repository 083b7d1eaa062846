import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { herdLactations } from "../../../db/schema/index.ts";
import { daysAgo, seedAnimals, seedHerdWorld } from "../herd.test-kit.ts";
import { drillNumbers, reportClient } from "./reports.test-kit.ts";

let t: TestApp;
let w: Awaited<ReturnType<typeof seedHerdWorld>>;

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  w = await seedHerdWorld(t);
  await eightAnimals();
});
afterAll(() => t.close());

/**
 * Eight animals (days before today); the period is the last 365 days (364 days ago to today).
 *
 * | barn | status  | lact | fresh | exit | reason    | first calving | cow-days at risk     | DIM at exit |
 * |------|---------|------|-------|------|-----------|---------------|----------------------|-------------|
 * | 1    | milking | 2    | 100   |      |           | 500           | 365 (whole period)   |             |
 * | 2    | milking | 1    | 200   |      |           | 200           | 201                  |             |
 * | 3    | sold    | 3    | 300   | 250  | Бесплодие | 1000          | 364…250 = 115        | 50          |
 * | 4    | died    | 1    | 100   | 40   | Травма    | 100           | 100…40 = 61          | 60          |
 * | 5    | sold    | 2    | 400   | 200  | Бесплодие | 800           | 364…200 = 165        | 200         |
 * | 6    | sold    | 0    |       | 30   |           |               | (a heifer)           |             |
 * | 7    | sold    | 1    | 900   | 500  | Возраст   | 900           | 0 (left before)      |             |
 * | 8    | dry     | 4    | 320   |      |           | (no lactations: its fresh date) | 321    |             |
 * Cow-days 1,228 = 3.362 cow-years; cows that left: 3, 4, 5.
 */
async function eightAnimals() {
  const animal = (
    barn: string,
    status: string,
    lact: number,
    fresh: number | null,
    exit: number | null,
    reason: string | null,
  ) => ({
    barnNumber: barn,
    status: status as "milking",
    lact,
    freshDate: fresh === null ? null : daysAgo(fresh),
    birthDate: daysAgo(3000 + Number(barn)),
    exitDate: exit === null ? null : daysAgo(exit),
    exitReason: reason,
  });
  const ids = await seedAnimals(t, w.herd.id, [
    animal("1", "milking", 2, 100, null, null),
    animal("2", "milking", 1, 200, null, null),
    animal("3", "sold", 3, 300, 250, "Бесплодие"),
    animal("4", "died", 1, 100, 40, "Травма"),
    animal("5", "sold", 2, 400, 200, "Бесплодие"),
    animal("6", "sold", 0, null, 30, null),
    animal("7", "sold", 1, 900, 500, "Возраст"),
    animal("8", "dry", 4, 320, null, null),
  ]);
  const id = (barn: string) => ids[`${barn}/${daysAgo(3000 + Number(barn))}`]?.id ?? 0;
  const lactation = (barn: string, lact: number, fresh: number) => ({
    databaseId: w.herd.id,
    animalId: id(barn),
    lact,
    freshDate: daysAgo(fresh),
  });
  await t.database.db
    .insert(herdLactations)
    .values([
      lactation("1", 1, 500),
      lactation("1", 2, 100),
      lactation("2", 1, 200),
      lactation("3", 1, 1000),
      lactation("3", 3, 300),
      lactation("4", 1, 100),
      lactation("5", 1, 800),
      lactation("5", 2, 400),
      lactation("7", 1, 900),
    ]);
}

const client = () =>
  reportClient(t, w.herd.uuid, w.zoo.token, 5, { from: daysAgo(364), to: daysAgo(0), compare: "none" });
const report = (query: Record<string, string> = {}, token?: string) => client().report(query, token);
const drillTotal = (drill: string) => client().drillTotal(drill);

describe("report 5, culling and deaths", () => {
  it("gives each figure as counted by hand", async () => {
    const r = await report();
    expect(Object.fromEntries(r.kpis.map((k) => [k.key, k.value]))).toEqual({
      exits: 3,
      sold: 2,
      died: 1,
      cull_rate: 89.2, // 3 ÷ (1,228 ÷ 365.25) × 100 = 89.23
      death_rate: 29.7, // 1 ÷ 3.362 × 100 = 29.74
      early: 2, // 3 (50 days), 4 (60 days)
      young: 1, // 6
    });
    const table = (key: string) =>
      Object.fromEntries(
        (r.tables.find((x) => x.key === key)?.rows ?? []).map((row) => [
          row.key,
          Object.fromEntries(Object.entries(row.cells).map(([c, v]) => [c, v.value])),
        ]),
      );
    expect(table("reason")).toEqual({
      Бесплодие: { sold: 2, died: 0, total: 2 },
      Травма: { sold: 0, died: 1, total: 1 },
    });
    expect(table("dim")).toEqual({
      "-60": { sold: 1, died: 1, total: 2 },
      "61-120": { sold: 0, died: 0, total: 0 },
      "121-200": { sold: 1, died: 0, total: 1 },
      "201-305": { sold: 0, died: 0, total: 0 },
      "306-": { sold: 0, died: 0, total: 0 },
    });
    expect(table("lactation")).toEqual({
      "1": { sold: 0, died: 1, total: 1 },
      "2": { sold: 1, died: 0, total: 1 },
      "3+": { sold: 1, died: 0, total: 1 },
    });
    const months = r.charts[0]?.series.map((s) => s.values.reduce<number>((a, b) => a + (b ?? 0), 0));
    expect(months).toEqual([2, 1]);
  });

  it("lists behind every number exactly that many animals", async () => {
    const r = await report();
    const numbers = drillNumbers(r);
    for (const { value, drill } of numbers) expect((await drillTotal(drill)).total).toBe(value);
    const reasons = r.tables.find((x) => x.key === "reason")?.rows[0]?.cells.total?.drill ?? "";
    expect((await drillTotal(reasons)).items.map((a) => a.barn_number).sort()).toEqual(["3", "5"]);
  });

  it("compares with the previous period", async () => {
    const r = await report({ from: daysAgo(199), to: daysAgo(0), compare: "previous" });
    // Now (199…0 days ago): 4 died (40), 5 sold (200 — just outside), so exits 1; before (399…200): 3 (250), 5 (200).
    const kpi = Object.fromEntries(r.kpis.map((k) => [k.key, [k.value, k.compare_value]]));
    expect(kpi.exits).toEqual([1, 2]);
    expect(kpi.died).toEqual([1, 0]);
  });
});
