import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { type Db, queryRows } from "../../db/client.ts";
import { monitoringDevices, monitoringSeries, monitoringSites, monitoringSubstations } from "../../db/schema/index.ts";
import { ingestReadings } from "./ingest.ts";
import { addSite, monitoringWorld, rollupsOf } from "./monitoring.test-kit.ts";
import { ensureReadingPartitions } from "./partitions.ts";

// Readings in, rollups out, on a farm in Asia/Novosibirsk (UTC+7, no daylight saving): its local
// day D runs from 17:00Z of D−1 to 17:00Z of D. Every expected number is worked out by hand in the
// comment next to it. Energy rule (rollups.ts): an interval between two readings goes whole to the
// bucket of its END reading; the first reading of a meter ends no interval and brings 0 kWh.

const NOW = Date.parse("2026-04-01T00:00:00Z");

let db: Db;
let databaseId: number;
let otherDatabaseId: number;
let s: { temp: number; state: number; input: number; feeder: number; power: number };

beforeEach(async () => {
  const world = await monitoringWorld(["Датчики", "Чужие датчики"]);
  db = world.db;
  [databaseId, otherDatabaseId] = world.databaseIds as [number, number];
  const site = await addSite(db, databaseId, "Asia/Novosibirsk");
  const [cooler] = await db
    .insert(monitoringDevices)
    .values({ databaseId, siteId: site.id, kind: "cooler", name: "Охладитель молока" })
    .returning();
  const [substation] = await db
    .insert(monitoringSubstations)
    .values({ databaseId, siteId: site.id, name: "ТП-1" })
    .returning();
  if (!cooler || !substation) throw new Error("device and substation inserted");
  const rows = await db
    .insert(monitoringSeries)
    .values([
      {
        databaseId,
        siteId: site.id,
        deviceId: cooler.id,
        kind: "sensor",
        name: "Температура молока",
        unit: "°C",
        low: 2,
        high: 6,
      },
      {
        databaseId,
        siteId: site.id,
        deviceId: cooler.id,
        kind: "state",
        name: "Компрессор",
        states: [
          { code: "on", name: "Работает", color: "#2e7d32" },
          { code: "off", name: "Выключен", color: "#9e9e9e" },
        ],
      },
      {
        databaseId,
        siteId: site.id,
        substationId: substation.id,
        meterRole: "input",
        kind: "energy",
        name: "Ввод ТП-1",
        unit: "кВт·ч",
        rollover: 100000,
      },
      {
        databaseId,
        siteId: site.id,
        substationId: substation.id,
        meterRole: "feeder",
        kind: "energy",
        name: "Фидер коровника",
        unit: "кВт·ч",
      },
      {
        databaseId,
        siteId: site.id,
        substationId: substation.id,
        meterRole: "input",
        kind: "power",
        name: "Мощность ввода",
        unit: "кВт",
      },
    ])
    .returning({ id: monitoringSeries.id });
  const [temp, state, input, feeder, power] = rows.map((r) => r.id);
  if (!temp || !state || !input || !feeder || !power) throw new Error("series inserted");
  s = { temp, state, input, feeder, power };
});

const ingest = (rows: unknown[]) => ingestReadings(db, databaseId, rows, NOW);

/** A series' rollups of one grain. */
const rollups = async (seriesId: number, grain: "hour" | "day") =>
  (await rollupsOf(db, databaseId, [seriesId], grain)).map(({ grain: _grain, ...bucket }) => bucket);

const kwhOf = async (seriesId: number, grain: "hour" | "day") =>
  (await rollups(seriesId, grain)).map((b) => [b.bucket, b.kwh]);

