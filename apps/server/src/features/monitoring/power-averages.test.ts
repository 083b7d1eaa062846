import type { PowerDays, PowerPeriod, PowerProfile } from "@nadoy/contract/monitoring-averages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { farms, herdAnimals, userDatabases } from "../../db/schema/index.ts";
import { ok } from "../herd/herd.test-kit.ts";
import { getAs, ingestOk, monitoringApiWorld } from "./monitoring.test-kit.ts";

// The averages count complete local days and hours only, over the days the meter has data for
// (walk D2, D4), and per cow by the herd the site feeds (D3). Site МТФ-1 in Asia/Novosibirsk
// (UTC+7). The input meter starts on Tue 17.03.2026 at 12:30 local and reads every 6 hours at
// :30 (00:30, 06:30, 12:30, 18:30), 10 kWh an interval, until Mon 30.03 06:30; then one more
// reading at 07:15 with 1 kWh — the day and hour still going, as «today» is.
//   17.03 (the first day): only the interval ending 18:30 → 10 kWh, not a whole day;
//   18.03 … 29.03: four intervals a day → 40 kWh, 12 whole days;
//   30.03 (the last day): 00:30 and 06:30 → 20, and 07:15 → 1: 21 kWh so far.
// In all: 51 intervals × 10 + 1 = 511 kWh.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const get = (token: string | undefined, url: string, query?: Record<string, string>) => getAs(t, token, url, query);

const HOUR = 3_600_000;
/** Local (UTC+7) 2026-03-`day` `hour`:`minute` as an instant. */
const local = (day: number, hour = 0, minute = 0) => Date.UTC(2026, 2, day, hour, minute) - 7 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

function readings(series: number) {
  const rows: { series_id: number; ts: string; value: number }[] = [];
  let value = 1000;
  for (let ms = local(17, 12, 30); ms <= local(30, 6, 30); ms += 6 * HOUR) {
    rows.push({ series_id: series, ts: iso(ms), value });
    value += 10;
  }
  // The last 6-hour step added 10 past the reading at 06:30.
  rows.push({ series_id: series, ts: iso(local(30, 7, 15)), value: value - 10 + 1 });
  return rows;
}

async function world() {
  const w = await monitoringApiWorld(t);
  await ingestOk(t, w.databaseId, readings(w.s.input as number));
  return w;
}

/** 1.03 – 31.03 local: 30 whole days, the meter has data on 14 of them, 12 whole. */
const MARCH = { from: iso(local(1)), to: iso(local(31)) };

