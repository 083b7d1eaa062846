import type { PowerDays, PowerPeriod, PowerProfile } from "@nadoy/contract/monitoring-averages";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { herdAnimals } from "../../db/schema/index.ts";
import { ok } from "../herd/herd.test-kit.ts";
import { getAs, ingestOk, monitoringApiWorld } from "./monitoring.test-kit.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const get = (token: string | undefined, url: string, query?: Record<string, string>) => getAs(t, token, url, query);

// The power averages over HTTP on a farm in Asia/Novosibirsk (UTC+7: local 08:30 is 01:30Z). The
// input meter's readings (an interval's kWh is in the local hour and day of its end reading; the
// means count complete hours and days only: not Mon 09.03 before 07:30, nor Mon 16.03 from 08:00 on,
// the readings cover neither — power-averages.test.ts has the rule in full):
//   Mon 09.03 07:30  100  first reading: hour 07 and the day get 0 kWh
//   Mon 09.03 08:30  110  10 kWh in Mon hour 08          → Mon 09.03: 10
//   Tue 10.03 08:30  130  20 kWh in Tue hour 08          → Tue 10.03: 20
//   Sat 14.03 08:30  170  40 kWh in Sat hour 08          → Sat 14.03: 40
//   Sun 15.03 09:30  175   5 kWh in Sun hour 09          → Sun 15.03: 5
//   Mon 16.03 08:30  195  20 kWh in Mon hour 08          → Mon 16.03: 20
// The feeders send nothing.
const READINGS = [
  ["2026-03-09T00:30:00Z", 100],
  ["2026-03-09T01:30:00Z", 110],
  ["2026-03-10T01:30:00Z", 130],
  ["2026-03-14T01:30:00Z", 170],
  ["2026-03-15T02:30:00Z", 175],
  ["2026-03-16T01:30:00Z", 195],
] as const;

/** Local midnight of March `day` (2026) in UTC+7. */
const midnight = (day: number) => new Date(Date.UTC(2026, 2, day) - 7 * 3_600_000).toISOString();

async function world() {
  const w = await monitoringApiWorld(t);
  await ingestOk(
    t,
    w.databaseId,
    READINGS.map(([ts, value]) => ({ series_id: w.s.input, ts, value })),
  );
  return w;
}

const at = (slots: number, entries: Record<number, number>) =>
  Array.from({ length: slots }, (_, i) => (i in entries ? entries[i] : null));
const counts = (slots: number, entries: Record<number, number>) =>
  Array.from({ length: slots }, (_, i) => entries[i] ?? 0);

