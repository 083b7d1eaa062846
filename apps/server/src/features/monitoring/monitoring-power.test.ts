import type { PowerEnergy, PowerOverview } from "@nadoy/contract/monitoring";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
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