describe("ingestReadings: energy", () => {
  it("puts daily kWh in local days of Asia/Novosibirsk: 16:30Z and 17:30Z of one UTC day are two local days", async () => {
    const result = await ingest([
      { series_id: s.feeder, ts: "2026-03-10T10:00:00Z", value: 1000 }, // 17:00 local, 10 March: the first reading
      { series_id: s.feeder, ts: "2026-03-10T16:30:00Z", value: 1010 }, // 23:30 local, 10 March
      { series_id: s.feeder, ts: "2026-03-11T00:30:00+07:00", value: 1013 }, // = 17:30Z, 00:30 local, 11 March
    ]);
    expect(result).toEqual({ accepted: 3, rejected: [] });
    // Local 10 March = [09.03 17:00Z, 10.03 17:00Z): 0 (first reading) + (1010 − 1000) = 10.
    // Local 11 March = [10.03 17:00Z, 11.03 17:00Z): the interval 16:30Z → 17:30Z ends at 17:30Z,
    // so its 1013 − 1010 = 3 kWh go whole to 11 March, though half of it fell on 10 March.
    expect(await kwhOf(s.feeder, "day")).toEqual([
      ["2026-03-09T17:00Z", 10],
      ["2026-03-10T17:00Z", 3],
    ]);
    expect(await kwhOf(s.feeder, "hour")).toEqual([
      ["2026-03-10T10:00Z", 0],
      ["2026-03-10T16:00Z", 10],
      ["2026-03-10T17:00Z", 3],
    ]);
    // The cumulative values themselves: local 10 March holds 1000 and 1010.
    const [day10] = await rollups(s.feeder, "day");
    expect(day10).toMatchObject({ count: 2, min: 1000, max: 1010, sum: 2010 });
  });

  it("counts a register rollover with a known rollover value: 99990 → 15 at 100000 is 25 kWh", async () => {
    await ingest([
      { series_id: s.input, ts: "2026-03-10T02:00:00Z", value: 99_980 },
      { series_id: s.input, ts: "2026-03-10T02:20:00Z", value: 99_990 },
      { series_id: s.input, ts: "2026-03-10T02:40:00Z", value: 15 },
    ]);
    // 0 + (99990 − 99980) + ((100000 − 99990) + 15) = 10 + 25 = 35.
    expect(await kwhOf(s.input, "hour")).toEqual([["2026-03-10T02:00Z", 35]]);
    expect(await kwhOf(s.input, "day")).toEqual([["2026-03-09T17:00Z", 35]]);
  });

  it("takes a drop without a rollover value as a reset: the new reading is the energy since it", async () => {
    await ingest([
      { series_id: s.feeder, ts: "2026-03-10T03:00:00Z", value: 5000 },
      { series_id: s.feeder, ts: "2026-03-10T03:20:00Z", value: 5020 },
      { series_id: s.feeder, ts: "2026-03-10T03:40:00Z", value: 7 }, // meter replaced: 7 kWh since
      { series_id: s.feeder, ts: "2026-03-10T03:50:00Z", value: 12 },
    ]);
    // 0 + (5020 − 5000) + 7 + (12 − 7) = 20 + 7 + 5 = 32.
    expect(await kwhOf(s.feeder, "hour")).toEqual([["2026-03-10T03:00Z", 32]]);
  });

  it("recomputes an earlier bucket and the next reading's bucket for a late, out-of-order reading", async () => {
    await ingest([
      { series_id: s.feeder, ts: "2026-03-10T01:00:00Z", value: 100 }, // 08:00 local, 10 March
      { series_id: s.feeder, ts: "2026-03-12T01:00:00Z", value: 130 }, // 08:00 local, 12 March
    ]);
    // The whole 30 kWh go to 12 March, where the interval ends.
    expect(await kwhOf(s.feeder, "day")).toEqual([
      ["2026-03-09T17:00Z", 0],
      ["2026-03-11T17:00Z", 30],
    ]);
    const late = await ingest([{ series_id: s.feeder, ts: "2026-03-11T01:00:00Z", value: 110 }]); // 11 March
    expect(late).toEqual({ accepted: 1, rejected: [] });
    // 11 March: 110 − 100 = 10; 12 March: its interval now starts at 110, 130 − 110 = 20.
    expect(await kwhOf(s.feeder, "day")).toEqual([
      ["2026-03-09T17:00Z", 0],
      ["2026-03-10T17:00Z", 10],
      ["2026-03-11T17:00Z", 20],
    ]);
  });
});

