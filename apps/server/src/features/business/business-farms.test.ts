import { Role } from "@nadoy/contract/roles";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { userDatabases, userFarms } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { auditEntries, type BusinessApi, ok, person, signedInAdmin } from "./business.test-kit.ts";
import { FARM_HAS_DATABASES_TEXT, FARM_NAME_TAKEN_TEXT, NOT_A_MEMBER_TEXT } from "./business-rules.ts";

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
const MISSING = "00000000-0000-4000-8000-000000000000";

async function companyWithMembers() {
  const { company, farms } = await seedCompany(db(), { name: "Альфа", farms: [{ name: "Ферма А" }] });
  const member = await person(t, "Член", { roles: [Role.zootechnician], companyIds: [company.id] });
  const stranger = await person(t, "Чужой");
  const farm = farms[0];
  if (!farm) throw new Error("farm");
  return { company, farm, member, stranger };
}

describe("POST /api/admin/businesses/:uuid/farms/", () => {
  it("adds a farm with defaults, or with genetics, a zone and picked members; audited", async () => {
    const { company, member } = await companyWithMembers();

    const plain = await api.newFarm(company.uuid, { name: "Ферма Б" });
    const full = await api.newFarm(company.uuid, {
      name: "Ферма В",
      use_genetic: true,
      timezone: "Asia/Vladivostok",
      user_ids: [member.id],
    });

    expect(plain).toEqual({
      uuid: expect.any(String),
      name: "Ферма Б",
      use_genetic: false,
      timezone: "Europe/Moscow",
      users: [],
      company: { uuid: company.uuid, name: "Альфа" },
    });
    expect(full).toMatchObject({ use_genetic: true, timezone: "Asia/Vladivostok", users: [{ id: member.id }] });
    expect(ok(await api.getFarm(full.uuid), 200)).toEqual(full);
    const entries = await auditEntries(t, "farm_created");
    expect(entries[1]?.details).toEqual({
      id: expect.any(Number),
      before: null,
      after: {
        company: "Альфа",
        name: "Ферма В",
        use_genetic: true,
        timezone: "Asia/Vladivostok",
        users: [member.username],
      },
    });
  });

  it("refuses a name the company has (409), a non-member (400), an unknown zone (400); writes nothing", async () => {
    const { company, stranger } = await companyWithMembers();
    const before = await rowCounts(db());

    const taken = await api.createFarm(company.uuid, { name: "ферма а" });
    const outsider = await api.createFarm(company.uuid, { name: "Ферма Б", user_ids: [stranger.id] });
    const zone = await api.createFarm(company.uuid, { name: "Ферма Б", timezone: "Mars/Olympus" });

    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ name: FARM_NAME_TAKEN_TEXT });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().fields).toEqual({ user_ids: NOT_A_MEMBER_TEXT });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().fields).toHaveProperty("timezone");
    expect((await api.createFarm(MISSING, { name: "Ферма" })).statusCode).toBe(404);
    expect(await rowCounts(db())).toEqual(before);
  });

  it("lets another company have a farm of the same name", async () => {
    await companyWithMembers();
    const other = await api.newBusiness("Бета");

    expect((await api.createFarm(other.uuid, { name: "Ферма А" })).statusCode).toBe(201);
  });
});

describe("PATCH /api/admin/farms/:uuid/", () => {
  it("changes only the fields sent; user_ids is the full set of picks; audited with before and after", async () => {
    const { company, farm, member } = await companyWithMembers();
    const other = await person(t, "Другой", { companyIds: [company.id] });
    await db().insert(userFarms).values({ userId: member.id, farmId: farm.id });

    const after = ok<{ name: string; timezone: string; users: { id: number }[] }>(
      await api.updateFarm(farm.uuid, { timezone: "Asia/Omsk", user_ids: [other.id] }),
      200,
    );

    expect(after).toMatchObject({ name: "Ферма А", timezone: "Asia/Omsk", users: [{ id: other.id }] });
    const [entry] = await auditEntries(t, "farm_updated");
    expect(entry?.details).toMatchObject({
      before: { timezone: "Europe/Moscow", users: [member.username] },
      after: { timezone: "Asia/Omsk", users: [other.username] },
    });
  });

  it("refuses another farm's name (409) and a non-member (400); its own name in other letters is fine", async () => {
    const { company, farm, stranger } = await companyWithMembers();
    await api.newFarm(company.uuid, { name: "Ферма Б" });
    const before = await rowCounts(db());

    const taken = await api.updateFarm(farm.uuid, { name: "ФЕРМА Б" });
    const outsider = await api.updateFarm(farm.uuid, { name: "Новая", user_ids: [stranger.id] });

    expect(taken.statusCode).toBe(409);
    expect(outsider.statusCode).toBe(400);
    expect(await rowCounts(db())).toEqual(before);
    expect((await api.updateFarm(farm.uuid, { name: "ФЕРМА А" })).statusCode).toBe(200);
    expect((await api.updateFarm(MISSING, { name: "X" })).statusCode).toBe(404);
  });
});

describe("DELETE /api/admin/farms/:uuid/", () => {
  it("refuses while a database is tied to the farm (409), then deletes it with its picks", async () => {
    const { company, farm, member } = await companyWithMembers();
    await db().insert(userFarms).values({ userId: member.id, farmId: farm.id });
    const [database] = await db()
      .insert(userDatabases)
      .values({ companyId: company.id, farmId: farm.id, name: "Стадо", server: "s", dbName: "herd" })
      .returning();
    const before = await rowCounts(db());

    const refused = await api.removeFarm(farm.uuid);

    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FARM_HAS_DATABASES_TEXT);
    expect(await rowCounts(db())).toEqual(before);

    await api.updateDatabase(database?.uuid ?? "", { farm_uuid: null });
    ok(await api.removeFarm(farm.uuid), 204);
    expect(await db().select().from(userFarms)).toEqual([]);
    expect((await api.getFarm(farm.uuid)).statusCode).toBe(404);
    const [entry] = await auditEntries(t, "farm_deleted");
    expect(entry?.details).toMatchObject({ before: { name: "Ферма А", users: [member.username] }, after: null });
  });
});
