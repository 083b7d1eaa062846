import { HERD_REPORT_NUMBERS } from "@nadoy/contract/herd-reports";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { loadDemoHerd } from "../demo-herd/load-demo-herd.ts";
import { seedHerdWorld } from "../herd.test-kit.ts";
import { herdToday } from "../herd-today.ts";
import { drillNumbers, reportClient } from "./reports.test-kit.ts";

// Issue 18 "Done when": for every report and every drill token it returns on the demo herd, the
// animal list's total equals the number shown (the period of 12 months to today, and a quarter
// with the comparison to the same quarter a year before).

let t: TestApp;
let w: Awaited<ReturnType<typeof seedHerdWorld>>;

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  w = await seedHerdWorld(t);
  await loadDemoHerd(t.database.db, w.herd.id, { seed: 5, today: herdToday() });
});
afterAll(() => t.close());

const QUERIES: Record<string, Record<string, string>> = {
  "the last 12 months": {},
  "a quarter against last year, 1st lactation": {
    from: "2026-01-01",
    to: "2026-03-31",
    compare: "last_year",
    lact_group: "1",
  },
};

// Each walk asks for every token's animals in turn: report 4's cycle drills redo the cycle
// arithmetic per list, about a minute on PGlite for a year of a 1,200-cow herd.
describe.each(HERD_REPORT_NUMBERS.map((n) => [n]))("report %i on the demo herd", { timeout: 300_000 }, (n) => {
  for (const [name, query] of Object.entries(QUERIES)) {
    it(`every drill total equals its number (${name})`, async () => {
      const client = reportClient(t, w.herd.uuid, w.zoo.token, n, {});
      const report = await client.report(query);
      const numbers = drillNumbers(report);
      // A demo herd gives every report animals to count.
      expect(numbers.filter((x) => x.value > 0).length).toBeGreaterThan(0);
      // One list per distinct token (the same set may be shown twice, on a card and in a table).
      const expected = new Map<string, number>();
      for (const { drill, value } of numbers) {
        const seen = expected.get(drill);
        if (seen !== undefined) expect(value, `two numbers for one token in report ${n}`).toBe(seen);
        expected.set(drill, value);
      }
      const wrong: string[] = [];
      for (const [drill, value] of expected) {
        const page = await client.drillTotal(drill);
        if (page.total !== value) wrong.push(`${value} shown, ${page.total} listed`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
