import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { monitoringSeries } from "../../db/schema/index.ts";
import { ingestReadings } from "./ingest.ts";
import { addSite, monitoringWorld } from "./monitoring.test-kit.ts";
import {
  type PointColumns,
  type PointColumnsJson,
  rangeStats,
  type SeriesPoints,
  seriesPoints,
  stepSecondsFor,
  thresholdPeriods,
} from "./series-points.ts";

/** The columns of their JSON texts. */
const parsePointColumns = (json: PointColumnsJson) =>
  Object.fromEntries(Object.entries(json).map(([key, text]) => [key, JSON.parse(text)])) as PointColumns;

/** The columns as one object a bucket, times as ISO text: what the checks below read. */
const bucketsOf = (r: SeriesPoints | null | undefined) => {
  if (!r) return [];
  const iso = (ms: number | undefined) => new Date(ms ?? Number.NaN).toISOString();
  const p = parsePointColumns(r.points);
  return p.t.map((t, i) => ({
    t: iso(t),
    count: p.count[i] as number,
    min: p.min[i] as number,
    minAt: iso(p.minAt[i]),
    max: p.max[i] as number,
    maxAt: iso(p.maxAt[i]),
    avg: p.avg[i] as number,
    kwh: p.kwh[i] as number | null,
  }));
};

// Chart points, range statistics and threshold periods on a farm in Asia/Novosibirsk (UTC+7): its
// local day D runs from 17:00Z of D−1. Every expected number is worked out by hand next to it.
// A source is used when the range holds at most 4 × width of its rows (ROWS_PER_PIXEL).

const NOW = Date.parse("2026-04-01T00:00:00Z");
const at = (hhmm: string, day = 10) => `2026-03-${String(day).padStart(2, "0")}T${hhmm}:00.000Z`;
const minutes = (base: string, m: number) => new Date(Date.parse(base) + m * 60_000).toISOString();

/** `count` cumulative readings of the meter every `everyMinutes` from `from`: 100, 100 + rise, … */
const meterReadings = (count: number, from: string, everyMinutes: number, rise: number) =>
  Array.from({ length: count }, (_, i) => ({
    series_id: s.meter,
    ts: minutes(from, everyMinutes * i),
    value: 100 + rise * i,
  }));

let db: Db;
let databaseId: number;
let s: { temp: number; meter: number; state: number };

beforeEach(async () => {
  const world = await monitoringWorld(["Датчики"]);
  db = world.db;
  databaseId = world.databaseIds[0] as number;
  const site = await addSite(db, databaseId, "Asia/Novosibirsk");
  const [temp, meter, state] = await db
    .insert(monitoringSeries)
    .values([
      { databaseId, siteId: site.id, kind: "sensor", name: "Температура молока", unit: "°C", low: 2, high: 6 },
      { databaseId, siteId: site.id, kind: "energy", name: "Счётчик", unit: "кВт·ч" },
      { databaseId, siteId: site.id, kind: "state", name: "Компрессор" },
    ])
    .returning({ id: monitoringSeries.id });
  if (!temp || !meter || !state) throw new Error("series inserted");
  s = { temp: temp.id, meter: meter.id, state: state.id };
});

const ingest = async (rows: unknown[]) => {
  const result = await ingestReadings(db, databaseId, rows, NOW);
  expect(result.rejected).toEqual([]);
};

