import type { HerdReport } from "@nadoy/contract/herd-reports";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { queryRows } from "../../../db/client.ts";
import { daysAgo, seedAnimals, seedHerdWorld } from "../herd.test-kit.ts";
import { encodeDrill } from "./drill-token.ts";
import { herdStructure } from "./report-structure.ts";
import { drillNumbers, reportClient } from "./reports.test-kit.ts";

let t: TestApp;
let w: Awaited<ReturnType<typeof seedHerdWorld>>;

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  w = await seedHerdWorld(t);
  await tenAnimals();
});
afterAll(() => t.close());

/**
 * Ten animals of «Стадо» (days before today); the period asked for is the last 365 days:
 *
 * | barn | status  | lact | pen | rc | fresh | born | exit |
 * |------|---------|------|-----|----|-------|------|------|
 * | 1    | milking | 1    | 1   | 5  | 30    | 800  |      |
 * | 2    | milking | 1    | 1   | 3  | 100   | 900  |      |
 * | 3    | milking | 2    | 2   | 4  | 200   | 1500 |      |
 * | 4    | milking | 4    | 2   | —  | 400   | 2500 |      |
 * | 5    | dry     | 3    | 9   | 6  | 330   | 2000 |      |
 * | 6    | heifer  | 0    | 7   | —  | —     | 300  |      |
 * | 7    | heifer  | 0    | 7   | —  | —     | 40   |      |
 * | 8    | sold    | 2    | —   | 7  | 500   | 1400 | 100  |
 * | 9    | died    | 1    | —   | 7  | 200   | 1000 | 20   |
 * | 10   | sold    | 3    | —   | 7  | 900   | 2400 | 500 (before the period) |
 */
async function tenAnimals() {
  const animal = (
    barn: string,
    status: string,
    lact: number,
    pen: string | null,
    rc: number | null,
    fresh: number | null,
    born: number,
    exit: number | null = null,
  ) => ({
    barnNumber: barn,
    status: status as "milking",
    lact,
    pen,
    rc,
    freshDate: fresh === null ? null : daysAgo(fresh),
    birthDate: daysAgo(born),
    exitDate: exit === null ? null : daysAgo(exit),
  });
  await seedAnimals(t, w.herd.id, [
    animal("1", "milking", 1, "1", 5, 30, 800),
    animal("2", "milking", 1, "1", 3, 100, 900),
    animal("3", "milking", 2, "2", 4, 200, 1500),
    animal("4", "milking", 4, "2", null, 400, 2500),
    animal("5", "dry", 3, "9", 6, 330, 2000),
    animal("6", "heifer", 0, "7", null, null, 300),
    animal("7", "heifer", 0, "7", null, null, 40),
    animal("8", "sold", 2, null, 7, 500, 1400, 100),
    animal("9", "died", 1, null, 7, 200, 1000, 20),
    animal("10", "sold", 3, null, 7, 900, 2400, 500),
  ]);
}

const client = () => reportClient(t, w.herd.uuid, w.zoo.token, 1, { from: daysAgo(364), to: daysAgo(0) });
const report = (query: Record<string, string> = {}, token?: string) => client().report(query, token);
const drillTotal = (drill: string) => client().drillTotal(drill);
/** Every value a report shows, its drill tokens left out (a filter's tokens carry the filter). */
const shownValues = (r: HerdReport) => ({
  kpis: r.kpis.map((k) => [k.key, k.value, k.compare_value]),
  tables: r.tables.map((x) => x.rows.map((row) => [row.key, Object.values(row.cells).map((c) => c.value)])),
  charts: r.charts.map((c) => [c.x, c.series.map((s) => s.values)]),
});

