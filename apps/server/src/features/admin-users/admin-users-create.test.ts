import type { AdminUser } from "@nadoy/contract/admin-users";
import { ErrorText } from "@nadoy/contract/errors";
import { Role } from "@nadoy/contract/roles";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signIn } from "../../../test/accounts.ts";
import { linkToken, mailCount, mailTo } from "../../../test/outbox.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";
import { COMPANY_MISSING_TEXT } from "./admin-users.service.ts";
import { type AdminApi, auditCount, auditEntries, ok, signedInAdmin } from "./admin-users.test-kit.ts";

let t: TestApp;
let api: AdminApi;
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

const confirmReset = (token: string, password: string) =>
  t.request({ method: "POST", url: "/api/users/password_reset/confirm/", payload: { token, password } });

describe("POST /api/admin/users/", () => {
  it("creates the user with role, companies and modules, answers it and shows it in the list", async () => {
    const { company } = await seedCompany(t.database.db, { name: "Альфа" });

    const created = await api.newUser({
      username: "zoo",
      email: "zoo@example.com",
      first_name: "Зоя",
      last_name: "Зотова",
      role: Role.zootechnician,
      company_uuids: [company.uuid],
      modules: { dc_305: true, boards: false },
    });

    expect(created).toMatchObject({
      username: "zoo",
      name: "Зоя Зотова",
      role: Role.zootechnician,
      is_superuser: false,
      is_active: true,
      companies: [{ uuid: company.uuid, name: "Альфа" }],
      modules: {
        dc_305: true,
        export_module: false,
        use_bi: false,
        boards: false,
        table_lists: true,
        tables_enabled: true,
      },
      last_login_at: null,
    });
    expect(ok<AdminUser>(await api.get(created.id), 200)).toEqual(created);
    expect((await api.users({ q: "zoo" })).items.map((u) => u.id)).toEqual([created.id]);
  });

  it("mails a link with which the new user sets a password and signs in", async () => {
    await api.newUser({ username: "zoo", email: "Zoo@Example.com", first_name: "Зоя" });

    const mails = await mailTo(t.database.db, "zoo@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("zoo");
    const token = linkToken(mails[0]?.text ?? "", "reset-password");

    expect((await confirmReset(token, "first-password")).statusCode).toBe(200);

    const pair = await signIn(t, "zoo", "first-password");
    expect(pair.access).toEqual(expect.any(String));
  });

  it("gives the new user no password: nothing signs in before the link is used", async () => {
    await api.newUser({ username: "zoo", email: "zoo@example.com" });

    const res = await t.request({
      method: "POST",
      url: "/api/users/token/",
      payload: { username: "zoo", password: "anything-at-all" },
    });

    expect(res.statusCode).toBe(401);
  });

  it("audits the creation with the new user's fields", async () => {
    const created = await api.newUser({ username: "zoo", email: "zoo@example.com", role: Role.viewer });

    const [entry] = await auditEntries(t, "user_created");

    expect(entry?.userId).toBe(adminId);
    expect(entry?.details).toMatchObject({
      id: created.id,
      before: null,
      after: { username: "zoo", email: "zoo@example.com", role: Role.viewer, is_active: true, companies: [] },
    });
  });

  it("refuses a taken username or email in any letter case with 409 and the registration's texts", async () => {
    await seedUser(t.database.db, { username: "Taken", email: "taken@example.com" });

    const byName = await api.create({ username: "taken", email: "free@example.com" });
    const byEmail = await api.create({ username: "free", email: "TAKEN@example.com" });
    const both = await api.create({ username: "TAKEN", email: "Taken@Example.com" });

    expect(byName.statusCode).toBe(409);
    expect(byName.json().fields).toEqual({ username: ErrorText.usernameTaken });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().fields).toEqual({ email: ErrorText.emailTaken });
    expect(both.json().fields).toEqual({ username: ErrorText.usernameTaken, email: ErrorText.emailTaken });
  });

  it("refuses an unknown company with 400 fields.company_uuids and creates nothing", async () => {
    const { company } = await seedCompany(t.database.db, { name: "Альфа" });
    const audits = await auditCount(t);

    const res = await api.create({
      username: "zoo",
      email: "zoo@example.com",
      company_uuids: [company.uuid, "00000000-0000-4000-8000-000000000000"],
    });

    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ company_uuids: COMPANY_MISSING_TEXT });
    expect((await api.users({ q: "zoo" })).total).toBe(0);
    expect(await mailCount(t.database.db)).toBe(0);
    expect(await auditCount(t)).toBe(audits);
  });

  it("lets only a superuser create a superuser", async () => {
    const superuser = await signedInAdmin(t, "root", true);

    const byAdmin = await api.create({ username: "su1", email: "su1@example.com", is_superuser: true });
    const bySuperuser = await superuser.api.create({ username: "su2", email: "su2@example.com", is_superuser: true });

    expect(byAdmin.statusCode).toBe(403);
    expect(bySuperuser.statusCode).toBe(201);
    expect(bySuperuser.json().is_superuser).toBe(true);
    expect((await api.users({ q: "su1" })).total).toBe(0);
  });

  it("refuses a bad username, email or role with 400", async () => {
    expect((await api.create({ username: "has space", email: "a@example.com" })).statusCode).toBe(400);
    expect((await api.create({ username: "ok", email: "not-an-email" })).statusCode).toBe(400);
    expect((await api.create({ username: "ok", email: "a@example.com", role: 9 })).statusCode).toBe(400);
    expect((await api.create({ username: "ok", email: "a@example.com", password: "x" })).statusCode).toBe(400);
  });
});