describe("seriesPoints", () => {
  it("puts a range of more readings than pixels into ≤ width buckets, keeping the true max and min", async () => {
    // 30 readings every 2 minutes, 10:00–10:58, all 4 but a dip to 1.5 at 10:14 and a peak of 9 at 10:36.
    await ingest(
      Array.from({ length: 30 }, (_, i) => {
        const ts = minutes(at("10:00"), 2 * i);
        const value = ts === at("10:36") ? 9 : ts === at("10:14") ? 1.5 : 4;
        return { series_id: s.temp, ts, value };
      }),
    );
    const r = await seriesPoints(db, databaseId, s.temp, at("10:00"), at("11:00"), 13);
    // 30 readings ≤ 4 × 13 = 52: raw. Step ceil(3600 / 12) = 300 s: 5-minute buckets 10:00 … 10:55, 12 ≤ 13.
    expect(r?.source).toBe("raw");
    expect(r?.stepSeconds).toBe(300);
    expect(bucketsOf(r)).toHaveLength(12);
    // Even minutes: 10:00, 10:02, 10:04 | 10:06, 10:08 | … — 3, 2, 3, 2 …, 30 in all.
    expect(bucketsOf(r).map((p) => p.count)).toEqual([3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2]);
    expect(Math.max(...(bucketsOf(r).map((p) => p.max) ?? []))).toBe(9);
    // The 10:35 bucket holds 10:36 (9) and 10:38 (4): max 9 at 10:36, avg 6.5.
    expect(bucketsOf(r)[7]).toEqual({
      t: "2026-03-10T10:35:00.000Z",
      count: 2,
      min: 4,
      minAt: "2026-03-10T10:38:00.000Z",
      max: 9,
      maxAt: "2026-03-10T10:36:00.000Z",
      avg: 6.5,
      kwh: null,
    });
    // The 10:10 bucket holds 10:10, 10:12, 10:14 (1.5): min 1.5 at 10:14.
    expect(bucketsOf(r)[2]).toMatchObject({ min: 1.5, minAt: "2026-03-10T10:14:00.000Z", max: 4 });
    // A tie (10:00, 10:02 and 10:04 all read 4): the min and the max are both first read at 10:00.
    expect(bucketsOf(r)[0]).toMatchObject({ minAt: "2026-03-10T10:00:00.000Z", maxAt: "2026-03-10T10:00:00.000Z" });
    // And the 10:10 bucket's max 4, read at 10:10 and 10:12: at 10:10.
    expect(bucketsOf(r)[2]).toMatchObject({ maxAt: "2026-03-10T10:10:00.000Z" });
  });

  it("takes the hourly rollups when the range holds too many readings, and the daily ones for a long range", async () => {
    // 50 readings every 10 minutes from 09:00Z to 17:10Z: all 5 but 12 at 13:40.
    await ingest(
      Array.from({ length: 50 }, (_, i) => {
        const ts = minutes(at("09:00"), 10 * i);
        return { series_id: s.temp, ts, value: ts === at("13:40") ? 12 : 5 };
      }),
    );
    const day = await seriesPoints(db, databaseId, s.temp, at("00:00"), at("00:00", 11), 10);
    // 50 readings > 4 × 10 = 40; 24 hours ≤ 40: hourly. Step ceil(86400 / 9) = 9600 s → whole hours:
    // 10800 s (3 h), on the local clock (UTC+7): local 15, 18, 21, 00 h = 08, 11, 14, 17 UTC, holding
    // 09:00–10:50 (12), 11:00–13:50 (18, with the peak), 14:00–16:50 (18), 17:00–17:10 (2).
    expect(bucketsOf(day).map((p) => [p.t.slice(11, 16), p.count, p.min, p.max])).toEqual([
      ["08:00", 12, 5, 5],
      ["11:00", 18, 5, 12],
      ["14:00", 18, 5, 5],
      ["17:00", 2, 5, 5],
    ]);
    // The peak's time is the start of the hour that holds it; avg (17 × 5 + 12) / 18 = 97 / 18.
    expect(bucketsOf(day)[1]).toMatchObject({ maxAt: "2026-03-10T13:00:00.000Z" });
    expect(bucketsOf(day)[1]?.avg).toBeCloseTo(97 / 18, 12);

    // Three local days, width 3: 72 h > 4 × 3 = 12: daily. Step ceil(259200 / 2) = 129600 → 172800 (2 days).
    const long = await seriesPoints(db, databaseId, s.temp, at("17:00", 9), at("17:00", 12), 3);
    expect(long?.source).toBe("day");
    expect(bucketsOf(long).length).toBeLessThanOrEqual(3);
    // Local 10 March [09.03 17:00Z, 10.03 17:00Z): 48 readings; 11 March: 17:00Z, 17:10Z → 2.
    expect(bucketsOf(long).reduce((n, p) => n + p.count, 0)).toBe(50);
    expect(Math.max(...(bucketsOf(long).map((p) => p.max) ?? []))).toBe(12);
  });

  it("gives an energy series' kWh per bucket: daily rollups for three days, readings for three hours", async () => {
    // Hourly readings from 09.03 17:00Z for 72 hours, 2 kWh apart: 100, 102, …, 242.
    await ingest(meterReadings(72, at("17:00", 9), 60, 2));
    const long = await seriesPoints(db, databaseId, s.meter, at("17:00", 9), at("17:00", 12), 3);
    // An interval is the day's that holds its end: local 10 March holds the intervals ending 18:00Z
    // 09.03 … 17:00Z 10.03 (local midnight itself), 24 × 2 = 48; 11 March 48; 12 March the 23 ending
    // 18:00Z 11.03 … 16:00Z 12.03 (the last reading), 46. 2-day buckets of the local calendar from
    // 1970 (10.03 is day 20522, even): [10.03, 12.03) local = [09.03 17:00Z, 11.03 17:00Z) holds 10
    // and 11 March: 48 + 48 = 96; [12.03, 14.03) holds 12 March: 46.
    expect(long?.source).toBe("day");
    expect(bucketsOf(long).map((p) => [p.t, p.kwh])).toEqual([
      ["2026-03-09T17:00:00.000Z", 96],
      ["2026-03-11T17:00:00.000Z", 46],
    ]);
    // [09.03 18:00Z, 21:00Z), width 4: 3 readings ≤ 16, raw, step 3600. 17:00→18:00 is the 17:00
    // hour's, before the range; 18:00→19:00 is the 18:00 hour's, 2 kWh, … and 20:00→21:00, ending on
    // the range's end, the 20:00 hour's: 2, 2, 2.
    const short = await seriesPoints(db, databaseId, s.meter, at("18:00", 9), at("21:00", 9), 4);
    expect(short?.source).toBe("raw");
    expect(bucketsOf(short).map((p) => [p.t.slice(11, 16), p.kwh])).toEqual([
      ["18:00", 2],
      ["19:00", 2],
      ["20:00", 2],
    ]);
  });

  it("takes an energy meter's reading before a long range of few readings (raw, hours over the cap)", async () => {
    // Readings every 12 hours from 09.03 06:00Z: 100, 110, …; the range [09.03 10:00Z, 11.03 10:00Z)
    // is 48 hours (over 4 × 3 = 12) but holds 4 readings (≤ 12): raw. Its first reading (18:00Z, 110)
    // ends the interval from 06:00Z's 100, before the range: 10; then 10, 10, 10.
    await ingest(meterReadings(6, at("06:00", 9), 720, 10));
    const sparse = await seriesPoints(db, databaseId, s.meter, at("10:00", 9), at("10:00", 11), 3);
    expect(sparse?.source).toBe("raw");
    expect(bucketsOf(sparse).reduce((total, p) => total + (p.kwh ?? 0), 0)).toBe(40);
  });

  it("picks the same source from rangeStats' count of readings as from its own count, at the limit", async () => {
    // 40 readings 10:00–10:39: at width 10 (4 × 10 = 40) raw, at width 9 (36) hourly.
    await ingest(Array.from({ length: 40 }, (_, i) => ({ series_id: s.temp, ts: minutes(at("10:00"), i), value: i })));
    for (const width of [10, 9]) {
      const stats = await rangeStats(db, databaseId, s.temp, at("10:00"), at("11:00"));
      expect(stats?.count).toBe(40);
      const given = await seriesPoints(db, databaseId, s.temp, at("10:00"), at("11:00"), width, stats?.count);
      expect(given?.source).toBe(width === 10 ? "raw" : "hour");
      expect(given).toEqual(await seriesPoints(db, databaseId, s.temp, at("10:00"), at("11:00"), width));
    }
  });

  it("never makes more buckets than pixels, and answers null for a state channel", async () => {
    // A range of L seconds at width W: step ≥ L / (W − 1), so at most ceil(L / step) + 1 ≤ W buckets.
    for (const [seconds, width] of [
      [3600, 13],
      [86_400, 7],
      [1000, 1000],
      [7 * 86_400, 800],
    ] as const) {
      const step = stepSecondsFor(seconds, width, "raw");
      expect(Math.ceil(seconds / step) + 1).toBeLessThanOrEqual(width);
    }
    expect(stepSecondsFor(86_400, 10, "hour")).toBe(10_800);
    expect(await seriesPoints(db, databaseId, s.state, at("10:00"), at("11:00"), 10)).toBeNull();
  });
});

