import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { type Db, queryRows } from "../../db/client.ts";
import { monitoringSeries } from "../../db/schema/index.ts";
import { ingestReadings } from "./ingest.ts";
import { addSite, monitoringWorld } from "./monitoring.test-kit.ts";
import { dropExpiredReadings, keptSince } from "./retention.ts";

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString().slice(0, 10));

describe("keptSince", () => {
  it("keeps the current UTC month and `months` whole months before it", () => {
    expect(iso(keptSince(1, Date.parse("2026-03-15T12:00:00Z")))).toBe("2026-02-01");
    expect(iso(keptSince(2, Date.parse("2026-01-01T00:00:00Z")))).toBe("2025-11-01");
    expect(iso(keptSince(24, Date.parse("2026-11-27T08:00:00Z")))).toBe("2024-11-01");
    expect(keptSince(undefined)).toBeUndefined();
  });

  it("is always a first of a month at 00:00Z, `months` calendar months back", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2001, 0, 1), max: Date.UTC(2099, 0, 1) }),
        fc.integer({ min: 1, max: 240 }),
        (now, months) => {
          const since = new Date(keptSince(months, now) as number);
          const at = new Date(now);
          expect(since.getUTCDate()).toBe(1);
          expect(since.getTime() % 86_400_000).toBe(0);
          const diff = (at.getUTCFullYear() - since.getUTCFullYear()) * 12 + at.getUTCMonth() - since.getUTCMonth();
          expect(diff).toBe(months);
        },
      ),
    );
  });
});

describe("dropExpiredReadings and ingestion with a retention window", () => {
  let db: Db;
  let databaseId: number;
  let meter: number;
  const NOW = Date.parse("2026-04-10T00:00:00Z");

  beforeEach(async () => {
    const world = await monitoringWorld(["Датчики"]);
    db = world.db;
    databaseId = world.databaseIds[0] as number;
    const site = await addSite(db, databaseId, "Europe/Moscow");
    const [row] = await db
      .insert(monitoringSeries)
      .values({ databaseId, siteId: site.id, kind: "energy", name: "Счётчик", unit: "кВт·ч" })
      .returning({ id: monitoringSeries.id });
    meter = row?.id as number;
  });

  const count = async (table: "monitoring_readings" | "monitoring_rollups") =>
    (
      await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where database_id = ${databaseId}::int`,
      )
    )[0]?.n;

  it("drops whole months before the window and keeps their rollups", async () => {
    await ingestReadings(
      db,
      databaseId,
      [
        { series_id: meter, ts: "2026-01-20T10:00:00Z", value: 100 },
        { series_id: meter, ts: "2026-02-20T10:00:00Z", value: 150 },
        { series_id: meter, ts: "2026-03-20T10:00:00Z", value: 190 },
      ],
      NOW,
    );
    const rollups = await count("monitoring_rollups");
    // On 10 April with 2 months kept: February, March and April stay; January goes.
    const dropped = await dropExpiredReadings(db, 2, NOW);
    expect(dropped).toContain("monitoring_readings_p2026_01");
    expect(dropped).toContain("monitoring_state_readings_p2026_01");
    expect(dropped.some((name) => name.endsWith("2026_02"))).toBe(false);
    expect(await count("monitoring_readings")).toBe(2);
    expect(await count("monitoring_rollups")).toBe(rollups);
    // Again: nothing more to drop.
    expect(await dropExpiredReadings(db, 2, NOW)).toEqual([]);
  });

  it("makes a dropped month's partition again for a reading a server without a window takes", async () => {
    // The first batch makes (and this process remembers) January's partition; retention drops it.
    await ingestReadings(db, databaseId, [{ series_id: meter, ts: "2026-01-20T10:00:00Z", value: 100 }], NOW);
    expect(await dropExpiredReadings(db, 2, NOW)).toContain("monitoring_readings_p2026_01");
    // A server with no window (retentionMonths unset) takes a January reading again.
    const result = await ingestReadings(
      db,
      databaseId,
      [{ series_id: meter, ts: "2026-01-21T10:00:00Z", value: 120 }],
      NOW,
    );
    expect(result).toEqual({ accepted: 1, rejected: [] });
    expect(await count("monitoring_readings")).toBe(1);
  });

  it("refuses a reading older than the window by index and takes the others", async () => {
    const result = await ingestReadings(
      db,
      databaseId,
      [
        { series_id: meter, ts: "2026-01-31T23:00:00Z", value: 100 },
        { series_id: meter, ts: "2026-02-01T00:00:00Z", value: 110 },
      ],
      NOW,
      { retentionMonths: 2 },
    );
    expect(result).toEqual({
      accepted: 1,
      rejected: [{ index: 0, message: "Показание старше срока хранения: принимаются показания с 2026-02-01" }],
    });
  });
});
