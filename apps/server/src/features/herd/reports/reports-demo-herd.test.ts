import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { loadDemoHerd } from "../demo-herd/load-demo-herd.ts";
import { seedHerdWorld } from "../herd.test-kit.ts";
import { herdToday } from "../herd-today.ts";
import { reportClient } from "./reports.test-kit.ts";

// Reports 6 and 7 on a demo herd made to today: the figures HERD.md's "Demo herd: ranges" names
// land in them, over the default period (the 12 months to today).

let t: TestApp;
let w: Awaited<ReturnType<typeof seedHerdWorld>>;

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  w = await seedHerdWorld(t);
  await loadDemoHerd(t.database.db, w.herd.id, { seed: 7, today: herdToday(), scale: 0.5 });
}, 120_000);
afterAll(() => t.close());

const kpis = async (n: number) => {
  const r = await reportClient(t, w.herd.uuid, w.zoo.token, n, { compare: "none" }).report();
  return Object.fromEntries(r.kpis.map((k) => [k.key, k.value]));
};

describe("reports 6 and 7 on the demo herd", () => {
  it("land in HERD.md's demo ranges", async () => {
    const calvings = await kpis(6);
    const health = await kpis(7);
    expect(calvings.stillborn).toBeGreaterThanOrEqual(3);
    expect(calvings.stillborn).toBeLessThanOrEqual(10);
    expect(calvings.abort_rate).toBeGreaterThanOrEqual(3);
    expect(calvings.abort_rate).toBeLessThanOrEqual(10);
    expect(health.mast_lir).toBeGreaterThanOrEqual(15);
    expect(health.mast_lir).toBeLessThanOrEqual(40);
    expect(health.rp_60).toBeGreaterThanOrEqual(4);
    expect(health.rp_60).toBeLessThanOrEqual(12);
  });
});