describe("monitoring: power averages over complete days", () => {
  it("gives the kWh a day over the meter's complete days, not the range's, and no zero for a period without data", async () => {
    const w = await world();
    const url = `/api/monitoring/${w.monitoring.uuid}/power/period/`;
    const body = ok<PowerPeriod>(await get(w.client, url, MARCH));
    const site = body.sites[0];
    // 30 whole local days in March 1–31, 30 before it (29.01 – 1.03).
    expect([site?.days, site?.previous_days]).toEqual([30, 30]);
    const [input, feeder] = site?.meters ?? [];
    // 511 kWh in the period, but 40 a day over the 12 whole days — not 511 / 30 = 17.03.
    expect(input).toMatchObject({ kwh: 511, per_day: 40, days: 12 });
    // Nothing before: no data, not 0.
    expect(input).toMatchObject({ previous_kwh: null, previous_per_day: null, previous_days: 0 });
    // The feeder sent nothing at all.
    expect(feeder).toMatchObject({ kwh: null, per_day: null, days: 0, previous_kwh: null });

    // A year up to 31.03 (366 days, 365 whole): still 40 a day over the same 12 days.
    const year = ok<PowerPeriod>(await get(w.zoo, url, { from: iso(local(31) - 365 * 24 * HOUR), to: MARCH.to }));
    expect(year.sites[0]?.meters[0]).toMatchObject({ kwh: 511, per_day: 40, days: 12 });
    expect(year.sites[0]?.days).toBe(365);

    // A range from 20.03 12:00: the 20th is not whole in it — 21.03 … 29.03, 9 days.
    const partial = ok<PowerPeriod>(await get(w.zoo, url, { from: iso(local(20, 12)), to: MARCH.to }));
    expect(partial.sites[0]?.meters[0]).toMatchObject({ per_day: 40, days: 9 });
    expect(partial.sites[0]?.days).toBe(10);
  });

  it("compares a range under a day with the same hours a day earlier, as the other monitoring pages", async () => {
    const w = await world();
    const url = `/api/monitoring/${w.monitoring.uuid}/power/period/`;
    // 30.03 00:00–03:00 local: hour 00 holds the interval ending 00:30, 10 kWh. Before it: 29.03
    // 00:00–03:00 (its hour 00, 10 kWh) — not 29.03 21:00–24:00, which has no reading (null).
    const body = ok<PowerPeriod>(await get(w.zoo, url, { from: iso(local(30)), to: iso(local(30, 3)) }));
    expect(body.previous).toEqual({ from: iso(local(29)), to: iso(local(29, 3)), days: 0.125 });
    expect(body.sites[0]?.meters[0]).toMatchObject({ kwh: 10, previous_kwh: 10, previous_days: 0 });
  });

  it("leaves the first and the unfinished day out of the means by weekday and day of month", async () => {
    const w = await world();
    const body = ok<PowerDays>(await get(w.zoo, `/api/monitoring/${w.monitoring.uuid}/power/days/`, MARCH));
    const input = body.sites[0]?.meters[0];
    // Whole days 18.03 (Wed) … 29.03 (Sun), 40 each: Mon 23, Tue 24 once; Wed–Sun twice. Tue 17.03
    // (10 kWh) and Mon 30.03 (21 so far) would have pulled Tuesday to 25 and Monday to 30.5.
    expect(input?.weekdays).toEqual({ kwh: [40, 40, 40, 40, 40, 40, 40], count: [1, 1, 2, 2, 2, 2, 2] });
    const month = input?.month_days;
    expect(month?.kwh.slice(16, 30)).toEqual([null, ...Array(12).fill(40), null]);
    expect(month?.count.slice(16, 30)).toEqual([0, ...Array(12).fill(1), 0]);
  });

  it("leaves the first hour before the first reading and the hour still going out of the profile", async () => {
    const w = await world();
    const body = ok<PowerProfile>(await get(w.zoo, `/api/monitoring/${w.monitoring.uuid}/power/profile/`, MARCH));
    const input = body.sites[0]?.meters[0];
    const weekdays = input?.weekdays;
    // Hours 00, 06, 12, 18 hold 10 kWh each. Weekdays with them: 18–20, 23–27 and 30.03 (00, 06)
    // — hour 12 of Tue 17.03 started before the first reading (12:30, 0 kWh); hour 18 of 17.03 is
    // whole. Hour 07 of Mon 30.03 (1 kWh) has not ended with the data: no mean at 07.
    expect([0, 6, 7, 12, 18].map((h) => weekdays?.kwh[h])).toEqual([10, 10, null, 10, 10]);
    expect([0, 6, 7, 12, 18].map((h) => weekdays?.count[h])).toEqual([9, 9, 0, 8, 9]);
    // Weekends 21, 22, 28, 29.03: four of each hour.
    expect([0, 6, 12, 18].map((h) => input?.weekends.count[h])).toEqual([4, 4, 4, 4]);
  });
});

describe("monitoring: the herd of kWh per cow", () => {
  const cows = (databaseId: number, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      databaseId,
      barnNumber: String(i + 1),
      lact: 1,
      status: "milking" as const,
    }));

  it("divides by the cows of the monitoring database's farm, not by the company's", async () => {
    const w = await world();
    const url = `/api/monitoring/${w.monitoring.uuid}/power/period/`;
    const [farm, other] = await w.db
      .insert(farms)
      .values([
        { companyId: w.monitoring.companyId, name: "МТФ «Заря-1»" },
        { companyId: w.monitoring.companyId, name: "МТФ «Рассвет»" },
      ])
      .returning();
    if (!farm || !other) throw new Error("farms inserted");
    const [rassvet] = await w.db
      .insert(userDatabases)
      .values({
        companyId: w.monitoring.companyId,
        farmId: other.id,
        name: "Стадо «Рассвет»",
        server: "s",
        dbName: "h2",
        kind: "herd",
      })
      .returning();
    if (!rassvet) throw new Error("herd inserted");
    // «Стадо» (3 cows), «Стадо «Рассвет»» (5): two herds in the company.
    await w.db.insert(herdAnimals).values([...cows(w.herd.id, 3), ...cows(rassvet.id, 5)]);

    // The monitoring database is for the whole company: which herd it feeds is unknown.
    expect(ok<PowerPeriod>(await get(w.zoo, url, MARCH)).herd).toEqual({
      basis: "ambiguous",
      farm: null,
      databases: ["Стадо", "Стадо «Рассвет»"],
      cows: null,
    });

    // Bound to «Рассвет»: its herd's 5 cows, not the company's 8.
    await w.db.update(userDatabases).set({ farmId: other.id }).where(eq(userDatabases.id, w.monitoring.id));
    expect(ok<PowerPeriod>(await get(w.zoo, url, MARCH)).herd).toEqual({
      basis: "farm",
      farm: "МТФ «Рассвет»",
      databases: ["Стадо «Рассвет»"],
      cows: 5,
    });

    // Bound to «Заря-1», whose farm has no herd database: no divisor.
    await w.db.update(userDatabases).set({ farmId: farm.id }).where(eq(userDatabases.id, w.monitoring.id));
    expect(ok<PowerPeriod>(await get(w.zoo, url, MARCH)).herd).toEqual({
      basis: "farm",
      farm: "МТФ «Заря-1»",
      databases: [],
      cows: null,
    });
  });
});