describe("seriesPoints' times", () => {
  it("gives when a bucket's min and max were read in epoch ms, cut from the microseconds stored", async () => {
    // A reading through ingestion (its month's partition made), then readings with microseconds
    // as a COPY may store them; 5 s at 100 px: a bucket a second, a reading each.
    await ingest([{ series_id: s.temp, ts: "2026-03-10T10:00:04Z", value: 5 }]);
    await db.execute(sql`
      insert into monitoring_readings (database_id, series_id, ts, value)
      select ${databaseId}::int, ${s.temp}::bigint, t::timestamptz, v
      from (values ('2026-03-10T10:00:00.1239Z', 1), ('2026-03-10T10:00:01.999999Z', 2),
                   ('2026-03-10T10:00:02.0005Z', 3), ('2026-03-10T10:00:03Z', 4)) x(t, v)`);
    const r = await seriesPoints(db, databaseId, s.temp, "2026-03-10T10:00:00Z", "2026-03-10T10:00:05Z", 100);
    const ms = (text: string) => Date.parse(text);
    const points = r && parsePointColumns(r.points);
    expect(points?.minAt).toEqual(
      ["00.123", "01.999", "02.000", "03.000", "04.000"].map((x) => ms(`2026-03-10T10:00:${x}Z`)),
    );
    expect(points?.maxAt).toEqual(points?.minAt);
    expect(points?.t).toEqual(["00", "01", "02", "03", "04"].map((x) => ms(`2026-03-10T10:00:${x}Z`)));
  });
});