describe("report 1, herd structure", () => {
  it("gives each figure as the table above counts it by hand", async () => {
    const r = await report();
    const kpi = Object.fromEntries(r.kpis.map((k) => [k.key, k.value]));
    expect(kpi).toEqual({
      herd: 7, // 1–7
      milking: 4,
      dry: 1,
      heifers: 2,
      dry_share: 20, // 1 ÷ 5 × 100
      avg_dim: 182.5, // (30 + 100 + 200 + 400) ÷ 4
      avg_lact: 2.2, // (1 + 1 + 2 + 4 + 3) ÷ 5
      born: 2, // 6 (300 days ago), 7 (40)
      sold: 1, // 8; 10 left before the period
      died: 1, // 9
    });

    const table = (key: string) => {
      const found = r.tables.find((x) => x.key === key);
      if (!found) throw new Error(key);
      return Object.fromEntries(
        found.rows.map((row) => [row.key, Object.fromEntries(Object.entries(row.cells).map(([c, v]) => [c, v.value]))]),
      );
    };
    expect(table("lactation")).toEqual({
      "1": { milking: 2, dry: 0, total: 2 },
      "2": { milking: 1, dry: 0, total: 1 },
      "3+": { milking: 1, dry: 1, total: 2 },
    });
    expect(table("dim")).toEqual({
      "-60": { milking: 1, dry: 0, total: 1 }, // 1 (30)
      "61-120": { milking: 1, dry: 0, total: 1 }, // 2 (100)
      "121-200": { milking: 1, dry: 0, total: 1 }, // 3 (200)
      "201-305": { milking: 0, dry: 0, total: 0 },
      "306-": { milking: 1, dry: 1, total: 2 }, // 4 (400), 5 (330)
    });
    expect(table("pen")).toEqual({
      "1": { milking: 2, dry: 0, heifer: 0, total: 2 },
      "2": { milking: 2, dry: 0, heifer: 0, total: 2 },
      "7": { milking: 0, dry: 0, heifer: 2, total: 2 },
      "9": { milking: 0, dry: 1, heifer: 0, total: 1 },
    });
    expect(table("rc")).toEqual({
      "3": { total: 1 },
      "4": { total: 1 },
      "5": { total: 1 },
      "6": { total: 1 },
      none: { total: 3 }, // 4, 6, 7
    });
    const chart = r.charts[0];
    const sum = (key: string) =>
      chart?.series.find((s) => s.key === key)?.values.reduce<number>((a, b) => a + (b ?? 0), 0);
    expect(chart?.x).toHaveLength(13); // the months the 365 days touch
    expect([sum("born"), sum("sold"), sum("died")]).toEqual([2, 1, 1]);
  });

  it("lists behind every number exactly that many animals", async () => {
    const r = await report();
    const numbers = drillNumbers(r);
    expect(numbers.length).toBeGreaterThan(60);
    for (const { value, drill } of numbers) expect((await drillTotal(drill)).total).toBe(value);

    const dry = r.kpis.find((k) => k.key === "dry");
    expect((await drillTotal(dry?.drill ?? "")).items.map((a) => a.barn_number)).toEqual(["5"]);
  });

  it("compares births and exits with the previous period, and narrows by lactation group and pen", async () => {
    const r = await report({ from: daysAgo(199), to: daysAgo(0) }); // 200 days; previous: 200–399 days ago
    expect(r.compare).toEqual({ from: daysAgo(399), to: daysAgo(200) });
    const flow = Object.fromEntries(r.kpis.map((k) => [k.key, [k.value, k.compare_value]]));
    expect(flow.born).toEqual([1, 1]); // 7 (40) now, 6 (300) before
    expect(flow.sold).toEqual([1, 0]);
    expect(flow.died).toEqual([1, 0]);

    const firsts = await report({ lact_group: "1" });
    expect(firsts.kpis.find((k) => k.key === "milking")?.value).toBe(2);
    const pen2 = await report({ pen: "2", rule: "LACT>=2" });
    expect(pen2.kpis.find((k) => k.key === "herd")?.value).toBe(2);
    const drill = pen2.kpis.find((k) => k.key === "herd")?.drill ?? "";
    expect((await drillTotal(drill)).total).toBe(2);
  });

  it("gives a whole herd the same figures from its kept cells as a filter that keeps every animal", async () => {
    // Without filters the herd today comes from herd_structure_cells and the flows from two date
    // ranges; with one, every animal is grouped in one pass: all figures of both must agree.
    const windows: Record<string, string>[] = [
      {},
      { from: daysAgo(199), to: daysAgo(0) }, // previous: 200–399 days ago
      { from: daysAgo(450), to: daysAgo(15), compare: "last_year" }, // overlaps the year before
      { from: daysAgo(1200), to: daysAgo(0), compare: "last_year" },
      { from: daysAgo(60), to: daysAgo(30), compare: "none" },
      { from: daysAgo(100), to: daysAgo(20), compare: "previous" }, // 8 and 9 leave on its first and last day
      { from: daysAgo(300), to: daysAgo(40), compare: "none" }, // 6 and 7 born on its first and last day
    ];
    for (const query of windows) {
      const whole = await report(query);
      expect(shownValues(await report({ ...query, rule: "LACT>=0" })), JSON.stringify(query)).toEqual(
        shownValues(whole),
      );
    }
    const before = await report({ from: daysAgo(199), to: daysAgo(0) });
    expect(before.kpis.filter((k) => k.compare_value !== null).map((k) => [k.key, k.compare_value])).toEqual([
      ["born", 1], // 6 (300)
      ["sold", 0],
      ["died", 0],
    ]);
  });

  it("moves a whole herd's cows to the next DIM band on a later day, as the filtered report does", async () => {
    const later = daysAgo(-40); // cow 1 at 70 days, cow 2 at 140, cow 3 at 240
    const input = (whole: boolean) => ({
      db: t.database.db,
      databaseId: w.herd.id,
      base: whole ? sql`true` : sql`a.lact >= 0`,
      whole,
      ctx: { today: later, from: daysAgo(0), to: later },
      compare: null,
      drill: () => "",
    });
    await report(); // the cells kept for today
    const dim = (body: Awaited<ReturnType<typeof herdStructure>>) =>
      Object.fromEntries(
        (body.tables.find((x) => x.key === "dim")?.rows ?? []).map((row) => [row.key, row.cells.total?.value]),
      );
    const whole = await herdStructure(input(true));
    expect(dim(whole)).toEqual({ "-60": 0, "61-120": 1, "121-200": 1, "201-305": 1, "306-": 2 });
    expect(dim(await herdStructure(input(false)))).toEqual(dim(whole));
    const kept = await queryRows<{ day: string }>(
      t.database.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day from herd_structure_state where database_id = ${w.herd.id}`,
    );
    expect(kept).toEqual([{ day: later }]);
  });

  it("exports exactly the figures shown, with the parameters that made them", async () => {
    const query = { from: daysAgo(364), to: daysAgo(0), pen: "2" };
    const shown = await report({ pen: "2" });
    const res = await t.request({
      method: "GET",
      url: `/api/herd/${w.herd.uuid}/reports/1/export/`,
      token: w.zoo.token,
      query,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toContain(encodeURIComponent("Структура стада — Стадо.xlsx"));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(["Данные", "Параметры"]);
    const rows: unknown[][] = [];
    book.getWorksheet("Данные")?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    for (const kpi of shown.kpis) expect(rows).toContainEqual(expect.arrayContaining([kpi.label, kpi.value]));
    expect(rows).toContainEqual(["Группа 2", 2, 0, 0, 2]);
    const about = new Map<string, unknown>();
    book.getWorksheet("Параметры")?.eachRow((row) => {
      about.set(String(row.getCell(1).value), row.getCell(2).value);
    });
    expect(about.get("Группа (секция)")).toBe("2");
    expect(about.get("Сформировал")).toBe("Анна Петрова");
    expect(about.get("Период")).toBe(
      `${daysAgo(364).split("-").reverse().join(".")} — ${daysAgo(0).split("-").reverse().join(".")}`,
    );
  });

  it("refuses a damaged drill token, another report's, and other companies", async () => {
    const bad = await t.request({
      method: "GET",
      url: `/api/herd/${w.herd.uuid}/reports/1/animals/`,
      token: w.zoo.token,
      query: { drill: encodeDrill({ n: 1, k: "herd|x:1", f: daysAgo(10), t: daysAgo(0) }) },
    });
    expect(bad.statusCode).toBe(400);
    const other = await t.request({
      method: "GET",
      url: `/api/herd/${w.herd.uuid}/reports/2/animals/`,
      token: w.zoo.token,
      query: { drill: encodeDrill({ n: 1, k: "herd", f: daysAgo(10), t: daysAgo(0) }) },
    });
    expect(other.statusCode).toBe(400);
    const foreign = await t.request({
      method: "GET",
      url: `/api/herd/${w.herd.uuid}/reports/1/`,
      token: w.other.token,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
