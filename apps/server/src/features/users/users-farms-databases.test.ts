import { Role } from "@nadoy/contract/roles";
import type { DatabaseKind, UserData } from "@nadoy/contract/users";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import {
  companyMemberships,
  herdSegments,
  userDatabaseAccess,
  userDatabases,
  userFarms,
} from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";

// users/data (spec §3): farms, user_databases and database_report follow platform/access — farm
// picks hide a company's other farms; only active databases given to the user, of their companies.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const db = () => t.database.db;

async function dataOf(userId: number): Promise<UserData> {
  const res = await t.request({ method: "GET", url: "/api/users/data/", token: await accessTokenFor(t, userId) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function addDatabase(companyId: number, dbName: string, active = true, kind: DatabaseKind = "herd") {
  const [row] = await db()
    .insert(userDatabases)
    .values({ companyId, name: `База ${dbName}`, server: "dc305.test", dbName, active, kind })
    .returning();
  if (!row) throw new Error("no database");
  return row;
}

async function world() {
  const a = await seedCompany(db(), { name: "Альфа", farms: [{ name: "А1" }, { name: "А2", useGenetic: true }] });
  const b = await seedCompany(db(), { name: "Бета", farms: [{ name: "Б1" }] });
  const [a1, a2] = a.farms;
  const [b1] = b.farms;
  if (!a1 || !a2 || !b1) throw new Error("farms");
  return { a: a.company, b: b.company, a1, a2, b1 };
}

const names = (items: { name: string }[]) => items.map((i) => i.name);

describe("users/data farms", () => {
  it("shows every farm of the user's companies without picks", async () => {
    const w = await world();
    const user = await seedUser(db(), { username: "zoo", roles: [Role.zootechnician], companyIds: [w.a.id, w.b.id] });

    const data = await dataOf(user.id);

    expect(names(data.farms)).toEqual(["А1", "А2", "Б1"]);
    expect(data.farms[1]).toEqual({ uuid: w.a2.uuid, name: "А2", use_genetic: true });
  });

  it("shows only the picked farms of a company with picks, and every farm of the others", async () => {
    const w = await world();
    const user = await seedUser(db(), { username: "zoo", roles: [Role.zootechnician], companyIds: [w.a.id, w.b.id] });
    await db().insert(userFarms).values({ userId: user.id, farmId: w.a2.id });

    const data = await dataOf(user.id);

    expect(names(data.farms)).toEqual(["А2", "Б1"]);
    expect(names(data.user_companies)).toEqual(["Альфа", "Бета"]);
  });

  it("shows a superuser every farm and every active database", async () => {
    const w = await world();
    await addDatabase(w.a.id, "herd_a");
    await addDatabase(w.b.id, "herd_b");
    await addDatabase(w.b.id, "old_b", false);
    const root = await seedUser(db(), { username: "root", isSuperuser: true });

    const data = await dataOf(root.id);

    expect(names(data.farms)).toEqual(["А1", "А2", "Б1"]);
    expect(data.user_databases.map((d) => d.db_name)).toEqual(["herd_a", "herd_b"]);
  });
});

describe("users/data databases", () => {
  it("lists the active databases given to the user, as spec §3 user databases, in both fields", async () => {
    const w = await world();
    const user = await seedUser(db(), { username: "client", roles: [Role.client], companyIds: [w.a.id] });
    const herd = await addDatabase(w.a.id, "herd_a");
    const old = await addDatabase(w.a.id, "old_a", false);
    await addDatabase(w.a.id, "not_given");
    await db()
      .insert(userDatabaseAccess)
      .values([
        { userId: user.id, databaseId: herd.id },
        { userId: user.id, databaseId: old.id },
      ]);

    const data = await dataOf(user.id);

    const expected = [
      {
        pk: herd.id,
        uuid: herd.uuid,
        name: "База herd_a",
        server: "dc305.test",
        db_name: "herd_a",
        active: true,
        kind: "herd",
      },
    ];
    expect(data.user_databases).toEqual(expected);
    expect(data.database_report).toEqual(expected);
  });

  it("answers each database's kind, and offers herd reports (database_report) for herd databases only", async () => {
    const w = await world();
    const user = await seedUser(db(), { username: "zoo", roles: [Role.zootechnician], companyIds: [w.a.id] });
    const given = [
      await addDatabase(w.a.id, "a_herd"),
      await addDatabase(w.a.id, "b_mon", true, "monitoring"),
      await addDatabase(w.a.id, "c_1c", true, "accounting"),
    ];
    await db()
      .insert(userDatabaseAccess)
      .values(given.map((d) => ({ userId: user.id, databaseId: d.id })));

    const data = await dataOf(user.id);

    expect(data.user_databases.map((d) => [d.db_name, d.kind])).toEqual([
      ["a_herd", "herd"],
      ["b_mon", "monitoring"],
      ["c_1c", "accounting"],
    ]);
    expect(data.database_report.map((d) => d.db_name)).toEqual(["a_herd"]);
  });
});

describe("users/data segmentation", () => {
  it("offers the readable herd databases (database_segmentation) and the segments the user sees (custom_segmentation)", async () => {
    const w = await world();
    const zoo = await seedUser(db(), { username: "zoo", roles: [Role.zootechnician], companyIds: [w.a.id] });
    const other = await seedUser(db(), { username: "other", roles: [Role.zootechnician], companyIds: [w.a.id] });
    const herd = await addDatabase(w.a.id, "a_herd");
    const monitoring = await addDatabase(w.a.id, "b_mon", true, "monitoring");
    const herdB = await addDatabase(w.b.id, "b_herd");
    await db()
      .insert(userDatabaseAccess)
      .values([herd, monitoring].map((d) => ({ userId: zoo.id, databaseId: d.id })));
    const rule = { join: "and" as const, items: [] };
    const [own, shared] = await db()
      .insert(herdSegments)
      .values([
        { databaseId: herd.id, name: "Первотёлки", rule, ownerId: zoo.id, active: false },
        { databaseId: herd.id, name: "Высокий СКС", rule, ownerId: other.id, shared: true },
        { databaseId: herd.id, name: "Чужой личный", rule, ownerId: other.id },
        { databaseId: herdB.id, name: "Другая компания", rule, ownerId: null, shared: true },
      ])
      .returning();

    const data = await dataOf(zoo.id);

    expect(data.database_segmentation).toEqual([{ uuid: herd.uuid, name: "База a_herd", active: true }]);
    expect(data.custom_segmentation).toEqual([
      { uuid: shared?.uuid, name: "Высокий СКС", active: true },
      { uuid: own?.uuid, name: "Первотёлки", active: false },
    ]);
  });
});

describe("a client of company A and company B's farms and databases", () => {
  it("never gets B's farms or databases in users/data, even when rows give them", async () => {
    const w = await world();
    const client = await seedUser(db(), { username: "client", roles: [Role.client], companyIds: [w.a.id] });
    const dbB = await addDatabase(w.b.id, "herd_b");
    await db().insert(userFarms).values({ userId: client.id, farmId: w.b1.id });
    await db().insert(userDatabaseAccess).values({ userId: client.id, databaseId: dbB.id });

    const data = await dataOf(client.id);

    expect(names(data.farms)).toEqual(["А1", "А2"]);
    expect(data.user_databases).toEqual([]);
    expect(data.database_report).toEqual([]);
  });

  it("cannot be given B's farms or databases by an admin (400)", async () => {
    const w = await world();
    const client = await seedUser(db(), { username: "client", roles: [Role.client], companyIds: [w.a.id] });
    const dbB = await addDatabase(w.b.id, "herd_b");
    const admin = await seedUser(db(), { username: "admin", roles: [Role.admin] });
    const token = await accessTokenFor(t, admin.id);
    const patch = (payload: object) =>
      t.request({ method: "PATCH", url: `/api/admin/users/${client.id}/`, token, payload });

    const farm = await patch({ farm_uuids: [w.b1.uuid] });
    const database = await patch({ database_uuids: [dbB.uuid] });
    const viaCompany = await t.request({
      method: "PATCH",
      url: `/api/admin/databases/${dbB.uuid}/`,
      token,
      payload: { user_ids: [client.id] },
    });

    expect(farm.statusCode).toBe(400);
    expect(farm.json().fields).toHaveProperty("farm_uuids");
    expect(database.statusCode).toBe(400);
    expect(database.json().fields).toHaveProperty("database_uuids");
    expect(viaCompany.statusCode).toBe(400);
    expect(viaCompany.json().fields).toHaveProperty("user_ids");
    expect((await dataOf(client.id)).user_databases).toEqual([]);
  });

  it("loses a company's farm picks and databases when dropped from its members", async () => {
    const w = await world();
    const zoo = await seedUser(db(), { username: "zoo", roles: [Role.zootechnician], companyIds: [w.a.id, w.b.id] });
    const dbB = await addDatabase(w.b.id, "herd_b");
    await db().insert(userFarms).values({ userId: zoo.id, farmId: w.b1.id });
    await db().insert(userDatabaseAccess).values({ userId: zoo.id, databaseId: dbB.id });
    const admin = await seedUser(db(), { username: "admin", roles: [Role.admin] });
    expect(names((await dataOf(zoo.id)).user_databases)).toEqual(["База herd_b"]);

    const res = await t.request({
      method: "PATCH",
      url: `/api/admin/businesses/${w.b.uuid}/`,
      token: await accessTokenFor(t, admin.id),
      payload: { user_ids: [] },
    });
    expect(res.statusCode).toBe(200);

    await db().insert(companyMemberships).values({ userId: zoo.id, companyId: w.b.id });
    const data = await dataOf(zoo.id);
    // Back in the company, nothing of before returns: every farm, no database.
    expect(names(data.farms)).toEqual(["А1", "А2", "Б1"]);
    expect(data.user_databases).toEqual([]);
  });
});
