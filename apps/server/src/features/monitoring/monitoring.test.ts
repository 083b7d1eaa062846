import type {
  MonitoringCatalog,
  MonitoringPoints,
  MonitoringStates,
  PowerEnergy,
  PowerOverview,
} from "@nadoy/contract/monitoring";
import { wrongDatabaseKindText } from "@nadoy/contract/users";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { monitoringSeries, monitoringSubstations, userDatabaseAccess, userDatabases } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";
import { ok } from "../herd/herd.test-kit.ts";
import { ingestReadings } from "./ingest.ts";
import { addSite } from "./monitoring.test-kit.ts";

// The monitoring read routes over HTTP, on a farm in Asia/Novosibirsk (UTC+7, no daylight saving:
// local midnight is 17:00Z). Every expected figure is worked out by hand next to it.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The instant of the last local midnight in UTC+7 at `now`. */
function novosibirskMidnight(now: number): number {
  const local = now + 7 * HOUR;
  return local - (local % (24 * HOUR)) - 7 * HOUR;
}

/**
 * «Заря» with the monitoring database «Датчики» (site МТФ-1, a cooler, substation ТП-1 with an
 * input meter, its power and two feeders) and the herd database «Стадо»; a zootechnician (3) and
 * a client (7) given both; a user of «Восход» given «Датчики» too (no member of «Заря»: 404).
 */
async function world() {
  const db = t.database.db;
  const zarya = await seedCompany(db, { name: "Заря" });
  const voskhod = await seedCompany(db, { name: "Восход" });
  const [monitoring, herd] = await db
    .insert(userDatabases)
    .values([
      { companyId: zarya.company.id, name: "Датчики", server: "s", dbName: "sensors", kind: "monitoring" },
      { companyId: zarya.company.id, name: "Стадо", server: "s", dbName: "herd", kind: "herd" },
    ])
    .returning();
  if (!monitoring || !herd) throw new Error("databases inserted");
  const user = async (username: string, roles: number[], companyId: number) => {
    const u = await seedUser(db, { username, email: `${username}@example.com`, roles, companyIds: [companyId] });
    await db.insert(userDatabaseAccess).values([
      { userId: u.id, databaseId: monitoring.id },
      { userId: u.id, databaseId: herd.id },
    ]);
    return accessTokenFor(t, u.id);
  };
  const zoo = await user("zoo", [3], zarya.company.id);
  const client = await user("client", [7], zarya.company.id);
  const other = await user("other", [3], voskhod.company.id);

  const databaseId = monitoring.id;
  const site = await addSite(db, databaseId, "Asia/Novosibirsk");
  const [substation] = await db
    .insert(monitoringSubstations)
    .values({ databaseId, siteId: site.id, name: "ТП-1" })
    .returning();
  if (!substation) throw new Error("substation inserted");
  const base = { databaseId, siteId: site.id };
  const meter = { ...base, substationId: substation.id, unit: "кВт·ч" };
  const rows = await db
    .insert(monitoringSeries)
    .values([
      { ...base, kind: "sensor", name: "Температура молока", unit: "°C", low: 2, high: 6 },
      {
        ...base,
        kind: "state",
        name: "Компрессор",
        states: [
          { code: "on", name: "Работает", color: "#2e7d32" },
          { code: "off", name: "Выключен", color: "#9e9e9e" },
        ],
      },
      { ...meter, meterRole: "input", kind: "energy", name: "Ввод" },
      { ...meter, meterRole: "input", kind: "power", name: "Ввод: мощность", unit: "кВт" },
      { ...meter, meterRole: "feeder", kind: "energy", name: "Коровник" },
      { ...meter, meterRole: "feeder", kind: "energy", name: "Доильный зал" },
    ])
    .returning({ id: monitoringSeries.id });
  const [temp, state, input, power, feeder1, feeder2] = rows.map((r) => r.id) as number[];
  return {
    db,
    databaseId,
    monitoring,
    herd,
    zoo,
    client,
    other,
    s: { temp, state, input, power, feeder1, feeder2 } as Record<string, number>,
  };
}

async function ingest(databaseId: number, rows: { series_id: number | undefined; ts: string; [k: string]: unknown }[]) {
  const result = await ingestReadings(t.database.db, databaseId, rows);
  expect(result.rejected).toEqual([]);
}