describe("monitoring: power averages", () => {
  it("averages the hourly kWh by local hour, weekdays and weekends apart, over more than 62 days", async () => {
    const w = await world();
    const url = `/api/monitoring/${w.monitoring.uuid}/power/profile/`;
    // 9.03 00:00 – 17.03 00:00 local.
    const body = ok<PowerProfile>(await get(w.client, url, { from: midnight(9), to: midnight(17) }));
    const [input, feeder] = body.sites[0]?.meters ?? [];
    expect(input?.name).toBe("Ввод");
    // Weekdays: hour 08 (10 + 20) / 2 (hour 07 of 09.03 began before the first reading, hour 08
    // of 16.03 ends after the last). Weekends: hour 08 40, hour 09 5.
    expect(input?.weekdays).toEqual({ kwh: at(24, { 8: 15 }), count: counts(24, { 8: 2 }) });
    expect(input?.weekends).toEqual({ kwh: at(24, { 8: 40, 9: 5 }), count: counts(24, { 8: 1, 9: 1 }) });
    expect(feeder?.weekdays).toEqual({ kwh: at(24, {}), count: counts(24, {}) });

    // 1.01 – 31.03: 89 days, past the hourly route's 62; the same readings.
    const long = ok<PowerProfile>(await get(w.zoo, url, { from: midnight(1 - 59), to: midnight(31) }));
    expect(long.sites[0]?.meters[0]?.weekends).toEqual(input?.weekends);
    // 10.03 – 16.03: Tuesday's hour 08 alone.
    const week = ok<PowerProfile>(await get(w.zoo, url, { from: midnight(10), to: midnight(16) }));
    expect(week.sites[0]?.meters[0]?.weekdays.kwh[8]).toBe(20);

    const tooLong = await get(w.zoo, url, { from: "2025-01-01T00:00:00Z", to: "2026-03-01T00:00:00Z" });
    expect(tooLong.statusCode).toBe(400);
    expect((await get(w.other, url, { from: midnight(9), to: midnight(17) })).statusCode).toBe(404);
    const herd = await get(w.zoo, `/api/monitoring/${w.herd.uuid}/power/profile/`, {
      from: midnight(9),
      to: midnight(17),
    });
    expect(herd.statusCode).toBe(409);
  });

  it("averages the daily kWh by weekday and by day of month", async () => {
    const w = await world();
    const body = ok<PowerDays>(
      await get(w.zoo, `/api/monitoring/${w.monitoring.uuid}/power/days/`, { from: midnight(9), to: midnight(17) }),
    );
    const input = body.sites[0]?.meters[0];
    // Whole days only (not the first, 09.03, nor the last, 16.03): Tuesday 20, Saturday 40, Sunday 5.
    expect(input?.weekdays).toEqual({
      kwh: at(7, { 1: 20, 5: 40, 6: 5 }),
      count: counts(7, { 1: 1, 5: 1, 6: 1 }),
    });
    // The 10th 20, 14th 40, 15th 5.
    expect(input?.month_days).toEqual({
      kwh: at(31, { 9: 20, 13: 40, 14: 5 }),
      count: counts(31, { 9: 1, 13: 1, 14: 1 }),
    });
    expect(body.sites[0]?.meters[1]?.month_days.count).toEqual(counts(31, {}));
  });

  it("sums the period's kWh and the previous period's, with the cows of the company's one herd", async () => {
    const w = await world();
    const url = `/api/monitoring/${w.monitoring.uuid}/power/period/`;
    // Sun 15.03 – Tue 17.03 local: 5 + 20 = 25 kWh over 2 days, a whole day of it the 15th (5);
    // before it Fri 13 – Sun 15: 40, the 14th whole (the 13th has no data).
    const query = { from: midnight(15), to: midnight(17) };
    const body = ok<PowerPeriod>(await get(w.client, url, query));
    expect(body.period).toEqual({ from: midnight(15), to: midnight(17), days: 2 });
    expect(body.previous).toEqual({ from: midnight(13), to: midnight(15), days: 2 });
    expect(body.sites[0]?.meters.map((m) => [m.name, m.kwh, m.previous_kwh])).toEqual([
      ["Ввод", 25, 40],
      ["Коровник", null, null],
      ["Доильный зал", null, null],
    ]);
    expect(body.sites[0]?.meters[0]).toMatchObject({ per_day: 5, days: 1, previous_per_day: 40, previous_days: 1 });
    // «Стадо», the company's only herd database, has no animals yet.
    expect(body.herd).toEqual({ basis: "company", farm: null, databases: ["Стадо"], cows: null });

    const cow = { databaseId: w.herd.id };
    await w.db.insert(herdAnimals).values([
      { ...cow, barnNumber: "1", lact: 1, status: "milking" },
      { ...cow, barnNumber: "2", lact: 3, status: "dry" },
      { ...cow, barnNumber: "3", lact: 0, status: "heifer" },
      { ...cow, barnNumber: "4", lact: 2, status: "sold" },
      { ...cow, barnNumber: "5", lact: 0, status: "milking" },
    ]);
    // Cows: lactation ≥ 1, milking or dry — 1 and 2.
    expect(ok<PowerPeriod>(await get(w.zoo, url, query)).herd).toMatchObject({ basis: "company", cows: 2 });
  });
});
