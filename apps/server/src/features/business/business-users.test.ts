import { Role } from "@nadoy/contract/roles";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import {
  iframeGroups,
  iframeReports,
  userDatabaseAccess,
  userDatabases,
  userFarms,
  userIframeGroups,
  userIframeReports,
} from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";
import { type BusinessApi, person, signedInAdmin } from "./business.test-kit.ts";

let t: TestApp;
let api: BusinessApi;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  api = (await signedInAdmin(t)).api;
});

const db = () => t.database.db;

async function people() {
  const a = await seedCompany(db(), { name: "Альфа", farms: [{ name: "Ферма А1" }, { name: "Ферма А2" }] });
  const b = await seedCompany(db(), { name: "Бета" });
  const client = await seedUser(db(), {
    username: "petrov",
    email: "petrov@farm.example",
    firstName: "Пётр",
    lastName: "Петров",
    roles: [Role.client],
    companyIds: [a.company.id, b.company.id],
  });
  const loner = await person(t, "Одинокий");
  const zoo = await person(t, "Зотова", { roles: [Role.zootechnician], companyIds: [a.company.id] });
  await seedUser(db(), { username: "editor", roles: [Role.contentEditor] });
  const [database] = await db()
    .insert(userDatabases)
    .values({ companyId: a.company.id, name: "Стадо", server: "s", dbName: "herd", active: false })
    .returning();
  const [report] = await db()
    .insert(iframeReports)
    .values({ title: "Надои", tag: "custom_reports", url: "https://bi.test/1" })
    .returning();
  const [group] = await db().insert(iframeGroups).values({ title: "Молоко" }).returning();
  if (!database || !report || !group || !a.farms[1]) throw new Error("seed");
  await db().insert(userFarms).values({ userId: client.id, farmId: a.farms[1].id });
  await db().insert(userDatabaseAccess).values({ userId: client.id, databaseId: database.id });
  await db().insert(userIframeReports).values({ userId: client.id, reportId: report.id });
  await db().insert(userIframeGroups).values({ userId: client.id, groupId: group.id });
  return { a, b, client, loner, zoo, database, farm: a.farms[1] };
}

describe("GET /api/admin/business-users/", () => {
  it("lists clients by default, each with companies, farm picks, databases and counts", async () => {
    const { a, b, client, loner, database, farm } = await people();

    const page = await api.userPage();

    expect(page).toEqual({
      items: [
        {
          id: loner.id,
          name: "Тест Одинокий",
          username: loner.username,
          role: Role.client,
          is_active: true,
          companies: [],
          farms: [],
          databases: [],
          reports_count: 0,
          iframe_groups_count: 0,
        },
        {
          id: client.id,
          name: "Пётр Петров",
          username: "petrov",
          role: Role.client,
          is_active: true,
          companies: [
            { uuid: a.company.uuid, name: "Альфа" },
            { uuid: b.company.uuid, name: "Бета" },
          ],
          farms: [{ uuid: farm.uuid, name: "Ферма А2" }],
          databases: [{ uuid: database.uuid, name: "Стадо", active: false }],
          reports_count: 1,
          iframe_groups_count: 1,
        },
      ],
      total: 2,
      page: 1,
      page_size: 25,
    });
  });

  it("adds every company member when clients_only is false (not staff outside companies)", async () => {
    const { client, loner, zoo } = await people();

    const page = await api.userPage({ clients_only: "false" });

    expect(page.items.map((u) => u.id)).toEqual([zoo.id, loner.id, client.id]);
  });

  it("filters by a company and searches username, names and email", async () => {
    const { a, b, client, zoo } = await people();

    const ofA = await api.userPage({ clients_only: "false", company_uuid: a.company.uuid });
    const ofB = await api.userPage({ company_uuid: b.company.uuid });
    const unknown = await api.userPage({ company_uuid: "00000000-0000-4000-8000-000000000000" });
    const byEmail = await api.userPage({ q: "FARM.example" });
    const byName = await api.userPage({ clients_only: "false", q: "зотова" });

    expect(ofA.items.map((u) => u.id)).toEqual([zoo.id, client.id]);
    expect(ofB.items.map((u) => u.id)).toEqual([client.id]);
    expect(unknown).toMatchObject({ items: [], total: 0 });
    expect(byEmail.items.map((u) => u.id)).toEqual([client.id]);
    expect(byName.items.map((u) => u.id)).toEqual([zoo.id]);
  });

  it("pages by 25 with the total", async () => {
    for (let i = 0; i < 27; i += 1) await person(t, `Клиент ${String(i).padStart(2, "0")}`);

    const second = await api.userPage({ page: 2 });

    expect(second).toMatchObject({ total: 27, page: 2, page_size: 25 });
    expect(second.items.map((u) => u.name)).toEqual(["Тест Клиент 25", "Тест Клиент 26"]);
  });
});
