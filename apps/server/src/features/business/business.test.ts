import { Role } from "@nadoy/contract/roles";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import {
  companies,
  companyMemberships,
  dtmEntries,
  farms,
  iframeReports,
  userDatabaseAccess,
  userDatabases,
  userDtmAccess,
  userFarms,
  userIframeReports,
  users,
} from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { auditEntries, type BusinessApi, ok, person, signedInAdmin } from "./business.test-kit.ts";
import { COMPANY_HAS_DATABASES_TEXT, COMPANY_NAME_TAKEN_TEXT, USER_MISSING_TEXT } from "./business-rules.ts";

let t: TestApp;
let api: BusinessApi;
let adminId: number;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  const admin = await signedInAdmin(t);
  api = admin.api;
  adminId = admin.user.id;
});

const db = () => t.database.db;

async function addDatabase(companyId: number, dbName: string, extra: { farmId?: number; active?: boolean } = {}) {
  const [row] = await db()
    .insert(userDatabases)
    .values({ companyId, name: `База ${dbName}`, server: "dc305.test", dbName, ...extra })
    .returning();
  if (!row) throw new Error("no database");
  return row;
}

async function addDtm(companyId: number, companyCode: string) {
  const [row] = await db().insert(dtmEntries).values({ companyId, companyCode }).returning();
  if (!row) throw new Error("no DTM entry");
  return row;
}

async function addReport(companyId: number | null, title: string) {
  const [row] = await db()
    .insert(iframeReports)
    .values({ title, tag: "custom_reports", url: "https://bi.test/r", companyId })
    .returning();
  if (!row) throw new Error("no report");
  return row;
}

describe("GET /api/admin/businesses/", () => {
  it("lists companies by name with counts of farms, members and databases", async () => {
    const { company: a } = await seedCompany(db(), { name: "Альфа", farms: [{ name: "Ф1" }, { name: "Ф2" }] });
    await seedCompany(db(), { name: "Бета" });
    await person(t, "Клиентов", { companyIds: [a.id] });
    await addDatabase(a.id, "herd_a");

    const page = await api.page();

    expect(page).toEqual({
      items: [
        { uuid: a.uuid, name: "Альфа", farms_count: 2, users_count: 1, databases_count: 1 },
        { uuid: expect.any(String), name: "Бета", farms_count: 0, users_count: 0, databases_count: 0 },
      ],
      total: 2,
      page: 1,
      page_size: 25,
    });
  });

  it("finds a company by its name or a farm's name in any letter case; % is a plain character", async () => {
    await seedCompany(db(), { name: "Агрохолдинг Заря", farms: [{ name: "МТФ Рассвет" }] });
    await seedCompany(db(), { name: "Нива 100%" });

    const byCompany = await api.page({ q: "заря" });
    const byFarm = await api.page({ q: "РАССВЕТ" });
    const percent = await api.page({ q: "%" });

    expect(byCompany.items.map((i) => i.name)).toEqual(["Агрохолдинг Заря"]);
    expect(byFarm.items.map((i) => i.name)).toEqual(["Агрохолдинг Заря"]);
    expect(percent.items.map((i) => i.name)).toEqual(["Нива 100%"]);
  });

  it("pages by 25", async () => {
    await db()
      .insert(companies)
      .values(Array.from({ length: 27 }, (_, i) => ({ name: `Компания ${String(i).padStart(2, "0")}` })));

    const second = await api.page({ page: 2 });

    expect(second).toMatchObject({ total: 27, page: 2, page_size: 25 });
    expect(second.items.map((i) => i.name)).toEqual(["Компания 25", "Компания 26"]);
  });
});