const get = (token: string | undefined, url: string, query?: Record<string, string>) =>
  t.request({ method: "GET", url, token, ...(query && { query }) });

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
      // The previous period [20:00Z, 00:00Z): 3, then 1 (below the low threshold 2 until the range ends).
      { series_id: temp, ts: "2026-03-09T20:00:00Z", value: 3 },
      { series_id: temp, ts: "2026-03-09T22:00:00Z", value: 1 },
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
    expect(body.previous).toEqual({ from: "2026-03-09T20:00:00.000Z", to: "2026-03-10T00:00:00.000Z" });
    const [series] = body.series;
    expect(series?.source).toBe("raw");
    // 4 h over 99 gaps: 146 s buckets, one reading each.
    expect(series?.step_seconds).toBe(146);
    expect(series?.points.map((p) => [p.min, p.max])).toEqual([
      [4, 4],
      [7, 7],
      [8, 8],
      [5, 5],
    ]);
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
    // Below 2 from 22:00 to the previous period's end: 2 h.
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
    const points = body.series[0]?.points ?? [];
    expect(body.series[0]?.source).toBe("raw");
    expect(points.length).toBeGreaterThan(300);
    expect(points.length).toBeLessThanOrEqual(400);
    expect(points.reduce((n, p) => n + p.count, 0)).toBe(1440);
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
      16 / 3,
      3,
      undefined,
      undefined,
      undefined,
      0,
      1,
      1,
    ]);
    // A bucket is named by its start: 146 s buckets counted on the site's clock, so the one holding
    // 00:00Z (07:00 in Novosibirsk) starts at 06:58.
    expect(values("Точки", 2)).toEqual(["Температура молока, °C", "10.03.2026 06:58", 4, 4, 4, 1]);
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

describe("monitoring: a discrete channel", () => {
  it("folds runs shorter than a pixel into the timeline and counts time in each state and the current one", async () => {
    const w = await world();
    const state = w.s.state;
    await ingest(w.databaseId, [
      { series_id: state, ts: "2026-03-10T00:00:00Z", state: "on" },
      { series_id: state, ts: "2026-03-10T01:00:00Z", state: "off" },
      // 30 s off: less than a pixel (4 h / 100 px = 144 s).
      { series_id: state, ts: "2026-03-10T01:00:30Z", state: "on" },
      { series_id: state, ts: "2026-03-10T03:00:00Z", state: "off" },
    ]);
    const body = ok<MonitoringStates>(
      await get(w.client, `/api/monitoring/${w.monitoring.uuid}/states/`, {
        series: String(state),
        from: "2026-03-10T00:00:00Z",
        to: "2026-03-10T04:00:00Z",
        width: "100",
      }),
    );
    const [channel] = body.series;
    expect(channel?.segments).toEqual([
      { state: "on", start: "2026-03-10T00:00:00.000Z", end: "2026-03-10T03:00:00.000Z" },
      { state: "off", start: "2026-03-10T03:00:00.000Z", end: "2026-03-10T04:00:00.000Z" },
    ]);
    // on: 1 h + (3 h − 30 s) = 10,770 s; off: 30 s + 1 h = 3,630 s; of 14,400 s.
    expect(channel?.states.map((s) => [s.code, s.name, s.seconds])).toEqual([
      ["on", "Работает", 10_770],
      ["off", "Выключен", 3_630],
    ]);
    expect(channel?.states[0]?.share).toBeCloseTo(10_770 / 14_400, 10);
    expect(channel?.current).toMatchObject({ code: "off", name: "Выключен", since: "2026-03-10T03:00:00.000Z" });
  });
  it("shows a channel switching faster than a pixel as the state it mostly held, in at most `width` segments", async () => {
    const w = await world();
    const start = Date.parse("2026-03-10T00:00:00Z");
    // On 7 min, off 3 min, every 10 min for a day; a pixel of 100 is 14.4 min: on holds most of each.
    await ingest(
      w.databaseId,
      Array.from({ length: 144 }, (_, i) => [
        { series_id: w.s.state, ts: iso(start + i * 600_000), state: "on" },
        { series_id: w.s.state, ts: iso(start + i * 600_000 + 420_000), state: "off" },
      ]).flat(),
    );
    const body = ok<MonitoringStates>(
      await get(w.zoo, `/api/monitoring/${w.monitoring.uuid}/states/`, {
        series: String(w.s.state),
        from: iso(start),
        to: iso(start + 24 * HOUR),
        width: "100",
      }),
    );
    const [channel] = body.series;
    expect(channel?.segments).toEqual([{ state: "on", start: iso(start), end: iso(start + 24 * HOUR) }]);
    // 144 × 7 min on, 144 × 3 min off.
    expect(channel?.states.map((s) => [s.code, s.seconds])).toEqual([
      ["on", 144 * 420],
      ["off", 144 * 180],
    ]);
  });
});