describe("POST /api/admin/users/:id/password-reset/", () => {
  it("mails a reset link that sets a new password, and audits the letter", async () => {
    const user = await seedUser(t.database.db, {
      username: "ivan",
      email: "ivan@example.com",
      password: "old-password",
    });

    const res = await api.resetPassword(user.id);

    expect(res.statusCode).toBe(204);
    const mails = await mailTo(t.database.db, "ivan@example.com");
    expect(mails).toHaveLength(1);
    expect((await confirmReset(linkToken(mails[0]?.text ?? "", "reset-password"), "new-password")).statusCode).toBe(
      200,
    );
    await signIn(t, "ivan", "new-password");
    const [entry] = await auditEntries(t, "user_password_reset_sent");
    expect(entry).toMatchObject({ userId: adminId, details: { id: user.id, email: "ivan@example.com" } });
  });

  it("keeps the user's sessions until the link is used", async () => {
    const user = await seedUser(t.database.db, {
      username: "ivan",
      email: "ivan@example.com",
      password: "old-password",
    });
    const { access } = await signIn(t, "ivan", "old-password");

    await api.resetPassword(user.id);

    expect((await t.request({ method: "GET", url: "/api/users/verify_token/", token: access })).statusCode).toBe(200);
  });

  it("answers 409 for a user without an email, 404 for an unknown one, writing nothing", async () => {
    const user = await seedUser(t.database.db, { username: "noemail" });
    const audits = await auditCount(t);

    const noEmail = await api.resetPassword(user.id);
    const unknown = await api.resetPassword(999_999);

    expect(noEmail.statusCode).toBe(409);
    expect(noEmail.json().message).toMatch(/адрес/);
    expect(unknown.statusCode).toBe(404);
    expect(await mailCount(t.database.db)).toBe(0);
    expect(await auditCount(t)).toBe(audits);
  });

  it("refuses an admin the account of a superuser (403)", async () => {
    const root = await seedUser(t.database.db, { username: "root", email: "root@example.com", isSuperuser: true });

    const res = await api.resetPassword(root.id);

    expect(res.statusCode).toBe(403);
    expect(await mailCount(t.database.db)).toBe(0);
  });
});