describe("rangeStats", () => {
  it("counts whole hours from the rollups and the edges from the readings", async () => {
    await ingest([
      { series_id: s.temp, ts: at("10:50"), value: 3 },
      { series_id: s.temp, ts: at("11:10"), value: 5 },
      { series_id: s.temp, ts: at("11:40"), value: 8 },
      { series_id: s.temp, ts: at("12:20"), value: 1 },
      { series_id: s.temp, ts: at("12:40"), value: 100 }, // after the range
    ]);
    // [10:45, 12:30): the hour 11:00 from its rollup (5, 8), 10:50 and 12:20 read: 3 + 5 + 8 + 1 = 17, 4 readings.
    expect(await rangeStats(db, databaseId, s.temp, at("10:45"), at("12:30"))).toEqual({
      count: 4,
      min: 1,
      max: 8,
      avg: 4.25,
    });
    // No whole local hour in [10:05, 11:55), 110 minutes: readings only, 3, 5 and 8.
    expect(await rangeStats(db, databaseId, s.temp, at("10:05"), at("11:55"))).toEqual({
      count: 3,
      min: 3,
      max: 8,
      avg: 16 / 3,
    });
    // Within one hour, readings only: 5 and 8.
    expect(await rangeStats(db, databaseId, s.temp, at("11:05"), at("11:50"))).toEqual({
      count: 2,
      min: 5,
      max: 8,
      avg: 6.5,
    });
    expect(await rangeStats(db, databaseId, s.temp, at("01:00"), at("02:00"))).toEqual({
      count: 0,
      min: null,
      max: null,
      avg: null,
    });
  });
  it("counts whole local days from the daily rollups, whole hours around them from the hourly ones", async () => {
    // Novosibirsk's 10 and 11 March run from 17:00Z of 9 March to 17:00Z of 11 March.
    await ingest([
      { series_id: s.temp, ts: at("14:10", 9), value: 50 }, // before the range
      { series_id: s.temp, ts: at("14:30", 9), value: 3 }, // before the first whole hour: read
      { series_id: s.temp, ts: at("16:15", 9), value: 4 }, // the hour 16:00Z of 9 March: its rollup
      { series_id: s.temp, ts: at("23:00", 9), value: 6 }, // local 10 March: its daily rollup
      { series_id: s.temp, ts: at("16:59", 10), value: 1 }, // local 10 March, its last minute
      { series_id: s.temp, ts: at("17:00", 10), value: 7 }, // local 11 March
      { series_id: s.temp, ts: at("18:45", 11), value: 5 }, // the hour 18:00Z of 11 March (local 12 March)
      { series_id: s.temp, ts: at("19:10", 11), value: 9 }, // after the last whole hour: read
      { series_id: s.temp, ts: at("19:30", 11), value: 100 }, // at the range's end: out
    ]);
    // [14:20Z 9 March, 19:30Z 11 March): readings [14:20, 15:00), hours [15:00, 17:00Z 9 March),
    // days 10 and 11 March, hours [17:00, 19:00Z 11 March), readings [19:00, 19:30):
    // 3, 4, 6, 1, 7, 5, 9 — 7 readings, sum 35.
    expect(await rangeStats(db, databaseId, s.temp, at("14:20", 9), at("19:30", 11))).toEqual({
      count: 7,
      min: 1,
      max: 9,
      avg: 5,
    });
    // The two local days exactly: 6, 1, 7.
    expect(await rangeStats(db, databaseId, s.temp, at("17:00", 9), at("17:00", 11))).toEqual({
      count: 3,
      min: 1,
      max: 7,
      avg: 14 / 3,
    });
  });
});

