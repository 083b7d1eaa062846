import type { AdminIframeGroup, AdminReport, PortalReport } from "@nadoy/contract/reports";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { solidPng } from "../../db/seed/png.ts";
import { ok, type ReportsWorld, reportsWorld, WHO } from "./reports.test-kit.ts";

// Which reports a user sees (contract reports.ts header): given directly or through an active
// group, active, and of the user's company when tied to one; admins see every active report.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

interface Catalogue {
  w: ReportsWorld;
  /** Company report, given to the client directly. */
  budget: AdminReport;
  /** No company, in the active group. */
  udder: AdminReport;
  /** Inactive: given directly and in the active group. */
  inactive: AdminReport;
  /** Only in the inactive group. */
  milking: AdminReport;
  /** Given to nobody. */
  daily: AdminReport;
  /** Another company's report: given directly and in the active group. */
  foreign: AdminReport;
  /** The company's report, first in the active group. */
  yields: AdminReport;
  active: AdminIframeGroup;
  inactiveGroup: AdminIframeGroup;
}

async function catalogue(t: TestApp): Promise<Catalogue> {
  const w = await reportsWorld(t);
  const a = w.admin;
  const budget = await a.newReport({ title: "Бюджет фермы", company_uuid: w.company.uuid });
  const udder = await a.newReport({ title: "Вымя: анализ", tag: "business_milk" });
  const inactive = await a.newReport({ title: "Гибкий отчёт", active: false });
  const milking = await a.newReport({ title: "Доение" });
  const daily = await a.newReport({ title: "Ежедневный" });
  const foreign = await a.newReport({ title: "Фермы «Восхода»", company_uuid: w.other.uuid });
  const yields = await a.newReport({ title: "Надои", tag: "business_milk", company_uuid: w.company.uuid });
  const active = await a.newGroup({
    title: "Молочное производство",
    report_uuids: [yields.uuid, udder.uuid, inactive.uuid, foreign.uuid],
  });
  const inactiveGroup = await a.newGroup({ title: "Архив", active: false, report_uuids: [milking.uuid] });
  await w.give("role 7", {
    reports: [budget.pk, inactive.pk, foreign.pk],
    groups: [active.pk, inactiveGroup.pk],
  });
  return { w, budget, udder, inactive, milking, daily, foreign, yields, active, inactiveGroup };
}

const titles = (reports: PortalReport[]) => reports.map((r) => r.title);

describe("the reports portal", () => {
  it("shows a client what was given directly or through an active group, of its company, by title", async () => {
    const c = await catalogue(t);
    const portal = await c.w.apiOf("role 7").portalOk();

    expect(titles(portal.reports)).toEqual(["Бюджет фермы", "Вымя: анализ", "Надои"]);
    expect(portal.reports[0]).toEqual({
      pk: c.budget.pk,
      uuid: c.budget.uuid,
      title: "Бюджет фермы",
      tag: "custom_reports",
      img: null,
      active: true,
      group: [],
    });
    expect(portal.reports[1]?.group).toEqual([c.active.pk]);
    // The inactive group is not listed; the active one holds its visible reports in its order.
    expect(portal.groups).toEqual([
      {
        pk: c.active.pk,
        title: "Молочное производство",
        img: null,
        active: true,
        iframegroup: [portal.reports[2], portal.reports[1]],
      },
    ]);
  });

  it("opens only what is shown: the rest answers 404 alike", async () => {
    const c = await catalogue(t);
    const client = c.w.apiOf("role 7");
    for (const report of [c.budget, c.udder, c.yields]) {
      const embed = await client.embedOk(report.uuid);
      expect(embed).toEqual({
        report: expect.objectContaining({ uuid: report.uuid, title: report.title }),
        provider: "url",
        url: "https://bi.example/r",
        expires_at: null,
      });
    }
    for (const report of [c.inactive, c.milking, c.daily, c.foreign]) {
      const res = await client.embed(report.uuid);
      expect(res.statusCode, report.title).toBe(404);
      expect(res.json()).toEqual({ code: "not_found", message: "Не найдено" });
    }
    expect((await client.embed("7c9e6679-7425-40de-944b-e07fc1f90ae7")).statusCode).toBe(404);
    expect((await client.embed("not-a-uuid")).statusCode).toBe(400);
  });

  it("shows nothing to a user who was given nothing", async () => {
    const c = await catalogue(t);
    const zootech = c.w.apiOf("role 3");
    expect(await zootech.portalOk()).toEqual({ reports: [], groups: [] });
    expect((await zootech.embed(c.budget.uuid)).statusCode).toBe(404);
  });

  it("shows superusers and admins every active report of any company; their groups are the given ones", async () => {
    const c = await catalogue(t);
    await c.w.give("superuser", { groups: [c.active.pk] });
    const every = ["Бюджет фермы", "Вымя: анализ", "Доение", "Ежедневный", "Надои", "Фермы «Восхода»"];

    const superuser = await c.w.apiOf("superuser").portalOk();
    expect(titles(superuser.reports)).toEqual(every);
    expect(superuser.groups.map((g) => [g.title, titles(g.iframegroup)])).toEqual([
      ["Молочное производство", ["Надои", "Вымя: анализ", "Фермы «Восхода»"]],
    ]);

    const admin = await c.w.apiOf("role 1").portalOk();
    expect(titles(admin.reports)).toEqual(every);
    expect(admin.groups).toEqual([]);
    expect((await c.w.apiOf("role 1").embed(c.foreign.uuid)).statusCode).toBe(200);
    expect((await c.w.apiOf("role 1").embed(c.inactive.uuid)).statusCode).toBe(404);
  });

  it("follows the admins' changes: a group switched off, a report moved to the client's company", async () => {
    const c = await catalogue(t);
    const client = c.w.apiOf("role 7");
    await c.w.admin.patchedGroup(c.active.pk, { active: false });
    expect(titles((await client.portalOk()).reports)).toEqual(["Бюджет фермы"]);

    await c.w.admin.patchedReport(c.foreign.uuid, { company_uuid: c.w.company.uuid });
    await c.w.admin.patchedReport(c.inactive.uuid, { active: true });
    await c.w.admin.patchedGroup(c.inactiveGroup.pk, { active: true });
    const portal = await client.portalOk();
    expect(titles(portal.reports)).toEqual(["Бюджет фермы", "Гибкий отчёт", "Доение", "Фермы «Восхода»"]);
    expect(portal.groups.map((g) => [g.title, titles(g.iframegroup)])).toEqual([["Архив", ["Доение"]]]);
  });

  it("shows pictures as content image paths", async () => {
    const w = await reportsWorld(t);
    const { uuid } = ok<{ uuid: string }>(await w.admin.upload("молоко.png", solidPng(2, 2, [1, 2, 3])), 201);
    const report = await w.admin.newReport({ title: "С картинкой", img_uuid: uuid });
    const group = await w.admin.newGroup({ title: "Группа с картинкой", img_uuid: uuid, report_uuids: [report.uuid] });
    await w.give("role 3", { groups: [group.pk] });
    const portal = await w.apiOf("role 3").portalOk();
    expect(portal.reports[0]?.img).toBe(`/api/content/images/${uuid}/`);
    expect(portal.groups[0]?.img).toBe(`/api/content/images/${uuid}/`);
  });
});

