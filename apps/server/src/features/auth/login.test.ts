import { LOGIN_FAILURES_PER_MINUTE } from "@nadoy/contract/constants";
import { ErrorCode } from "@nadoy/contract/errors";
import { Role } from "@nadoy/contract/roles";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount, verifyStatus } from "../../../test/accounts.ts";
import { nextAddress, startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "../../db/seed/demo.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const login = (username: string, password: string, remoteAddress?: string) =>
  t.request({ method: "POST", url: "/api/users/token/", payload: { username, password }, remoteAddress });

describe("POST /api/users/token/ with the demo accounts", () => {
  beforeEach(() => seedDemo(t.database.db));

  it.each(DEMO_ACCOUNTS.map((a) => a.username))("signs in %s with the demo password", async (username) => {
    const res = await login(username, DEMO_PASSWORD);

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["access", "refresh"]);
    const verify = await t.request({ method: "GET", url: "/api/users/verify_token/", token: body.access });
    expect(verify.statusCode).toBe(200);
    const data = await t.request({ method: "GET", url: "/api/users/data/", token: body.access });
    expect(data.json().username).toBe(username);
  });
});

describe("POST /api/users/token/", () => {
  beforeEach(async () => {
    await createAccount(t.database.db, { username: "ivan", password: "correct-horse", roles: [Role.viewer] });
  });

  it("answers an unknown user and a wrong password with the same 401", async () => {
    const unknown = await login("nobody", "correct-horse");
    const wrong = await login("ivan", "wrong-password");

    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toMatchObject({ code: ErrorCode.invalidCredentials, message: expect.any(String) });
  });

  it("matches the username whatever its case and surrounding spaces", async () => {
    const res = await login("  IVAN ", "correct-horse");

    expect(res.statusCode).toBe(200);
  });

  it("tells about a waiting account only to someone who knows its password", async () => {
    await createAccount(t.database.db, { username: "waiting", password: "correct-horse", isActive: false });

    const wrong = await login("waiting", "wrong-password");
    const right = await login("waiting", "correct-horse");

    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe(ErrorCode.invalidCredentials);
    expect(right.statusCode).toBe(401);
    expect(right.json().code).toBe(ErrorCode.accountInactive);
  });

  it("tells a disabled account, with the right password, that it is disabled", async () => {
    await createAccount(t.database.db, {
      username: "former",
      password: "correct-horse",
      isActive: false,
      emailConfirmed: true,
    });

    const right = await login("former", "correct-horse");

    expect(right.statusCode).toBe(401);
    expect(right.json().code).toBe(ErrorCode.accountDisabled);
  });

  it(`refuses an address with 429 and Retry-After after ${LOGIN_FAILURES_PER_MINUTE} failures in a minute`, async () => {
    const attacker = nextAddress();
    for (let i = 0; i < LOGIN_FAILURES_PER_MINUTE; i++) {
      const res = await login(i % 2 ? "ivan" : "nobody", "wrong-password", attacker);
      expect(res.statusCode).toBe(401);
    }

    const blocked = await login("ivan", "correct-horse", attacker);

    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: ErrorCode.tooManyRequests, message: expect.any(String) });
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await login("ivan", "correct-horse")).statusCode).toBe(200);
  });

  it("does not count successful sign-ins towards the limit", async () => {
    const office = nextAddress();
    // Colleagues behind one office address mistyping their own passwords.
    for (let i = 0; i < LOGIN_FAILURES_PER_MINUTE - 1; i++) {
      expect((await login(`colleague${i}`, "wrong-password", office)).statusCode).toBe(401);
    }
    for (let i = 0; i < 3; i++) {
      expect((await login("ivan", "correct-horse", office)).statusCode).toBe(200);
    }
  });

  it("gives each sign-in a session of its own", async () => {
    const first = (await login("ivan", "correct-horse")).json();
    const second = (await login("ivan", "correct-horse")).json();

    expect(second.access).not.toBe(first.access);
    expect(second.refresh).not.toBe(first.refresh);
    expect(await verifyStatus(t, first.access)).toBe(200);
    expect(await verifyStatus(t, second.access)).toBe(200);
  });
});
