import { describe, expect, it } from "vitest";
import { DEMO_SITE_PARAMS, demoSiteParamsFor } from "./demo-site-params.ts";
import { type DemoReading, demoReadings, demoSiteModel, FEEDERS } from "./generate-demo-site.ts";

// The generator alone, no database: determinism, time order, robot faults, the register
// rollover, and a year's energy per cow (HERD.md "## Energy": 800–1,200 kWh per cow a year).

const take = (n: number, seed: number, from = "2026-03-01T00:00:00+03:00", to = "2026-03-08T00:00:00+03:00") => {
  const rows: DemoReading[] = [];
  for (const row of demoReadings({ seed, from, to })) {
    rows.push(row);
    if (rows.length >= n) break;
  }
  return rows;
};

describe("demoSiteModel", () => {
  it("names every series' device and substation, and has one input and four feeders", () => {
    const model = demoSiteModel();
    const devices = new Set(model.devices.map((d) => d.key));
    for (const s of model.series) if (s.device) expect(devices.has(s.device)).toBe(true);
    const energy = model.series.filter((s) => s.kind === "energy");
    expect(energy.filter((s) => s.meterRole === "input").map((s) => s.key)).toEqual(["input.energy"]);
    expect(energy.filter((s) => s.meterRole === "feeder")).toHaveLength(FEEDERS.length);
    expect(new Set(model.series.map((s) => s.key)).size).toBe(model.series.length);
  });
});

describe("demoReadings", () => {
  it("gives the same rows for the same seed and other rows for another seed", () => {
    const a = take(3_000, 7);
    expect(take(3_000, 7)).toEqual(a);
    expect(take(3_000, 8)).not.toEqual(a);
  });

  it("yields rows in time order, only of the model's series, each with a value or a state", () => {
    const keys = new Set(demoSiteModel().series.map((s) => s.key));
    let previous = "";
    for (const row of take(20_000, 3)) {
      expect(row.ts >= previous).toBe(true);
      previous = row.ts;
      expect(keys.has(row.series)).toBe(true);
      expect((row.value === undefined) !== (row.state === undefined)).toBe(true);
    }
  });

  it("has robots fault at least once each in a month, for minutes up to an hour", () => {
    const faults = new Map<string, number>();
    const faultStart = new Map<string, number>();
    for (const row of demoReadings({ seed: 11, from: "2026-05-01T00:00:00+03:00", to: "2026-06-01T00:00:00+03:00" })) {
      if (!row.series.startsWith("robot")) continue;
      if (row.state === "fault") {
        faults.set(row.series, (faults.get(row.series) ?? 0) + 1);
        faultStart.set(row.series, Date.parse(row.ts));
      } else {
        const start = faultStart.get(row.series);
        if (start !== undefined) {
          const minutes = (Date.parse(row.ts) - start) / 60_000;
          expect(minutes).toBeGreaterThanOrEqual(DEMO_SITE_PARAMS.robots.faultMinutes[0]);
          expect(minutes).toBeLessThanOrEqual(DEMO_SITE_PARAMS.robots.faultMinutes[1]);
          faultStart.delete(row.series);
        }
      }
    }
    expect(faults.get("robot1.state")).toBeGreaterThanOrEqual(1);
    expect(faults.get("robot2.state")).toBeGreaterThanOrEqual(1);
  });

  it("keeps a year within 800–1,200 kWh per cow, registers rising but for wraps, «other» wrapping", () => {
    const { cows, substation } = DEMO_SITE_PARAMS;
    const last = new Map<string, number>();
    const metered = new Map<string, number>();
    const wraps = new Map<string, number>();
    for (const row of demoReadings({ seed: 5, from: "2026-01-01T00:00:00+03:00", to: "2027-01-01T00:00:00+03:00" })) {
      if (row.value === undefined || !(row.series === "input.energy" || row.series.startsWith("feeder."))) continue;
      const before = last.get(row.series);
      if (before !== undefined) {
        const rollover = row.series === "input.energy" ? substation.inputRollover : substation.feederRollover;
        let delta = row.value - before;
        if (delta < 0) {
          delta += rollover;
          wraps.set(row.series, (wraps.get(row.series) ?? 0) + 1);
        }
        // A 15-minute step of a feeder stays far below 100 kWh: a drop is a wrap, not noise.
        expect(delta).toBeLessThan(100);
        metered.set(row.series, (metered.get(row.series) ?? 0) + delta);
      }
      last.set(row.series, row.value);
    }
    const perCow = (metered.get("input.energy") ?? 0) / cows;
    expect(perCow).toBeGreaterThan(800);
    expect(perCow).toBeLessThan(1_200);
    expect(wraps.get("feeder.other")).toBeGreaterThanOrEqual(1);
    expect(wraps.get("input.energy")).toBeUndefined();
    const feeders = FEEDERS.reduce((sum, f) => sum + (metered.get(`feeder.${f}`) ?? 0), 0);
    const losses = 1 - feeders / (metered.get("input.energy") ?? 1);
    expect(losses).toBeGreaterThan(0.04);
    expect(losses).toBeLessThan(0.07);
    // Milking (with hot water) and cooling: about half of the input.
    const milkAndCool = (metered.get("feeder.milking") ?? 0) + (metered.get("feeder.cooling") ?? 0);
    expect(milkAndCool / (metered.get("input.energy") ?? 1)).toBeGreaterThan(0.4);
    expect(milkAndCool / (metered.get("input.energy") ?? 1)).toBeLessThan(0.65);
  });
});

describe("demoSiteParamsFor", () => {
  /** The input meter's kWh per cow per day over a generated year (HERD.md: 800–1,200 kWh a cow a year). */
  const perCowDay = (cows: number) => {
    const params = demoSiteParamsFor({ name: "МТФ", timeZone: "Europe/Moscow" }, cows);
    let first: number | undefined;
    let last = 0;
    for (const row of demoReadings({
      seed: 2,
      params,
      from: "2026-01-01T00:00:00+03:00",
      to: "2027-01-01T00:00:00+03:00",
    })) {
      if (row.series !== "input.energy" || row.value === undefined) continue;
      first ??= row.value;
      last = row.value;
    }
    // No wrap of the input register within a year, even for the big herd (10,000,000 kWh).
    return (last - (first ?? last)) / cows / 365;
  };

  it("scales the loads with the herd: 2.2–3.3 kWh per cow a day for 400 cows and for 1,375", () => {
    for (const cows of [400, 1_375]) {
      const figure = perCowDay(cows);
      expect(figure, `${cows} cows`).toBeGreaterThan(800 / 365);
      expect(figure, `${cows} cows`).toBeLessThan(1_200 / 365);
    }
  });

  it("leaves the demo site's 400 cows as they were and keeps the model", () => {
    const params = demoSiteParamsFor(DEMO_SITE_PARAMS.site, DEMO_SITE_PARAMS.cows);
    expect(params).toEqual(DEMO_SITE_PARAMS);
    expect(demoSiteModel(demoSiteParamsFor(DEMO_SITE_PARAMS.site, 1_375))).toEqual(demoSiteModel());
  });
});
