import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { auditEntries, type BusinessApi, ok, person, signedInAdmin } from "./business.test-kit.ts";
import { DATABASE_TAKEN_TEXT, FARM_NOT_IN_COMPANY_TEXT, NOT_A_MEMBER_TEXT } from "./business-rules.ts";

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

async function twoCompanies() {
  const a = await seedCompany(db(), { name: "Альфа", farms: [{ name: "Ферма А" }] });
  const b = await seedCompany(db(), { name: "Бета", farms: [{ name: "Ферма Б" }] });
  const member = await person(t, "Член", { companyIds: [a.company.id] });
  const outsider = await person(t, "Чужой", { companyIds: [b.company.id] });
  return { a, b, member, outsider };
}

const herd = { name: "Стадо", server: "dc305.test", db_name: "herd_main", kind: "herd" };

describe("POST /api/admin/businesses/:uuid/databases/", () => {
  it("registers a database for the company, a farm of it and its members; audited", async () => {
    const { a, member } = await twoCompanies();
    const farm = a.farms[0];

    const created = await api.newDatabase(a.company.uuid, { ...herd, farm_uuid: farm?.uuid, user_ids: [member.id] });

    expect(created).toEqual({
      pk: expect.any(Number),
      uuid: expect.any(String),
      name: "Стадо",
      server: "dc305.test",
      db_name: "herd_main",
      active: true,
      kind: "herd",
      farm_uuid: farm?.uuid,
      users: [{ id: member.id, name: "Тест Член", username: member.username, role: 7 }],
    });
    expect((await api.business(a.company.uuid)).databases).toEqual([created]);
    const [entry] = await auditEntries(t, "database_created");
    expect(entry?.details).toEqual({
      id: created.pk,
      before: null,
      after: {
        company: "Альфа",
        name: "Стадо",
        server: "dc305.test",
        db_name: "herd_main",
        active: true,
        kind: "Данные стада",
        farm: "Ферма А",
        users: [member.username],
      },
    });
  });

  it("refuses server + db_name taken (409 fields.db_name) even in another company; same name on another server is fine", async () => {
    const { a, b } = await twoCompanies();
    await api.newDatabase(a.company.uuid, herd);
    const before = await rowCounts(db());

    const taken = await api.createDatabase(b.company.uuid, { ...herd, name: "Другое" });

    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ db_name: DATABASE_TAKEN_TEXT });
    expect(await rowCounts(db())).toEqual(before);
    expect((await api.createDatabase(b.company.uuid, { ...herd, server: "other.test" })).statusCode).toBe(201);
  });

  it("refuses another company's farm, a non-member, a bad db_name with 400 and writes nothing", async () => {
    const { a, b, outsider } = await twoCompanies();
    const before = await rowCounts(db());

    const farm = await api.createDatabase(a.company.uuid, { ...herd, farm_uuid: b.farms[0]?.uuid });
    const user = await api.createDatabase(a.company.uuid, { ...herd, user_ids: [outsider.id] });
    const name = await api.createDatabase(a.company.uuid, { ...herd, db_name: "herd main;" });

    expect(farm.statusCode).toBe(400);
    expect(farm.json().fields).toEqual({ farm_uuid: FARM_NOT_IN_COMPANY_TEXT });
    expect(user.statusCode).toBe(400);
    expect(user.json().fields).toEqual({ user_ids: NOT_A_MEMBER_TEXT });
    expect(name.statusCode).toBe(400);
    expect(name.json().fields).toHaveProperty("db_name");
    expect((await api.createDatabase(MISSING, herd)).statusCode).toBe(404);
    expect(await rowCounts(db())).toEqual(before);
  });

  it("refuses a new database without a kind, or of an unknown kind, with 400 fields.kind and writes nothing", async () => {
    const { a } = await twoCompanies();
    const before = await rowCounts(db());
    const { kind: _kind, ...withoutKind } = herd;

    const missing = await api.createDatabase(a.company.uuid, withoutKind);
    const unknown = await api.createDatabase(a.company.uuid, { ...herd, kind: "weather" });

    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty("kind");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty("kind");
    expect(await rowCounts(db())).toEqual(before);
  });

  it("stores each kind and answers it in the company", async () => {
    const { a } = await twoCompanies();
    for (const kind of ["herd", "monitoring", "accounting"]) {
      await api.newDatabase(a.company.uuid, { ...herd, name: kind, db_name: kind, kind });
    }

    const databases = (await api.business(a.company.uuid)).databases;

    expect(databases.map((d) => [d.name, d.kind])).toEqual([
      ["accounting", "accounting"],
      ["herd", "herd"],
      ["monitoring", "monitoring"],
    ]);
  });
});

describe("PATCH /api/admin/databases/:uuid/", () => {
  it("switches off, renames, moves to a farm and back, sets the members; audited", async () => {
    const { a, member } = await twoCompanies();
    const created = await api.newDatabase(a.company.uuid, herd);
    const farm = a.farms[0];

    const moved = ok<{ farm_uuid: string | null; active: boolean; users: unknown[] }>(
      await api.updateDatabase(created.uuid, {
        active: false,
        db_name: "mon_main",
        kind: "monitoring",
        farm_uuid: farm?.uuid,
        user_ids: [member.id],
      }),
      200,
    );
    const back = ok<{ farm_uuid: string | null }>(await api.updateDatabase(created.uuid, { farm_uuid: null }), 200);

    expect(moved).toMatchObject({ active: false, db_name: "mon_main", kind: "monitoring", farm_uuid: farm?.uuid });
    expect(moved.users).toHaveLength(1);
    expect(back.farm_uuid).toBeNull();
    const entries = await auditEntries(t, "database_updated");
    expect(entries).toHaveLength(2);
    expect(entries[0]?.details).toMatchObject({
      before: { active: true, db_name: "herd_main", kind: "Данные стада", farm: null, users: [] },
      after: {
        active: false,
        db_name: "mon_main",
        kind: "Мониторинг оборудования",
        farm: "Ферма А",
        users: [member.username],
      },
    });
  });

  it("refuses another database's server + db_name (409); its own is fine; unknown is 404", async () => {
    const { a } = await twoCompanies();
    await api.newDatabase(a.company.uuid, herd);
    const second = await api.newDatabase(a.company.uuid, { ...herd, db_name: "herd_two" });

    const taken = await api.updateDatabase(second.uuid, { db_name: "herd_main" });

    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ db_name: DATABASE_TAKEN_TEXT });
    expect((await api.updateDatabase(second.uuid, { db_name: "herd_two", name: "Второе" })).statusCode).toBe(200);
    expect((await api.updateDatabase(MISSING, { name: "X" })).statusCode).toBe(404);
  });

  it("refuses a non-member and another company's farm with 400", async () => {
    const { a, b, outsider } = await twoCompanies();
    const created = await api.newDatabase(a.company.uuid, herd);
    const before = await rowCounts(db());

    expect((await api.updateDatabase(created.uuid, { user_ids: [outsider.id] })).statusCode).toBe(400);
    expect((await api.updateDatabase(created.uuid, { farm_uuid: b.farms[0]?.uuid })).statusCode).toBe(400);
    expect((await api.updateDatabase(created.uuid, { kind: "weather" })).statusCode).toBe(400);
    expect(await rowCounts(db())).toEqual(before);
  });
});
