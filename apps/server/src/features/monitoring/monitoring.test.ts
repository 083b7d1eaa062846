import type { MonitoringCatalog, MonitoringPoints } from "@nadoy/contract/monitoring";
import { wrongDatabaseKindText } from "@nadoy/contract/users";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { ok } from "../herd/herd.test-kit.ts";
import { ensureDemoSiteDatabase } from "./demo-site/demo-database.ts";
import { getAs, HOUR, ingestOk, iso, monitoringApiWorld } from "./monitoring.test-kit.ts";

// The monitoring read routes over HTTP, on a farm in Asia/Novosibirsk (UTC+7, no daylight saving:
// local midnight is 17:00Z). Every expected figure is worked out by hand next to it.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const world = () => monitoringApiWorld(t);
const ingest = (databaseId: number, rows: Parameters<typeof ingestOk>[2]) => ingestOk(t, databaseId, rows);
const get = (token: string | undefined, url: string, query?: Record<string, string>) => getAs(t, token, url, query);

describe("monitoring: who may read", () => {
  it("staff and clients given the database read it; another company's user gets 404, a herd database 409", async () => {
    const w = await world();
    const url = `/api/monitoring/${w.monitoring.uuid}/`;
    const catalog = ok<MonitoringCatalog>(await get(w.zoo, url));
    expect(catalog.database.name).toBe("Датчики");
    expect(catalog.sites).toEqual([expect.objectContaining({ name: "МТФ-1", time_zone: "Asia/Novosibirsk" })]);
    expect(catalog.substations.map((s) => s.name)).toEqual(["ТП-1"]);
    expect(catalog.series.map((s) => s.kind)).toEqual(["sensor", "state", "energy", "power", "energy", "energy"]);
    expect(catalog.series[0]).toMatchObject({ low: 2, high: 6, unit: "°C" });
    expect(ok<MonitoringCatalog>(await get(w.client, url)).series).toHaveLength(6);

    expect((await get(w.other, url)).statusCode).toBe(404);
    expect((await get(undefined, url)).statusCode).toBe(401);
    const wrong = await get(w.zoo, `/api/monitoring/${w.herd.uuid}/`);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(wrongDatabaseKindText("herd", "monitoring"));
  });

  it("opens the demo site's database at `demo` for staff, 403 for a client, 404 before it is made", async () => {
    const w = await world();
    const url = "/api/monitoring/demo/";
    expect((await get(w.zoo, url)).statusCode).toBe(404);
    const demo = await ensureDemoSiteDatabase(t.database.db);
    // Another company's staff too: the demo site is nobody's farm.
    for (const token of [w.zoo, w.other]) {
      const catalog = ok<MonitoringCatalog>(await get(token, url));
      expect(catalog.database).toEqual({ uuid: demo.uuid, name: "Демо-ферма (мониторинг)" });
    }
    const refused = await get(w.client, url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Демонстрационные страницы — для сотрудников");
    expect((await get(undefined, url)).statusCode).toBe(401);
  });

  it("a series of the database of another kind, or unknown, is 404", async () => {
    const w = await world();
    const range = { from: "2026-03-10T00:00:00Z", to: "2026-03-10T04:00:00Z", width: "100" };
    const points = `/api/monitoring/${w.monitoring.uuid}/points/`;
    // A state channel has no chart points; a discrete page does not take a sensor.
    expect((await get(w.zoo, points, { ...range, series: String(w.s.state) })).statusCode).toBe(404);
    expect((await get(w.zoo, points, { ...range, series: "999999" })).statusCode).toBe(404);
    const states = `/api/monitoring/${w.monitoring.uuid}/states/`;
    expect((await get(w.zoo, states, { ...range, series: String(w.s.temp) })).statusCode).toBe(404);
    // The range is checked: its end after its start.
    const backwards = await get(w.zoo, points, { ...range, to: range.from, series: String(w.s.temp) });
    expect(backwards.statusCode).toBe(400);
  });
});

describe("monitoring: a sensor's chart", () => {
  it("answers points no more than the width, min/max/avg and periods above the threshold, with the previous period", async () => {
    const w = await world();
    const temp = w.s.temp;
    await ingest(w.databaseId, [
      // The previous period, a range under a day being compared with its hours a day earlier,
      // [00:00Z, 04:00Z) of 9 March: 3, then 1 (below the low threshold 2 until it ends).
      { series_id: temp, ts: "2026-03-09T00:00:00Z", value: 3 },
      { series_id: temp, ts: "2026-03-09T02:00:00Z", value: 1 },
      // The range [00:00Z, 04:00Z): 4, 7, 8, 5 — above the high threshold 6 from 01:00 to 03:00.
      { series_id: temp, ts: "2026-03-10T00:00:00Z", value: 4 },
      { series_id: temp, ts: "2026-03-10T01:00:00Z", value: 7 },
      { series_id: temp, ts: "2026-03-10T02:00:00Z", value: 8 },
      { series_id: temp, ts: "2026-03-10T03:00:00Z", value: 5 },
    ]);
    const body = ok<MonitoringPoints>(
      await get(w.client, `/api/monitoring/${w.monitoring.uuid}/points/`, {
        series: String(temp),
        from: "2026-03-10T07:00:00+07:00",
        to: "2026-03-10T04:00:00Z",
        width: "100",
      }),
    );
    expect(body.from).toBe("2026-03-10T00:00:00.000Z");
    expect(body.previous).toEqual({ from: "2026-03-09T00:00:00.000Z", to: "2026-03-09T04:00:00.000Z" });
    const [series] = body.series;
    expect(series?.source).toBe("raw");
    // 4 h over 99 gaps: 146 s buckets, one reading each.
    expect(series?.step_seconds).toBe(146);
    // Columns: the i-th bucket at index i of each.
    expect(series?.points.min).toEqual([4, 7, 8, 5]);
    expect(series?.points.max).toEqual([4, 7, 8, 5]);
    expect(series?.points.count).toEqual([1, 1, 1, 1]);
    // Times in epoch ms.
    const read = ["00", "01", "02", "03"].map((h) => Date.parse(`2026-03-10T${h}:00:00.000Z`));
    expect(series?.points.min_at).toEqual(read);
    expect(series?.points.max_at).toEqual(read);
    expect(series?.points.t).toHaveLength(4);
    // (4 + 7 + 8 + 5) / 4 = 6; before: (3 + 1) / 2 = 2.
    expect(series?.stats).toEqual({ count: 4, min: 4, max: 8, avg: 6 });
    expect(series?.previous_stats).toEqual({ count: 2, min: 1, max: 3, avg: 2 });
    expect(series?.thresholds).toEqual({
      count: 1,
      seconds: 7200,
      items: [
        {
          side: "high",
          start: "2026-03-10T01:00:00.000Z",
          end: "2026-03-10T03:00:00.000Z",
          ongoing: false,
          seconds: 7200,
          peak: 8,
        },
      ],
    });
    // Below 2 from 02:00 to the previous period's end: 2 h.
    expect(series?.previous_thresholds).toMatchObject({ count: 1, seconds: 7200, items: [{ side: "low", peak: 1 }] });
  });

  it("never answers more buckets than the width, however many readings", async () => {
    const w = await world();
    const start = Date.parse("2026-03-10T00:00:00Z");
    // One reading a minute for a day: 1,440 readings into a 400 px chart (raw: ≤ 4 readings a pixel).
    await ingest(
      w.databaseId,
      Array.from({ length: 1440 }, (_, i) => ({ series_id: w.s.temp, ts: iso(start + i * 60_000), value: i % 10 })),
    );
    const body = ok<MonitoringPoints>(
      await get(w.zoo, `/api/monitoring/${w.monitoring.uuid}/points/`, {
        series: String(w.s.temp),
        from: iso(start),
        to: iso(start + 24 * HOUR),
        width: "400",
      }),
    );
    const counts = body.series[0]?.points.count ?? [];
    expect(body.series[0]?.source).toBe("raw");
    expect(counts.length).toBeGreaterThan(300);
    expect(counts.length).toBeLessThanOrEqual(400);
    for (const column of Object.values(body.series[0]?.points ?? {})) expect(column).toHaveLength(counts.length);
    expect(counts.reduce((n, c) => n + c, 0)).toBe(1440);
    expect(body.series[0]?.stats).toMatchObject({ count: 1440, min: 0, max: 9, avg: 4.5 });
  });
  it("lists the first 100 periods beyond the thresholds and counts them all", async () => {
    const w = await world();
    const start = Date.parse("2026-03-10T00:00:00Z");
    // 120 times: 7 °C for a minute (above 6), then 4 °C for a minute.
    await ingest(
      w.databaseId,
      Array.from({ length: 240 }, (_, i) => ({
        series_id: w.s.temp,
        ts: iso(start + i * 60_000),
        value: i % 2 === 0 ? 7 : 4,
      })),
    );
    const body = ok<MonitoringPoints>(
      await get(w.zoo, `/api/monitoring/${w.monitoring.uuid}/points/`, {
        series: String(w.s.temp),
        from: iso(start),
        to: iso(start + 4 * HOUR),
        width: "400",
      }),
    );
    const thresholds = body.series[0]?.thresholds;
    expect(thresholds?.count).toBe(120);
    expect(thresholds?.seconds).toBe(120 * 60);
    expect(thresholds?.items).toHaveLength(100);
    expect(thresholds?.items[99]?.start).toBe(iso(start + 198 * 60_000));
  });
  it("exports what the chart shows as XLSX, at the site's wall clock", async () => {
    const w = await world();
    await ingest(w.databaseId, [
      { series_id: w.s.temp, ts: "2026-03-10T00:00:00Z", value: 4 },
      { series_id: w.s.temp, ts: "2026-03-10T01:00:00Z", value: 7 },
      { series_id: w.s.temp, ts: "2026-03-10T02:00:00Z", value: 5 },
    ]);
    const res = await get(w.client, `/api/monitoring/${w.monitoring.uuid}/points/export/`, {
      series: String(w.s.temp),
      from: "2026-03-10T00:00:00Z",
      to: "2026-03-10T04:00:00Z",
      width: "100",
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = (sheet: string, row: number) =>
      (book.getWorksheet(sheet)?.getRow(row).values as unknown[] | undefined)?.slice(1);
    // (4 + 7 + 5) / 3 = 5 1/3, nothing before; one period above 6 °C, 01:00–02:00Z = 1 h.
    expect(values("Сводка", 2)).toEqual([
      "Температура молока, °C",
      4,
      7,
      5.33,
      3,
      undefined,
      undefined,
      undefined,
      0,
      1,
      1,
    ]);
    // A bucket is the interval from its start: 146 s buckets counted on the site's clock, so the
    // one holding 00:00Z (07:00 in Novosibirsk) runs from 06:58 to 07:00.
    expect(values("Точки", 2)).toEqual(["Температура молока, °C", "10.03.2026 06:58", "10.03.2026 07:00", 4, 4, 4, 1]);
    expect(values("Выходы за пороги", 2)).toEqual([
      "Температура молока, °C",
      "выше верхнего",
      "10.03.2026 08:00",
      "10.03.2026 09:00",
      60,
      7,
    ]);
    expect(values("Параметры", 2)).toEqual(["Период", "10.03.2026 07:00 — 10.03.2026 11:00"]);
  });
});
