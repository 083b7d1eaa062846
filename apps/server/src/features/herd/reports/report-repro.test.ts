import type { HerdReport } from "@nadoy/contract/herd-reports";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { queryRows } from "../../../db/client.ts";
import { herdEvents, herdLactations } from "../../../db/schema/index.ts";
import { daysAgo, seedAnimals, seedHerdWorld } from "../herd.test-kit.ts";
import { markReportFactsStale } from "./report-facts.ts";
import { reproduction } from "./report-repro.ts";
import { cyclesChain, reportScope } from "./report-repro-sql.ts";
import { drillNumbers, reportClient } from "./reports.test-kit.ts";

let t: TestApp;
let w: Awaited<ReturnType<typeof seedHerdWorld>>;

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  w = await seedHerdWorld(t);
  await herd();
});
afterAll(() => t.close());

/**
 * Twenty animals; days are counted back from today (today = 0, «−150» = 150 days ago). The period
 * is −364 … 0, VWP 50 (the default: no settings row). The events' own DIM is left empty: the report
 * counts DIM from the lactations. Status milking unless said.
 *
 * | cow | lact: fresh          | services (technician, sire) → next event                      | other        |
 * |-----|----------------------|----------------------------------------------------------------|--------------|
 * | 1   | 2: −200              | −150 (Ив, S1) → PREG −115                                      |              |
 * | 2   | 1: −300              | −240 (Ив, S1) → OPEN −205; −200 (Пе, S2) → PREG −165           |              |
 * | 3   | 3: −120              | —                                                              |              |
 * | 4   | 1: −80               | −25 (Пе, S2) → nothing yet (unknown)                           |              |
 * | 5   | 2: −40               | —                                                              |              |
 * | 6   | 4: −250              | −195 (Си, S3) → BRED; −170 (Си, S3) → OPEN −135                | DNB −130     |
 * | 7   | 2: −330              | −275 (Ив, S1) → PREG −240; −180 (Ив, S2) → PREG −145           | ABORT −200   |
 * | 8   | 1: −400, 2: −65      | −350 (Пе, S3, lact 1) → FRESH −65, 285 days on: pregnant       |              |
 * | 9   | 2: −100 (no lact 1)  | −320 (Си, S1, lact 1) → FRESH −100, 220 days on: unknown       |              |
 * | 10  | 1: −300              | —                                                              | sold −220    |
 * | 11  | heifer               | −100 (lact 0) → PREG −60: a heifer's, not counted               |              |
 * | 12  | 2: −720, 3: −330     | −270 (Пе, S1) → PREG −235                                      | dry          |
 * | 13  | 2: −340              | −285 (Пе, S2) → BRED; −264 (Пе, S2) → BRED; −243 (Си, S3) → OPEN −210; −200 (—, S3) → PREG −165 | |
 * | 14  | 1: −150              | −110 (Ив, S1) → PREG −75: pregnant before the VWP ended       |              |
 * | 15  | 2: −95               | −40 (Пе, S2) → PREG −5                                         |              |
 * | 16  | 1: −800, 2: −460     | −740 → PREG −700; −400 → PREG −365: all before the period      | dry          |
 * | 17  | heifer               | —                                                              |              |
 * | 18  | 2: −450, 3: −50      | −380 (Си, S2, lact 2) → PREG −345: before the period           |              |
 * | 19  | 1: −150              | −95 (Си, S1) → OPEN −60                                        |              |
 * | 20  | 1: −200              | −140 (Пе, S3) → ABORT −60: pregnant                            | ABORT −60    |
 *
 * Cow-cycles (start = fresh + 50 + 21k; started in the period, ended by today, i.e. start ≤ −20;
 * known when start ≤ −48; E eligible — open ≥ 11 days or bred in it, B bred, K known, P pregnant):
 * 1: −150 EBKP (open 1 day, bred). 2: −250 EBK, −229 EK, −208 EBKP (9 days, bred).
 * 3: −70 EK, −49 EK, −28 E. 4: −30 EB. 6: −200 EBK, −179 EBK, −158 EK, −137 (7 days to DNB: no).
 * 7: −280 EBKP (6 days, bred), −217 (4 days after the abortion: no), −196 EBKP (17 days).
 * 8: −350 EBKP. 9: −50 EK, −29 E. 10: −250 EK, −229 (9 days to the sale: no).
 * 12: lact 2 −355 EK, −334 (4 days to calving: no); lact 3 −280 EBKP (11 days).
 * 13: −290 EBK, −269 EBK, −248 EBK, −227 EK, −206 EBKP. 14: none (conceived before −100).
 * 15: −45 EB (pregnant, result not known yet). 19: −100 EBK, −79 EK, −58 EK, −37 E.
 * 20: −150 EBKP (11 days), after the abortion −66 EK (14 days), −45 E, −24 E.
 * Σ eligible 33, bred 17 → SR 17/33 = 51.5 %; Σ eligible known 26, pregnant 8 → PR 8/26 = 30.8 %.
 * Eligible cows 14 (1 2 3 4 6 7 8 9 10 12 13 15 19 20); bred cows 11 (those but 3, 9, 10).
 *
 * Services of cows in the period: 19 (1, 2×2, 4, 6×2, 7×2, 8, 9, 12, 13×4, 14, 15, 19, 20); known
 * 17 (not 4, 9); pregnant 10 (1, 2#2, 7#1, 7#2, 8, 12, 13#4, 14, 15, 20) → CR 58.8 %, services per
 * conception 17/10 = 1.7; cows that conceived 9. Days open (DIM of the pregnant services):
 * 50+100+55+150+50+60+140+40+55+60 = 760 / 10 = 76.0. First services' DIM (9's has none):
 * 50 60 55 55 55 50 60 55 40 55 55 60 = 650 / 12 = 54.2.
 * Calving interval: 8 (−400 → −65) 335, 12 (−720 → −330) 390, 18 (−450 → −50) 400 days;
 * 1125 / 3 = 375 days / 30.4375 = 12.3 months.
 * Open today past the VWP: 3, 8 (lact 2, no service), 9, 18 (DIM 50), 19 (OPEN), 20 (after the
 * abortion) = 6; not 4 (result awaited), 5 (DIM 40), 6 (DNB), 12 and 16 (dry).
 */
