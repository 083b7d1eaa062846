import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Caller, createCallers, expectedStatuses, statusByCaller } from "../../../test/callers.ts";
import { contentEditorsApi } from "../../../test/content-editors.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";

// Contract content.ts: every /api/manage/... route is for superusers and role 2; other roles 403,
// anonymous callers 401 (before any input check).

let t: TestApp;
let api: ReturnType<typeof contentEditorsApi>;

beforeAll(async () => {
  t = await startTestApp();
  api = contentEditorsApi(t);
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const EDITORS_ONLY = (ok: number) => expectedStatuses(403, { "role 2": ok, superuser: ok, anonymous: 401 });

const sendToAll = (c: Caller) => api.send(c.token, { title: "Проверка", msg: "Текст", audience: { kind: "all" } });

const ROUTES: Record<string, { call: (c: Caller) => Promise<{ statusCode: number }>; ok: number }> = {
  "POST /api/manage/notifications/": { call: sendToAll, ok: 201 },
  "GET /api/manage/notifications/": { call: (c) => api.sent(c.token), ok: 200 },
  "GET /api/manage/recipients/": { call: (c) => api.recipients(c.token, "role"), ok: 200 },
  "GET /api/manage/announcement/": { call: (c) => api.announcement(c.token), ok: 200 },
  "PUT /api/manage/announcement/": { call: (c) => api.setAnnouncement(c.token, "Плановые работы"), ok: 200 },
};

describe("content notifications role matrix", () => {
  it.each(Object.entries(ROUTES))("%s: superusers and role 2 only", async (_name, route) => {
    const callers = await createCallers(t);

    const statuses = await statusByCaller(callers, async (c) => (await route.call(c)).statusCode);

    expect(statuses).toEqual(EDITORS_ONLY(route.ok));
  });

  it("writes a send only for the callers let through", async () => {
    const callers = await createCallers(t);

    await statusByCaller(callers, async (c) => (await sendToAll(c)).statusCode);

    const allowed = callers.filter((c) => c.label === "role 2" || c.label === "superuser");
    const rows = await api.sentList(allowed[0]?.token ?? "");
    expect(rows.map((row) => row.created_by?.id).sort()).toEqual(allowed.map((c) => c.userId).sort());
  });

  it("refuses an anonymous caller with 401 before looking at a broken body", async () => {
    const res = await api.send(undefined, { nonsense: true });

    expect(res.statusCode).toBe(401);
  });
});
