import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Caller, createCallers, expectedStatuses, statusByCaller } from "../../../test/callers.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { seedHits, usageApi } from "./usage.test-kit.ts";

// Contract usage.ts: superusers and role 1 only; other roles 403, anonymous callers 401 (before
// any input check).

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const ADMINS_ONLY = expectedStatuses(403, { "role 1": 200, superuser: 200 });
const PERIOD = { from: "2026-11-01", to: "2026-11-25" };

const ROUTES: Record<string, (c: Caller) => Promise<{ statusCode: number }>> = {
  "GET /api/admin/usage/": (c) => usageApi(t, c.token).report(PERIOD),
  "GET /api/admin/usage/export/": (c) => usageApi(t, c.token).export(PERIOD),
  "GET /api/admin/analytics-db/": (c) => usageApi(t, c.token).databases(),
};

describe("usage role matrix", () => {
  it.each(Object.entries(ROUTES))("%s: superusers and role 1 only", async (_name, call) => {
    const callers = await createCallers(t);
    await seedHits(t, [{ userId: callers[1]?.userId ?? null, path: "/lists", at: "2026-11-05T10:00:00Z" }]);

    const statuses = await statusByCaller(callers, async (c) => (await call(c)).statusCode);

    expect(statuses).toEqual(ADMINS_ONLY);
  });

  it("refuses an anonymous caller with 401 before looking at a broken query", async () => {
    const api = usageApi(t, undefined);

    expect((await api.report({ from: "nonsense" })).statusCode).toBe(401);
    expect((await api.export({ from: "2026-11-25", to: "2026-11-01" })).statusCode).toBe(401);
  });

  it("tells a non-admin nothing about the hits, however the query looks", async () => {
    const callers = await createCallers(t);
    const viewer = callers.find((c) => c.label === "role 6");

    const res = await usageApi(t, viewer?.token).report({ from: "2026-11-25", to: "2026-11-01" });

    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: "forbidden", message: "Недостаточно прав" });
  });
});