async function herd() {
  const birth = (barn: number) => daysAgo(2000 + barn);
  const statusOf: Record<number, string> = { 10: "sold", 11: "heifer", 12: "dry", 16: "dry", 17: "heifer" };
  const lacts: Record<number, [number, number][]> = {
    1: [[2, 200]],
    2: [[1, 300]],
    3: [[3, 120]],
    4: [[1, 80]],
    5: [[2, 40]],
    6: [[4, 250]],
    7: [[2, 330]],
    8: [
      [1, 400],
      [2, 65],
    ],
    9: [[2, 100]],
    10: [[1, 300]],
    12: [
      [2, 720],
      [3, 330],
    ],
    13: [[2, 340]],
    14: [[1, 150]],
    15: [[2, 95]],
    16: [
      [1, 800],
      [2, 460],
    ],
    18: [
      [2, 450],
      [3, 50],
    ],
    19: [[1, 150]],
    20: [[1, 200]],
  };
  const barns = Array.from({ length: 20 }, (_, i) => i + 1);
  const ids = await seedAnimals(
    t,
    w.herd.id,
    barns.map((barn) => {
      const last = lacts[barn]?.at(-1);
      return {
        barnNumber: String(barn),
        birthDate: birth(barn),
        status: (statusOf[barn] ?? "milking") as "milking",
        lact: last?.[0] ?? 0,
        freshDate: last ? daysAgo(last[1]) : null,
        exitDate: barn === 10 ? daysAgo(220) : null,
      };
    }),
  );
  const id = (barn: number) => ids[`${barn}/${birth(barn)}`]?.id ?? 0;
  await t.database.db.insert(herdLactations).values(
    Object.entries(lacts).flatMap(([barn, list]) =>
      list.map(([lact, fresh]) => ({
        databaseId: w.herd.id,
        animalId: id(Number(barn)),
        lact,
        freshDate: daysAgo(fresh),
      })),
    ),
  );
  const events: [number, string, number, number, string?, string?][] = [
    // barn, code, days ago, lact, technician, sire
    [1, "FRESH", 200, 2],
    [1, "BRED", 150, 2, "Иванов", "S1"],
    [1, "PREG", 115, 2],
    [2, "FRESH", 300, 1],
    [2, "BRED", 240, 1, "Иванов", "S1"],
    [2, "OPEN", 205, 1],
    [2, "BRED", 200, 1, "Петров", "S2"],
    [2, "PREG", 165, 1],
    [3, "FRESH", 120, 3],
    [4, "BRED", 25, 1, "Петров", "S2"],
    [6, "BRED", 195, 4, "Сидоров", "S3"],
    [6, "BRED", 170, 4, "Сидоров", "S3"],
    [6, "OPEN", 135, 4],
    [6, "DNB", 130, 4],
    [7, "FRESH", 330, 2],
    [7, "BRED", 275, 2, "Иванов", "S1"],
    [7, "PREG", 240, 2],
    [7, "ABORT", 200, 2],
    [7, "BRED", 180, 2, "Иванов", "S2"],
    [7, "PREG", 145, 2],
    [8, "BRED", 350, 1, "Петров", "S3"],
    [8, "FRESH", 65, 2],
    [9, "BRED", 320, 1, "Сидоров", "S1"],
    [9, "FRESH", 100, 2],
    [11, "BRED", 100, 0, "Иванов", "S1"],
    [11, "PREG", 60, 0],
    [12, "BRED", 270, 3, "Петров", "S1"],
    [12, "PREG", 235, 3],
    [13, "BRED", 285, 2, "Петров", "S2"],
    [13, "BRED", 264, 2, "Петров", "S2"],
    [13, "BRED", 243, 2, "Сидоров", "S3"],
    [13, "OPEN", 210, 2],
    [13, "BRED", 200, 2, "", "S3"],
    [13, "PREG", 165, 2],
    [14, "BRED", 110, 1, "Иванов", "S1"],
    [14, "PREG", 75, 1],
    [15, "BRED", 40, 2, "Петров", "S2"],
    [15, "PREG", 5, 2],
    [16, "BRED", 740, 1, "Иванов", "S1"],
    [16, "PREG", 700, 1],
    [16, "BRED", 400, 2, "Иванов", "S1"],
    [16, "PREG", 365, 2],
    [18, "BRED", 380, 2, "Сидоров", "S2"],
    [18, "PREG", 345, 2],
    [18, "FRESH", 50, 3],
    [19, "BRED", 95, 1, "Сидоров", "S1"],
    [19, "OPEN", 60, 1],
    [20, "BRED", 140, 1, "Петров", "S3"],
    [20, "ABORT", 60, 1],
  ];
  await t.database.db.insert(herdEvents).values(
    events.map(([barn, code, ago, lact, technician = "", remark = ""]) => ({
      databaseId: w.herd.id,
      animalId: id(barn),
      eventDate: daysAgo(ago),
      code,
      lact,
      technician,
      remark,
    })),
  );
  await markReportFactsStale(t.database.db, w.herd.id);
}

