import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { monitoringSeries } from "../../db/schema/index.ts";
import { rebuildRollups } from "../../platform/rollups-rebuild.ts";
import { ingestReadings } from "./ingest.ts";
import { addSite, monitoringWorld, rollupsOf } from "./monitoring.test-kit.ts";
import { meterEnergy, metersNow } from "./power.repository.ts";

// A meter read every 15 minutes exactly on the quarters, on a farm in Asia/Novosibirsk (UTC+7:
// local midnight of 11 March is 10 March 17:00Z), around local midnight. Buckets are [start, next
// start) (HERD.md "Energy"): the interval 16:45Z→17:00Z (23:45→00:00 local) is 10 March's, and each
// hour holds the intervals that end within it or on its end — whichever path wrote the rollups.

const NOW = Date.parse("2026-04-01T00:00:00Z");
const at = (time: string) => `2026-03-10T${time}:00.000Z`;
const QUARTERS = ["15:45", "16:00", "16:15", "16:30", "16:45", "17:00", "17:15", "17:30", "17:45", "18:00", "18:15"];
/** 1000 at 15:45Z, then each interval 1 kWh more than the one before: +1 (ending 16:00Z), +2, … +10 (ending 18:15Z). */
const readings = (meter: number) => {
  let value = 1000;
  return QUARTERS.map((time, i) => {
    value += i;
    return { series_id: meter, ts: at(time), value };
  });
};

// By hand. Hours (local = UTC + 7):
// - 15:00Z (22:00): the reading of 15:45 (the first: it ends no interval); 15:45→16:00, 1 kWh.
// - 16:00Z (23:00): 4 readings (16:00–16:45); the intervals ending 16:15, 16:30, 16:45, 17:00: 2 + 3 + 4 + 5 = 14.
// - 17:00Z (00:00 of 11 March): 4 readings (17:00–17:45); ending 17:15 … 18:00: 6 + 7 + 8 + 9 = 30.
// - 18:00Z (01:00): 2 readings (18:00, 18:15); ending 18:15: 10.
// Days: 10 March (from 9 March 17:00Z) 1 + 14 = 15 kWh, 5 readings; 11 March 30 + 10 = 40, 6 readings.
const sumOf = (from: number, to: number) => {
  const values = readings(0).map((r) => r.value);
  return values.slice(from, to).reduce((a, b) => a + b, 0);
};
const EXPECTED = [
  { grain: "hour", bucket: "2026-03-10T15:00Z", count: 1, min: 1000, max: 1000, sum: 1000, kwh: 1 },
  { grain: "hour", bucket: "2026-03-10T16:00Z", count: 4, min: 1001, max: 1010, sum: sumOf(1, 5), kwh: 14 },
  { grain: "hour", bucket: "2026-03-10T17:00Z", count: 4, min: 1015, max: 1036, sum: sumOf(5, 9), kwh: 30 },
  { grain: "hour", bucket: "2026-03-10T18:00Z", count: 2, min: 1045, max: 1055, sum: 1045 + 1055, kwh: 10 },
  { grain: "day", bucket: "2026-03-09T17:00Z", count: 5, min: 1000, max: 1010, sum: sumOf(0, 5), kwh: 15 },
  { grain: "day", bucket: "2026-03-10T17:00Z", count: 6, min: 1015, max: 1055, sum: sumOf(5, 11), kwh: 40 },
];

let db: Db;
let databaseId: number;
let siteId: number;

beforeAll(async () => {
  const world = await monitoringWorld(["Четверти часа"]);
  db = world.db;
  databaseId = world.databaseIds[0] as number;
  siteId = (await addSite(db, databaseId, "Asia/Novosibirsk")).id;
});

async function addMeter(): Promise<number> {
  const [row] = await db
    .insert(monitoringSeries)
    .values({ databaseId, siteId, kind: "energy", name: "Ввод", unit: "кВт·ч" })
    .returning({ id: monitoringSeries.id });
  return (row as { id: number }).id;
}

async function ingestAll(batches: ReturnType<typeof readings>[]) {
  for (const batch of batches) expect((await ingestReadings(db, databaseId, batch, NOW)).rejected).toEqual([]);
}

describe("a meter read on the quarters around local midnight", () => {
  it("puts 23:45→00:00 in the day before and each interval in the hour it ends in, on every path", async () => {
    const rows = readings(0).map((r) => r.value);
    expect(rows).toEqual([1000, 1001, 1003, 1006, 1010, 1015, 1021, 1028, 1036, 1045, 1055]);
    // One batch (the append path from nothing); two in time order, the second starting with the
    // reading of local midnight (the append path: its interval goes to the stored 23:00 hour and
    // 10 March, its figures to a new hour and day); out of order (the recomputing path).
    const oneBatch = await addMeter();
    await ingestAll([readings(oneBatch)]);
    const inOrder = await addMeter();
    await ingestAll([readings(inOrder).slice(0, 5), readings(inOrder).slice(5)]);
    const backwards = await addMeter();
    await ingestAll([readings(backwards).slice(5), readings(backwards).slice(0, 5), readings(backwards).slice(2, 3)]);
    for (const meter of [oneBatch, inOrder, backwards])
      expect(await rollupsOf(db, databaseId, [meter])).toEqual(EXPECTED);
    await rebuildRollups(db, databaseId);
    for (const meter of [oneBatch, inOrder, backwards])
      expect(await rollupsOf(db, databaseId, [meter])).toEqual(EXPECTED);

    // What the pages show: kWh of the local days and hours, today and yesterday at 01:30 local.
    const days = await meterEnergy(db, databaseId, "day", "2026-03-09T17:00:00Z", "2026-03-11T17:00:00Z");
    expect(days.meters.map((m) => JSON.parse(m.kwh))).toEqual([
      [15, 40],
      [15, 40],
      [15, 40],
    ]);
    const hours = await meterEnergy(db, databaseId, "hour", at("15:00"), at("19:00"));
    expect(JSON.parse(hours.meters[0]?.kwh ?? "")).toEqual([1, 14, 30, 10]);
    const now = await metersNow(db, databaseId, at("18:30"));
    expect(now.map((m) => [m.kwh_yesterday, m.kwh_today])).toEqual([
      [15, 40],
      [15, 40],
      [15, 40],
    ]);
  });

  it("gives the hour before a reading on the hour the energy of a gap it ends, with no reading of its own", async () => {
    // Read at 05:00Z and next at 08:00Z: the 30 kWh are the 07:00 hour's, which holds no reading.
    const meter = await addMeter();
    await ingestAll([
      [{ series_id: meter, ts: at("05:00"), value: 10 }],
      [{ series_id: meter, ts: at("08:00"), value: 40 }],
    ]);
    const hours = (await rollupsOf(db, databaseId, [meter], "hour")).map((r) => [r.bucket, r.count, r.kwh]);
    expect(hours).toEqual([
      ["2026-03-10T05:00Z", 1, 0],
      ["2026-03-10T07:00Z", 0, 30],
      ["2026-03-10T08:00Z", 1, 0],
    ]);
    expect(await rollupsOf(db, databaseId, [meter], "day")).toEqual([
      { grain: "day", bucket: "2026-03-09T17:00Z", count: 2, min: 10, max: 40, sum: 50, kwh: 30 },
    ]);
  });
});
