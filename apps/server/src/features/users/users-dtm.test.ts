import { Role } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { companyMemberships, dtmEntries, userDtmAccess } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";

// users/data `dtm` (spec §3 "DTM entry": uuid, company_code) follows platform/access/dtm.ts: the
// entries given to the user, of their companies; every entry for a superuser.

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

async function world() {
  const { company: a } = await seedCompany(db(), { name: "Альфа" });
  const { company: b } = await seedCompany(db(), { name: "Бета" });
  const rows = await db()
    .insert(dtmEntries)
    .values([
      { companyId: a.id, companyCode: "A-02" },
      { companyId: a.id, companyCode: "A-01" },
      { companyId: a.id, companyCode: "A-03" },
      { companyId: b.id, companyCode: "B-01" },
    ])
    .returning();
  const code = (companyCode: string) => {
    const row = rows.find((r) => r.companyCode === companyCode);
    if (!row) throw new Error(companyCode);
    return row;
  };
  return { a, b, code };
}

const give = (userId: number, ...entries: { id: number }[]) =>
  db()
    .insert(userDtmAccess)
    .values(entries.map((entry) => ({ userId, dtmEntryId: entry.id })));

describe("users/data dtm", () => {
  it("lists the entries given to the user, by code, as spec §3 DTM entries; not the company's others", async () => {
    const w = await world();
    const user = await seedUser(db(), { username: "zoo", roles: [Role.zootechnician], companyIds: [w.a.id] });
    await give(user.id, w.code("A-02"), w.code("A-01"));

    const data = await dataOf(user.id);

    expect(data.dtm).toEqual([
      { uuid: w.code("A-01").uuid, company_code: "A-01" },
      { uuid: w.code("A-02").uuid, company_code: "A-02" },
    ]);
  });

  it("never shows another company's entry, even when a row gives it", async () => {
    const w = await world();
    const user = await seedUser(db(), { username: "client", roles: [Role.client], companyIds: [w.a.id] });
    await give(user.id, w.code("A-01"), w.code("B-01"));

    expect((await dataOf(user.id)).dtm.map((d) => d.company_code)).toEqual(["A-01"]);
  });

  it("shows nothing to a member given nothing, and every entry to a superuser", async () => {
    const w = await world();
    const member = await seedUser(db(), { username: "viewer", roles: [Role.viewer], companyIds: [w.a.id, w.b.id] });
    const root = await seedUser(db(), { username: "root", isSuperuser: true });

    expect((await dataOf(member.id)).dtm).toEqual([]);
    expect((await dataOf(root.id)).dtm.map((d) => d.company_code)).toEqual(["A-01", "A-02", "A-03", "B-01"]);
  });

  it("loses a company's entries when dropped from its members, and does not get them back on rejoining", async () => {
    const w = await world();
    const zoo = await seedUser(db(), { username: "zoo", roles: [Role.zootechnician], companyIds: [w.a.id, w.b.id] });
    await give(zoo.id, w.code("A-01"), w.code("B-01"));
    const admin = await seedUser(db(), { username: "admin", roles: [Role.admin] });

    const res = await t.request({
      method: "PATCH",
      url: `/api/admin/businesses/${w.b.uuid}/`,
      token: await accessTokenFor(t, admin.id),
      payload: { user_ids: [] },
    });
    expect(res.statusCode).toBe(200);
    await db().insert(companyMemberships).values({ userId: zoo.id, companyId: w.b.id });

    expect((await dataOf(zoo.id)).dtm.map((d) => d.company_code)).toEqual(["A-01"]);
  });
});