const client = () =>
  reportClient(t, w.herd.uuid, w.zoo.token, 4, { from: daysAgo(364), to: daysAgo(0), compare: "none" });
const report = (query: Record<string, string> = {}) => client().report(query);

const kpisOf = (r: HerdReport) => Object.fromEntries(r.kpis.map((k) => [k.key, k.value]));
const tableOf = (r: HerdReport, key: string) =>
  Object.fromEntries(
    (r.tables.find((x) => x.key === key)?.rows ?? []).map((row) => [
      row.key,
      Object.fromEntries(Object.entries(row.cells).map(([c, v]) => [c, v.value])),
    ]),
  );

describe("report 4, reproduction", () => {
  it("gives each figure as counted by hand", async () => {
    const r = await report();
    expect(kpisOf(r)).toEqual({
      pr: 30.8,
      sr: 51.5,
      cr: 58.8,
      elig_cows: 14,
      bred_cows: 11,
      preg_cows: 9,
      open_now: 6,
      services: 19,
      days_open: 76,
      first_dim: 54.2,
      spc: 1.7,
      calving_interval: 12.3,
    });
    expect(r.kpis.find((k) => k.key === "pr")?.hint).toContain("ДОП 50 дней — настройка базы");
  });

  it("counts the cow-cycles of each 21-day window of the period", async () => {
    const r = await report();
    const rows = tableOf(r, "cycles");
    // Windows start at −364 + 21j up to −28 (j 0 … 16); a cycle belongs to the window of its start.
    const expected: Record<number, [number, number, number, number]> = {
      0: [2, 1, 2, 1], // 8 −350 EBKP, 12 −355 EK
      3: [1, 1, 1, 0], // 13 −290
      4: [3, 3, 3, 2], // 7 −280, 12 −280, 13 −269
      5: [3, 2, 3, 0], // 2 −250, 10 −250, 13 −248
      6: [2, 0, 2, 0], // 2 −229, 13 −227
      7: [3, 3, 3, 2], // 2 −208, 6 −200, 13 −206
      8: [2, 2, 2, 1], // 6 −179, 7 −196
      9: [1, 0, 1, 0], // 6 −158
      10: [2, 2, 2, 2], // 1 −150, 20 −150
      12: [1, 1, 1, 0], // 19 −100
      13: [1, 0, 1, 0], // 19 −79
      14: [4, 0, 4, 0], // 3 −70, 9 −50, 19 −58, 20 −66
      15: [6, 2, 1, 0], // 3 −49 EK, 4 −30 EB, 9 −29, 15 −45 EB, 19 −37, 20 −45
      16: [2, 0, 0, 0], // 3 −28, 20 −24
    };
    const got = Object.values(rows).map((cells) => [cells.elig, cells.bred, cells.eligk, cells.preg]);
    expect(got).toEqual(Array.from({ length: 17 }, (_, j) => expected[j] ?? [0, 0, 0, 0]));
    expect(Object.keys(rows)[0]).toBe(daysAgo(364));
    const chart = r.charts.find((c) => c.key === "cycles");
    expect(chart?.kind).toBe("line");
    expect(chart?.series.find((s) => s.key === "pr")?.values[4]).toBe(66.7); // 2 of 3
    expect(chart?.series.find((s) => s.key === "sr")?.values[15]).toBe(33.3); // 2 of 6
  });

  it("gives conception by service number, technician and sire", async () => {
    const r = await report();
    expect(tableOf(r, "service_number")).toEqual({
      "1": { services: 11, preg: 7, cr: 63.6, cows: 11 },
      "2": { services: 4, preg: 2, cr: 50, cows: 4 },
      "3": { services: 1, preg: 0, cr: 0, cows: 1 },
      "4+": { services: 1, preg: 1, cr: 100, cows: 1 },
    });
    expect(r.charts.find((c) => c.key === "service_number")?.series[0]?.values).toEqual([63.6, 50, 0, 100]);
    expect(tableOf(r, "technician")).toEqual({
      Петров: { services: 7, preg: 5, cr: 71.4, cows: 6 },
      Иванов: { services: 5, preg: 4, cr: 80, cows: 4 },
      Сидоров: { services: 4, preg: 0, cr: 0, cows: 3 },
      "": { services: 1, preg: 1, cr: 100, cows: 1 },
    });
    expect(r.tables.find((x) => x.key === "technician")?.rows.map((row) => row.key)).toEqual([
      "Петров",
      "Иванов",
      "Сидоров",
      "",
    ]);
    expect(tableOf(r, "sire")).toEqual({
      S1: { services: 6, preg: 4, cr: 66.7, cows: 6 },
      S3: { services: 6, preg: 3, cr: 50, cows: 4 },
      S2: { services: 5, preg: 3, cr: 60, cows: 4 },
    });
    // Weekdays follow today's date: the known services and pregnancies add up to 17 and 10.
    const days = Object.values(tableOf(r, "weekday"));
    expect(days).toHaveLength(7);
    expect(days.reduce((sum, d) => sum + Number(d.services), 0)).toBe(17);
    expect(days.reduce((sum, d) => sum + Number(d.preg), 0)).toBe(10);
  });

  it("lists behind every number exactly that many animals", async () => {
    const r = await report();
    const numbers = drillNumbers(r);
    expect(numbers.length).toBeGreaterThan(80);
    for (const { value, drill } of numbers) expect((await client().drillTotal(drill)).total, drill).toBe(value);
    const barnsOf = async (key: string) =>
      (await client().drillTotal(r.kpis.find((k) => k.key === key)?.drill ?? "")).items
        .map((a) => Number(a.barn_number))
        .sort((x, y) => x - y);
    expect(await barnsOf("open_now")).toEqual([3, 8, 9, 18, 19, 20]);
    expect(await barnsOf("elig_cows")).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10, 12, 13, 15, 19, 20]);
    expect(await barnsOf("preg_cows")).toEqual([1, 2, 7, 8, 12, 13, 14, 15, 20]);
  });

  it("reads the VWP from the database's settings, the cycles written again for it", async () => {
    // The facts are written for the VWP of 50 first, then the setting changes.
    expect(kpisOf(await report()).open_now).toBe(6);
    const res = await t.request({
      method: "PUT",
      url: `/api/herd/${w.herd.uuid}/settings/`,
      token: w.zoo.token,
      payload: { vwp_days: 60 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = await report();
    // Cow 18 (DIM 50) is no longer past the VWP; 8 (DIM 65) still is.
    expect(kpisOf(r).open_now).toBe(5);
    expect(r.kpis.find((k) => k.key === "sr")?.hint).toContain("ДОП 60 дней — настройка базы");
    for (const { value, drill } of drillNumbers(r).slice(0, 12))
      expect((await client().drillTotal(drill)).total, drill).toBe(value);
  });

  it("makes the going lactations' cycles again for a later day, as the chain makes them that day", async () => {
    // Kept for today by the reports above; six weeks on, two more cycles of each open cow have ended.
    const later = daysAgo(-42);
    const vwp = 60; // the setting of the test before
    await reproduction({
      db: t.database.db,
      databaseId: w.herd.id,
      base: sql`true`,
      whole: true,
      ctx: { today: later, from: daysAgo(364), to: later },
      compare: null,
      drill: () => "",
    });
    const kept = await queryRows<{ day: string; vwp_days: number }>(
      t.database.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, vwp_days from herd_going_state where database_id = ${w.herd.id}`,
    );
    expect(kept).toEqual([{ day: later, vwp_days: vwp }]);
    const ctx = { from: "1900-01-01", to: later, today: later };
    const cycle = sql`animal_id || ':' || lact || ':' || cs || ':' || elig || bred || preg`;
    const [live] = await queryRows<{ cycles: string[] }>(
      t.database.db,
      sql`${cyclesChain(reportScope(w.herd.id, sql`true`, ctx), ctx, vwp, { lactations: sql`o.lact_end is null` })}
        select coalesce(array_agg(${cycle} order by 1), '{}') as cycles from cyc`,
    );
    const [written] = await queryRows<{ cycles: string[] }>(
      t.database.db,
      sql`select coalesce(array_agg(${cycle} order by 1), '{}') as cycles from herd_going_cycles
        where database_id = ${w.herd.id}`,
    );
    expect(live?.cycles.length).toBeGreaterThan(0);
    expect(written?.cycles).toEqual(live?.cycles);
  });
});