describe("ingestReadings: daylight saving", () => {
  it("ends a day at the next local midnight: Europe/Berlin's 29 March 2026 lasts 23 hours", async () => {
    const [berlin] = await db
      .insert(monitoringSites)
      .values({ databaseId, name: "Ферма в Германии", timeZone: "Europe/Berlin" })
      .returning();
    if (!berlin) throw new Error("site inserted");
    const [meter] = await db
      .insert(monitoringSeries)
      .values({ databaseId, siteId: berlin.id, kind: "energy", name: "Счётчик" })
      .returning();
    if (!meter) throw new Error("series inserted");
    await ingestReadings(
      db,
      databaseId,
      [
        { series_id: meter.id, ts: "2026-03-28T23:30:00Z", value: 10 }, // 00:30 CET, 29 March
        { series_id: meter.id, ts: "2026-03-29T21:30:00Z", value: 14 }, // 23:30 CEST, 29 March
        { series_id: meter.id, ts: "2026-03-29T22:30:00Z", value: 19 }, // 00:30 CEST, 30 March
      ],
      NOW,
    );
    // 29 March = [28.03 23:00Z, 29.03 22:00Z): 0 + (14 − 10) = 4; 30 March starts at 22:00Z: 19 − 14 = 5.
    expect(await kwhOf(meter.id, "day")).toEqual([
      ["2026-03-28T23:00Z", 4],
      ["2026-03-29T22:00Z", 5],
    ]);
  });
});

describe("ingestReadings: numeric rollups", () => {
  it("keeps count, min, max and sum per local hour and day, a late reading changing an earlier hour", async () => {
    await ingest([
      { series_id: s.temp, ts: "2026-03-10T10:00:00Z", value: 4 },
      { series_id: s.temp, ts: "2026-03-10T10:20:00Z", value: 6 },
      { series_id: s.temp, ts: "2026-03-10T11:05:00Z", value: 5 },
    ]);
    expect(await rollups(s.temp, "hour")).toEqual([
      { bucket: "2026-03-10T10:00Z", count: 2, min: 4, max: 6, sum: 10, kwh: null }, // avg 5
      { bucket: "2026-03-10T11:00Z", count: 1, min: 5, max: 5, sum: 5, kwh: null },
    ]);
    // Arrives after 11:05Z's reading but belongs to the 10:00Z hour.
    await ingest([{ series_id: s.temp, ts: "2026-03-10T17:10:00+07:00", value: 2 }]);
    const [hour10, hour11] = await rollups(s.temp, "hour");
    // 4, 2, 6: count 3, min 2, max 6, sum 12, avg 4. The 11:00Z hour is unchanged.
    expect(hour10).toEqual({ bucket: "2026-03-10T10:00Z", count: 3, min: 2, max: 6, sum: 12, kwh: null });
    expect(hour11).toEqual({ bucket: "2026-03-10T11:00Z", count: 1, min: 5, max: 5, sum: 5, kwh: null });
    // The local day 10 March holds all four: 4 + 6 + 5 + 2 = 17.
    expect(await rollups(s.temp, "day")).toEqual([
      { bucket: "2026-03-09T17:00Z", count: 4, min: 2, max: 6, sum: 17, kwh: null },
    ]);
  });

  it("is idempotent: the same batch twice leaves the same readings and rollups", async () => {
    const batch = [
      { series_id: s.temp, ts: "2026-03-10T10:00:00Z", value: 4 },
      { series_id: s.temp, ts: "2026-03-10T10:30:00Z", value: 5 },
      { series_id: s.input, ts: "2026-03-10T10:00:00Z", value: 99_990 },
      { series_id: s.input, ts: "2026-03-10T10:30:00Z", value: 15 },
      { series_id: s.power, ts: "2026-03-10T10:30:00Z", value: 42.5 },
      { series_id: s.state, ts: "2026-03-10T10:00:00Z", state: "on" },
    ];
    const snapshot = async () => ({
      readings: await queryRows(db, sql`select series_id, ts, value from monitoring_readings order by 1, 2`),
      states: await queryRows(db, sql`select series_id, ts, state from monitoring_state_readings order by 1, 2`),
      rollups: await queryRows(db, sql`select * from monitoring_rollups order by series_id, grain, bucket`),
    });
    expect(await ingest(batch)).toEqual({ accepted: 6, rejected: [] });
    const first = await snapshot();
    expect(await ingest(batch)).toEqual({ accepted: 6, rejected: [] });
    expect(await snapshot()).toEqual(first);
    expect(first.readings).toHaveLength(5);
    expect(first.states).toHaveLength(1);
    // 0 + (100000 − 99990) + 15 = 25, once, not twice.
    expect(await kwhOf(s.input, "hour")).toEqual([["2026-03-10T10:00Z", 25]]);
  });

  it("keeps the later value of a series and ts, within a batch and across batches", async () => {
    await ingest([
      { series_id: s.temp, ts: "2026-03-10T10:00:00Z", value: 4 },
      { series_id: s.temp, ts: "2026-03-10T17:00:00+07:00", value: 7 }, // the same instant
    ]);
    expect(await rollups(s.temp, "hour")).toEqual([
      { bucket: "2026-03-10T10:00Z", count: 1, min: 7, max: 7, sum: 7, kwh: null },
    ]);
    await ingest([{ series_id: s.temp, ts: "2026-03-10T10:00:00.000Z", value: 3 }]);
    expect(await rollups(s.temp, "hour")).toEqual([
      { bucket: "2026-03-10T10:00Z", count: 1, min: 3, max: 3, sum: 3, kwh: null },
    ]);
  });
});

