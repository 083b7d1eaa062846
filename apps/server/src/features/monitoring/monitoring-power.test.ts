import type { PowerEnergy, PowerOverview } from "@nadoy/contract/monitoring";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { monitoringSites } from "../../db/schema/index.ts";
import { rebuildRollups } from "../../platform/rollups-rebuild.ts";
import { ok } from "../herd/herd.test-kit.ts";
import { getAs, HOUR, ingestOk, iso, monitoringApiWorld, novosibirskMidnight } from "./monitoring.test-kit.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const world = () => monitoringApiWorld(t);
const ingest = (databaseId: number, rows: Parameters<typeof ingestOk>[2]) => ingestOk(t, databaseId, rows);
const get = (token: string | undefined, url: string, query?: Record<string, string>) => getAs(t, token, url, query);

// The power routes over HTTP on a farm in Asia/Novosibirsk (UTC+7, no daylight saving: local
// midnight is 17:00Z): kWh of the local today and yesterday, power now, losses, kWh by hour/day.

describe("monitoring: power", () => {
  it("counts kWh of the site's today and yesterday from local midnight, power now and the losses", async () => {
    const w = await world();
    const now = Date.now();
    const m = novosibirskMidnight(now);
    // Today's second reading halfway between local midnight and now.
    const half = Math.max(1, Math.floor((now - m) / 2));
    const at = { dayBefore: iso(m - 24 * HOUR), noon: iso(m - 12 * HOUR), midnight: iso(m), today: iso(m + half) };
    await ingest(w.databaseId, [
      // Input: yesterday (150 − 100) + (180 − 150) = 80 (the reading at local midnight ends
      // yesterday's last interval), today 200 − 180 = 20.
      { series_id: w.s.input, ts: at.dayBefore, value: 100 },
      { series_id: w.s.input, ts: at.noon, value: 150 },
      { series_id: w.s.input, ts: at.midnight, value: 180 },
      { series_id: w.s.input, ts: at.today, value: 200 },
      { series_id: w.s.power, ts: at.noon, value: 7.5 },
      // Feeder 1: yesterday 20 + 10 = 30, today 10.
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
      kwh_today: 20,
      kwh_yesterday: 80,
      power_kw: 7.5,
      power_at: at.noon,
    });
    expect(sub?.feeders.map((f) => [f.name, f.kwh_today, f.kwh_yesterday])).toEqual([
      ["Коровник", 10, 30],
      ["Доильный зал", 15, 20],
    ]);
    // Feeder 1 has no power series: the mean power of its latest interval, 10 kWh over `half` ms.
    expect(sub?.feeders[0]?.power_kw).toBeCloseTo(10 / (half / HOUR), 6);
    // Today: 20 − (10 + 15) = −5 kWh, −25 % (the feeders' meters read more than the input's: a
    // faulty meter); yesterday: 80 − (30 + 20) = 30 kWh, 37.5 %.
    expect(sub?.losses_today?.kwh).toBeCloseTo(-5, 9);
    expect(sub?.losses_today?.percent).toBeCloseTo(-25, 9);
    expect(sub?.losses_yesterday).toEqual({ kwh: 30, percent: 37.5 });

    const daysAnswer = await get(w.zoo, `/api/monitoring/${w.monitoring.uuid}/power/energy/`, {
      from: at.dayBefore,
      to: iso(m + 24 * HOUR),
      grain: "day",
    });
    // Written by the service (its kWh arrays as PostgreSQL wrote them), sent as JSON all the same.
    expect(daysAnswer.headers["content-type"]).toBe("application/json; charset=utf-8");
    const days = ok<PowerEnergy>(daysAnswer);
    expect(days.sites[0]?.buckets).toEqual([at.dayBefore, at.midnight]);
    expect(days.sites[0]?.meters.map((x) => [x.name, x.kwh])).toEqual([
      ["Ввод", [80, 20]],
      ["Коровник", [30, 10]],
      ["Доильный зал", [20, 15]],
    ]);
    const hours = ok<PowerEnergy>(
      await get(w.zoo, `/api/monitoring/${w.monitoring.uuid}/power/energy/`, { from: at.dayBefore, to: at.midnight }),
    );
    const input = hours.sites[0]?.meters[0]?.kwh ?? [];
    expect(hours.sites[0]?.buckets).toHaveLength(24);
    // Yesterday's 50 kWh end at noon: the 12th local hour (11:00–12:00) holds them; the 30 ending
    // at midnight are the 24th hour's (23:00–24:00).
    expect(input[11]).toBe(50);
    expect(input[23]).toBe(30);
    expect(input.reduce((a, b) => a + b, 0)).toBe(80);
  });

  it("answers kWh to the watt-hour, without a float sum's noise", async () => {
    const w = await world();
    const m = novosibirskMidnight(Date.now());
    const d0 = m - 24 * HOUR;
    // Hours of 0.1 and 0.2 kWh: their float8 sum is 0.30000000000000004. The feeder's hours of
    // 1.2344 and 0.0003 kWh are 1.234 and 0 to the watt-hour, its day's 1.2347 is 1.235.
    await ingest(w.databaseId, [
      { series_id: w.s.input, ts: iso(d0 + HOUR), value: 10 },
      { series_id: w.s.input, ts: iso(d0 + 2 * HOUR), value: 10.1 },
      { series_id: w.s.input, ts: iso(d0 + 3 * HOUR), value: 10.3 },
      { series_id: w.s.feeder1, ts: iso(d0 + HOUR), value: 5 },
      { series_id: w.s.feeder1, ts: iso(d0 + 2 * HOUR), value: 6.2344 },
      { series_id: w.s.feeder1, ts: iso(d0 + 3 * HOUR), value: 6.2347 },
    ]);
    const energy = async (grain: string) =>
      ok<PowerEnergy>(
        await get(w.zoo, `/api/monitoring/${w.monitoring.uuid}/power/energy/`, { from: iso(d0), to: iso(m), grain }),
      ).sites[0]?.meters.map((x) => [x.name, x.kwh.filter((v) => v !== 0)]);
    expect(await energy("day")).toEqual([
      ["Ввод", [0.3]],
      ["Коровник", [1.235]],
      ["Доильный зал", []],
    ]);
    expect(await energy("hour")).toEqual([
      ["Ввод", [0.1, 0.2]],
      ["Коровник", [1.234]],
      ["Доильный зал", []],
    ]);
  });

  it("answers each meter's daily kWh of a range, 0 on a day without a rollup, the same after a rebuild", async () => {
    const w = await world();
    const m = novosibirskMidnight(Date.now());
    const DAY = 24 * HOUR;
    // Three local days before today, each from 17:00Z (Novosibirsk midnight).
    const d0 = m - 3 * DAY;
    const d1 = m - 2 * DAY;
    const d2 = m - DAY;
    await ingest(w.databaseId, [
      // The input, read every day (a rollup for every bucket): 0 + (130 − 100) = 30;
      // (150 − 130) + (175 − 150) = 45; (200 − 175) + (240 − 200) = 65.
      { series_id: w.s.input, ts: iso(d0 + HOUR), value: 100 },
      { series_id: w.s.input, ts: iso(d0 + 13 * HOUR), value: 130 },
      { series_id: w.s.input, ts: iso(d1 + HOUR), value: 150 },
      { series_id: w.s.input, ts: iso(d1 + 12 * HOUR), value: 175 },
      { series_id: w.s.input, ts: iso(d2 + 2 * HOUR), value: 200 },
      { series_id: w.s.input, ts: iso(d2 + 20 * HOUR), value: 240 },
      // Feeder 1, nothing read on the middle day: 22 − 10 = 12; 0; the gap's 40 − 22 = 18 on the
      // day of the reading that ends it.
      { series_id: w.s.feeder1, ts: iso(d0 + 2 * HOUR), value: 10 },
      { series_id: w.s.feeder1, ts: iso(d0 + 10 * HOUR), value: 22 },
      { series_id: w.s.feeder1, ts: iso(d2 + 5 * HOUR), value: 40 },
      // Feeder 2: nothing at all.
    ]);
    const daily = async () =>
      ok<PowerEnergy>(
        await get(w.zoo, `/api/monitoring/${w.monitoring.uuid}/power/energy/`, {
          from: iso(d0),
          to: iso(m),
          grain: "day",
        }),
      ).sites[0];
    const expected = [
      ["Ввод", [30, 45, 65]],
      ["Коровник", [12, 0, 18]],
      ["Доильный зал", [0, 0, 0]],
    ];
    const kept = await daily();
    expect(kept?.buckets).toEqual([iso(d0), iso(d1), iso(d2)]);
    expect(kept?.meters.map((x) => [x.name, x.kwh])).toEqual(expected);
    // Which of those zeros are days nothing was read (no data, not 0 kWh): the feeder's middle day,
    // every day of the second feeder.
    expect(kept?.meters.map((x) => [x.name, x.missing])).toEqual([
      ["Ввод", []],
      ["Коровник", [1]],
      ["Доильный зал", [0, 1, 2]],
    ]);

    await rebuildRollups(t.database.db, w.databaseId);
    expect((await daily())?.meters.map((x) => [x.name, x.kwh])).toEqual(expected);

    // The site moved to Moscow's clock and its rollups not yet rebuilt: the range's buckets are
    // Moscow's midnights (21:00Z, 4 hours after Novosibirsk's; the range starts on the evening of
    // the Moscow day before), which no rollup starts at: 0 everywhere, until the rebuild.
    await t.database.db
      .update(monitoringSites)
      .set({ timeZone: "Europe/Moscow" })
      .where(eq(monitoringSites.databaseId, w.databaseId));
    const moscow = await daily();
    expect(moscow?.buckets).toEqual([iso(d0 - 20 * HOUR), iso(d0 + 4 * HOUR), iso(d1 + 4 * HOUR), iso(d2 + 4 * HOUR)]);
    expect(moscow?.meters.map((x) => x.kwh)).toEqual([
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
  });
});
