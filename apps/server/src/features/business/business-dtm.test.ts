import type { AdminUser } from "@nadoy/contract/admin-users";
import type { BusinessDtm } from "@nadoy/contract/business";
import type { UserData } from "@nadoy/contract/users";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { userDtmAccess } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { auditEntries, type BusinessApi, ok, person, signedInAdmin } from "./business.test-kit.ts";
import { DTM_CODE_TAKEN_TEXT } from "./business-rules.ts";

// DTM entries of a company (contract business.ts): add, recode, delete; listed in GET business;
// assigned to members in the admin user card (PATCH /api/admin/users/:id/ dtm_uuids).

let t: TestApp;
let api: BusinessApi;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  const admin = await signedInAdmin(t);
  api = admin.api;
  adminToken = await accessTokenFor(t, admin.user.id);
});

const db = () => t.database.db;
const MISSING = "00000000-0000-4000-8000-000000000000";

async function twoCompanies() {
  const a = await seedCompany(db(), { name: "Альфа" });
  const b = await seedCompany(db(), { name: "Бета" });
  const member = await person(t, "Член", { companyIds: [a.company.id] });
  return { a: a.company, b: b.company, member };
}

/** Gives the user these DTM entries through the admin user card. */
async function assign(userId: number, dtmUuids: string[]): Promise<AdminUser> {
  const res = await t.request({
    method: "PATCH",
    url: `/api/admin/users/${userId}/`,
    token: adminToken,
    payload: { dtm_uuids: dtmUuids },
  });
  return ok<AdminUser>(res, 200);
}

async function dtmOf(userId: number): Promise<UserData["dtm"]> {
  const res = await t.request({ method: "GET", url: "/api/users/data/", token: await accessTokenFor(t, userId) });
  return ok<UserData>(res, 200).dtm;
}

describe("POST /api/admin/businesses/:uuid/dtm/", () => {
  it("adds a trimmed code to the company, listed with its business; audited", async () => {
    const { a } = await twoCompanies();

    const created = await api.newDtm(a.uuid, "  ZR-001 ");

    expect(created).toEqual({ uuid: expect.any(String), company_code: "ZR-001", users: [] });
    expect((await api.business(a.uuid)).dtm).toEqual([created]);
    const [entry] = await auditEntries(t, "dtm_created");
    expect(entry?.details).toEqual({
      id: expect.any(Number),
      before: null,
      after: { company: "Альфа", company_code: "ZR-001", users: [] },
    });
  });

  it("refuses a code the company has (409 fields.company_code) and writes nothing; another company may have it", async () => {
    const { a, b } = await twoCompanies();
    await api.newDtm(a.uuid, "ZR-001");
    const before = await rowCounts(db());

    const taken = await api.createDtm(a.uuid, { company_code: "ZR-001" });

    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: "conflict",
      message: DTM_CODE_TAKEN_TEXT,
      fields: { company_code: DTM_CODE_TAKEN_TEXT },
    });
    expect(await rowCounts(db())).toEqual(before);
    expect((await api.createDtm(b.uuid, { company_code: "ZR-001" })).statusCode).toBe(201);
    // Codes are compared as typed: another letter case is another code.
    expect((await api.createDtm(a.uuid, { company_code: "zr-001" })).statusCode).toBe(201);
  });

  it("accepts letters of any alphabet, digits, - and _; refuses anything else, empty or over 50 (400)", async () => {
    const { a } = await twoCompanies();
    const before = await rowCounts(db());

    for (const bad of ["", "   ", "ZR 001", "ZR.001", "ZR/1", "a".repeat(51)]) {
      const res = await api.createDtm(a.uuid, { company_code: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fields, bad).toHaveProperty("company_code");
    }
    expect((await api.createDtm(MISSING, { company_code: "ZR-001" })).statusCode).toBe(404);
    expect(await rowCounts(db())).toEqual(before);
    expect((await api.newDtm(a.uuid, "Заря_01")).company_code).toBe("Заря_01");
    expect((await api.newDtm(a.uuid, "a".repeat(50))).company_code).toHaveLength(50);
  });
});

describe("PATCH /api/admin/dtm/:uuid/", () => {
  it("changes the code; the users it is assigned to keep it; audited once, not for the same code", async () => {
    const { a, member } = await twoCompanies();
    const created = await api.newDtm(a.uuid, "ZR-001");
    await assign(member.id, [created.uuid]);

    const renamed = ok<BusinessDtm>(await api.updateDtm(created.uuid, { company_code: "ZR-100" }), 200);
    ok(await api.updateDtm(created.uuid, { company_code: " ZR-100 " }), 200);

    expect(renamed).toEqual({
      uuid: created.uuid,
      company_code: "ZR-100",
      users: [{ id: member.id, name: "Тест Член", username: member.username, role: 7 }],
    });
    expect(await dtmOf(member.id)).toEqual([{ uuid: created.uuid, company_code: "ZR-100" }]);
    const entries = await auditEntries(t, "dtm_updated");
    expect(entries.map((e) => e.details)).toEqual([
      {
        id: expect.any(Number),
        before: { company: "Альфа", company_code: "ZR-001", users: [member.username] },
        after: { company: "Альфа", company_code: "ZR-100", users: [member.username] },
      },
    ]);
  });

  it("refuses another entry's code of the company (409); unknown is 404", async () => {
    const { a } = await twoCompanies();
    await api.newDtm(a.uuid, "ZR-001");
    const second = await api.newDtm(a.uuid, "ZR-002");
    const before = await rowCounts(db());

    const taken = await api.updateDtm(second.uuid, { company_code: "ZR-001" });

    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ company_code: DTM_CODE_TAKEN_TEXT });
    expect(await rowCounts(db())).toEqual(before);
    expect((await api.updateDtm(MISSING, { company_code: "X" })).statusCode).toBe(404);
  });
});

describe("DELETE /api/admin/dtm/:uuid/", () => {
  it("deletes the entry and its assignments: the user no longer has it; audited", async () => {
    const { a, member } = await twoCompanies();
    const kept = await api.newDtm(a.uuid, "ZR-001");
    const gone = await api.newDtm(a.uuid, "ZR-002");
    await assign(member.id, [kept.uuid, gone.uuid]);

    ok(await api.removeDtm(gone.uuid), 204);

    expect((await api.business(a.uuid)).dtm.map((d) => d.company_code)).toEqual(["ZR-001"]);
    expect(await dtmOf(member.id)).toEqual([{ uuid: kept.uuid, company_code: "ZR-001" }]);
    expect(await db().select().from(userDtmAccess)).toHaveLength(1);
    const [entry] = await auditEntries(t, "dtm_deleted");
    expect(entry?.details).toEqual({
      id: expect.any(Number),
      before: { company: "Альфа", company_code: "ZR-002", users: [member.username] },
      after: null,
    });
    expect((await api.removeDtm(gone.uuid)).statusCode).toBe(404);
  });
});
