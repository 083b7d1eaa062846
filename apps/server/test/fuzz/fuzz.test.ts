import type { RouteDef } from "@nadoy/contract/http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeTable } from "../../src/platform/route-table.ts";
import { startTestApp } from "../test-app.ts";
import { FuzzTarget, RouteStats } from "./fuzz-target.ts";
import { caseArbitrary } from "./request-case.ts";

// Schema-derived fuzzing of every contract route (issue 7): requests built from the route's zod
// schemas, valid-ish and hostile (wrong types, missing and unknown keys, huge strings and numbers,
// unicode, SQL and HTML, malformed JSON, wrong content types, random path ids, raw file bytes),
// sent by a superuser or a role-7 client of the demo company. For every one: never a 5xx, every
// error `{code, message}` JSON, and a 4xx writes nothing (row counts of every table unchanged).
//
// FUZZ_RUNS (default 12) cases per route; `npm run fuzz` runs 1,000 with fresh random seeds
// (FUZZ_RANDOM=1). Without it each route has a fixed seed, so `npm test` (the CI gate) asks the
// same questions every run: a new finding comes from `npm run fuzz` and becomes a regression test,
// instead of failing an unrelated change at random. FUZZ_SEED (and FUZZ_PATH) replay a failure
// fast-check reported; FUZZ_ROUTE (a regular expression on "METHOD /path") picks routes;
// FUZZ_VERBOSE=1 prints the statuses seen per route (otherwise only on failure).

// 12, not 24 as before: the two databases' fuzz files were 312 s of the CI's 1,114 s of unit and
// integration tests, which took the whole CI to 1,872 s, over its 30 minutes; the depth is
// `npm run fuzz`'s.
const runs = Number(process.env.FUZZ_RUNS ?? 12);
const fixedSeed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const random = process.env.FUZZ_RANDOM === "1";
const replayPath = process.env.FUZZ_PATH;
const verbose = process.env.FUZZ_VERBOSE === "1";
const only = process.env.FUZZ_ROUTE === undefined ? undefined : new RegExp(process.env.FUZZ_ROUTE);

/** Every contract route of the real app, the destructive ones last so that the others meet the demo data. */
async function contractRoutes(): Promise<RouteDef[]> {
  // The worker's database as it is: this app only lists its routes.
  const probe = await startTestApp({}, { reset: false });
  const routes = routeTable(probe.app)
    .map((entry) => entry.contract)
    .filter((route): route is RouteDef => route !== null);
  await probe.close();
  const rank = (route: RouteDef) =>
    route.method === "DELETE" || route.path.endsWith("/delete/") ? (route.path.includes("businesses") ? 2 : 1) : 0;
  return routes.sort((a, b) => rank(a) - rank(b));
}

const routes = await contractRoutes();

/** A route's own fixed seed: a hash of its name (FNV-1a), stable across runs and machines. */
function seedOf(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i += 1) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/** The OpenAPI path of an Express-style route path (`/api/x/:id/` → `/api/x/{id}/`). */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

describe(`fuzzing every contract route (${runs} cases each)`, () => {
  let target: FuzzTarget;
  /** The app's own /api/openapi.json: every status a route answers must be documented there. */
  let documented: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  beforeAll(async () => {
    target = await FuzzTarget.start();
    documented = (await target.t.request({ method: "GET", url: "/api/openapi.json" })).json().paths;
  });
  afterAll(() => target.close());

  it("covers every contract route the app serves", () => {
    expect(routes.length).toBeGreaterThanOrEqual(135);
  });

  for (const route of routes) {
    const name = `${route.method} ${route.path}`;
    if (only && !only.test(name)) continue;
    it(
      name,
      async () => {
        const stats = new RouteStats();
        const cases = caseArbitrary(route, await target.pools(), target.files);
        const seed = fixedSeed ?? (random ? undefined : seedOf(name));
        try {
          await fc.assert(
            fc.asyncProperty(cases, (c) => target.check(route, c, stats)),
            {
              numRuns: runs,
              ...(seed !== undefined && { seed }),
              ...(replayPath !== undefined && { path: replayPath }),
            },
          );
        } catch (error) {
          if (error instanceof Error) error.message += `\nStatuses seen on ${name}:\n${stats.summary()}`;
          throw error;
        }
        if (verbose) console.info(`${name}\n${stats.summary()}`);
        const responses = documented[openApiPath(route.path)]?.[route.method.toLowerCase()]?.responses ?? {};
        const undocumented = stats.statuses().filter((status) => !(String(status) in responses));
        expect(undocumented, `statuses of ${name} missing from /api/openapi.json`).toEqual([]);
      },
      Math.max(60_000, runs * 400),
    );
  }
});
