import { Role } from "@nadoy/contract/roles";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Caller, createCallers, expectedStatuses, statusByCaller } from "../../../test/callers.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { seedUser } from "../../db/seed/users.ts";
import { adminApi, auditCount } from "./admin-users.test-kit.ts";

// Contract admin-users.ts: every /api/admin/... route is for superusers and role 1; other roles
// 403, anonymous callers 401 (before any input check).

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const ADMINS_ONLY = (ok: number) => expectedStatuses(403, { "role 1": ok, superuser: ok, anonymous: 401 });

const target = () =>
  seedUser(t.database.db, { username: "target", email: "target@example.com", roles: [Role.zootechnician] });

type Route = { call: (c: Caller, targetId: number) => Promise<{ statusCode: number }>; ok: number };

const api = (c: Caller) => adminApi(t, c.token);

const ROUTES: Record<string, Route> = {
  "GET /api/admin/users/": { call: (c) => api(c).list(), ok: 200 },
  "GET /api/admin/users/:id/": { call: (c, id) => api(c).get(id), ok: 200 },
  "POST /api/admin/users/": {
    call: (c) =>
      api(c).create({ username: `new-${c.label.replace(" ", "")}`, email: `${c.label.replace(" ", "")}@new.example` }),
    ok: 201,
  },
  "PATCH /api/admin/users/:id/": { call: (c, id) => api(c).update(id, { first_name: `От ${c.label}` }), ok: 200 },
  "POST /api/admin/users/:id/password-reset/": { call: (c, id) => api(c).resetPassword(id), ok: 204 },
  "GET /api/admin/roles/": { call: (c) => api(c).roles(), ok: 200 },
  "GET /api/admin/audit/": { call: (c) => api(c).audit(), ok: 200 },
};

describe("administration role matrix", () => {
  it.each(Object.entries(ROUTES))("%s: superusers and role 1 only", async (_name, route) => {
    const callers = await createCallers(t);
    const { id } = await target();

    const statuses = await statusByCaller(callers, async (c) => (await route.call(c, id)).statusCode);

    expect(statuses).toEqual(ADMINS_ONLY(route.ok));
  });

  it("audits only the changes of the callers let through", async () => {
    const callers = await createCallers(t);
    const { id } = await target();
    const before = await auditCount(t);

    for (const route of ["POST /api/admin/users/", "PATCH /api/admin/users/:id/"]) {
      await statusByCaller(callers, async (c) => (await ROUTES[route]?.call(c, id))?.statusCode ?? 0);
    }

    expect((await auditCount(t)) - before).toBe(4);
  });

  it("refuses an anonymous caller with 401 before looking at a broken body", async () => {
    const res = await adminApi(t, undefined).create({ nonsense: true });

    expect(res.statusCode).toBe(401);
  });
});
