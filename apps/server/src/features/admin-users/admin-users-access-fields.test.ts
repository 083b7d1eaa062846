import type { AdminUser } from "@nadoy/contract/admin-users";
import { Role } from "@nadoy/contract/roles";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { dtmEntries, iframeGroups, iframeReports, userDatabases } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";
import { type AdminApi, auditEntries, ok, signedInAdmin } from "./admin-users.test-kit.ts";
import {
  DATABASE_MISSING_TEXT,
  DATABASE_OUTSIDE_TEXT,
  DTM_MISSING_TEXT,
  DTM_OUTSIDE_TEXT,
  FARM_MISSING_TEXT,
  FARM_OUTSIDE_TEXT,
  GROUP_MISSING_TEXT,
  REPORT_MISSING_TEXT,
  REPORT_OUTSIDE_TEXT,
} from "./user-access.ts";

// Contract admin-users.ts userAccessSchema: farms picked within the user's companies, databases and
// DTM entries of their companies, reports (a company's only for its members) and iframe groups;
// each field sent is the full new set.

let t: TestApp;
let api: AdminApi;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  api = (await signedInAdmin(t)).api;
});

const db = () => t.database.db;
const MISSING = "00000000-0000-4000-8000-000000000000";

async function world() {
  const a = await seedCompany(db(), { name: "Альфа", farms: [{ name: "Ферма А" }] });
  const b = await seedCompany(db(), { name: "Бета", farms: [{ name: "Ферма Б" }] });
  const [dbA, dbB] = await db()
    .insert(userDatabases)
    .values([
      { companyId: a.company.id, name: "Стадо А", server: "s", dbName: "herd_a" },
      { companyId: b.company.id, name: "Стадо Б", server: "s", dbName: "herd_b", active: false },
    ])
    .returning();
  const [reportA, reportAll] = await db()
    .insert(iframeReports)
    .values([
      { title: "Отчёт Альфы", tag: "custom_reports", url: "https://bi.test/a", companyId: a.company.id },
      { title: "Общий отчёт", tag: "custom_reports", url: "https://bi.test/all" },
    ])
    .returning();
  const [group] = await db().insert(iframeGroups).values({ title: "Молоко" }).returning();
  const [dtmA, dtmB] = await db()
    .insert(dtmEntries)
    .values([
      { companyId: a.company.id, companyCode: "A-01" },
      { companyId: b.company.id, companyCode: "B-01" },
    ])
    .returning();
  const farmA = a.farms[0];
  const farmB = b.farms[0];
  if (!dbA || !dbB || !reportA || !reportAll || !group || !farmA || !farmB || !dtmA || !dtmB) throw new Error("seed");
  return { a: a.company, b: b.company, farmA, farmB, dbA, dbB, dtmA, dtmB, reportA, reportAll, group };
}

type World = Awaited<ReturnType<typeof world>>;

const fullAccess = (w: World) => ({
  farm_uuids: [w.farmA.uuid],
  database_uuids: [w.dbA.uuid],
  dtm_uuids: [w.dtmA.uuid],
  report_uuids: [w.reportA.uuid, w.reportAll.uuid],
  iframe_group_ids: [w.group.id],
});

const expectedAccess = (w: World): AdminUser["access"] => ({
  farms: [{ uuid: w.farmA.uuid, name: "Ферма А", company_uuid: w.a.uuid }],
  databases: [{ uuid: w.dbA.uuid, name: "Стадо А", company_uuid: w.a.uuid, active: true }],
  dtm: [{ uuid: w.dtmA.uuid, company_code: "A-01", company_uuid: w.a.uuid }],
  reports: [
    { uuid: w.reportAll.uuid, title: "Общий отчёт", active: true },
    { uuid: w.reportA.uuid, title: "Отчёт Альфы", active: true },
  ],
  iframe_groups: [{ pk: w.group.id, title: "Молоко", active: true }],
});

const client = (companyIds: number[]) =>
  seedUser(db(), { username: "client", email: "client@example.com", roles: [Role.client], companyIds });