describe("ingestReadings: batches at once", () => {
  it("leaves a bucket whole when several batches write into it at the same time", async () => {
    // Eight batches of one reading each into the same hour, sent together (on PostgreSQL, over
    // several connections): values 1..8 → count 8, min 1, max 8, sum 36.
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7, 8].map((v) => ingest([{ series_id: s.temp, ts: `2026-03-10T10:0${v}:00Z`, value: v }])),
    );
    expect(results.every((r) => r.accepted === 1)).toBe(true);
    expect(await rollups(s.temp, "hour")).toEqual([
      { bucket: "2026-03-10T10:00Z", count: 8, min: 1, max: 8, sum: 36, kwh: null },
    ]);
  });
});

describe("ingestReadings: bad rows", () => {
  it("rejects bad rows by index with a Russian message and writes the others", async () => {
    const [otherSite] = await db
      .insert(monitoringSites)
      .values({ databaseId: otherDatabaseId, name: "Чужая", timeZone: "Europe/Moscow" })
      .returning();
    if (!otherSite) throw new Error("site inserted");
    const [foreign] = await db
      .insert(monitoringSeries)
      .values({ databaseId: otherDatabaseId, siteId: otherSite.id, kind: "sensor", name: "Чужой датчик" })
      .returning();
    const result = await ingest([
      { series_id: s.temp, ts: "2026-03-10T10:00:00Z", value: 4 }, // 0: good
      { series_id: 987_654, ts: "2026-03-10T10:00:00Z", value: 4 }, // 1: no such series
      { series_id: foreign?.id, ts: "2026-03-10T10:00:00Z", value: 4 }, // 2: another database's series
      { series_id: s.state, ts: "2026-03-10T10:00:00Z", value: 1 }, // 3: value for a state channel
      { series_id: s.temp, ts: "2026-03-10T10:00:00Z", state: "on" }, // 4: state for a sensor
      { series_id: s.temp, ts: "2026-03-10T10:00:00Z", value: Number.NaN }, // 5: not finite
      { series_id: s.temp, ts: "10.03.2026 10:00", value: 4 }, // 6: not ISO
      { series_id: s.temp, ts: "2026-03-10T10:00:00", value: 4 }, // 7: no offset
      { series_id: s.temp, ts: "2026-02-30T10:00:00Z", value: 4 }, // 8: no such day
      { series_id: s.state, ts: "2026-03-10T10:00:00Z", state: "broken" }, // 9: unknown state
      { series_id: s.temp, ts: "1970-01-01T00:00:00Z", value: 4 }, // 10: a clock never set
      "строка", // 11: not an object
      { series_id: s.state, ts: "2026-03-10T10:05:00+07:00", state: "off" }, // 12: good
    ]);
    expect(result.accepted).toBe(2);
    expect(result.rejected.map((r) => r.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const message = (index: number) => result.rejected.find((r) => r.index === index)?.message;
    expect(message(1)).toBe("Ряд 987654 не найден в этой базе мониторинга");
    expect(message(2)).toBe(`Ряд ${foreign?.id} не найден в этой базе мониторинга`);
    expect(message(3)).toBe("«Компрессор» — дискретный канал: нужно состояние (state), а не значение (value)");
    expect(message(4)).toBe("«Температура молока» — числовой ряд: нужно значение (value), а не состояние (state)");
    expect(message(5)).toBe("Значение (value) должно быть конечным числом");
    expect(message(6)).toMatch(/^Время «10\.03\.2026 10:00» не распознано/);
    expect(message(7)).toMatch(/не распознано: нужна дата ISO 8601 со смещением/);
    expect(message(8)).toMatch(/^Время «2026-02-30T10:00:00Z» не распознано/);
    expect(message(9)).toBe("Состояние «broken» не описано у канала «Компрессор»");
    expect(message(10)).toBe("Время показания раньше 2000 года: проверьте часы устройства");
    expect(message(11)).toBe("Строка должна быть объектом {series_id, ts, value | state}");

    const readings = await queryRows<{ series_id: number; value: number }>(
      db,
      sql`select series_id::int, value from monitoring_readings`,
    );
    expect(readings).toEqual([{ series_id: s.temp, value: 4 }]);
    const states = await queryRows<{ state: string }>(db, sql`select state from monitoring_state_readings`);
    expect(states).toEqual([{ state: "off" }]);
  });
});

describe("monitoring readings: partitions and deletion", () => {
  it("makes the partition of a month a reading falls in, and drops a deleted series' readings and rollups", async () => {
    const [before] = await queryRows<{ p: string | null }>(
      db,
      sql`select to_regclass('public.monitoring_readings_p2024_01')::text as p`,
    );
    expect(before?.p).toBeNull();
    await ingest([
      { series_id: s.temp, ts: "2024-01-15T00:00:00Z", value: 1 },
      { series_id: s.state, ts: "2024-01-15T00:00:00Z", state: "on" },
    ]);
    const parts = await queryRows<{ p: string }>(
      db,
      sql`select c.relname as p from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where c.relkind = 'r' and c.relname like '%p2024_01' order by 1`,
    );
    expect(parts.map((r) => r.p)).toEqual(["monitoring_readings_p2024_01", "monitoring_state_readings_p2024_01"]);

    await db.delete(monitoringSites).where(sql`${monitoringSites.databaseId} = ${databaseId}`);
    const [left] = await queryRows<{ readings: number; states: number; rollups: number }>(
      db,
      sql`select (select count(*)::int from monitoring_readings) as readings,
                 (select count(*)::int from monitoring_state_readings) as states,
                 (select count(*)::int from monitoring_rollups) as rollups`,
    );
    expect(left).toEqual({ readings: 0, states: 0, rollups: 0 });
  });

  it("makes the months around a start ahead of time, once: last month and the next ones", async () => {
    // 15 June 2031, two ahead: from 15 June − 31 days = 15 May to 15 June + 2 × 31 days = 16 August,
    // so May, June, July and August, for both readings tables: 8 partitions.
    const made = await ensureReadingPartitions(db, Date.parse("2031-06-15T00:00:00Z"), 2);
    const parts = await queryRows<{ p: string }>(
      db,
      sql`select c.relname as p from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where c.relkind = 'r' and c.relname like 'monitoring_readings_p2031%' order by 1`,
    );
    expect(parts.map((r) => r.p)).toEqual([
      "monitoring_readings_p2031_05",
      "monitoring_readings_p2031_06",
      "monitoring_readings_p2031_07",
      "monitoring_readings_p2031_08",
    ]);
    expect(made).toBe(8);
    expect(await ensureReadingPartitions(db, Date.parse("2031-06-15T00:00:00Z"), 2)).toBe(0);
  });
});
