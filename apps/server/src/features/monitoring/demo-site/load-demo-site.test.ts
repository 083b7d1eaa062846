import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Db, queryRows } from "../../../db/client.ts";
import { monitoringWorld } from "../monitoring.test-kit.ts";
import { DEMO_SITE_PARAMS } from "./demo-site-params.ts";
import { demoReadings, FEEDERS } from "./generate-demo-site.ts";
import { type LoadedDemoSite, loadDemoSite } from "./load-demo-site.ts";

// A week of the demo site (15-minute steps, local Monday 6 July to Monday 13 July 2026, Europe/
// Moscow = UTC+3) loaded through ingestReadings; the checks read the rollups it built.

const WEEK = { seed: 42, from: "2026-07-06T00:00:00+03:00", to: "2026-07-13T00:00:00+03:00" };

let db: Db;
let databaseId: number;
let site: LoadedDemoSite;

beforeAll(async () => {
  const world = await monitoringWorld(["Мониторинг"]);
  db = world.db;
  databaseId = world.databaseIds[0] as number;
  site = await loadDemoSite(db, databaseId, WEEK);
}, 120_000);

const id = (key: string) => {
  const seriesId = site.seriesIds[key];
  if (seriesId === undefined) throw new Error(`no series ${key}`);
  return seriesId;
};

/** Daily kWh of a series by local day (yyyy-mm-dd in Moscow). */
async function dailyKwh(key: string): Promise<Map<string, number>> {
  const rows = await queryRows<{ day: string; kwh: number }>(
    db,
    sql`select to_char(bucket at time zone 'Europe/Moscow', 'YYYY-MM-DD') as day, kwh
        from monitoring_rollups
        where database_id = ${databaseId}::int and series_id = ${id(key)}::bigint and grain = 'day'
        order by bucket`,
  );
  return new Map(rows.map((r) => [r.day, Number(r.kwh)]));
}

describe("loadDemoSite: a week", () => {
  it("stores every generated row", async () => {
    let generated = 0;
    for (const _ of demoReadings(WEEK)) generated++;
    expect(site.rows).toBe(generated);
    const [numeric] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from monitoring_readings where database_id = ${databaseId}::int`,
    );
    const [states] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from monitoring_state_readings where database_id = ${databaseId}::int`,
    );
    expect((numeric?.n ?? 0) + (states?.n ?? 0)).toBe(generated);
  });

  it("loses 3–8 % of the input between the input meter and the feeders every day", async () => {
    const input = await dailyKwh("input.energy");
    const feeders = await Promise.all(FEEDERS.map((f) => dailyKwh(`feeder.${f}`)));
    expect([...input.keys()]).toHaveLength(7);
    for (const [day, kwh] of input) {
      const fed = feeders.reduce((sum, f) => sum + (f.get(day) ?? Number.NaN), 0);
      const share = (kwh - fed) / kwh;
      expect(share, day).toBeGreaterThan(0.03);
      expect(share, day).toBeLessThan(0.08);
    }
  });

  it("uses more on the milking feeder in the morning and evening milking hours than at night", async () => {
    const rows = await queryRows<{ hour: number; kwh: number }>(
      db,
      sql`select extract(hour from bucket at time zone 'Europe/Moscow')::int as hour, avg(kwh) as kwh
          from monitoring_rollups
          where database_id = ${databaseId}::int and series_id = ${id("feeder.milking")}::bigint and grain = 'hour'
          group by 1`,
    );
    const at = (h: number) => Number(rows.find((r) => r.hour === h)?.kwh ?? Number.NaN);
    const night = Math.max(at(0), at(1), at(3), at(4));
    for (const h of [6, 7, 17, 18]) expect(at(h), `hour ${h}`).toBeGreaterThan(1.5 * night);
  });

  it("counts the «other» feeder's wrap at 100000 kWh: no negative day, and the week's energy as metered", async () => {
    const daily = await dailyKwh("feeder.other");
    for (const [day, kwh] of daily) expect(kwh, day).toBeGreaterThanOrEqual(0);
    // The register starts at 99,600 kWh (params) and the feeder draws about 15 kW, some 2,500 kWh
    // a week: it passes 100,000 once, early in the week, and ends near 2,100. The energy it metered
    // is then (100,000 − first) + last, where first and last are its first and last readings.
    const values: number[] = [];
    for (const row of demoReadings(WEEK))
      if (row.series === "feeder.other" && row.value !== undefined) values.push(row.value);
    const first = values[0] ?? Number.NaN;
    const last = values[values.length - 1] ?? Number.NaN;
    expect(first).toBe(DEMO_SITE_PARAMS.substation.feederStartKwh.other);
    expect(last).toBeLessThan(first);
    const metered = DEMO_SITE_PARAMS.substation.feederRollover - first + last;
    const total = [...daily.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(metered, 4);
  });
});
