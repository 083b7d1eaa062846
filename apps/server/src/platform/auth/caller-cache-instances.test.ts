import { randomBytes } from "node:crypto";
import { Role } from "@nadoy/contract/roles";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount, signIn, verifyStatus } from "../../../test/accounts.ts";
import { startTestApp, type TestApp, testRedisUrl } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { adminApi, ok, signedInAdmin } from "../../features/admin-users/admin-users.test-kit.ts";

// The auth guard keeps each access token's caller for a minute (caller-cache.ts). Whatever an admin or
// the user changes must still count at the very next request — on the instance that made the change
// and, on the PostgreSQL + Redis run, on a second instance behind the same load balancer, which
// hears of it through Redis (so it is awaited there, not slept for). Without Redis: one instance.

const signingSecret = randomBytes(32).toString("hex");
const redisPrefix = `nadoy-test:${randomBytes(6).toString("hex")}:`;
let writer: TestApp;
let reader: TestApp;

beforeAll(async () => {
  writer = await startTestApp({}, { signingSecret, redisPrefix });
  reader = testRedisUrl ? await startTestApp({}, { signingSecret, redisPrefix, reset: false }) : writer;
});
afterAll(async () => {
  await writer.close();
  if (reader !== writer) await reader.close();
});
beforeEach(() => resetDatabase(writer.database));

const where = testRedisUrl ? "on the other instance" : "on the instance";

/** A signed-in zootechnician whose caller `reader` has cached, and a signed-in admin on `writer`. */
async function cachedZootechnician() {
  const user = await createAccount(writer.database.db, {
    username: "zoo",
    email: "zoo@example.com",
    password: "Пароль-1234",
    roles: [Role.zootechnician],
  });
  const tokens = await signIn(writer, "zoo", "Пароль-1234");
  const listUsers = (on: TestApp) =>
    on.request({ method: "GET", url: "/api/admin/users/", token: tokens.access }).then((res) => res.statusCode);
  for (const instance of [writer, reader]) {
    expect(await listUsers(instance)).toBe(403);
    expect(instance.app.callers.size).toBeGreaterThan(0);
  }
  const { token } = await signedInAdmin(writer);
  return { user, tokens, listUsers, admin: adminApi(writer, token) };
}

/** The instance that made the change answers by it at once; the other one once Redis told it. */
async function expectEverywhere(status: (on: TestApp) => Promise<number>, expected: number): Promise<void> {
  expect(await status(writer)).toBe(expected);
  if (reader !== writer) await expect.poll(() => status(reader)).toBe(expected);
}

describe(`a cached caller never outlives a change ${where}`, () => {
  it("a new role counts at the next request", async () => {
    const z = await cachedZootechnician();
    ok(await z.admin.update(z.user.id, { role: Role.admin }), 200);
    await expectEverywhere(z.listUsers, 200);
  });

  it("a role taken away counts at the next request", async () => {
    const z = await cachedZootechnician();
    ok(await z.admin.update(z.user.id, { role: Role.admin }), 200);
    await expectEverywhere(z.listUsers, 200);
    ok(await z.admin.update(z.user.id, { role: Role.client }), 200);
    await expectEverywhere(z.listUsers, 403);
  });

  it("sign-out ends the access token", async () => {
    const z = await cachedZootechnician();
    const out = await writer.request({
      method: "POST",
      url: "/api/users/logout/",
      token: z.tokens.access,
      payload: { refresh: z.tokens.refresh },
    });
    expect(out.statusCode).toBe(205);
    await expectEverywhere((on) => verifyStatus(on, z.tokens.access), 401);
  });

  it("deactivation ends the access token", async () => {
    const z = await cachedZootechnician();
    ok(await z.admin.update(z.user.id, { is_active: false }), 200);
    await expectEverywhere((on) => verifyStatus(on, z.tokens.access), 401);
  });
});
