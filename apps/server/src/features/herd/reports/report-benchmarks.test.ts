import { HERD_BENCHMARK_MIN_FARMS } from "@nadoy/contract/herd-reports";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { companies, userDatabaseAccess, userDatabases } from "../../../db/schema/index.ts";
import { daysAgo, seedAnimals, seedHerdWorld } from "../herd.test-kit.ts";
import { quantile } from "./report-benchmarks.ts";
import { reportClient } from "./reports.test-kit.ts";

let t: TestApp;
let w: Awaited<ReturnType<typeof seedHerdWorld>>;
let farms: { id: number; name: string }[];

/**
 * Six herd databases, each with one cow in milk whose lactation is the farm's number: «Стадо»
 * (lactation 1), two more farms of «Заря» (2, 3) and three of «Восход» (4, 5, 6). Report 1's
 * «Средняя лактация» per farm is then 1…6: quartiles (interpolated, as percentile_cont)
 * Q1 = 1 + 1.25 = 2.25, median 3.5, Q3 = 4.75, over 6 farms.
 */
beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  w = await seedHerdWorld(t);
  const [voskhod] = await t.database.db.select().from(companies).where(eq(companies.name, "Восход"));
  if (!voskhod) throw new Error("Восход seeded");
  const more = await t.database.db
    .insert(userDatabases)
    .values(
      [2, 3, 4, 5, 6].map((k) => ({
        companyId: k <= 3 ? w.zarya.company.id : voskhod.id,
        name: `Ферма ${k} — не для чужих глаз`,
        server: "s",
        dbName: `farm${k}`,
      })),
    )
    .returning({ id: userDatabases.id, name: userDatabases.name });
  farms = [{ id: w.herd.id, name: w.herd.name }, ...more];
  for (const [i, farm] of farms.entries()) {
    await seedAnimals(t, farm.id, [
      { barnNumber: "1", status: "milking", lact: i + 1, freshDate: daysAgo(100), birthDate: daysAgo(2000) },
    ]);
  }
});
afterAll(() => t.close());

const avgLact = async (query: Record<string, string>, token = w.zoo.token) => {
  const report = await reportClient(t, w.herd.uuid, token, 1, {}).report(query, token);
  return { report, kpi: report.kpis.find((k) => k.key === "avg_lact") };
};

describe("benchmarks across farms", () => {
  it("quantile interpolates between order statistics", () => {
    expect(quantile([1, 2, 3, 4, 5, 6], 0.25)).toBe(2.25);
    expect(quantile([1, 2, 3, 4, 5, 6], 0.5)).toBe(3.5);
    expect(quantile([7], 0.75)).toBe(7);
  });

  it("a rate or an average carries the quartiles of every herd database's same figure", async () => {
    const { report, kpi } = await avgLact({});
    expect(kpi?.value).toBe(1);
    expect(kpi?.band).toEqual({ q1: 2.25, median: 3.5, q3: 4.75, farms: 6 });
    // Counts of animals follow the herd's size: no band.
    expect(report.kpis.find((k) => k.key === "herd")?.band).toBeUndefined();
    // Only aggregates: no other farm's name is in the answer.
    const body = JSON.stringify(report);
    for (const farm of farms.slice(1)) expect(body).not.toContain(farm.name);
  });

  it("another company's user sees their own farm against the same band", async () => {
    const own = farms[3];
    if (!own) throw new Error("farm 4 seeded");
    await t.database.db.insert(userDatabaseAccess).values({ userId: w.other.id, databaseId: own.id });
    const [row] = await t.database.db.select().from(userDatabases).where(eq(userDatabases.id, own.id));
    const report = await reportClient(t, row?.uuid ?? "", w.other.token, 1, {}).report({});
    const kpi = report.kpis.find((k) => k.key === "avg_lact");
    expect(kpi?.value).toBe(4);
    expect(kpi?.band).toEqual({ q1: 2.25, median: 3.5, q3: 4.75, farms: 6 });
    expect(JSON.stringify(report)).not.toContain(w.herd.name);
  });

  it("the XLSX export carries the band of each card that shows one", async () => {
    const res = await t.request({
      method: "GET",
      url: `/api/herd/${w.herd.uuid}/reports/1/export/`,
      token: w.zoo.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.getWorksheet("Данные")?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows).toContainEqual(expect.arrayContaining(["Хозяйств", "Четверть ниже", "Медиана", "Три четверти ниже"]));
    const row = rows.find((r) => r[0] === "Средняя лактация");
    expect(row?.slice(-4)).toEqual([6, 2.25, 3.5, 4.75]);
  });

  it("a filtered report is not held against whole herds", async () => {
    const { kpi } = await avgLact({ lact_group: "1" });
    expect(kpi?.value).toBe(1);
    expect(kpi?.band).toBeUndefined();
  });

  it(`fewer than ${HERD_BENCHMARK_MIN_FARMS} farms with the figure give no band`, async () => {
    // Two farms made inactive; another period, so the band is computed afresh.
    for (const farm of farms.slice(4)) {
      await t.database.db.update(userDatabases).set({ active: false }).where(eq(userDatabases.id, farm.id));
    }
    const { kpi } = await avgLact({ from: daysAgo(30), to: daysAgo(0) });
    expect(kpi?.value).toBe(1);
    expect(kpi?.band).toBeUndefined();
  });
});
