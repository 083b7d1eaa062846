import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import { Role } from "@nadoy/contract/roles";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { tableFingerprints } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { userDatabaseAccess, userDatabases, userFarms } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";
import { type BusinessApi, businessApi, ok, person, signedInAdmin } from "./business.test-kit.ts";

// Issue 15 item 6: only superusers change a superuser's memberships and access, by any route. A
// role-1 admin who adds or removes a superuser through a company's, farm's or database's user_ids
// gets the 403 the users route gives, and nothing changes; other members stay editable.

let t: TestApp;
let api: BusinessApi;
let root: BusinessApi;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  api = (await signedInAdmin(t)).api;
  const superuser = await seedUser(t.database.db, { username: "root", email: "root@example.com", isSuperuser: true });
  root = businessApi(t, await accessTokenFor(t, superuser.id));
});

const db = () => t.database.db;

/** A company whose members are a superuser and a client, each picked for its farm and given its database. */
async function world() {
  const { company, farms } = await seedCompany(db(), { name: "Альфа", farms: [{ name: "Ферма А" }] });
  const farm = farms[0];
  if (!farm) throw new Error("no farm");
  const superuser = await seedUser(db(), {
    username: "boss",
    email: "boss@example.com",
    isSuperuser: true,
    companyIds: [company.id],
  });
  const client = await person(t, "Клиентов", { companyIds: [company.id] });
  const other = await person(t, "Другой", { companyIds: [company.id], roles: [Role.zootechnician] });
  const [database] = await db()
    .insert(userDatabases)
    .values({ companyId: company.id, name: "Стадо", server: "dc305.test", dbName: "herd" })
    .returning();
  if (!database) throw new Error("no database");
  for (const userId of [superuser.id, client.id]) {
    await db().insert(userFarms).values({ userId, farmId: farm.id });
    await db().insert(userDatabaseAccess).values({ userId, databaseId: database.id });
  }
  return { company, farm, database, superuser, client, other };
}

/** A refusal as the users route gives it: 403, the same Russian text, nothing written anywhere. */
async function refused(call: () => Promise<LightMyRequestResponse>) {
  const before = await tableFingerprints(db());
  const res = await call();
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toEqual({ code: ErrorCode.forbidden, message: ErrorText.forbidden });
  expect(await tableFingerprints(db())).toEqual(before);
}

const ids = (users: { id: number }[]) => users.map((u) => u.id).sort((a, b) => a - b);

describe("a company's user_ids", () => {
  it("refuses a role-1 admin removing a superuser (403), the rename sent with it too", async () => {
    const w = await world();

    await refused(() => api.update(w.company.uuid, { name: "Бета", user_ids: [w.client.id, w.other.id] }));

    const company = await api.business(w.company.uuid);
    expect(company.name).toBe("Альфа");
    expect(ids(company.users)).toEqual(ids([w.superuser, w.client, w.other]));
    expect(ids(company.farms[0]?.users ?? [])).toEqual(ids([w.superuser, w.client]));
  });

  it("refuses a role-1 admin adding a superuser (403)", async () => {
    const w = await world();
    const outsider = await seedUser(db(), { username: "root2", email: "root2@example.com", isSuperuser: true });

    await refused(() =>
      api.update(w.company.uuid, { user_ids: [w.superuser.id, w.client.id, w.other.id, outsider.id] }),
    );

    expect(ids((await api.business(w.company.uuid)).users)).toEqual(ids([w.superuser, w.client, w.other]));
  });

  it("lets a role-1 admin change other members while the superuser stays, and a superuser remove one", async () => {
    const w = await world();

    const edited = await api.patched(w.company.uuid, { user_ids: [w.client.id, w.superuser.id] });
    expect(ids(edited.users)).toEqual(ids([w.superuser, w.client]));

    const bySuperuser = await root.patched(w.company.uuid, { user_ids: [w.client.id] });
    expect(ids(bySuperuser.users)).toEqual([w.client.id]);
  });
});

describe("a farm's user_ids", () => {
  it("refuses a role-1 admin unpicking or picking a superuser (403), on create too", async () => {
    const w = await world();

    await refused(() => api.updateFarm(w.farm.uuid, { name: "Ферма Б", user_ids: [w.client.id] }));
    await api.updateFarm(w.farm.uuid, { user_ids: [w.client.id, w.superuser.id] });
    await root.updateFarm(w.farm.uuid, { user_ids: [w.client.id] });
    await refused(() => api.updateFarm(w.farm.uuid, { user_ids: [w.client.id, w.superuser.id] }));
    await refused(() => api.createFarm(w.company.uuid, { name: "Новая", user_ids: [w.superuser.id] }));

    const farm = ok<{ name: string; users: { id: number }[] }>(await api.getFarm(w.farm.uuid), 200);
    expect(farm.name).toBe("Ферма А");
    expect(ids(farm.users)).toEqual([w.client.id]);
  });

  it("lets a role-1 admin change other picks while the superuser stays", async () => {
    const w = await world();

    const farm = ok<{ users: { id: number }[] }>(
      await api.updateFarm(w.farm.uuid, { user_ids: [w.superuser.id, w.other.id] }),
      200,
    );

    expect(ids(farm.users)).toEqual(ids([w.superuser, w.other]));
  });
});

describe("a database's user_ids", () => {
  it("refuses a role-1 admin taking it from or giving it to a superuser (403), on create too", async () => {
    const w = await world();

    await refused(() => api.updateDatabase(w.database.uuid, { active: false, user_ids: [w.client.id] }));
    await root.updateDatabase(w.database.uuid, { user_ids: [w.client.id] });
    await refused(() => api.updateDatabase(w.database.uuid, { user_ids: [w.client.id, w.superuser.id] }));
    await refused(() =>
      api.createDatabase(w.company.uuid, {
        name: "Новая",
        server: "dc305.test",
        db_name: "new",
        kind: "herd",
        user_ids: [w.superuser.id],
      }),
    );

    const [database] = (await api.business(w.company.uuid)).databases;
    expect(database).toMatchObject({ active: true, users: [{ id: w.client.id }] });
  });

  it("lets a role-1 admin change other users while the superuser keeps it", async () => {
    const w = await world();

    const database = ok<{ users: { id: number }[] }>(
      await api.updateDatabase(w.database.uuid, { user_ids: [w.other.id, w.superuser.id] }),
      200,
    );

    expect(ids(database.users)).toEqual(ids([w.superuser, w.other]));
  });
});
