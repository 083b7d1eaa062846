import { ErrorCode } from "@nadoy/contract/errors";
import { Role } from "@nadoy/contract/roles";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount, refreshWith, signIn, verifyStatus } from "../../../test/accounts.ts";
import { connectUser, socketBase } from "../../../test/sockets.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { refreshTokenFamilies } from "../../db/schema/index.ts";
import { type AdminApi, auditEntries, signedInAdmin } from "./admin-users.test-kit.ts";

// Spec §6 / issue 6: an admin switches a user off; every session of theirs ends at once, sockets
// included, and they cannot sign in until switched on again.

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

const viewer = () =>
  createAccount(t.database.db, {
    username: "viewer",
    email: "viewer@example.com",
    password: "correct-horse",
    roles: [Role.viewer],
  });

const login = (password = "correct-horse") =>
  t.request({ method: "POST", url: "/api/users/token/", payload: { username: "viewer", password } });

describe("deactivating a user", () => {
  it("ends every session at once: the next API call is 401, the refresh token is dead, the socket closes 4401", async () => {
    const user = await viewer();
    const first = await signIn(t, "viewer", "correct-horse");
    const second = await signIn(t, "viewer", "correct-horse");
    const socket = await connectUser(await socketBase(t), first.access, user.id);

    const after = await api.patched(user.id, { is_active: false });

    expect(after.is_active).toBe(false);
    expect(await socket.closed).toEqual({ code: 4401, reason: "session_ended" });
    const data = await t.request({ method: "GET", url: "/api/users/data/", token: first.access });
    expect(data.statusCode).toBe(401);
    expect(await verifyStatus(t, second.access)).toBe(401);
    expect((await refreshWith(t, first.refresh)).status).toBe(401);
  });

  it("revokes every refresh-token family of the user with the reason deactivated", async () => {
    const user = await viewer();
    await signIn(t, "viewer", "correct-horse");
    await signIn(t, "viewer", "correct-horse");

    await api.patched(user.id, { is_active: false });

    const families = await t.database.db
      .select({ reason: refreshTokenFamilies.revokedReason, at: refreshTokenFamilies.revokedAt })
      .from(refreshTokenFamilies)
      .where(eq(refreshTokenFamilies.userId, user.id));
    expect(families).toHaveLength(2);
    expect(families.every((f) => f.reason === "deactivated" && f.at !== null)).toBe(true);
  });

  it("refuses the sign-in of a deactivated user as a disabled account", async () => {
    const user = await viewer();

    await api.patched(user.id, { is_active: false });

    const res = await login();
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.accountDisabled);
  });

  it("lets the user sign in again once switched back on", async () => {
    const user = await viewer();
    await api.patched(user.id, { is_active: false });

    const after = await api.patched(user.id, { is_active: true });

    expect(after.is_active).toBe(true);
    expect((await login()).statusCode).toBe(200);
  });

  it("switches on a registration still waiting for its email, which then signs in", async () => {
    const pending = await createAccount(t.database.db, {
      username: "viewer",
      email: "viewer@example.com",
      password: "correct-horse",
      isActive: false,
    });
    expect((await login()).json().code).toBe(ErrorCode.accountInactive);

    await api.patched(pending.id, { is_active: true });

    expect((await login()).statusCode).toBe(200);
  });

  it("audits deactivation and activation with before and after", async () => {
    const user = await viewer();

    await api.patched(user.id, { is_active: false });
    await api.patched(user.id, { is_active: true });

    const [off] = await auditEntries(t, "user_deactivated");
    const [on] = await auditEntries(t, "user_activated");
    expect(off).toMatchObject({
      userId: adminId,
      details: { id: user.id, before: { is_active: true }, after: { is_active: false } },
    });
    expect(on).toMatchObject({
      userId: adminId,
      details: { id: user.id, before: { is_active: false }, after: { is_active: true } },
    });
    expect(await auditEntries(t, "user_updated")).toEqual([]);
  });

  it("leaves the sessions of other users alone", async () => {
    const user = await viewer();
    await createAccount(t.database.db, { username: "other", password: "correct-horse" });
    const { access } = await signIn(t, "other", "correct-horse");

    await api.patched(user.id, { is_active: false });

    expect(await verifyStatus(t, access)).toBe(200);
  });
});