describe("thresholdPeriods", () => {
  it("finds the periods above high (6) and below low (2), clipped to the range", async () => {
    await ingest(
      (
        [
          ["10:00", 4],
          ["10:10", 7],
          ["10:20", 8],
          ["10:30", 5],
          ["10:40", 1],
          ["10:50", 1.5],
          ["11:00", 3],
          ["11:10", 6.5],
        ] as const
      ).map(([hhmm, value]) => ({ series_id: s.temp, ts: at(hhmm), value })),
    );
    const periods = await thresholdPeriods(db, databaseId, s.temp, at("10:15"), at("11:30"), at("12:00"));
    // High from 10:15 (10:10's 7 is in force at the range's start) to 10:30 (5): 900 s, peak 8.
    // Low 10:40 → 11:00 (3): 1200 s, peak 1. High from 11:10 (6.5), still going at 11:30: 1200 s.
    expect(periods).toEqual([
      {
        side: "high",
        start: "2026-03-10T10:15:00.000Z",
        end: "2026-03-10T10:30:00.000Z",
        ongoing: false,
        seconds: 900,
        peak: 8,
      },
      {
        side: "low",
        start: "2026-03-10T10:40:00.000Z",
        end: "2026-03-10T11:00:00.000Z",
        ongoing: false,
        seconds: 1200,
        peak: 1,
      },
      {
        side: "high",
        start: "2026-03-10T11:10:00.000Z",
        end: "2026-03-10T11:30:00.000Z",
        ongoing: true,
        seconds: 1200,
        peak: 6.5,
      },
    ]);
    expect(await thresholdPeriods(db, databaseId, s.meter, at("10:00"), at("11:00"))).toEqual([]);
  });
});
