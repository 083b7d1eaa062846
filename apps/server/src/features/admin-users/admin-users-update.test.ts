import type { AdminUser } from "@nadoy/contract/admin-users";
import { ErrorText } from "@nadoy/contract/errors";
import { Role } from "@nadoy/contract/roles";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount, signIn } from "../../../test/accounts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { userGroups } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";
import {
  COMPANY_MISSING_TEXT,
  SELF_DEACTIVATE_TEXT,
  SELF_DEMOTE_TEXT,
  SELF_UNSUPER_TEXT,
} from "./admin-users.service.ts";
import { type AdminApi, auditCount, auditEntries, ok, signedInAdmin } from "./admin-users.test-kit.ts";

let t: TestApp;
let api: AdminApi;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  admin = await signedInAdmin(t);
  api = admin.api;
});

const zootech = (extra: { companyIds?: number[]; roles?: number[] } = {}) =>
  seedUser(t.database.db, {
    username: "zoo",
    email: "zoo@example.com",
    firstName: "Зоя",
    lastName: "Зотова",
    roles: [Role.zootechnician],
    ...extra,
  });

const groupsOf = async (userId: number) =>
  (
    await t.database.db
      .select({ g: userGroups.groupId })
      .from(userGroups)
      .where(eq(userGroups.userId, userId))
      .orderBy(asc(userGroups.position))
  ).map((r) => r.g);

describe("PATCH /api/admin/users/:id/", () => {
  it("changes only the fields sent", async () => {
    const user = await zootech();

    const after = await api.patched(user.id, { first_name: "Зинаида" });

    expect(after).toMatchObject({
      first_name: "Зинаида",
      last_name: "Зотова",
      name: "Зинаида Зотова",
      email: "zoo@example.com",
      role: Role.zootechnician,
      is_active: true,
    });
    expect(ok<AdminUser>(await api.get(user.id), 200)).toEqual(after);
  });

  it("audits each change with before and after of the changed fields only", async () => {
    const { company } = await seedCompany(t.database.db, { name: "Альфа" });
    const user = await zootech();

    await api.patched(user.id, {
      last_name: "Зотова",
      email: "zoya@example.com",
      role: Role.agronomist,
      company_uuids: [company.uuid],
      modules: { dc_305: true, boards: true },
    });

    const entries = await auditEntries(t, "user_updated");
    expect(entries).toHaveLength(1);
    expect(entries[0]?.userId).toBe(admin.user.id);
    expect(entries[0]?.details).toEqual({
      id: user.id,
      before: { email: "zoo@example.com", role: Role.zootechnician, companies: [], modules: { dc_305: false } },
      after: { email: "zoya@example.com", role: Role.agronomist, companies: ["Альфа"], modules: { dc_305: true } },
    });
  });

  it("writes no audit entry when nothing changes", async () => {
    const user = await zootech();
    const audits = await auditCount(t);

    await api.patched(user.id, { first_name: "Зоя", role: Role.zootechnician, is_active: true });

    expect(await auditCount(t)).toBe(audits);
  });

  it("puts a new role first and keeps the user's other groups; null takes every group away", async () => {
    const user = await zootech({ roles: [Role.zootechnician, Role.viewer] });

    await api.patched(user.id, { role: Role.viewer });
    expect(await groupsOf(user.id)).toEqual([Role.viewer, Role.zootechnician]);

    await api.patched(user.id, { role: Role.agronomist });
    expect(await groupsOf(user.id)).toEqual([Role.agronomist, Role.viewer, Role.zootechnician]);

    const none = await api.patched(user.id, { role: null });
    expect(none.role).toBeNull();
    expect(await groupsOf(user.id)).toEqual([]);
  });

  it("replaces the companies; an unknown one is 400 and changes nothing", async () => {
    const { company: a } = await seedCompany(t.database.db, { name: "Альфа" });
    const { company: b } = await seedCompany(t.database.db, { name: "Бета" });
    const user = await zootech({ companyIds: [a.id] });
    const audits = await auditCount(t);

    const bad = await api.update(user.id, {
      first_name: "Другое",
      company_uuids: [b.uuid, "00000000-0000-4000-8000-000000000000"],
    });

    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ company_uuids: COMPANY_MISSING_TEXT });
    expect(await auditCount(t)).toBe(audits);
    expect(ok<AdminUser>(await api.get(user.id), 200)).toMatchObject({
      first_name: "Зоя",
      companies: [{ name: "Альфа" }],
    });

    const good = await api.patched(user.id, { company_uuids: [b.uuid, b.uuid] });
    expect(good.companies).toEqual([{ uuid: b.uuid, name: "Бета" }]);
  });

  it("refuses a username or email another user has (any letter case) with 409; the user's own is fine", async () => {
    await seedUser(t.database.db, { username: "other", email: "other@example.com" });
    const user = await zootech();

    const byName = await api.update(user.id, { username: "OTHER" });
    const byEmail = await api.update(user.id, { email: "Other@Example.com" });
    const ownInCaps = await api.update(user.id, { username: "ZOO", email: "ZOO@example.com" });

    expect(byName.statusCode).toBe(409);
    expect(byName.json().fields).toEqual({ username: ErrorText.usernameTaken });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().fields).toEqual({ email: ErrorText.emailTaken });
    expect(ownInCaps.statusCode).toBe(200);
    expect(ownInCaps.json()).toMatchObject({ username: "ZOO", email: "ZOO@example.com" });
  });

  it("answers 404 for an unknown user and 400 for an unknown field", async () => {
    const user = await zootech();

    expect((await api.update(999_999, { first_name: "X" })).statusCode).toBe(404);
    expect((await api.update(user.id, { password: "x" })).statusCode).toBe(400);
  });
});

