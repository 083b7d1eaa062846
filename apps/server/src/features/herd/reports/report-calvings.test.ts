import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { daysAgo, seedHerdWorld } from "../herd.test-kit.ts";
import { type Life, seedLives } from "./report-fixture.test-kit.ts";
import { drillNumbers, reportClient } from "./reports.test-kit.ts";

let t: TestApp;
let w: Awaited<ReturnType<typeof seedHerdWorld>>;

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  w = await seedHerdWorld(t);
  await seedLives(t, w.herd.id, [...calvingLives, ...pregnantLives]);
});
afterAll(() => t.close());

/**
 * Calvings and abortions; the period is 2024 (2024-01-01 … 2024-12-31), the comparison 2023.
 *
 * | barn | status  | lactations (fresh)          | FRESH remark on the 2024 calving | reads as                       |
 * |------|---------|-----------------------------|----------------------------------|--------------------------------|
 * | 1    | milking | 1: 2024-02-10               | ТЁЛКА                            | first; live, female            |
 * | 2    | milking | 1: 2023-05-01, 2: 2024-02-20| БЫЧОК МЁРТВ                      | cow; stillborn, male           |
 * | 3    | milking | 3: 2024-03-05               | ТЁЛКА БЫЧОК                      | cow; live, twins, female, male |
 * | 4    | dry     | 2: 2024-04-15               | (empty)                          | cow; outcome unknown           |
 * | 5    | milking | 1: 2024-06-01               | тёлка мертв (lower case, е)      | first; stillborn, female       |
 * | 6    | sold    | 4: 2024-07-10               | (no FRESH event)                 | cow; outcome unknown           |
 * | 7    | milking | 1: 2023-06-01 (ТЁЛКА), 2: 2025-01-10 | —                       | no calving in 2024             |
 * | 8    | milking | 1: 2024-12-31 (the last day) | ДВОЙНЯ БЫЧКИ                    | first; live, twins, male       |
 * | 9    | milking | 1: 2023-12-31 (the day before) | —                             | no calving in 2024             |
 *
 * Calved in 2024: 1–6, 8 = 7 (first 1, 5, 8 = 3; cows 2, 3, 4, 6 = 4). Outcome known: 1, 2, 3, 5, 8 = 5 (3, 2).
 * Live 1, 3, 8 = 3 (first 2, cows 1); stillborn 2, 5 = 2 (1, 1); female 1, 3, 5 = 3 (2, 1);
 * male 2, 3, 8 = 3 (1, 2); twins 3, 8 = 2 (1, 1); unknown 4, 6 = 2 (0, 2).
 * Stillbirths 2 ÷ 5 known = 40 %; calvings with a heifer calf 3 ÷ 5 = 60 %.
 * By month: first — 2024-02: 1, 2024-06: 5, 2024-12: 8; cows — 2024-02: 2, 2024-03: 3, 2024-04: 4, 2024-07: 6.
 *
 * | barn | status  | lact | events                                                       |
 * |------|---------|------|--------------------------------------------------------------|
 * | 10   | heifer  | 0    | BRED 2024-03-01, PREG 2024-04-05, ABORT 2024-06-10 (lact 0)  |
 * | 11   | milking | 2    | PREG 2024-05-01, ABORT 2024-08-01 (lact 2)                   |
 * | 12   | milking | 1    | PREG 2024-09-01 (lact 1)                                     |
 * | 13   | heifer  | 0    | PREG 2024-10-01 (lact 0)                                     |
 * | 14   | milking | 1    | PREG 2023-11-01, ABORT 2023-12-20 (lact 1): the year before  |
 *
 * Pregnancies confirmed in 2024: 10, 11, 12, 13 = 4 (heifers 10, 13; cows 11, 12); abortions 10, 11 = 2
 * (a heifer, a cow): 2 ÷ 4 = 50 %, heifers 1 ÷ 2 = 50 %, cows 1 ÷ 2 = 50 %.
 * 2023 (the comparison, 2022-12-31 … 2023-12-31): calved 2 (lact 1), 7 (ТЁЛКА), 9 = 3, all first; known 7 only,
 * stillborn 0 ÷ 1 = 0 %; abortions 14 ÷ pregnancies 14 = 1 ÷ 1 = 100 %.
 */
