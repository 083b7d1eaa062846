import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { monitoringSeries } from "../../db/schema/index.ts";
import { ingestReadings } from "./ingest.ts";
import { addSite, monitoringWorld, rollupsOf } from "./monitoring.test-kit.ts";
import { appendedSeries } from "./rollups-append.ts";

// The append path (rollups-append.ts): a batch that follows a series' stored readings is added to
// the stored hour and day by hand-checkable sums; anything else takes the recomputing path.

const NOW = Date.parse("2026-04-01T00:00:00Z");
const at = (time: string) => `2026-03-10T${time}:00.000Z`;

let db: Db;
let databaseId: number;
let siteId: number;

beforeAll(async () => {
  const world = await monitoringWorld(["Дозапись"]);
  db = world.db;
  databaseId = world.databaseIds[0] as number;
  // Novosibirsk, UTC+7: 10:00Z–11:59Z are 17:00–18:59 of 10 March, local; the day starts 9 March 17:00Z.
  siteId = (await addSite(db, databaseId, "Asia/Novosibirsk")).id;
});

async function addSeries(kind: "energy" | "sensor"): Promise<number> {
  const [row] = await db
    .insert(monitoringSeries)
    .values({ databaseId, siteId, kind, name: kind === "energy" ? "Счётчик" : "Температура", unit: "ед." })
    .returning({ id: monitoringSeries.id });
  return (row as { id: number }).id;
}

const rollupsOfSeries = (seriesId: number) => rollupsOf(db, databaseId, [seriesId]);

const numeric = (seriesId: number, ts: string, value: number) => ({
  seriesId,
  ts,
  ms: Date.parse(ts),
  value,
});

/** appendedSeries in its own transaction, as ingestion calls it. */
const appendedOf = (readings: ReturnType<typeof numeric>[]) =>
  db.transaction((tx) => appendedSeries(tx, databaseId, readings));

describe("the append path", () => {
  it("adds a batch that follows the stored readings to the stored hour and day", async () => {
    const meter = await addSeries("energy");
    const sensor = await addSeries("sensor");
    await ingestReadings(
      db,
      databaseId,
      [
        { series_id: meter, ts: at("10:00"), value: 100 },
        { series_id: meter, ts: at("10:20"), value: 104 },
        { series_id: sensor, ts: at("10:00"), value: 5 },
        { series_id: sensor, ts: at("10:30"), value: -3 },
      ],
      NOW,
    );
    const next = [numeric(meter, at("10:40"), 110), numeric(meter, at("11:10"), 120), numeric(sensor, at("10:45"), 7)];
    expect(await appendedOf(next)).toEqual(
      new Map([
        [meter, { ms: Date.parse(at("10:20")), value: 104 }],
        [sensor, { ms: Date.parse(at("10:30")), value: -3 }],
      ]),
    );
    const { rejected } = await ingestReadings(
      db,
      databaseId,
      next.map((r) => ({ series_id: r.seriesId, ts: r.ts, value: r.value })),
      NOW,
    );
    expect(rejected).toEqual([]);
    // By hand: the meter's 10:00 brings 0 (its first reading), 10:20 4, 10:40 6 (from 104, the
    // stored reading before the batch) — hour 10:00Z 10 kWh of 3 readings; 11:10 10. The day: 20.
    expect(await rollupsOfSeries(meter)).toEqual([
      { grain: "hour", bucket: "2026-03-10T10:00Z", count: 3, min: 100, max: 110, sum: 314, kwh: 10 },
      { grain: "hour", bucket: "2026-03-10T11:00Z", count: 1, min: 120, max: 120, sum: 120, kwh: 10 },
      { grain: "day", bucket: "2026-03-09T17:00Z", count: 4, min: 100, max: 120, sum: 434, kwh: 20 },
    ]);
    // A sensor has no kWh: 5, −3 and 7 in one hour.
    expect(await rollupsOfSeries(sensor)).toEqual([
      { grain: "hour", bucket: "2026-03-10T10:00Z", count: 3, min: -3, max: 7, sum: 9, kwh: null },
      { grain: "day", bucket: "2026-03-09T17:00Z", count: 3, min: -3, max: 7, sum: 9, kwh: null },
    ]);
  });

  it("takes a series with no readings yet, and not a batch reaching back to a stored reading", async () => {
    const meter = await addSeries("energy");
    const fresh = await addSeries("energy");
    await ingestReadings(db, databaseId, [{ series_id: meter, ts: at("10:20"), value: 104 }], NOW);
    const appended = await appendedOf([
      numeric(meter, at("10:20"), 105), // the stored instant itself: a correction
      numeric(meter, at("10:40"), 110),
      numeric(fresh, at("09:00"), 1),
    ]);
    expect(appended).toEqual(new Map([[fresh, null]]));
    expect(await appendedOf([numeric(meter, at("10:19"), 103)])).toEqual(new Map());
  });

  it("sends a series whose rollups outlive its readings (a month dropped by retention) the long way", async () => {
    // The readings of 18:00Z and 19:00Z on 9 March are gone, their hours and day (10 March,
    // local) kept; a reading of 10 March 02:00Z falls in that same local day.
    const meter = await addSeries("energy");
    await ingestReadings(
      db,
      databaseId,
      [
        { series_id: meter, ts: "2026-03-09T18:00:00.000Z", value: 100 },
        { series_id: meter, ts: "2026-03-09T19:00:00.000Z", value: 110 },
      ],
      NOW,
    );
    await db.execute(
      sql`delete from monitoring_readings where database_id = ${databaseId}::int and series_id = ${meter}::bigint`,
    );
    expect(await appendedOf([numeric(meter, "2026-03-10T02:00:00.000Z", 130)])).toEqual(new Map());
    const { rejected } = await ingestReadings(
      db,
      databaseId,
      [{ series_id: meter, ts: "2026-03-10T02:00:00.000Z", value: 130 }],
      NOW,
    );
    expect(rejected).toEqual([]);
    // The new reading is the series' first now (0 kWh); the kept hours stay (18:00→19:00 is the
    // 18:00 hour's: it ends on 19:00 exactly), and the day sums them all.
    expect(await rollupsOfSeries(meter)).toEqual([
      { grain: "hour", bucket: "2026-03-09T18:00Z", count: 1, min: 100, max: 100, sum: 100, kwh: 10 },
      { grain: "hour", bucket: "2026-03-09T19:00Z", count: 1, min: 110, max: 110, sum: 110, kwh: 0 },
      { grain: "hour", bucket: "2026-03-10T02:00Z", count: 1, min: 130, max: 130, sum: 130, kwh: 0 },
      { grain: "day", bucket: "2026-03-09T17:00Z", count: 3, min: 100, max: 130, sum: 340, kwh: 10 },
    ]);
  });
});