describe("users/data", () => {
  // users/data reads the reports in its own single query: it must list what the portal lists.
  it("lists every caller's reports and groups exactly as the portal does", async () => {
    const c = await catalogue(t);
    await c.w.give("superuser", { groups: [c.active.pk, c.inactiveGroup.pk] });
    const { uuid } = ok<{ uuid: string }>(await c.w.admin.upload("молоко.png", solidPng(2, 2, [1, 2, 3])), 201);
    await c.w.admin.patchedReport(c.udder.uuid, { img_uuid: uuid });
    await c.w.admin.patchedGroup(c.active.pk, { img_uuid: uuid });
    for (const who of WHO) {
      const api = c.w.apiOf(who);
      if ((await api.portal()).statusCode === 401) {
        expect((await api.userData()).statusCode, who).toBe(401);
        continue;
      }
      const portal = await api.portalOk();
      const data = ok<{ iframes: PortalReport[]; iframegroup: unknown[]; reports: PortalReport[] }>(
        await api.userData(),
        200,
      );
      expect(data.iframes, who).toEqual(portal.reports);
      expect(data.iframegroup, who).toEqual(portal.groups);
      expect(data.reports, who).toEqual(portal.reports.filter((r) => r.group.length === 0));
    }
  });
});

describe("a user's report groups", () => {
  it("shows an admin the groups of a user as that user sees them", async () => {
    const c = await catalogue(t);
    const seen = await c.w.apiOf("role 1").userGroupsOk(c.w.idOf("role 7"));
    expect(seen.user).toEqual({ id: c.w.idOf("role 7"), name: "Пётр Клиентов" });
    expect(seen.groups.map((g) => [g.title, titles(g.iframegroup)])).toEqual([
      ["Молочное производство", ["Надои", "Вымя: анализ"]],
    ]);
    expect(await c.w.apiOf("role 7").userGroupsOk(c.w.idOf("role 7"))).toEqual(seen);

    const nobody = await c.w.apiOf("superuser").userGroupsOk(c.w.idOf("role 3"));
    expect(nobody).toEqual({ user: { id: c.w.idOf("role 3"), name: "role3" }, groups: [] });
  });

  it("answers 404 for a user that does not exist and for another user's groups", async () => {
    const c = await catalogue(t);
    expect((await c.w.apiOf("superuser").userGroups(999_999)).statusCode).toBe(404);
    expect((await c.w.apiOf("role 3").userGroups(c.w.idOf("role 7"))).statusCode).toBe(404);
    expect((await c.w.apiOf("other company").userGroups(c.w.idOf("role 7"))).statusCode).toBe(404);
  });
});