const calvingLives: Life[] = [
  life("1", "milking", 1, null, [[1, "2024-02-10"]], [["2024-02-10", "FRESH", 1, "ТЁЛКА"]]),
  life(
    "2",
    "milking",
    2,
    null,
    [
      [1, "2023-05-01"],
      [2, "2024-02-20"],
    ],
    [["2024-02-20", "FRESH", 2, "БЫЧОК МЁРТВ"]],
  ),
  life("3", "milking", 3, null, [[3, "2024-03-05"]], [["2024-03-05", "FRESH", 3, "ТЁЛКА БЫЧОК"]]),
  life("4", "dry", 2, null, [[2, "2024-04-15"]], [["2024-04-15", "FRESH", 2, ""]]),
  life("5", "milking", 1, null, [[1, "2024-06-01"]], [["2024-06-01", "FRESH", 1, "тёлка мертв"]]),
  {
    ...life("6", "sold", 4, null, [[4, "2024-07-10"]]),
    animal: { ...animal("6", "sold", 4, null), exitDate: "2024-11-01" },
  },
  life(
    "7",
    "milking",
    2,
    null,
    [
      [1, "2023-06-01"],
      [2, "2025-01-10"],
    ],
    [["2023-06-01", "FRESH", 1, "ТЁЛКА"]],
  ),
  life("8", "milking", 1, null, [[1, "2024-12-31"]], [["2024-12-31", "FRESH", 1, "ДВОЙНЯ БЫЧКИ"]]),
  life("9", "milking", 1, null, [[1, "2023-12-31"]]),
  life(
    "10",
    "heifer",
    0,
    null,
    [],
    [
      ["2024-03-01", "BRED", 0],
      ["2024-04-05", "PREG", 0],
      ["2024-06-10", "ABORT", 0],
    ],
  ),
  life(
    "11",
    "milking",
    2,
    null,
    [],
    [
      ["2024-05-01", "PREG", 2],
      ["2024-08-01", "ABORT", 2],
    ],
  ),
  life("12", "milking", 1, null, [], [["2024-09-01", "PREG", 1]]),
  life("13", "heifer", 0, null, [], [["2024-10-01", "PREG", 0]]),
  life(
    "14",
    "milking",
    1,
    null,
    [],
    [
      ["2023-11-01", "PREG", 1],
      ["2023-12-20", "ABORT", 1],
    ],
  ),
];

/**
 * Pregnant today, days before today (d); a due date is the last BRED of the current lactation + 280 days.
 *
 * | barn | status  | lact | rc | events (lactation)                         | pregnant? | due          |
 * |------|---------|------|----|--------------------------------------------|-----------|--------------|
 * | 15   | heifer  | 0    | 5  | BRED d200 (0)                              | RC 5      | today + 80   |
 * | 16   | milking | 2    | 4  | BRED d100, PREG d60 (2)                    | PREG      | today + 180  |
 * | 17   | dry     | 3    | 6  | BRED d250, PREG d210 (3)                   | PREG      | today + 30   |
 * | 18   | milking | 1    | 5  | BRED d300 (1)                              | RC 5      | today − 20: overdue |
 * | 19   | milking | 2    | 5  | BRED d150, OPEN d110 (2)                   | no: OPEN after the BRED |  |
 * | 20   | milking | 2    | 3  | BRED d80 (2)                               | no        |              |
 * | 21   | milking | 2    | 5  | BRED d400 (1) — the previous lactation     | no BRED of lactation 2 |  |
 * | 22   | sold    | 1    | 7  | BRED d100, PREG d60 (1)                    | left the herd |          |
 * | 23   | heifer  | 0    | —  | BRED d60, BRED d35, PREG d5 (0)            | PREG      | today + 245 (the last BRED) |
 *
 * Due in the 12 months from this one: 15, 16, 17, 23 = 4 (heifers 15, 23; cows 16, 17); overdue: 18 = 1.
 */
