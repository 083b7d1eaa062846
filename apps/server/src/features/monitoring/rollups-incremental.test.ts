import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { monitoringSeries } from "../../db/schema/index.ts";
import { rebuildRollups } from "../../platform/rollups-rebuild.ts";
import { ingestReadings } from "./ingest.ts";
import { addSite, monitoringWorld, rollupsOf } from "./monitoring.test-kit.ts";
import { readingRuns } from "./rollups.ts";

// Batch by batch, ingestion recomputes only the hours and days its readings touch (rollups.ts):
// whatever the batches — out of time order, late, repeated, with gaps, resets and wraps, in a zone
// with daylight saving or a half-hour offset — the rollups it leaves must be exactly the ones a
// rebuild from all the readings gives (rollups-rebuild.ts, one pass in time order).

const NOW = Date.parse("2026-04-01T00:00:00Z");
/** 27 March 2026 00:00Z: three days from here hold Europe/Berlin's 23-hour 29 March. */
const BASE = Date.parse("2026-03-27T00:00:00Z");
const MINUTE = 60_000;

let db: Db;
let databaseId: number;
const sites: number[] = [];

beforeAll(async () => {
  const world = await monitoringWorld(["Счётчики"]);
  db = world.db;
  databaseId = world.databaseIds[0] as number;
  for (const zone of ["Europe/Berlin", "Asia/Kolkata", "Asia/Novosibirsk"])
    sites.push((await addSite(db, databaseId, zone)).id);
});

const rollupsOfSeries = (seriesIds: readonly number[]) => rollupsOf(db, databaseId, seriesIds);

/**
 * A reading: which of the run's two series, minutes after BASE, and an integer value (sums stay
 * exact). Half the minutes are on the half hour, so many readings fall exactly on an hour and on a
 * local midnight of each zone (Berlin 23:00Z or 22:00Z, Kolkata 18:30Z, Novosibirsk 17:00Z): the
 * interval such a reading ends is the bucket before's.
 */
const readingArb = fc.record({
  energy: fc.boolean(),
  minute: fc.oneof(
    fc.integer({ min: 0, max: 3 * 24 * 6 - 1 }).map((n) => n * 10),
    fc.integer({ min: 0, max: 3 * 24 * 2 - 1 }).map((n) => n * 30),
  ),
  value: fc.integer({ min: 0, max: 1200 }),
});

describe("refreshRollups, batch by batch", () => {
  it("leaves the rollups a rebuild from all the readings gives", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2 }),
        fc.boolean(),
        fc.array(readingArb, { minLength: 1, maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 3 }),
        // In time order, as a gateway sends them: batch after batch takes the append path
        // (rollups-append.ts), but where a batch starts at the minute the last one ended.
        fc.boolean(),
        async (siteIndex, wraps, readings, cuts, inTimeOrder) => {
          const siteId = sites[siteIndex] as number;
          const [energy, sensor] = (
            await db
              .insert(monitoringSeries)
              .values([
                { databaseId, siteId, kind: "energy", name: "Счётчик", unit: "кВт·ч", rollover: wraps ? 1000 : null },
                { databaseId, siteId, kind: "sensor", name: "Температура", unit: "°C" },
              ])
              .returning({ id: monitoringSeries.id })
          ).map((r) => r.id) as [number, number];
          const sent = inTimeOrder ? [...readings].sort((a, b) => a.minute - b.minute) : readings;
          const rows = sent.map((r) => ({
            series_id: r.energy ? energy : sensor,
            ts: new Date(BASE + r.minute * MINUTE).toISOString(),
            // A wrapping register never shows its rollover value or more; a sensor goes below zero.
            value: r.energy ? (wraps ? r.value % 1000 : r.value) : r.value - 200,
          }));
          const bounds = [...new Set(cuts.map((c) => c % rows.length))].sort((a, b) => a - b);
          let from = 0;
          for (const to of [...bounds, rows.length]) {
            const batch = rows.slice(from, to);
            from = to;
            if (batch.length === 0) continue;
            const { rejected } = await ingestReadings(db, databaseId, batch, NOW);
            expect(rejected).toEqual([]);
          }
          const kept = await rollupsOfSeries([energy, sensor]);
          await rebuildRollups(db, databaseId, [energy, sensor]);
          expect(kept).toEqual(await rollupsOfSeries([energy, sensor]));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("recomputes a span once when an energy run's next reading opens the next run", async () => {
    // One batch, two runs of a meter (10:00–11:00 and 12:45, more than an hour apart), and a stored
    // reading at 12:15 between them: the first run's span reaches through 12:15's hour, which is
    // the second run's: the spans overlap, and each reading must still be counted once.
    const [meter] = (
      await db
        .insert(monitoringSeries)
        .values({ databaseId, siteId: sites[2] as number, kind: "energy", name: "Ввод", unit: "кВт·ч" })
        .returning({ id: monitoringSeries.id })
    ).map((r) => r.id) as [number];
    const at = (time: string) => `2026-03-10T${time}:00Z`;
    await ingestReadings(db, databaseId, [{ series_id: meter, ts: at("12:15"), value: 130 }], NOW);
    await ingestReadings(
      db,
      databaseId,
      [
        { series_id: meter, ts: at("10:00"), value: 100 },
        { series_id: meter, ts: at("11:00"), value: 110 },
        { series_id: meter, ts: at("12:45"), value: 150 },
      ],
      NOW,
    );
    // By hand (Novosibirsk, UTC+7: these hours are 17:00–19:59 local of 10 March): 10:00 ends no
    // interval (the first reading), 10:00→11:00 10 kWh in the 10:00 hour (it ends on 11:00 exactly,
    // the 11:00 hour then holds 0), 11:00→12:15 20 and 12:15→12:45 20 in the 12:00 hour — the day
    // 50 kWh, 4 readings.
    const hours = (await rollupsOfSeries([meter])).filter((r) => r.grain === "hour").map((r) => [r.bucket, r.kwh]);
    expect(hours).toEqual([
      ["2026-03-10T10:00Z", 10],
      ["2026-03-10T11:00Z", 0],
      ["2026-03-10T12:00Z", 40],
    ]);
    const day = (await rollupsOfSeries([meter])).filter((r) => r.grain === "day");
    expect(day).toEqual([expect.objectContaining({ bucket: "2026-03-09T17:00Z", count: 4, kwh: 50 })]);
  });
});

describe("readingRuns", () => {
  it("splits a series' readings where more than an hour passes, in time order", () => {
    const t = (time: string) => Date.parse(`2026-03-10T${time}:00Z`);
    const runs = readingRuns([
      { seriesId: 2, ms: t("12:00") },
      { seriesId: 1, ms: t("11:00") },
      { seriesId: 1, ms: t("10:00") },
      { seriesId: 1, ms: t("12:00") },
      { seriesId: 1, ms: t("13:00") + 1000 },
    ]);
    expect(runs).toEqual({
      series: [2, 1, 1],
      first: ["2026-03-10T12:00:00.000Z", "2026-03-10T10:00:00.000Z", "2026-03-10T13:00:01.000Z"],
      last: ["2026-03-10T12:00:00.000Z", "2026-03-10T12:00:00.000Z", "2026-03-10T13:00:01.000Z"],
    });
  });
});
