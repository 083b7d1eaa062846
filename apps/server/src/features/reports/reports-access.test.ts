import type { AdminIframeGroup, AdminReport } from "@nadoy/contract/reports";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { type ReportsApi, type ReportsWorld, reportsAudit, reportsWorld, WHO, type Who } from "./reports.test-kit.ts";

// Who may call each reports route (contract reports.ts header): anonymous, roles 1–7 (members of
// the company), a superuser in no company, and a client of another company who was given the
// company's report through a group all the same.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const SIGNED_IN: readonly Who[] = WHO.filter((w) => w !== "anonymous");
const ADMINS: readonly Who[] = ["role 1", "superuser"];

/** `okStatus` for the allowed, `refused` for other signed-in callers, 401 anonymous. */
function matrix(okStatus: number, allowed: readonly Who[], refused = 403) {
  const result = {} as Record<Who, number>;
  for (const who of WHO) result[who] = allowed.includes(who) ? okStatus : refused;
  result.anonymous = 401;
  return result;
}

interface Fixture {
  /** A report of the company, in a group given to every signed-in caller. */
  report: AdminReport;
  group: AdminIframeGroup;
}

interface RouteCase {
  /** Called once per caller; `fresh` is a report and a group made for this call alone. */
  call: (api: ReportsApi, w: ReportsWorld, fixture: Fixture, fresh: Fixture) => Promise<{ statusCode: number }>;
  expected: Record<Who, number>;
}

const ROUTES: Record<string, RouteCase> = {
  "GET /api/reports/": { call: (api) => api.portal(), expected: matrix(200, SIGNED_IN) },
  // The client of another company was given the group, yet the company's report stays hidden.
  "GET /api/reports/:uuid/embed/": {
    call: (api, _w, f) => api.embed(f.report.uuid),
    expected: matrix(
      200,
      SIGNED_IN.filter((w) => w !== "other company"),
      404,
    ),
  },
  // Of the client (role 7): the client themselves and admins; to others the user does not exist.
  "GET /api/reports/users/:id/groups/": {
    call: (api, w) => api.userGroups(w.idOf("role 7")),
    expected: matrix(200, [...ADMINS, "role 7"], 404),
  },
  "GET /api/admin/reports/": { call: (api) => api.listReports(), expected: matrix(200, ADMINS) },
  "POST /api/admin/reports/": {
    call: (api) => api.createReport({ title: "Новый", tag: "dpa", url: "https://bi.example/new" }),
    expected: matrix(201, ADMINS),
  },
  "PATCH /api/admin/reports/:uuid/": {
    call: (api, _w, _f, fresh) => api.updateReport(fresh.report.uuid, { title: "Изменённый" }),
    expected: matrix(200, ADMINS),
  },
  "DELETE /api/admin/reports/:uuid/": {
    call: (api, _w, _f, fresh) => api.deleteReport(fresh.report.uuid),
    expected: matrix(204, ADMINS),
  },
  "GET /api/admin/iframe-groups/": { call: (api) => api.listGroups(), expected: matrix(200, ADMINS) },
  "POST /api/admin/iframe-groups/": {
    call: (api) => api.createGroup({ title: "Новая группа" }),
    expected: matrix(201, ADMINS),
  },
  "PATCH /api/admin/iframe-groups/:pk/": {
    call: (api, _w, _f, fresh) => api.updateGroup(fresh.group.pk, { title: "Изменённая" }),
    expected: matrix(200, ADMINS),
  },
  "DELETE /api/admin/iframe-groups/:pk/": {
    call: (api, _w, _f, fresh) => api.deleteGroup(fresh.group.pk),
    expected: matrix(204, ADMINS),
  },
};

async function fixture(w: ReportsWorld, title: string): Promise<Fixture> {
  const report = await w.admin.newReport({ title, company_uuid: w.company.uuid });
  const group = await w.admin.newGroup({ title: `Группа: ${title}`, report_uuids: [report.uuid] });
  return { report, group };
}

describe("reports: who may call what", () => {
  for (const [name, route] of Object.entries(ROUTES)) {
    it(`${name}: the status each caller gets`, async () => {
      const w = await reportsWorld(t);
      const shared = await fixture(w, "Надои по фермам");
      for (const who of SIGNED_IN) await w.give(who, { groups: [shared.group.pk] });
      const actual = {} as Record<Who, number>;
      for (const who of WHO) {
        const fresh = await fixture(w, `Отчёт для ${who}`);
        actual[who] = (await route.call(w.apiOf(who), w, shared, fresh)).statusCode;
      }
      expect(actual).toEqual(route.expected);
    });
  }

  it("lets every signed-in user read their own groups", async () => {
    const w = await reportsWorld(t);
    for (const who of SIGNED_IN) {
      expect((await w.apiOf(who).userGroups(w.idOf(who))).statusCode, who).toBe(200);
    }
  });

  it("answers an anonymous caller 401 before looking at a broken body, and audits nothing", async () => {
    const w = await reportsWorld(t);
    const anonymous = w.apiOf("anonymous");
    expect((await anonymous.createReport({ nonsense: true })).statusCode).toBe(401);
    expect((await anonymous.createGroup({ title: 5 })).statusCode).toBe(401);
    expect((await anonymous.embed("not-a-uuid")).statusCode).toBe(401);
    expect(await reportsAudit(t)).toEqual([]);
  });
});