const pregnantLives: Life[] = [
  life("15", "heifer", 0, 5, [], [[daysAgo(200), "BRED", 0]]),
  life(
    "16",
    "milking",
    2,
    4,
    [],
    [
      [daysAgo(100), "BRED", 2],
      [daysAgo(60), "PREG", 2],
    ],
  ),
  life(
    "17",
    "dry",
    3,
    6,
    [],
    [
      [daysAgo(250), "BRED", 3],
      [daysAgo(210), "PREG", 3],
    ],
  ),
  life("18", "milking", 1, 5, [], [[daysAgo(300), "BRED", 1]]),
  life(
    "19",
    "milking",
    2,
    5,
    [],
    [
      [daysAgo(150), "BRED", 2],
      [daysAgo(110), "OPEN", 2],
    ],
  ),
  life("20", "milking", 2, 3, [], [[daysAgo(80), "BRED", 2]]),
  life("21", "milking", 2, 5, [], [[daysAgo(400), "BRED", 1]]),
  {
    ...life(
      "22",
      "sold",
      1,
      7,
      [],
      [
        [daysAgo(100), "BRED", 1],
        [daysAgo(60), "PREG", 1],
      ],
    ),
    animal: { ...animal("22", "sold", 1, 7), exitDate: daysAgo(10) },
  },
  life(
    "23",
    "heifer",
    0,
    null,
    [],
    [
      [daysAgo(60), "BRED", 0],
      [daysAgo(35), "BRED", 0],
      [daysAgo(5), "PREG", 0],
    ],
  ),
];

function animal(barn: string, status: string, lact: number, rc: number | null) {
  return { barnNumber: barn, status: status as "milking", lact, rc };
}

function life(
  barn: string,
  status: string,
  lact: number,
  rc: number | null,
  lactations: [number, string][],
  events: [string, string, number, string?][] = [],
): Life {
  return { animal: animal(barn, status, lact, rc), lactations, events };
}

const client = () =>
  reportClient(t, w.herd.uuid, w.zoo.token, 6, { from: "2024-01-01", to: "2024-12-31", compare: "none" });
const report = (query: Record<string, string> = {}) => client().report(query);

const table = (r: Awaited<ReturnType<typeof report>>, key: string) =>
  Object.fromEntries(
    (r.tables.find((x) => x.key === key)?.rows ?? []).map((row) => [
      row.key,
      Object.fromEntries(Object.entries(row.cells).map(([c, v]) => [c, v.value])),
    ]),
  );

/** The due-date month ("YYYY-MM") of an animal bred `bred` days ago. */
const dueMonth = (bred: number) => daysAgo(bred - 280).slice(0, 7);

