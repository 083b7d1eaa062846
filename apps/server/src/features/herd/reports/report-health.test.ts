import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { seedHerdWorld } from "../herd.test-kit.ts";
import { type Life, seedLives } from "./report-fixture.test-kit.ts";
import { drillNumbers, reportClient } from "./reports.test-kit.ts";

let t: TestApp;
let w: Awaited<ReturnType<typeof seedHerdWorld>>;

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  w = await seedHerdWorld(t);
  await seedLives(t, w.herd.id, lives);
});
afterAll(() => t.close());

/**
 * Thirteen animals; the period is 2024 (2024-01-01 … 2024-12-31, 366 days), the comparison 2023
 * (2022-12-31 … 2023-12-31). Cows at risk: lactation ≥ 1, first calving ≤ 2024-12-31, in the herd
 * or left ≥ 2024-01-01. The 60-day cohort: a lactation with fresh 2023-11-02 … 2024-11-01.
 * Cow-days: from the first calving (or 2024-01-01) to the exit (or 2024-12-31), both included.
 *
 * | barn | status            | lactations (fresh)        | events (lactation)                                          | at risk | cow-days | cohort |
 * |------|-------------------|---------------------------|-------------------------------------------------------------|---------|----------|--------|
 * | 1    | milking           | 1: 2022-03-01, 2: 2024-03-01 | MAST 01-10, MAST 01-20 (10 days: the same case), MAST 02-05 (1); RP 03-01 (2) | yes | 366 | yes |
 * | 2    | milking           | 1: 2024-05-10             | KETOSIS 05-20, DA 05-25, MAST 08-01 (1)                     | yes     | 236      | yes    |
 * | 3    | milking           | 1: 2024-11-15             | METR 11-20 (1)                                              | yes     | 47       | no (after 11-01) |
 * | 4    | dry               | 3: 2023-12-01             | METR 2023-12-10 (3); LAME 06-01, LAME 09-01 (3)             | yes     | 366      | yes    |
 * | 5    | sold 2024-04-01   | 2: 2023-10-01             | MAST 2023-12-25, MAST 01-05 (11 days: the same case), MAST 03-01 (2) | yes | 92 | no (before 11-02) |
 * | 6    | died 2023-12-15   | 1: 2023-01-01             | MAST 2023-12-01 (1)                                         | no (left before) | 0 | no |
 * | 7    | heifer            | —                         | MAST 04-04 (0): a heifer's                                  | no      | —        | no     |
 * | 8    | milking           | 4: 2023-11-02             | MF 2023-11-02, RP 2023-11-03 (4); DA 2024-01-05 (day 64)    | yes     | 366      | yes    |
 * | 9    | milking           | 1: 2023-09-01, 2: 2024-11-01 | MAST 12-31 (2) — day 60                                  | yes     | 366      | yes    |
 * | 10   | milking           | 1: 2024-06-15             | —                                                           | yes     | 200      | yes    |
 * | 11   | milking           | 1: 2021-01-01, 2: 2022-06-01 | —                                                        | yes     | 366      | no     |
 * | 12   | milking, fresh 2024-02-01 | none (its fresh date) | MAST 07-01 (1)                                            | yes     | 335      | no (no lactation) |
 * | 13   | milking           | 1: 2025-02-01             | MAST 2025-03-01 (1)                                         | no (calved later) | 0 | no |
 *
 * At risk 1, 2, 3, 4, 5, 8, 9, 10, 11, 12 = 10; cow-days 366 × 5 + 236 + 47 + 92 + 200 + 335 = 2,740 = 7.502 cow-years.
 * New cases in 2024 of cows at risk (cows / cases / cows with ≥ 2):
 *   MAST 1 (01-10, 02-05), 2, 5 (03-01), 9, 12 → 5 / 6 / 1; LAME 4 → 1 / 2 / 1; KETOSIS 2 → 1 / 1 / 0;
 *   METR 3 → 1 / 1 / 0; RP 1 → 1 / 1 / 0; DA 2, 8 → 2 / 2 / 0; MF none.
 * Incidence per 100 cows at risk: MAST 5 ÷ 10 = 50 %, LAME 10 %, KETOSIS 10 %, METR 10 %, RP 10 %, DA 20 %, MF 0.
 * Cases per 100 cow-years: MAST 6 ÷ 7.502 × 100 = 79.98 → 80.0; 2 cases → 26.7; 1 → 13.3; 0 → 0.
 * Cohort 1, 2, 4, 8, 9, 10 = 6; an event on days 0–60: RP 1 (day 0), 8 (day 1) = 2 → 33.3 %; METR 4 (day 9) → 16.7 %;
 *   KETOSIS 2 (day 10) → 16.7 %; DA 2 (day 15; 8's is day 64) → 16.7 %; MF 8 (day 0) → 16.7 %;
 *   MAST 9 (day 60) → 16.7 %; LAME none → 0 %.
 * By month (cows with a new case): MAST 2024-01: 1, 02: 1, 03: 5, 07: 12, 08: 2, 12: 9 (6 in all); LAME 06, 09 (2);
 *   KETOSIS 05; METR 11; RP 03; DA 01 (8), 05 (2); MF none.
 * 2023: at risk 1, 4, 5, 6, 8, 9, 11 = 7; MAST new cases 5 (2023-12-25), 6 (2023-12-01) → 2 ÷ 7 = 28.6 %.
 */