describe("GET /api/admin/businesses/:uuid/", () => {
  it("shows farms with their picked members, members, databases with their farm and users, DTM codes with users", async () => {
    const { company, farms: [f1, f2] = [] } = await seedCompany(db(), {
      name: "Альфа",
      farms: [{ name: "Ферма А", useGenetic: true, timezone: "Asia/Omsk" }, { name: "Ферма Б" }],
    });
    if (!f1 || !f2) throw new Error("farms");
    const zoo = await person(t, "Зотова", { roles: [Role.zootechnician], companyIds: [company.id] });
    const client = await person(t, "Клиентов", { companyIds: [company.id] });
    await db().insert(userFarms).values({ userId: zoo.id, farmId: f1.id });
    const herd = await addDatabase(company.id, "herd_a", { farmId: f1.id });
    await addDatabase(company.id, "mon_a", { active: false });
    const code2 = await addDtm(company.id, "ZR-002");
    const code1 = await addDtm(company.id, "ZR-001");
    await db().insert(userDtmAccess).values({ userId: client.id, dtmEntryId: code1.id });
    await db()
      .insert(userDatabaseAccess)
      .values([
        { userId: zoo.id, databaseId: herd.id },
        { userId: client.id, databaseId: herd.id },
      ]);
    const zooRef = { id: zoo.id, name: "Тест Зотова", username: zoo.username, role: Role.zootechnician };
    const clientRef = { id: client.id, name: "Тест Клиентов", username: client.username, role: Role.client };

    const business = await api.business(company.uuid);

    expect(business).toEqual({
      uuid: company.uuid,
      name: "Альфа",
      farms: [
        { uuid: f1.uuid, name: "Ферма А", use_genetic: true, timezone: "Asia/Omsk", users: [zooRef] },
        { uuid: f2.uuid, name: "Ферма Б", use_genetic: false, timezone: "Europe/Moscow", users: [] },
      ],
      users: [zooRef, clientRef],
      databases: [
        {
          pk: herd.id,
          uuid: herd.uuid,
          name: "База herd_a",
          server: "dc305.test",
          db_name: "herd_a",
          active: true,
          kind: "herd",
          farm_uuid: f1.uuid,
          users: [zooRef, clientRef],
        },
        expect.objectContaining({ db_name: "mon_a", active: false, farm_uuid: null, users: [] }),
      ],
      dtm: [
        { uuid: code1.uuid, company_code: "ZR-001", users: [clientRef] },
        { uuid: code2.uuid, company_code: "ZR-002", users: [] },
      ],
    });
  });

  it("answers 404 for an unknown company", async () => {
    expect((await api.get("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });
});

describe("POST /api/admin/businesses/", () => {
  it("creates an empty company and audits it", async () => {
    const created = await api.newBusiness("  Молочная долина ");

    expect(created).toEqual({
      uuid: expect.any(String),
      name: "Молочная долина",
      farms: [],
      users: [],
      databases: [],
      dtm: [],
    });
    const [entry] = await auditEntries(t, "business_created");
    expect(entry).toMatchObject({
      userId: adminId,
      details: { before: null, after: { name: "Молочная долина", users: [], farms: [], databases: [], dtm: [] } },
    });
  });

  it("refuses a name taken in any letter case with 409 and writes nothing", async () => {
    await api.newBusiness("Молочная долина");
    const before = await rowCounts(db());

    const res = await api.create({ name: "МОЛОЧНАЯ ДОЛИНА" });

    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ name: COMPANY_NAME_TAKEN_TEXT });
    expect(await rowCounts(db())).toEqual(before);
  });

  it("refuses an empty name with 400", async () => {
    expect((await api.create({ name: "   " })).statusCode).toBe(400);
  });
});

describe("PATCH /api/admin/businesses/:uuid/", () => {
  it("renames; another company's name in any case is 409; its own in other letters is fine", async () => {
    const a = await api.newBusiness("Альфа");
    await api.newBusiness("Бета");

    expect((await api.update(a.uuid, { name: "БЕТА" })).statusCode).toBe(409);
    expect((await api.patched(a.uuid, { name: "АЛЬФА" })).name).toBe("АЛЬФА");
  });

  it("sets the full member list; an unknown user is 400 and changes nothing", async () => {
    const a = await api.newBusiness("Альфа");
    const u1 = await person(t, "Первый");
    const u2 = await person(t, "Второй");
    await api.patched(a.uuid, { user_ids: [u1.id] });
    const before = await rowCounts(db());

    const bad = await api.update(a.uuid, { name: "Другое", user_ids: [u2.id, 999_999] });

    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ user_ids: USER_MISSING_TEXT });
    expect(await rowCounts(db())).toEqual(before);
    const after = await api.patched(a.uuid, { user_ids: [u2.id, u2.id] });
    expect(after.users.map((u) => u.id)).toEqual([u2.id]);
  });

  it("drops a leaving member's farm picks, databases, DTM codes and reports of this company only", async () => {
    const { company: a, farms: [fa] = [] } = await seedCompany(db(), { name: "Альфа", farms: [{ name: "ФА" }] });
    const { company: b, farms: [fb] = [] } = await seedCompany(db(), { name: "Бета", farms: [{ name: "ФБ" }] });
    if (!fa || !fb) throw new Error("farms");
    const leaving = await person(t, "Уходящий", { companyIds: [a.id, b.id] });
    const staying = await person(t, "Остающийся", { companyIds: [a.id] });
    const dbA = await addDatabase(a.id, "herd_a");
    const dbB = await addDatabase(b.id, "herd_b");
    const reportA = await addReport(a.id, "Отчёт Альфы");
    const reportAll = await addReport(null, "Общий отчёт");
    const dtmA = await addDtm(a.id, "A-01");
    const dtmB = await addDtm(b.id, "B-01");
    for (const user of [leaving, staying]) {
      await db().insert(userFarms).values({ userId: user.id, farmId: fa.id });
      await db().insert(userDatabaseAccess).values({ userId: user.id, databaseId: dbA.id });
      await db().insert(userDtmAccess).values({ userId: user.id, dtmEntryId: dtmA.id });
      await db().insert(userIframeReports).values({ userId: user.id, reportId: reportA.id });
    }
    await db().insert(userFarms).values({ userId: leaving.id, farmId: fb.id });
    await db().insert(userDatabaseAccess).values({ userId: leaving.id, databaseId: dbB.id });
    await db().insert(userDtmAccess).values({ userId: leaving.id, dtmEntryId: dtmB.id });
    await db().insert(userIframeReports).values({ userId: leaving.id, reportId: reportAll.id });

    const after = await api.patched(a.uuid, { user_ids: [staying.id] });

    expect(after.users.map((u) => u.id)).toEqual([staying.id]);
    expect(after.farms[0]?.users.map((u) => u.id)).toEqual([staying.id]);
    expect(after.databases[0]?.users.map((u) => u.id)).toEqual([staying.id]);
    expect(after.dtm[0]?.users.map((u) => u.id)).toEqual([staying.id]);
    const of = async (
      table: typeof userFarms | typeof userDatabaseAccess | typeof userDtmAccess | typeof userIframeReports,
    ) => (await db().select().from(table).where(eq(table.userId, leaving.id))).length;
    expect(await of(userFarms)).toBe(1);
    expect(await of(userDatabaseAccess)).toBe(1);
    expect(await of(userDtmAccess)).toBe(1);
    expect(await of(userIframeReports)).toBe(1);
    const entries = await auditEntries(t, "business_updated");
    expect(entries.at(-1)?.details).toEqual({
      id: a.id,
      before: {
        name: "Альфа",
        users: [staying.username, leaving.username],
        farms: [{ name: "ФА", users: [staying.username, leaving.username] }],
        databases: [{ name: "База herd_a", users: [staying.username, leaving.username] }],
        dtm: [{ company_code: "A-01", users: [staying.username, leaving.username] }],
      },
      after: {
        name: "Альфа",
        users: [staying.username],
        farms: [{ name: "ФА", users: [staying.username] }],
        databases: [{ name: "База herd_a", users: [staying.username] }],
        dtm: [{ company_code: "A-01", users: [staying.username] }],
      },
    });
  });

  it("writes no audit entry when nothing changes", async () => {
    const a = await api.newBusiness("Альфа");

    await api.patched(a.uuid, { name: "Альфа", user_ids: [] });

    expect(await auditEntries(t, "business_updated")).toEqual([]);
  });

  it("answers 404 for an unknown company", async () => {
    expect((await api.update("00000000-0000-4000-8000-000000000000", { name: "X" })).statusCode).toBe(404);
  });
});

describe("DELETE /api/admin/businesses/:uuid/", () => {
  it("refuses while the company has databases (409) and writes nothing", async () => {
    const { company } = await seedCompany(db(), { name: "Альфа" });
    await addDatabase(company.id, "herd_a", { active: false });
    const before = await rowCounts(db());

    const res = await api.remove(company.uuid);

    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(COMPANY_HAS_DATABASES_TEXT);
    expect(await rowCounts(db())).toEqual(before);
  });

  it("deletes the company with its farms, memberships, picks and DTM codes; the users stay; audited", async () => {
    const { company, farms: [farm] = [] } = await seedCompany(db(), { name: "Альфа", farms: [{ name: "ФА" }] });
    if (!farm) throw new Error("farm");
    const member = await person(t, "Член", { companyIds: [company.id] });
    await db().insert(userFarms).values({ userId: member.id, farmId: farm.id });
    const code = await addDtm(company.id, "A-01");
    await db().insert(userDtmAccess).values({ userId: member.id, dtmEntryId: code.id });

    ok(await api.remove(company.uuid), 204);

    expect(await db().select().from(companies)).toEqual([]);
    expect(await db().select().from(farms)).toEqual([]);
    expect(await db().select().from(companyMemberships)).toEqual([]);
    expect(await db().select().from(userFarms)).toEqual([]);
    expect(await db().select().from(dtmEntries)).toEqual([]);
    expect(await db().select().from(userDtmAccess)).toEqual([]);
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, member.id))).toHaveLength(1);
    const [entry] = await auditEntries(t, "business_deleted");
    expect(entry?.details).toMatchObject({
      id: company.id,
      before: { name: "Альфа", dtm: [{ company_code: "A-01", users: [member.username] }] },
      after: null,
    });
    expect((await api.remove(company.uuid)).statusCode).toBe(404);
  });

  it("answers a malformed uuid with 400", async () => {
    const res = await api.remove("not-a-uuid");

    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty("uuid");
  });
});
