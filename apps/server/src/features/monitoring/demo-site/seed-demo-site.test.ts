import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Db, queryRows } from "../../../db/client.ts";
import { monitoringWorld } from "../monitoring.test-kit.ts";
import { seedDemoSite } from "./seed-demo-site.ts";

// The first start loads the demo site's last days; a later start, or the quarter-hourly top-up,
// tops it up to now, and the result is the same as having loaded the whole span at once: the
// registers go on, no reset.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const T0 = Date.parse("2026-07-06T00:00:00Z");

const snapshot = (db: Db, databaseId: number) =>
  queryRows<Record<string, unknown>>(
    db,
    // By device and series name (two tanks' compressors share a series name; their order was the
    // rows' order on disk, which differs between a load in one go and one topped up).
    sql`select d.name as device, s.name, r.grain, to_char(r.bucket at time zone 'UTC', 'YYYY-MM-DD HH24') as bucket,
          r.count, r.min, r.max, round(r.sum::numeric, 6)::float8 as sum, round(r.kwh::numeric, 6)::float8 as kwh
        from monitoring_rollups r join monitoring_series s on s.database_id = r.database_id and s.id = r.series_id
        left join monitoring_devices d on d.database_id = s.database_id and d.id = s.device_id
        where r.database_id = ${databaseId}::int order by 1, 2, 3, 4`,
  );

describe("seedDemoSite", () => {
  it("loads the last days once, then tops up to now exactly as one load of the whole span", async () => {
    const { db, databaseIds } = await monitoringWorld(["Демо A", "Демо B", "Демо C"]);
    const [a, b, c] = databaseIds as [number, number, number];

    const first = await seedDemoSite(db, a, T0 + 2 * DAY, 1);
    expect(first.state).toBe("loaded");
    expect(first.rows).toBeGreaterThan(0);
    expect((await seedDemoSite(db, a, T0 + 2 * DAY, 1)).state).toBe("current");
    const later = await seedDemoSite(db, a, T0 + 3 * DAY, 1);
    expect(later.state).toBe("topped-up");
    // A day of 15-minute steps more: as many numeric rows as the first day's (every numeric
    // series reports every step), the state channels only on a change.
    expect(later.rows).toBeGreaterThan(first.rows * 0.8);

    await seedDemoSite(db, b, T0 + 3 * DAY, 2);
    expect(await snapshot(db, a)).toEqual(await snapshot(db, b));

    // A quarter hour's top-up while the server runs goes through ingestion's own rollups: the same
    // as a load of the whole span (from the same first step) again.
    const step = await seedDemoSite(db, a, T0 + 3 * DAY + HOUR, 1);
    expect(step.state).toBe("topped-up");
    await seedDemoSite(db, c, T0 + 3 * DAY + HOUR, 2 + HOUR / DAY);
    expect(await snapshot(db, a)).toEqual(await snapshot(db, c));
  }, 120_000);
});
