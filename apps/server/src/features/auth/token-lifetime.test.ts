import { ErrorCode } from "@nadoy/contract/errors";
import { Role } from "@nadoy/contract/roles";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createAccount, refreshWith, signIn } from "../../../test/accounts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { configSchema } from "../../config.ts";

// Access tokens are short-lived (15 minutes unless configured): a stolen one is worth little, and
// the browser renews it with the refresh token. Refresh tokens rotate on every use and a replayed
// one ends the whole session: features/auth/session.test.ts.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  await createAccount(t.database.db, { username: "ivan", password: "correct-horse", roles: [Role.zootechnician] });
});
afterEach(() => {
  vi.useRealTimers();
});

function claimsOf(access: string): { sub: string; sid: string; typ: string; iat: number; exp: number } {
  return JSON.parse(Buffer.from(access.split(".")[1] ?? "", "base64url").toString("utf8"));
}

const data = (app: TestApp, access: string) => app.request({ method: "GET", url: "/api/users/data/", token: access });

describe("access token lifetime", () => {
  it("is 15 minutes unless configured otherwise", () => {
    expect(configSchema.parse({}).ACCESS_TOKEN_TTL_SECONDS).toBe(15 * 60);
    expect(t.config.ACCESS_TOKEN_TTL_SECONDS).toBe(15 * 60);
  });

  it("is what sign-in and refresh issue: exp − iat = 15 minutes, issued now", async () => {
    const before = Math.floor(Date.now() / 1000);
    const pair = await signIn(t, "ivan", "correct-horse");
    const rotated = await refreshWith(t, pair.refresh);
    const after = Math.ceil(Date.now() / 1000);

    for (const access of [pair.access, rotated.body.access as string]) {
      const claims = claimsOf(access);
      expect(claims.typ).toBe("access");
      expect(claims.exp - claims.iat).toBe(15 * 60);
      expect(claims.iat).toBeGreaterThanOrEqual(before);
      expect(claims.iat).toBeLessThanOrEqual(after);
    }
  });

  it("follows ACCESS_TOKEN_TTL_SECONDS", async () => {
    const short = await startTestApp({ ACCESS_TOKEN_TTL_SECONDS: "60" }, { reset: false });
    try {
      const claims = claimsOf((await signIn(short, "ivan", "correct-horse")).access);
      expect(claims.exp - claims.iat).toBe(60);
    } finally {
      await short.close();
    }
  });

  it("an issued token works until its exp and is refused with 401 a millisecond later, the session still open", async () => {
    const { access, refresh } = await signIn(t, "ivan", "correct-horse");
    const { exp } = claimsOf(access);
    vi.useFakeTimers({ toFake: ["Date"] });

    vi.setSystemTime((exp - 1) * 1000);
    expect((await data(t, access)).statusCode).toBe(200);
    vi.setSystemTime(exp * 1000 + 1);
    const expired = await data(t, access);

    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: ErrorCode.tokenNotValid, message: expect.any(String) });
    vi.useRealTimers();
    // The session is not over: the refresh token gets a new access token that works.
    const renewed = await refreshWith(t, refresh);
    expect(renewed.status).toBe(200);
    expect((await data(t, renewed.body.access)).statusCode).toBe(200);
  });

  it("refuses a token whose exp has passed on every kind of route, with 401 before any input check", async () => {
    const { sub, sid, typ } = claimsOf((await signIn(t, "ivan", "correct-horse")).access);
    const now = Math.floor(Date.now() / 1000);
    const expired = t.app.jwt.sign({ sub, sid, typ, iat: now - 15 * 60 - 1, exp: now - 1 });

    const calls = [
      await data(t, expired),
      await t.request({ method: "GET", url: "/api/users/verify_token/", token: expired }),
      await t.request({ method: "POST", url: "/api/users/logout/", token: expired, payload: { nonsense: 1 } }),
      await t.request({ method: "POST", url: "/api/users/change_password/", token: expired, payload: {} }),
    ];

    for (const res of calls) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toMatchObject({ code: ErrorCode.tokenNotValid });
    }
  });
});
