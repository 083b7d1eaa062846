import type { AdminIframeGroup, AdminReport, PortalGroup, ReportEmbed, ReportsPortal } from "@nadoy/contract/reports";
import { ROLE_IDS } from "@nadoy/contract/roles";
import { asc, like, or } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { accessTokenFor, CALLER_LABELS, type CallerLabel } from "../../../test/callers.ts";
import type { TestApp } from "../../../test/test-app.ts";
import { auditLog, userIframeGroups, userIframeReports } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";

// What the reports tests share: the company «Агрохолдинг Заря» with a member per role, a
// superuser in no company, a client of «Колхоз «Восход»» («other company»), calls of every
// reports route, and giving reports and groups to users (what admins do in the user drawer).

export type Who = CallerLabel | "other company";
export const WHO: readonly Who[] = [...CALLER_LABELS, "other company"];

export function ok<T>(res: LightMyRequestResponse, status: number): T {
  expect(res.statusCode, res.body).toBe(status);
  return (res.body ? res.json() : undefined) as T;
}

export function reportsApi(t: TestApp, token: string | undefined) {
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
    t.request({ method, url, token, ...(payload && { payload }) });
  return {
    portal: () => call("GET", "/api/reports/"),
    /** users/data (contract users.ts): its iframes and iframegroup are the portal's lists. */
    userData: () => call("GET", "/api/users/data/"),
    embed: (uuid: string) => call("GET", `/api/reports/${uuid}/embed/`),
    userGroups: (id: number) => call("GET", `/api/reports/users/${id}/groups/`),
    listReports: () => call("GET", "/api/admin/reports/"),
    createReport: (body: object) => call("POST", "/api/admin/reports/", body),
    updateReport: (uuid: string, body: object) => call("PATCH", `/api/admin/reports/${uuid}/`, body),
    deleteReport: (uuid: string) => call("DELETE", `/api/admin/reports/${uuid}/`),
    listGroups: () => call("GET", "/api/admin/iframe-groups/"),
    createGroup: (body: object) => call("POST", "/api/admin/iframe-groups/", body),
    updateGroup: (pk: number, body: object) => call("PATCH", `/api/admin/iframe-groups/${pk}/`, body),
    deleteGroup: (pk: number) => call("DELETE", `/api/admin/iframe-groups/${pk}/`),
    /** The admins' audit log (contract admin-users.ts), filtered by action. */
    auditLog: (action: string) => call("GET", `/api/admin/audit/?action=${encodeURIComponent(action)}`),
    upload: (name: string, bytes: Buffer) =>
      t.request({
        method: "POST",
        url: `/api/content/images/?name=${encodeURIComponent(name)}`,
        token,
        headers: { "content-type": "application/octet-stream" },
        payload: bytes,
      }),

    async portalOk(): Promise<ReportsPortal> {
      return ok<ReportsPortal>(await this.portal(), 200);
    },
    async embedOk(uuid: string): Promise<ReportEmbed> {
      return ok<ReportEmbed>(await this.embed(uuid), 200);
    },
    async userGroupsOk(id: number): Promise<{ user: { id: number; name: string }; groups: PortalGroup[] }> {
      return ok(await this.userGroups(id), 200);
    },
    async newReport(body: object): Promise<AdminReport> {
      return ok<AdminReport>(
        await this.createReport({ tag: "custom_reports", url: "https://bi.example/r", ...body }),
        201,
      );
    },
    async patchedReport(uuid: string, body: object): Promise<AdminReport> {
      return ok<AdminReport>(await this.updateReport(uuid, body), 200);
    },
    async reports(): Promise<AdminReport[]> {
      return ok<AdminReport[]>(await this.listReports(), 200);
    },
    async newGroup(body: object): Promise<AdminIframeGroup> {
      return ok<AdminIframeGroup>(await this.createGroup(body), 201);
    },
    async patchedGroup(pk: number, body: object): Promise<AdminIframeGroup> {
      return ok<AdminIframeGroup>(await this.updateGroup(pk, body), 200);
    },
    async groups(): Promise<AdminIframeGroup[]> {
      return ok<AdminIframeGroup[]>(await this.listGroups(), 200);
    },
  };
}

export type ReportsApi = ReturnType<typeof reportsApi>;

export interface ReportsWorld {
  company: { id: number; uuid: string; name: string };
  other: { id: number; uuid: string; name: string };
  apiOf(who: Who): ReportsApi;
  idOf(who: Who): number;
  /** The superuser's API: makes the reports and groups the tests read. */
  admin: ReportsApi;
  /** Gives reports (by pk) and groups (by pk) to a user, as the user drawer does. */
  give(who: Who, given: { reports?: number[]; groups?: number[] }): Promise<void>;
}

export async function reportsWorld(t: TestApp): Promise<ReportsWorld> {
  const db = t.database.db;
  const { company } = await seedCompany(db, { name: "Агрохолдинг Заря" });
  const { company: other } = await seedCompany(db, { name: "Колхоз «Восход»" });
  const apis = new Map<Who, ReportsApi>([["anonymous", reportsApi(t, undefined)]]);
  const ids = new Map<Who, number>();
  const add = async (who: Who, input: Parameters<typeof seedUser>[1]) => {
    const user = await seedUser(db, { email: `${input.username}@example.com`, ...input });
    ids.set(who, user.id);
    apis.set(who, reportsApi(t, await accessTokenFor(t, user.id)));
  };
  for (const role of ROLE_IDS) {
    await add(`role ${role}` as Who, {
      username: `role${role}`,
      firstName: role === 7 ? "Пётр" : "",
      lastName: role === 7 ? "Клиентов" : "",
      roles: [role],
      companyIds: [company.id],
    });
  }
  await add("superuser", { username: "superuser", isSuperuser: true });
  await add("other company", { username: "stranger", roles: [7], companyIds: [other.id] });
  const apiOf = (who: Who) => {
    const api = apis.get(who);
    if (!api) throw new Error(`no caller ${who}`);
    return api;
  };
  const idOf = (who: Who) => {
    const id = ids.get(who);
    if (id === undefined) throw new Error(`no user ${who}`);
    return id;
  };
  return {
    company,
    other,
    apiOf,
    idOf,
    admin: apiOf("superuser"),
    async give(who, { reports = [], groups = [] }) {
      const userId = idOf(who);
      if (reports.length) await db.insert(userIframeReports).values(reports.map((reportId) => ({ userId, reportId })));
      if (groups.length) await db.insert(userIframeGroups).values(groups.map((groupId) => ({ userId, groupId })));
    },
  };
}

/** The audit entries of reports and iframe groups, oldest first, details parsed. */
export async function reportsAudit(t: TestApp) {
  const rows = await t.database.db
    .select()
    .from(auditLog)
    .where(or(like(auditLog.action, "report_%"), like(auditLog.action, "iframe_group_%")))
    .orderBy(asc(auditLog.id));
  return rows.map((r) => ({
    action: r.action,
    userId: r.userId,
    raw: r.details ?? "",
    details: r.details === null ? null : (JSON.parse(r.details) as { id: number; before: unknown; after: unknown }),
  }));
}
