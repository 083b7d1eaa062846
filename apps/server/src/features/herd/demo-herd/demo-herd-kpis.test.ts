import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { queryRows } from "../../../db/client.ts";
import { seedHerdWorld } from "../herd.test-kit.ts";
import { DEMO_HERD_KPI_RANGES, herdKpis } from "./demo-herd.test-kit.ts";
import { herdKpisSql } from "./demo-herd-kpis.sql-kit.ts";
import { DEMO_HERD_PARAMS } from "./demo-herd-params.ts";
import type { DemoHerd } from "./demo-herd-types.ts";
import { generateDemoHerd } from "./generate-demo-herd.ts";
import { type DemoHerdCounts, loadDemoHerd } from "./load-demo-herd.ts";

// One demo herd of the default size loaded into the herd tables, its KPIs computed in SQL: each in
// HERD.md's range, and equal to what the generator's JS test-kit computes from the plain data (the
// same definitions, so a wrong query shows as a difference).

const TODAY = "2026-11-26";
const SEED = 17;
let t: TestApp;
let databaseId: number;
let herd: DemoHerd;
let counts: DemoHerdCounts | null;

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  databaseId = (await seedHerdWorld(t)).herd.id;
  counts = await loadDemoHerd(t.database.db, databaseId, { seed: SEED, today: TODAY });
  herd = generateDemoHerd({ seed: SEED, today: TODAY });
});
afterAll(() => t.close());

describe("the demo herd in the herd tables", () => {
  it("holds every row the generator made", async () => {
    const [rows] = await queryRows<Record<string, number>>(
      t.database.db,
      sql`select (select count(*)::int from herd_animals where database_id = ${databaseId}) as animals,
        (select count(*)::int from herd_lactations where database_id = ${databaseId}) as lactations,
        (select count(*)::int from herd_events where database_id = ${databaseId}) as events,
        (select count(*)::int from herd_test_days where database_id = ${databaseId}) as test_days`,
    );
    const expected = {
      animals: herd.animals.length,
      lactations: herd.lactations.length,
      events: herd.events.length,
      test_days: herd.testDays.length,
    };
    expect(rows).toEqual(expected);
    expect(counts).toMatchObject({
      animals: expected.animals,
      lactations: expected.lactations,
      events: expected.events,
      testDays: expected.test_days,
    });
  });

  it("gives every KPI in HERD.md's range from SQL, equal to the JS figures", async () => {
    const fromSql = await herdKpisSql(t.database.db, databaseId, TODAY, DEMO_HERD_PARAMS.vwpDays);
    const fromJs = herdKpis(herd, TODAY, DEMO_HERD_PARAMS.vwpDays);
    const report = Object.entries(DEMO_HERD_KPI_RANGES).map(([name, [lo, hi]]) => {
      const value = fromSql[name as keyof typeof fromSql];
      const js = fromJs[name as keyof typeof fromJs];
      const agrees = Math.abs(value - js) <= 1e-6 * Math.max(1, Math.abs(js));
      return { name, sql: value, js, inRange: value >= lo && value <= hi, agrees };
    });
    // The figures are in the objects, so a failure shows them.
    expect(report).toEqual(report.map((r) => ({ ...r, inRange: true, agrees: true })));
  });
});
