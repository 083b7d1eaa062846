import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { type Db, queryRows } from "../../db/client.ts";
import { monitoringRollupRebuilds, monitoringSeries, monitoringSites } from "../../db/schema/index.ts";
import { rebuildPendingRollups, rebuildRollups } from "../../platform/rollups-rebuild.ts";
import { ingestReadings } from "./ingest.ts";
import { addSite, monitoringWorld } from "./monitoring.test-kit.ts";

// The one-pass rebuild gives exactly the rollups that batch-by-batch ingestion kept current, and
// moves the buckets when the site's time zone changes.

const NOW = Date.parse("2026-04-01T00:00:00Z");
let db: Db;
let databaseId: number;
let siteId: number;
let meter: number;
let wrapped: number;
let temp: number;

beforeEach(async () => {
  const world = await monitoringWorld(["Датчики"]);
  db = world.db;
  databaseId = world.databaseIds[0] as number;
  const site = await addSite(db, databaseId, "Asia/Novosibirsk");
  siteId = site.id;
  const rows = await db
    .insert(monitoringSeries)
    .values([
      { databaseId, siteId, kind: "energy", name: "Счётчик коровника", unit: "кВт·ч" },
      { databaseId, siteId, kind: "energy", name: "Счётчик ввода", unit: "кВт·ч", rollover: 1000 },
      { databaseId, siteId, kind: "sensor", name: "Температура", unit: "°C" },
    ])
    .returning({ id: monitoringSeries.id });
  [meter, wrapped, temp] = rows.map((r) => r.id) as [number, number, number];
});

const allRollups = () =>
  queryRows<Record<string, unknown>>(
    db,
    sql`select series_id::int, grain, to_char(bucket at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as bucket,
          count, min, max, sum, kwh
        from monitoring_rollups where database_id = ${databaseId}::int order by 1, 2, 3`,
  );

describe("rebuildRollups", () => {
  it("equals the rollups kept by ingestion, with late readings, a reset and a wrap", async () => {
    // Three batches, the second and third going back in time.
    await ingestReadings(
      db,
      databaseId,
      [
        { series_id: meter, ts: "2026-03-10T16:30:00Z", value: 100 },
        { series_id: meter, ts: "2026-03-11T02:00:00Z", value: 140 },
        { series_id: wrapped, ts: "2026-03-10T20:00:00Z", value: 990 },
        { series_id: temp, ts: "2026-03-10T16:10:00Z", value: 4.5 },
      ],
      NOW,
    );
    await ingestReadings(
      db,
      databaseId,
      [
        { series_id: meter, ts: "2026-03-10T18:00:00Z", value: 120 }, // late: splits an interval
        { series_id: meter, ts: "2026-03-11T03:00:00Z", value: 6 }, // reset
        { series_id: wrapped, ts: "2026-03-10T21:00:00Z", value: 15 }, // wraps at 1000
        { series_id: temp, ts: "2026-03-10T17:10:00Z", value: 5.5 },
      ],
      NOW,
    );
    await ingestReadings(db, databaseId, [{ series_id: temp, ts: "2026-03-10T16:40:00Z", value: 3.5 }], NOW);
    const kept = await allRollups();
    expect(kept.length).toBeGreaterThan(0);

    await rebuildRollups(db, databaseId);
    expect(await allRollups()).toEqual(kept);
    // A hand check of the wrap: 0 + (1000 − 990) + 15 = 25 kWh on local 11 March (from 17:00Z of 10 March).
    const day = (await allRollups()).filter((r) => r.series_id === wrapped && r.grain === "day");
    expect(day).toEqual([expect.objectContaining({ bucket: "2026-03-10T17:00Z", kwh: 25 })]);
  });

  it("moves the day buckets to the new local midnight after the site's time zone changes", async () => {
    await ingestReadings(
      db,
      databaseId,
      [
        { series_id: meter, ts: "2026-03-10T16:30:00Z", value: 100 }, // Novosibirsk 23:30 10 March; Moscow 19:30
        { series_id: meter, ts: "2026-03-10T18:00:00Z", value: 130 }, // Novosibirsk 01:00 11 March; Moscow 21:00
      ],
      NOW,
    );
    const days = async () =>
      (await allRollups()).filter((r) => r.grain === "day").map((r) => [r.bucket, r.kwh, r.count]);
    expect(await days()).toEqual([
      ["2026-03-09T17:00Z", 0, 1],
      ["2026-03-10T17:00Z", 30, 1],
    ]);
    await db.update(monitoringSites).set({ timeZone: "Europe/Moscow" }).where(eq(monitoringSites.id, siteId));
    await rebuildRollups(db, databaseId, [meter]);
    // Moscow's 10 March runs from 21:00Z of 9 March: both readings fall in it, 30 kWh.
    expect(await days()).toEqual([["2026-03-09T21:00Z", 30, 2]]);
  });

  describe("after retention, and when a migration asks", () => {
    // A meter read every hour from local 00:00 of 10 March (Novosibirsk, UTC+7) to 23:00 of 12
    // March, value = hours since the first: an interval's kWh lands in the day its end falls in
    // approached from before — 10 March ends with the reading at 00:00 of 11 March: 24 kWh (1–24),
    // 11 March 24 (25–48), 12 March 23 (49–71).
    const FIRST = Date.parse("2026-03-09T17:00:00Z");
    const dayKwh = async () =>
      (await allRollups()).filter((r) => r.series_id === meter && r.grain === "day").map((r) => [r.bucket, r.kwh]);
    const setDayKwh = (bucket: string, kwh: number) =>
      db.execute(sql`update monitoring_rollups set kwh = ${kwh} where database_id = ${databaseId}::int
        and series_id = ${meter}::bigint and grain = 'day' and bucket = ${bucket}::timestamptz`);

    beforeEach(async () => {
      const readings = Array.from({ length: 72 }, (_, i) => ({
        series_id: meter,
        ts: new Date(FIRST + i * 3_600_000).toISOString(),
        value: i,
      }));
      await ingestReadings(db, databaseId, readings, NOW);
      expect(await dayKwh()).toEqual([
        ["2026-03-09T17:00Z", 24],
        ["2026-03-10T17:00Z", 24],
        ["2026-03-11T17:00Z", 23],
      ]);
    });

    it("keeps the rollups of days whose readings retention deleted, and the first kept day, partly gone", async () => {
      // Retention took the readings before local noon of 11 March; the days' rollups marked to see
      // which are computed again.
      await db.execute(sql`delete from monitoring_readings where database_id = ${databaseId}::int
        and ts < '2026-03-11T05:00:00Z'::timestamptz`);
      await setDayKwh("2026-03-09T17:00Z", 999);
      await setDayKwh("2026-03-10T17:00Z", 777);
      await setDayKwh("2026-03-11T17:00Z", 888);
      await rebuildRollups(db, databaseId);
      expect(await dayKwh()).toEqual([
        ["2026-03-09T17:00Z", 999],
        ["2026-03-10T17:00Z", 777],
        ["2026-03-11T17:00Z", 23],
      ]);
    });

    it("rebuilds at start the databases a migration listed, once", async () => {
      await db.insert(monitoringRollupRebuilds).values({ databaseId });
      await setDayKwh("2026-03-11T17:00Z", 888);
      expect(await rebuildPendingRollups(db)).toEqual([databaseId]);
      expect((await dayKwh()).at(-1)).toEqual(["2026-03-11T17:00Z", 23]);
      expect(await db.select().from(monitoringRollupRebuilds)).toEqual([]);
      expect(await rebuildPendingRollups(db)).toEqual([]);
    });
  });
});