const lives: Life[] = [
  life(
    "1",
    "milking",
    2,
    [
      [1, "2022-03-01"],
      [2, "2024-03-01"],
    ],
    [
      ["2024-01-10", "MAST", 1],
      ["2024-01-20", "MAST", 1],
      ["2024-02-05", "MAST", 1],
      ["2024-03-01", "RP", 2],
    ],
  ),
  life(
    "2",
    "milking",
    1,
    [[1, "2024-05-10"]],
    [
      ["2024-05-20", "KETOSIS", 1],
      ["2024-05-25", "DA", 1],
      ["2024-08-01", "MAST", 1],
    ],
  ),
  life("3", "milking", 1, [[1, "2024-11-15"]], [["2024-11-20", "METR", 1]]),
  life(
    "4",
    "dry",
    3,
    [[3, "2023-12-01"]],
    [
      ["2023-12-10", "METR", 3],
      ["2024-06-01", "LAME", 3],
      ["2024-09-01", "LAME", 3],
    ],
  ),
  life(
    "5",
    "sold",
    2,
    [[2, "2023-10-01"]],
    [
      ["2023-12-25", "MAST", 2],
      ["2024-01-05", "MAST", 2],
      ["2024-03-01", "MAST", 2],
    ],
    { exitDate: "2024-04-01" },
  ),
  life("6", "died", 1, [[1, "2023-01-01"]], [["2023-12-01", "MAST", 1]], { exitDate: "2023-12-15" }),
  life("7", "heifer", 0, [], [["2024-04-04", "MAST", 0]]),
  life(
    "8",
    "milking",
    4,
    [[4, "2023-11-02"]],
    [
      ["2023-11-02", "MF", 4],
      ["2023-11-03", "RP", 4],
      ["2024-01-05", "DA", 4],
    ],
  ),
  life(
    "9",
    "milking",
    2,
    [
      [1, "2023-09-01"],
      [2, "2024-11-01"],
    ],
    [["2024-12-31", "MAST", 2]],
  ),
  life("10", "milking", 1, [[1, "2024-06-15"]]),
  life("11", "milking", 2, [
    [1, "2021-01-01"],
    [2, "2022-06-01"],
  ]),
  life("12", "milking", 1, [], [["2024-07-01", "MAST", 1]], { freshDate: "2024-02-01" }),
  life("13", "milking", 1, [[1, "2025-02-01"]], [["2025-03-01", "MAST", 1]]),
];

function life(
  barn: string,
  status: string,
  lact: number,
  lactations: [number, string][],
  events: [string, string, number][] = [],
  more: { exitDate?: string; freshDate?: string } = {},
): Life {
  const fresh = lactations.at(-1)?.[1] ?? null;
  return {
    animal: { barnNumber: barn, status: status as "milking", lact, freshDate: fresh, ...more },
    lactations,
    events,
  };
}

const client = () =>
  reportClient(t, w.herd.uuid, w.zoo.token, 7, { from: "2024-01-01", to: "2024-12-31", compare: "none" });
