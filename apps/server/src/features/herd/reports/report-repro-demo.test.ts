import type { HerdReport } from "@nadoy/contract/herd-reports";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { loadDemoHerd } from "../demo-herd/load-demo-herd.ts";
import { seedHerdWorld } from "../herd.test-kit.ts";
import { herdToday } from "../herd-today.ts";

// Report 4 over the default demo herd (about 1,200 cows, 5 years): the figures of the last 12
// months land in HERD.md's "Demo herd: ranges" (PR 18–30 %, CR 30–50 %, first-service DIM 55–80,
// calving interval 12.5–14.5 months), and the report answers in reasonable time.

let t: TestApp;
let w: Awaited<ReturnType<typeof seedHerdWorld>>;

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  w = await seedHerdWorld(t);
  await loadDemoHerd(t.database.db, w.herd.id, { seed: 17, today: herdToday() });
}, 120_000);
afterAll(() => t.close());

describe("report 4 on the demo herd", () => {
  it("lands in HERD.md's demo ranges", { timeout: 120_000 }, async () => {
    const res = await t.request({
      method: "GET",
      url: `/api/herd/${w.herd.uuid}/reports/4/`,
      token: w.zoo.token,
      query: { compare: "none" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const kpi = Object.fromEntries((res.json() as HerdReport).kpis.map((k) => [k.key, k.value]));
    const within = (value: unknown, lo: number, hi: number) => typeof value === "number" && value >= lo && value <= hi;
    // The figures are in the objects, so a failure shows them.
    expect({ ...kpi, ok: within(kpi.pr, 18, 30) }).toMatchObject({ ok: true });
    expect({ ...kpi, ok: within(kpi.cr, 30, 50) }).toMatchObject({ ok: true });
    expect({ ...kpi, ok: within(kpi.first_dim, 55, 80) }).toMatchObject({ ok: true });
    expect({ ...kpi, ok: within(kpi.calving_interval, 12.5, 14.5) }).toMatchObject({ ok: true });
  });
});
