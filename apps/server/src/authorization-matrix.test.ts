import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MatrixFixture, seedMatrixFixture } from "../test/matrix/fixture.ts";
import { MATRIX } from "../test/matrix/index.ts";
import { routeKey, statusesOf } from "../test/matrix/run.ts";
import { startTestApp, type TestApp } from "../test/test-app.ts";
import { routeTable } from "./platform/route-table.ts";

// The authorization matrix of the whole server (issue 7): every route Fastify actually serves
// must declare its rule and have a row in test/matrix/, and each row is called as anonymous, roles
// 1–7, a superuser and a user of another company on one seeded database (test/matrix/fixture.ts),
// expecting the status the contract's rule gives each of them.

let t: TestApp;
let fx: MatrixFixture;

beforeAll(async () => {
  t = await startTestApp();
  fx = await seedMatrixFixture(t);
});
afterAll(() => t.close());

describe("authorization matrix: coverage", () => {
  it("every served route declares its auth rule and has exactly one row; every row names a served route", () => {
    const served = routeTable(t.app);
    const servedKeys = new Set(served.map(routeKey));
    const rowsByKey = new Map<string, number>();
    for (const row of MATRIX) rowsByKey.set(row.route, (rowsByKey.get(row.route) ?? 0) + 1);

    // Sockets and the SPA's files have no contract: they must have a row of their own that probes them.
    const withoutRule = served
      .filter((r) => !r.contract?.auth)
      .map(routeKey)
      .filter((key) => !MATRIX.some((row) => row.route === key && row.probe));
    const withoutRow = [...servedKeys].filter((key) => !rowsByKey.has(key));
    const stale = [...rowsByKey.keys()].filter((key) => !servedKeys.has(key));
    const twice = [...rowsByKey].filter(([, n]) => n > 1).map(([key]) => key);

    expect({ withoutRule, withoutRow, stale, twice }).toEqual({
      withoutRule: [],
      withoutRow: [],
      stale: [],
      twice: [],
    });
  });
});

describe("authorization matrix: the status each caller gets", () => {
  it.each(MATRIX.map((row) => [row.route, row] as const))("%s", async (_route, row) => {
    expect(await statusesOf(fx, row)).toEqual(row.expected);
  });
});