describe("report 6, calvings and calves", () => {
  it("gives each figure as counted by hand", async () => {
    const r = await report();
    expect(Object.fromEntries(r.kpis.map((k) => [k.key, k.value]))).toEqual({
      calved: 7,
      first: 3,
      stillborn: 40,
      twins: 2,
      female_share: 60,
      aborts: 2,
      abort_rate: 50,
      due: 4,
      overdue: 1,
    });
    expect(table(r, "outcomes")).toEqual({
      all: { first: 3, cows: 4, total: 7 },
      known: { first: 3, cows: 2, total: 5 },
      live: { first: 2, cows: 1, total: 3 },
      still: { first: 1, cows: 1, total: 2 },
      female: { first: 2, cows: 1, total: 3 },
      male: { first: 1, cows: 2, total: 3 },
      twins: { first: 1, cows: 1, total: 2 },
      unknown: { first: 0, cows: 2, total: 2 },
    });
    expect(table(r, "aborts")).toEqual({
      h: { preg: 2, abort: 1, rate: 50 },
      c: { preg: 2, abort: 1, rate: 50 },
      all: { preg: 4, abort: 2, rate: 50 },
    });
    const chart = r.charts[0];
    const at = (series: string, month: string) =>
      chart?.series.find((s) => s.key === series)?.values[chart.x.indexOf(month)];
    expect(chart?.x).toHaveLength(12);
    expect([at("first", "2024-02"), at("first", "2024-06"), at("first", "2024-12")]).toEqual([1, 1, 1]);
    expect([at("later", "2024-02"), at("later", "2024-03"), at("later", "2024-04"), at("later", "2024-07")]).toEqual([
      1, 1, 1, 1,
    ]);
    expect(chart?.series.map((s) => s.values.reduce<number>((a, b) => a + (b ?? 0), 0))).toEqual([3, 4]);

    // Expected calvings: the 12 months from this one, overdue first.
    const due = table(r, "due");
    expect(Object.keys(due)).toHaveLength(13);
    expect(Object.keys(due)[1]).toBe(daysAgo(0).slice(0, 7));
    expect(due.past).toEqual({ heifers: 0, cows: 1, total: 1 });
    const expected: Record<string, { heifers: number; cows: number }> = {};
    for (const [bred, who] of [
      [200, "heifers"],
      [100, "cows"],
      [250, "cows"],
      [35, "heifers"],
    ] as const) {
      const month = dueMonth(bred);
      expected[month] ??= { heifers: 0, cows: 0 };
      expected[month][who] += 1;
    }
    for (const [month, row] of Object.entries(due).filter(([key]) => key !== "past")) {
      const want = expected[month] ?? { heifers: 0, cows: 0 };
      expect(row, month).toEqual({ ...want, total: want.heifers + want.cows });
    }
  });

  it("lists behind every number exactly that many animals", async () => {
    for (const query of [{}, { lact_group: "1" }, { compare: "previous" }] as Record<string, string>[]) {
      const r = await report(query);
      const numbers = drillNumbers(r);
      expect(numbers.length).toBeGreaterThan(60);
      for (const { value, drill } of numbers) expect((await client().drillTotal(drill)).total).toBe(value);
    }
    const r = await report();
    const barns = async (rowKey: string, cell: string, key = "outcomes") =>
      (
        await client().drillTotal(
          r.tables.find((x) => x.key === key)?.rows.find((row) => row.key === rowKey)?.cells[cell]?.drill ?? "",
        )
      ).items
        .map((a) => a.barn_number)
        .sort();
    expect(await barns("still", "total")).toEqual(["2", "5"]);
    expect(await barns("twins", "total")).toEqual(["3", "8"]);
    expect(await barns("past", "total", "due")).toEqual(["18"]);
    const due = r.kpis.find((k) => k.key === "due")?.drill ?? "";
    expect((await client().drillTotal(due)).items.map((a) => a.barn_number).sort()).toEqual(["15", "16", "17", "23"]);
  });

  it("compares with the previous period, and narrows by lactation group", async () => {
    const r = await report({ compare: "previous" });
    const kpi = Object.fromEntries(r.kpis.map((k) => [k.key, [k.value, k.compare_value]]));
    expect(kpi.calved).toEqual([7, 3]);
    expect(kpi.first).toEqual([3, 3]);
    expect(kpi.stillborn).toEqual([40, 0]);
    expect(kpi.aborts).toEqual([2, 1]);
    expect(kpi.abort_rate).toEqual([50, 100]);
    expect(kpi.due).toEqual([4, null]);
    // Lactation group 1 now: 1, 5, 8, 9, 12, 14, 18, 22 — calved in 2024: 1, 5, 8.
    const firsts = await report({ lact_group: "1" });
    expect(firsts.kpis.find((k) => k.key === "calved")?.value).toBe(3);
  });
});
