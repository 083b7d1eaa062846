import { PASSWORD_CHANGES_PER_MINUTE, PASSWORD_MAX } from "@nadoy/contract/constants";
import { ErrorCode } from "@nadoy/contract/errors";
import { Role } from "@nadoy/contract/roles";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount, refreshWith, signIn, verifyStatus } from "../../../test/accounts.ts";
import { accessTokenFor, createCallers, expectedStatuses, statusByCaller } from "../../../test/callers.ts";
import { mailTo } from "../../../test/outbox.ts";
import { connectUser, socketBase } from "../../../test/sockets.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { auditLog } from "../../db/schema/index.ts";
import { seedUser } from "../../db/seed/users.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const changePassword = (token: string | undefined, payload: unknown) =>
  t.request({ method: "POST", url: "/api/users/change_password/", token, payload: payload as object });

const login = (username: string, password: string) =>
  t.request({ method: "POST", url: "/api/users/token/", payload: { username, password } });

async function ivan(roles: number[] = [Role.zootechnician]) {
  const row = await createAccount(t.database.db, {
    username: "ivan",
    email: "ivan@example.com",
    password: "correct-horse",
    roles,
  });
  return row.id;
}

const auditActions = async (userId: number, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.action, action)));

describe("POST /api/users/change_password/", () => {
  it("sets the new password: it signs in, the old one no longer does", async () => {
    await ivan();
    const { access } = await signIn(t, "ivan", "correct-horse");

    const res = await changePassword(access, { old_password: "correct-horse", new_password: "battery-staple" });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: expect.any(String) });
    expect((await login("ivan", "battery-staple")).statusCode).toBe(200);
    expect((await login("ivan", "correct-horse")).statusCode).toBe(401);
  });

  it("keeps the caller's session and ends every other one, sockets included", async () => {
    const id = await ivan();
    const current = await signIn(t, "ivan", "correct-horse");
    const other = await signIn(t, "ivan", "correct-horse");
    const base = await socketBase(t);
    const currentSocket = await connectUser(base, current.access, id);
    const otherSocket = await connectUser(base, other.access, id);

    await changePassword(current.access, { old_password: "correct-horse", new_password: "battery-staple" });

    expect(await verifyStatus(t, current.access)).toBe(200);
    expect((await refreshWith(t, current.refresh)).status).toBe(200);
    expect(await verifyStatus(t, other.access)).toBe(401);
    expect((await refreshWith(t, other.refresh)).status).toBe(401);
    expect(await otherSocket.closed).toEqual({ code: 4401, reason: "session_ended" });
    expect(currentSocket.ws.readyState).toBe(currentSocket.ws.OPEN);
    await currentSocket.close();
  });

  it("audits the change and tells the user by mail", async () => {
    const id = await ivan();
    const { access } = await signIn(t, "ivan", "correct-horse");

    await changePassword(access, { old_password: "correct-horse", new_password: "battery-staple" });

    expect(await auditActions(id, "password_changed")).toHaveLength(1);
    const [letter] = await mailTo(t.database.db, "ivan@example.com");
    expect(letter?.subject).toBe("Надой: пароль изменён");
    expect(letter?.text).not.toContain("battery-staple");
  });

  it("refuses a wrong current password with 400 wrong_password on old_password, and changes nothing", async () => {
    const id = await ivan();
    const current = await signIn(t, "ivan", "correct-horse");
    const other = await signIn(t, "ivan", "correct-horse");

    const res = await changePassword(current.access, { old_password: "wrong-horse", new_password: "battery-staple" });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: ErrorCode.wrongPassword,
      message: "Неверный текущий пароль",
      fields: { old_password: "Неверный текущий пароль" },
    });
    expect((await login("ivan", "correct-horse")).statusCode).toBe(200);
    expect(await verifyStatus(t, other.access)).toBe(200);
    expect(await auditActions(id, "password_change_failed")).toHaveLength(1);
    expect(await auditActions(id, "password_changed")).toHaveLength(0);
  });

  it.each([
    ["missing", { new_password: "battery-staple" }],
    ["empty", { old_password: "", new_password: "battery-staple" }],
  ])("asks for the current password when it is %s", async (_name, payload) => {
    await ivan();
    const { access } = await signIn(t, "ivan", "correct-horse");

    const res = await changePassword(access, payload);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: ErrorCode.validation,
      fields: { old_password: "Введите текущий пароль" },
    });
    expect((await login("ivan", "correct-horse")).statusCode).toBe(200);
  });

  it.each([
    ["a short new password", { old_password: "correct-horse", new_password: "short" }],
    ["an over-long new password", { old_password: "correct-horse", new_password: "a".repeat(PASSWORD_MAX + 1) }],
    ["an over-long old password", { old_password: "a".repeat(PASSWORD_MAX + 1), new_password: "battery-staple" }],
    ["no new password", { old_password: "correct-horse" }],
    ["an unknown field", { old_password: "correct-horse", new_password: "battery-staple", user_id: 1 }],
  ])("refuses %s with 400", async (_name, payload) => {
    await ivan();
    const { access } = await signIn(t, "ivan", "correct-horse");

    const res = await changePassword(access, payload);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.validation, message: expect.any(String) });
    expect((await login("ivan", "correct-horse")).statusCode).toBe(200);
  });

  it("lets an account without a password (Yandex ID only) set one without the current password", async () => {
    const row = await seedUser(t.database.db, { username: "yandex-user", roles: [Role.client] });
    const token = await accessTokenFor(t, row.id);

    const res = await changePassword(token, { new_password: "battery-staple" });

    expect(res.statusCode).toBe(200);
    expect((await login("yandex-user", "battery-staple")).statusCode).toBe(200);
    const [entry] = await auditActions(row.id, "password_changed");
    expect(JSON.parse(entry?.details ?? "{}")).toEqual({ had_password: false });
    const profile = await t.request({ method: "GET", url: "/api/users/user_profile/", token });
    expect(profile.json().has_password).toBe(true);
  });

  it("refuses role 6 with 403 and changes nothing", async () => {
    await ivan([Role.viewer]);
    const { access } = await signIn(t, "ivan", "correct-horse");

    const res = await changePassword(access, { old_password: "correct-horse", new_password: "battery-staple" });

    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: ErrorCode.forbidden });
    expect((await login("ivan", "correct-horse")).statusCode).toBe(200);
  });

  it(`allows ${PASSWORD_CHANGES_PER_MINUTE} attempts a minute per user, then answers 429`, async () => {
    await ivan();
    const { access } = await signIn(t, "ivan", "correct-horse");

    for (let i = 0; i < PASSWORD_CHANGES_PER_MINUTE; i++) {
      const res = await changePassword(access, { old_password: `wrong-${i}-horse`, new_password: "battery-staple" });
      expect(res.statusCode).toBe(400);
    }
    const refused = await changePassword(access, { old_password: "correct-horse", new_password: "battery-staple" });

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCode.tooManyRequests });
    expect((await login("ivan", "correct-horse")).statusCode).toBe(200);
  });

  it("lets every role but 6 set a password (role matrix)", async () => {
    const callers = await createCallers(t);

    const statuses = await statusByCaller(
      callers,
      async (c) => (await changePassword(c.token, { new_password: "battery-staple" })).statusCode,
    );

    expect(statuses).toEqual(expectedStatuses(200, { "role 6": 403 }));
  });
});
