import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Caller, createCallers, expectedStatuses, statusByCaller } from "../../../test/callers.ts";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { auditLog, dtmEntries, userDatabases } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { businessApi } from "./business.test-kit.ts";

// Contract business.ts: every route is for superusers and role 1; other roles 403, anonymous 401
// (before any input check). A refused call writes nothing.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const ADMINS_ONLY = (ok: number) => expectedStatuses(403, { "role 1": ok, superuser: ok, anonymous: 401 });

let made = 0;

/** Fresh for each call: a company with a farm, a database and a DTM code, and a company with nothing. */
async function world() {
  made += 1;
  const { company, farms } = await seedCompany(t.database.db, { name: `Компания ${made}`, farms: [{ name: "Ферма" }] });
  const { company: empty } = await seedCompany(t.database.db, { name: `Пустая ${made}` });
  const [database] = await t.database.db
    .insert(userDatabases)
    .values({ companyId: company.id, name: "Стадо", server: "dc305.test", dbName: `herd_${made}` })
    .returning();
  const [dtm] = await t.database.db
    .insert(dtmEntries)
    .values({ companyId: company.id, companyCode: "ZR-001" })
    .returning();
  const farm = farms[0];
  if (!database || !farm || !dtm) throw new Error("world not seeded");
  return { company, empty, farm, database, dtm, n: made };
}

type World = Awaited<ReturnType<typeof world>>;
type Route = { call: (c: Caller, w: World) => Promise<{ statusCode: number }>; ok: number; writes: boolean };

const api = (c: Caller) => businessApi(t, c.token);

const ROUTES: Record<string, Route> = {
  "GET /api/admin/businesses/": { call: (c) => api(c).list({ q: "комп" }), ok: 200, writes: false },
  "GET /api/admin/businesses/:uuid/": { call: (c, w) => api(c).get(w.company.uuid), ok: 200, writes: false },
  "POST /api/admin/businesses/": { call: (c, w) => api(c).create({ name: `Новая ${w.n}` }), ok: 201, writes: true },
  "PATCH /api/admin/businesses/:uuid/": {
    call: (c, w) => api(c).update(w.company.uuid, { name: `Переименована ${w.n}`, user_ids: [] }),
    ok: 200,
    writes: true,
  },
  "DELETE /api/admin/businesses/:uuid/": { call: (c, w) => api(c).remove(w.empty.uuid), ok: 204, writes: true },
  "POST /api/admin/businesses/:uuid/farms/": {
    call: (c, w) => api(c).createFarm(w.company.uuid, { name: "Новая ферма", timezone: "Asia/Omsk" }),
    ok: 201,
    writes: true,
  },
  "GET /api/admin/farms/:uuid/": { call: (c, w) => api(c).getFarm(w.farm.uuid), ok: 200, writes: false },
  "PATCH /api/admin/farms/:uuid/": {
    call: (c, w) => api(c).updateFarm(w.farm.uuid, { use_genetic: true }),
    ok: 200,
    writes: true,
  },
  "DELETE /api/admin/farms/:uuid/": { call: (c, w) => api(c).removeFarm(w.farm.uuid), ok: 204, writes: true },
  "POST /api/admin/businesses/:uuid/databases/": {
    call: (c, w) =>
      api(c).createDatabase(w.company.uuid, {
        name: "Мониторинг",
        server: "mon.test",
        db_name: `m_${w.n}`,
        kind: "monitoring",
      }),
    ok: 201,
    writes: true,
  },
  "PATCH /api/admin/databases/:uuid/": {
    call: (c, w) => api(c).updateDatabase(w.database.uuid, { active: false }),
    ok: 200,
    writes: true,
  },
  "POST /api/admin/businesses/:uuid/dtm/": {
    call: (c, w) => api(c).createDtm(w.company.uuid, { company_code: "ZR-002" }),
    ok: 201,
    writes: true,
  },
  "PATCH /api/admin/dtm/:uuid/": {
    call: (c, w) => api(c).updateDtm(w.dtm.uuid, { company_code: "ZR-100" }),
    ok: 200,
    writes: true,
  },
  "DELETE /api/admin/dtm/:uuid/": { call: (c, w) => api(c).removeDtm(w.dtm.uuid), ok: 204, writes: true },
  "GET /api/admin/business-users/": { call: (c) => api(c).users({ clients_only: "false" }), ok: 200, writes: false },
};

describe("business role matrix", () => {
  it.each(Object.entries(ROUTES))("%s: superusers and role 1 only", async (_name, route) => {
    const callers = await createCallers(t);

    const statuses = await statusByCaller(callers, async (c) => (await route.call(c, await world())).statusCode);

    expect(statuses).toEqual(ADMINS_ONLY(route.ok));
  });

  it("writes nothing for a refused caller and one audit entry per change let through", async () => {
    const callers = await createCallers(t);
    const worlds = new Map<Caller, World>();
    for (const c of callers) worlds.set(c, await world());
    const writes = Object.values(ROUTES).filter((r) => r.writes);
    const refused = callers.filter((c) => c.label !== "role 1" && c.label !== "superuser");
    const before = await rowCounts(t.database.db);

    for (const c of refused) for (const route of writes) await route.call(c, worlds.get(c) as World);

    expect(await rowCounts(t.database.db)).toEqual(before);

    for (const c of callers.filter((x) => !refused.includes(x))) {
      for (const route of writes) expect((await route.call(c, worlds.get(c) as World)).statusCode).toBe(route.ok);
    }
    expect((await t.database.db.select().from(auditLog)).length).toBe(2 * writes.length);
  });

  it("refuses an anonymous caller with 401 before looking at a broken body", async () => {
    const res = await businessApi(t, undefined).create({ nonsense: true });

    expect(res.statusCode).toBe(401);
  });
});