const report = (query: Record<string, string> = {}) => client().report(query);

describe("report 7, health", () => {
  it("gives each figure as counted by hand", async () => {
    const r = await report();
    expect(Object.fromEntries(r.kpis.map((k) => [k.key, k.value]))).toEqual({
      at_risk: 10,
      cohort60: 6,
      mast_lir: 50,
      mast_rate: 80,
      mast_repeats: 1,
      lame_lir: 10,
      rp_60: 33.3,
      metr_60: 16.7,
      ketosis_60: 16.7,
      da_60: 16.7,
      mf_60: 16.7,
    });
    const rows = Object.fromEntries(
      (r.tables.find((x) => x.key === "diseases")?.rows ?? []).map((row) => [
        row.key,
        Object.fromEntries(Object.entries(row.cells).map(([c, v]) => [c, v.value])),
      ]),
    );
    const row = (cases: number, cows: number, rate: number, repeats: number, cows60: number, lir60: number) => ({
      cases,
      cows,
      lir: cows * 10,
      rate,
      repeats,
      cows60,
      lir60,
    });
    expect(rows).toEqual({
      MAST: row(6, 5, 80, 1, 1, 16.7),
      LAME: row(2, 1, 26.7, 1, 0, 0),
      KETOSIS: row(1, 1, 13.3, 0, 1, 16.7),
      METR: row(1, 1, 13.3, 0, 1, 16.7),
      RP: row(1, 1, 13.3, 0, 2, 33.3),
      DA: row(2, 2, 26.7, 0, 1, 16.7),
      MF: row(0, 0, 0, 0, 1, 16.7),
    });
    const chart = r.charts[0];
    const months = (code: string) =>
      Object.fromEntries(
        (chart?.x ?? [])
          .map((m, i) => [m, chart?.series.find((s) => s.key === code)?.values[i] ?? 0] as const)
          .filter(([, n]) => n !== 0),
      );
    expect(months("MAST")).toEqual({
      "2024-01": 1,
      "2024-02": 1,
      "2024-03": 1,
      "2024-07": 1,
      "2024-08": 1,
      "2024-12": 1,
    });
    expect(months("LAME")).toEqual({ "2024-06": 1, "2024-09": 1 });
    expect(months("DA")).toEqual({ "2024-01": 1, "2024-05": 1 });
    expect(months("MF")).toEqual({});
  });

  it("lists behind every number exactly that many animals", async () => {
    for (const query of [{}, { lact_group: "2" }, { compare: "previous" }] as Record<string, string>[]) {
      const r = await report(query);
      const numbers = drillNumbers(r);
      expect(numbers.length).toBeGreaterThan(100);
      for (const { value, drill } of numbers) expect((await client().drillTotal(drill)).total).toBe(value);
    }
    const r = await report();
    const barns = async (drill: string | null | undefined) =>
      (await client().drillTotal(drill ?? "")).items.map((a) => a.barn_number).sort((x, y) => Number(x) - Number(y));
    const cell = (code: string, key: string) => r.tables[0]?.rows.find((row) => row.key === code)?.cells[key]?.drill;
    expect(await barns(r.kpis.find((k) => k.key === "at_risk")?.drill)).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "8",
      "9",
      "10",
      "11",
      "12",
    ]);
    expect(await barns(cell("MAST", "cows"))).toEqual(["1", "2", "5", "9", "12"]);
    expect(await barns(cell("RP", "cows60"))).toEqual(["1", "8"]);
  });

  it("exports the report as XLSX", async () => {
    const res = await t.request({
      method: "GET",
      url: `/api/herd/${w.herd.uuid}/reports/7/export/`,
      token: w.zoo.token,
      query: { from: "2024-01-01", to: "2024-12-31", compare: "none" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toContain(encodeURIComponent("Здоровье — Стадо.xlsx"));
  });

  it("compares with the previous period", async () => {
    const r = await report({ compare: "previous" });
    const kpi = Object.fromEntries(r.kpis.map((k) => [k.key, [k.value, k.compare_value]]));
    expect(kpi.at_risk).toEqual([10, 7]);
    expect(kpi.mast_lir).toEqual([50, 28.6]);
  });
});