describe("monitoring: power", () => {
  it("counts kWh of the site's today and yesterday from local midnight, power now and the losses", async () => {
    const w = await world();
    const now = Date.now();
    const m = novosibirskMidnight(now);
    // Today's second reading halfway between local midnight and now.
    const half = Math.max(1, Math.floor((now - m) / 2));
    const at = { dayBefore: iso(m - 24 * HOUR), noon: iso(m - 12 * HOUR), midnight: iso(m), today: iso(m + half) };
    await ingest(w.databaseId, [
      // Input: yesterday 150 − 100 = 50, today (180 − 150) + (200 − 180) = 50.
      { series_id: w.s.input, ts: at.dayBefore, value: 100 },
      { series_id: w.s.input, ts: at.noon, value: 150 },
      { series_id: w.s.input, ts: at.midnight, value: 180 },
      { series_id: w.s.input, ts: at.today, value: 200 },
      { series_id: w.s.power, ts: at.noon, value: 7.5 },
      // Feeder 1: yesterday 20, today 10 + 10 = 20.
      { series_id: w.s.feeder1, ts: at.dayBefore, value: 0 },
      { series_id: w.s.feeder1, ts: at.noon, value: 20 },
      { series_id: w.s.feeder1, ts: at.midnight, value: 30 },
      { series_id: w.s.feeder1, ts: at.today, value: 40 },
      // Feeder 2: yesterday 20, today 15.
      { series_id: w.s.feeder2, ts: at.dayBefore, value: 10 },
      { series_id: w.s.feeder2, ts: at.noon, value: 30 },
      { series_id: w.s.feeder2, ts: at.today, value: 45 },
    ]);
    const body = ok<PowerOverview>(await get(w.client, `/api/monitoring/${w.monitoring.uuid}/power/`));
    const [site] = body.sites;
    expect(site?.today).toBe(iso(m + 7 * HOUR).slice(0, 10));
    const [sub] = site?.substations ?? [];
    expect(sub?.input).toMatchObject({
      name: "Ввод",
      kwh_today: 50,
      kwh_yesterday: 50,
      power_kw: 7.5,
      power_at: at.noon,
    });
    expect(sub?.feeders.map((f) => [f.name, f.kwh_today, f.kwh_yesterday])).toEqual([
      ["Коровник", 20, 20],
      ["Доильный зал", 15, 20],
    ]);
    // Feeder 1 has no power series: the mean power of its latest interval, 10 kWh over `half` ms.
    expect(sub?.feeders[0]?.power_kw).toBeCloseTo(10 / (half / HOUR), 6);
    // Today: 50 − (20 + 15) = 15 kWh, 30 %; yesterday: 50 − 40 = 10 kWh, 20 %.
    expect(sub?.losses_today?.kwh).toBeCloseTo(15, 9);
    expect(sub?.losses_today?.percent).toBeCloseTo(30, 9);
    expect(sub?.losses_yesterday).toEqual({ kwh: 10, percent: 20 });

    const days = ok<PowerEnergy>(
      await get(w.zoo, `/api/monitoring/${w.monitoring.uuid}/power/energy/`, {
        from: at.dayBefore,
        to: iso(m + 24 * HOUR),
        grain: "day",
      }),
    );
    expect(days.sites[0]?.buckets).toEqual([at.dayBefore, at.midnight]);
    expect(days.sites[0]?.meters.map((x) => [x.name, x.kwh])).toEqual([
      ["Ввод", [50, 50]],
      ["Коровник", [20, 20]],
      ["Доильный зал", [20, 15]],
    ]);
    const hours = ok<PowerEnergy>(
      await get(w.zoo, `/api/monitoring/${w.monitoring.uuid}/power/energy/`, { from: at.dayBefore, to: at.midnight }),
    );
    const input = hours.sites[0]?.meters[0]?.kwh ?? [];
    expect(hours.sites[0]?.buckets).toHaveLength(24);
    // Yesterday's 50 kWh all end at noon: the 13th local hour.
    expect(input[12]).toBe(50);
    expect(input.reduce((a, b) => a + b, 0)).toBe(50);
  });
});
