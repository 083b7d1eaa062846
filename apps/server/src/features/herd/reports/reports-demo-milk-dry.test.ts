import type { HerdReport } from "@nadoy/contract/herd-reports";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { loadDemoHerd } from "../demo-herd/load-demo-herd.ts";
import { seedHerdWorld } from "../herd.test-kit.ts";
import { reportClient } from "./reports.test-kit.ts";

// Reports 2 and 8 on the default demo herd: their figures land in HERD.md's ranges ("Milk",
// "Health, culling, dry period", "Demo herd: ranges").

const TODAY = "2026-11-26";
const PERIOD = { from: "2025-11-27", to: TODAY, compare: "last_year" };
let t: TestApp;
let w: Awaited<ReturnType<typeof seedHerdWorld>>;

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  w = await seedHerdWorld(t);
  await loadDemoHerd(t.database.db, w.herd.id, { seed: 17, today: TODAY });
}, 120_000);
afterAll(() => t.close());

/** A KPI's value by its key (NaN when absent or null, so that no range holds it). */
const kpiOf = (r: HerdReport) => (key: string) => r.kpis.find((k) => k.key === key)?.value ?? Number.NaN;

describe("the reports on the demo herd", () => {
  it("report 2: milk, fat, protein and SCC in HERD.md's ranges", async () => {
    const r = await reportClient(t, w.herd.uuid, w.zoo.token, 2, PERIOD).report();
    const k = kpiOf(r);
    const inRange = {
      milk: k("milk") >= 28 && k("milk") <= 34,
      fat: k("fat") >= 3.6 && k("fat") <= 4.3,
      protein: k("protein") >= 3.0 && k("protein") <= 3.5,
      scc: k("scc") >= 150 && k("scc") <= 300,
      // 8,500–10,500 kg a cow-year at 305 days of a 13-month calving interval: about 7,000–10,000.
      y305: k("y305") >= 7000 && k("y305") <= 10_000,
    };
    // The figures are in the message, so a failure shows them.
    expect(inRange, JSON.stringify(r.kpis.map((x) => [x.key, x.value]))).toEqual({
      milk: true,
      fat: true,
      protein: true,
      scc: true,
      y305: true,
    });
    const curve = r.charts.find((c) => c.key === "curve")?.series ?? [];
    expect(curve.map((s) => s.values.filter((v) => v !== null).length)).toEqual([44, 44]);
  });

  it("report 8: the dry period mostly 40–60 days, no alarm", async () => {
    const r = await reportClient(t, w.herd.uuid, w.zoo.token, 8, PERIOD).report();
    const k = kpiOf(r);
    expect(
      { avg: k("avg_len") >= 40 && k("avg_len") <= 60, mostly: k("in_range") > 50, noAlarm: k("out_range") <= 20 },
      JSON.stringify(r.kpis.map((x) => [x.key, x.value])),
    ).toEqual({ avg: true, mostly: true, noAlarm: true });
  });
});