describe("access fields of /api/admin/users/", () => {
  it("round-trips: created with access, read back, replaced, cleared", async () => {
    const w = await world();

    const created = await api.newUser({
      username: "client",
      email: "client@example.com",
      role: Role.client,
      company_uuids: [w.a.uuid],
      ...fullAccess(w),
    });

    expect(created.access).toEqual(expectedAccess(w));
    expect(ok<AdminUser>(await api.get(created.id), 200).access).toEqual(expectedAccess(w));
    const replaced = await api.patched(created.id, { report_uuids: [w.reportAll.uuid], iframe_group_ids: [] });
    expect(replaced.access).toEqual({
      ...expectedAccess(w),
      reports: [{ uuid: w.reportAll.uuid, title: "Общий отчёт", active: true }],
      iframe_groups: [],
    });
    const cleared = await api.patched(created.id, {
      farm_uuids: [],
      database_uuids: [],
      dtm_uuids: [],
      report_uuids: [],
    });
    expect(cleared.access).toEqual({ farms: [], databases: [], dtm: [], reports: [], iframe_groups: [] });
  });

  it("audits a creation with its access, and each access change as user_access_updated", async () => {
    const w = await world();
    const created = await api.newUser({
      username: "client",
      email: "client@example.com",
      company_uuids: [w.a.uuid],
      farm_uuids: [w.farmA.uuid],
    });

    await api.patched(created.id, { first_name: "Пётр", database_uuids: [w.dbA.uuid], dtm_uuids: [w.dtmA.uuid] });

    const [createdEntry] = await auditEntries(t, "user_created");
    expect(createdEntry?.details.after.access).toEqual({
      farms: ["Ферма А"],
      databases: [],
      dtm: [],
      reports: [],
      iframe_groups: [],
    });
    const [updated] = await auditEntries(t, "user_updated");
    expect(updated?.details).toEqual({ id: created.id, before: { first_name: "" }, after: { first_name: "Пётр" } });
    const [access] = await auditEntries(t, "user_access_updated");
    expect(access?.details).toEqual({
      id: created.id,
      before: { databases: [], dtm: [] },
      after: { databases: ["Стадо А"], dtm: ["A-01"] },
    });
  });

  it("refuses farms, databases and DTM codes outside the user's companies, and a company's report for others (400)", async () => {
    const w = await world();
    const user = await client([w.a.id]);
    const before = await rowCounts(db());

    const res = await api.update(user.id, {
      farm_uuids: [w.farmB.uuid],
      database_uuids: [w.dbB.uuid],
      report_uuids: [w.reportA.uuid],
      company_uuids: [w.b.uuid],
    });

    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ report_uuids: REPORT_OUTSIDE_TEXT });
    const outside = await api.update(user.id, {
      farm_uuids: [w.farmB.uuid],
      database_uuids: [w.dbB.uuid],
      dtm_uuids: [w.dtmA.uuid, w.dtmB.uuid],
    });
    expect(outside.json().fields).toEqual({
      farm_uuids: FARM_OUTSIDE_TEXT,
      database_uuids: DATABASE_OUTSIDE_TEXT,
      dtm_uuids: DTM_OUTSIDE_TEXT,
    });
    expect(await rowCounts(db())).toEqual(before);
  });

  it("checks against the companies after the change: joining B in the same request allows B's farm", async () => {
    const w = await world();
    const user = await client([w.a.id]);

    const after = await api.patched(user.id, {
      company_uuids: [w.a.uuid, w.b.uuid],
      farm_uuids: [w.farmB.uuid],
      database_uuids: [w.dbB.uuid],
      dtm_uuids: [w.dtmB.uuid],
    });

    expect(after.access.farms.map((f) => f.name)).toEqual(["Ферма Б"]);
    expect(after.access.dtm).toEqual([{ uuid: w.dtmB.uuid, company_code: "B-01", company_uuid: w.b.uuid }]);
    expect(after.access.databases).toEqual([
      { uuid: w.dbB.uuid, name: "Стадо Б", company_uuid: w.b.uuid, active: false },
    ]);
  });

  it("drops the farms, databases, DTM codes and reports of a company the user leaves, in the same change", async () => {
    const w = await world();
    const created = await api.newUser({
      username: "client",
      email: "client@example.com",
      company_uuids: [w.a.uuid, w.b.uuid],
      farm_uuids: [w.farmA.uuid, w.farmB.uuid],
      database_uuids: [w.dbA.uuid, w.dbB.uuid],
      dtm_uuids: [w.dtmA.uuid, w.dtmB.uuid],
      report_uuids: [w.reportA.uuid, w.reportAll.uuid],
    });

    const after = await api.patched(created.id, { company_uuids: [w.b.uuid] });

    expect(after.access).toEqual({
      farms: [{ uuid: w.farmB.uuid, name: "Ферма Б", company_uuid: w.b.uuid }],
      databases: [{ uuid: w.dbB.uuid, name: "Стадо Б", company_uuid: w.b.uuid, active: false }],
      dtm: [{ uuid: w.dtmB.uuid, company_code: "B-01", company_uuid: w.b.uuid }],
      reports: [{ uuid: w.reportAll.uuid, title: "Общий отчёт", active: true }],
      iframe_groups: [],
    });
    const [entry] = await auditEntries(t, "user_access_updated");
    expect(entry?.details).toEqual({
      id: created.id,
      before: {
        farms: ["Ферма А", "Ферма Б"],
        databases: ["Стадо А", "Стадо Б"],
        dtm: ["A-01", "B-01"],
        reports: ["Общий отчёт", "Отчёт Альфы"],
      },
      after: { farms: ["Ферма Б"], databases: ["Стадо Б"], dtm: ["B-01"], reports: ["Общий отчёт"] },
    });
  });

  it("answers an unknown farm, database, DTM code, report or group with 400 naming the field; nothing changes", async () => {
    const w = await world();
    const user = await client([w.a.id]);
    const before = await rowCounts(db());

    const res = await api.update(user.id, {
      first_name: "Новое",
      farm_uuids: [MISSING],
      database_uuids: [w.dbA.uuid, MISSING],
      dtm_uuids: [MISSING],
      report_uuids: [MISSING],
      iframe_group_ids: [999_999],
    });

    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      farm_uuids: FARM_MISSING_TEXT,
      database_uuids: DATABASE_MISSING_TEXT,
      dtm_uuids: DTM_MISSING_TEXT,
      report_uuids: REPORT_MISSING_TEXT,
      iframe_group_ids: GROUP_MISSING_TEXT,
    });
    expect(await rowCounts(db())).toEqual(before);
    const create = await api.create({ username: "new", email: "new@example.com", iframe_group_ids: [999_999] });
    expect(create.statusCode).toBe(400);
    expect(await rowCounts(db())).toEqual(before);
  });

  it("refuses an admin changing a superuser's access (403); a superuser may", async () => {
    const w = await world();
    const root = await seedUser(db(), { username: "root", isSuperuser: true, companyIds: [w.a.id] });
    const superApi = (await signedInAdmin(t, "boss", true)).api;

    expect((await api.update(root.id, { farm_uuids: [w.farmA.uuid] })).statusCode).toBe(403);
    expect((await superApi.patched(root.id, { farm_uuids: [w.farmA.uuid] })).access.farms).toHaveLength(1);
  });
});