describe("admins and superusers", () => {
  it("refuses an admin any change of a superuser (403) and writes nothing", async () => {
    const root = await seedUser(t.database.db, { username: "root", email: "root@example.com", isSuperuser: true });
    const audits = await auditCount(t);

    const res = await api.update(root.id, { first_name: "Корень" });

    expect(res.statusCode).toBe(403);
    expect(await auditCount(t)).toBe(audits);
    expect(ok<AdminUser>(await api.get(root.id), 200).first_name).toBe("");
  });

  it("refuses an admin making anyone a superuser (403); a superuser may, and may unmake one", async () => {
    const user = await zootech();
    const root = await signedInAdmin(t, "root", true);

    expect((await api.update(user.id, { is_superuser: true })).statusCode).toBe(403);
    expect((await api.get(user.id)).json().is_superuser).toBe(false);

    expect((await root.api.patched(user.id, { is_superuser: true })).is_superuser).toBe(true);
    expect((await root.api.patched(user.id, { is_superuser: false })).is_superuser).toBe(false);
  });

  it("lets an admin send is_superuser false for a non-superuser (no change) and edit other admins", async () => {
    const other = await seedUser(t.database.db, { username: "admin2", roles: [Role.admin] });

    const res = await api.update(other.id, { is_superuser: false, last_name: "Второй" });

    expect(res.statusCode).toBe(200);
  });

  it("refuses an admin deactivating themselves or dropping their own admin role (409)", async () => {
    const audits = await auditCount(t);

    const off = await api.update(admin.user.id, { is_active: false });
    const demoted = await api.update(admin.user.id, { role: Role.viewer });
    const noRole = await api.update(admin.user.id, { role: null });

    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ message: SELF_DEACTIVATE_TEXT, fields: { is_active: SELF_DEACTIVATE_TEXT } });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().message).toBe(SELF_DEMOTE_TEXT);
    expect(noRole.statusCode).toBe(409);
    expect(await auditCount(t)).toBe(audits);
    expect((await api.get(admin.user.id)).json()).toMatchObject({ is_active: true, role: Role.admin });
  });

  it("refuses a superuser unmaking themselves (409) but lets them change their own role", async () => {
    const root = await signedInAdmin(t, "root", true);

    const unmade = await root.api.update(root.user.id, { is_superuser: false });
    const roleChanged = await root.api.update(root.user.id, { role: Role.contentEditor });

    expect(unmade.statusCode).toBe(409);
    expect(unmade.json().message).toBe(SELF_UNSUPER_TEXT);
    expect(roleChanged.statusCode).toBe(200);
    expect(roleChanged.json()).toMatchObject({ is_superuser: true, role: Role.contentEditor });
  });

  it("lets an admin edit their own names", async () => {
    const res = await api.update(admin.user.id, { first_name: "Анюта", role: Role.admin });

    expect(res.statusCode).toBe(200);
  });
});

describe("module flags reach users/data", () => {
  const signedInMember = async () => {
    const { company } = await seedCompany(t.database.db, { name: "Альфа" });
    const user = await createAccount(t.database.db, {
      username: "zoo",
      password: "correct-horse",
      roles: [Role.zootechnician],
      companyIds: [company.id],
    });
    const { access } = await signIn(t, "zoo", "correct-horse");
    const data = async () => (await t.request({ method: "GET", url: "/api/users/data/", token: access })).json();
    return { user, data };
  };

  it("switching DC305 on gives the user dc_305", async () => {
    const { user, data } = await signedInMember();
    expect((await data()).dc_305).toBe(false);

    await api.patched(user.id, { modules: { dc_305: true } });

    expect((await data()).dc_305).toBe(true);
  });

  it("switching boards, lists or tables off takes them away, and on gives them back", async () => {
    const { user, data } = await signedInMember();
    expect(await data()).toMatchObject({ boards: true, table_lists: true, tables_enabled: true });

    await api.patched(user.id, { modules: { boards: false } });
    expect(await data()).toMatchObject({ boards: false, table_lists: true, tables_enabled: true });

    await api.patched(user.id, { modules: { table_lists: false, tables_enabled: false, boards: true } });
    expect(await data()).toMatchObject({ boards: true, table_lists: false, tables_enabled: false });
  });

  it("switches export and BI independently and keeps the other switches", async () => {
    const { user, data } = await signedInMember();

    const after = await api.patched(user.id, { modules: { export_module: true, use_bi: true } });

    expect(after.modules).toEqual({
      dc_305: false,
      export_module: true,
      use_bi: true,
      boards: true,
      table_lists: true,
      tables_enabled: true,
    });
    expect(await data()).toMatchObject({ export_module: true, use_bi: true, dc_305: false });
  });
});
