import { createHmac } from "node:crypto";
import { REFRESHES_PER_MINUTE } from "@nadoy/contract/constants";
import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import { Role } from "@nadoy/contract/roles";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount, refreshWith, signIn, verifyStatus } from "../../../test/accounts.ts";
import { nextAddress, startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  await createAccount(t.database.db, { username: "ivan", password: "correct-horse", roles: [Role.zootechnician] });
  await createAccount(t.database.db, { username: "olga", password: "correct-horse", roles: [Role.viewer] });
});

const logout = (access: string | undefined, payload: unknown) =>
  t.request({ method: "POST", url: "/api/users/logout/", token: access, payload: payload as object });

const dataStatus = async (access: string) =>
  (await t.request({ method: "GET", url: "/api/users/data/", token: access })).statusCode;

describe("POST /api/users/token/refresh/", () => {
  it("exchanges a refresh token for a new pair that works", async () => {
    const first = await signIn(t, "ivan", "correct-horse");

    const rotated = await refreshWith(t, first.refresh);

    expect(rotated.status).toBe(200);
    expect(Object.keys(rotated.body).sort()).toEqual(["access", "refresh"]);
    expect(rotated.body.refresh).not.toBe(first.refresh);
    expect(await verifyStatus(t, rotated.body.access)).toBe(200);
    expect((await refreshWith(t, rotated.body.refresh)).status).toBe(200);
  });

  it("spends the old refresh token; presenting it again revokes the whole family", async () => {
    const first = await signIn(t, "ivan", "correct-horse");
    const second = (await refreshWith(t, first.refresh)).body;

    const replay = await refreshWith(t, first.refresh);

    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: ErrorCode.tokenInvalid, message: expect.any(String) });
    // The newer token of the same sign-in is refused too, and so are its access tokens.
    expect((await refreshWith(t, second.refresh)).status).toBe(401);
    expect(await verifyStatus(t, second.access)).toBe(401);
    expect(await verifyStatus(t, first.access)).toBe(401);
  });

  it("leaves the user's other sessions alone when one family is revoked for reuse", async () => {
    const stolen = await signIn(t, "ivan", "correct-horse");
    const laptop = await signIn(t, "ivan", "correct-horse");
    await refreshWith(t, stolen.refresh);

    await refreshWith(t, stolen.refresh);

    expect(await verifyStatus(t, laptop.access)).toBe(200);
    expect((await refreshWith(t, laptop.refresh)).status).toBe(200);
  });

  it("lets only one of two simultaneous uses of a refresh token through, and then revokes the family", async () => {
    const first = await signIn(t, "ivan", "correct-horse");

    const answers = await Promise.all([refreshWith(t, first.refresh), refreshWith(t, first.refresh)]);

    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    const winner = answers.find((a) => a.status === 200)?.body;
    expect((await refreshWith(t, winner.refresh)).status).toBe(401);
    expect(await verifyStatus(t, winner.access)).toBe(401);
  });

  it("refuses a refresh token with a wrong secret without spending the real one", async () => {
    const first = await signIn(t, "ivan", "correct-horse");
    const [id] = first.refresh.split(".");

    const forged = await refreshWith(t, `${id}.${"A".repeat(43)}`);

    expect(forged.status).toBe(401);
    expect((await refreshWith(t, first.refresh)).status).toBe(200);
  });

  it("refuses a well-formed token of no session with 401 token_invalid", async () => {
    const res = await refreshWith(t, "00000000-0000-4000-8000-000000000000.c2VjcmV0");

    expect(res.status).toBe(401);
    expect(res.body.code).toBe(ErrorCode.tokenInvalid);
  });

  it.each([
    ["garbage", "not-a-token"],
    ["36 characters that pass for an id but are no uuid", `${"-".repeat(36)}.c2VjcmV0`],
    ["36 hex digits and dashes out of place", `${"a".repeat(32)}----.c2VjcmV0`],
    ["an id without its secret", "00000000-0000-4000-8000-000000000000."],
  ])("refuses %s with 400 in Russian, before any lookup", async (_name, refresh) => {
    const res = await refreshWith(t, refresh);

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: ErrorCode.validation,
      fields: { refresh: "Это не токен обновления: неверный формат" },
    });
  });

  it("refuses an access token presented as a refresh token", async () => {
    const pair = await signIn(t, "ivan", "correct-horse");

    const res = await refreshWith(t, pair.access);

    expect(res.status).toBe(400);
    expect(await verifyStatus(t, pair.access)).toBe(200);
  });

  it(`refuses a ${REFRESHES_PER_MINUTE + 1}th refresh from one address within a minute with 429`, async () => {
    const address = nextAddress();
    const pair = await signIn(t, "ivan", "correct-horse");
    const from = (refresh: string) =>
      t.request({ method: "POST", url: "/api/users/token/refresh/", payload: { refresh }, remoteAddress: address });
    for (let i = 0; i < REFRESHES_PER_MINUTE; i++) {
      expect((await from(`00000000-0000-4000-8000-${String(i).padStart(12, "0")}.c2VjcmV0`)).statusCode).toBe(401);
    }

    const blocked = await from(pair.refresh);

    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: ErrorCode.tooManyRequests, message: ErrorText.tooManyRequests });
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // The real token was not spent, and another address refreshes with it.
    expect((await refreshWith(t, pair.refresh)).status).toBe(200);
  });

  it("refuses an expired refresh token", async () => {
    const pair = await signIn(t, "ivan", "correct-horse");
    await t.database.db.execute(sql`update refresh_tokens set expires_at = now() - interval '1 second'`);

    expect((await refreshWith(t, pair.refresh)).status).toBe(401);
  });

  it("refuses refresh tokens of a user who has been deactivated", async () => {
    const pair = await signIn(t, "ivan", "correct-horse");
    await t.database.db.execute(sql`update users set is_active = false where username = 'ivan'`);

    expect((await refreshWith(t, pair.refresh)).status).toBe(401);
    expect(await verifyStatus(t, pair.access)).toBe(401);
  });
});

describe("POST /api/users/logout/", () => {
  it("answers 205 with an empty body and ends the session at once", async () => {
    const pair = await signIn(t, "ivan", "correct-horse");

    const res = await logout(pair.access, { refresh: pair.refresh });

    expect(res.statusCode).toBe(205);
    expect(res.body).toBe("");
    expect((await refreshWith(t, pair.refresh)).status).toBe(401);
    expect(await verifyStatus(t, pair.access)).toBe(401);
    expect(await dataStatus(pair.access)).toBe(401);
  });

  it("keeps the user's other sessions working", async () => {
    const phone = await signIn(t, "ivan", "correct-horse");
    const laptop = await signIn(t, "ivan", "correct-horse");

    await logout(phone.access, { refresh: phone.refresh });

    expect(await verifyStatus(t, laptop.access)).toBe(200);
    expect(await dataStatus(laptop.access)).toBe(200);
    expect((await refreshWith(t, laptop.refresh)).status).toBe(200);
  });

  it("ends the caller's session even when the refresh token sent is not a real one", async () => {
    const pair = await signIn(t, "ivan", "correct-horse");

    const res = await logout(pair.access, { refresh: "not-a-token" });

    expect(res.statusCode).toBe(205);
    expect(await verifyStatus(t, pair.access)).toBe(401);
    expect((await refreshWith(t, pair.refresh)).status).toBe(401);
  });

  it("ends the caller's session when the refresh token's id is 36 characters but no uuid", async () => {
    const pair = await signIn(t, "ivan", "correct-horse");

    const res = await logout(pair.access, { refresh: `${"-".repeat(36)}.c2VjcmV0` });

    expect(res.statusCode).toBe(205);
    expect(await verifyStatus(t, pair.access)).toBe(401);
  });

  it("cannot sign another user out by sending their refresh token", async () => {
    const ivan = await signIn(t, "ivan", "correct-horse");
    const olga = await signIn(t, "olga", "correct-horse");

    await logout(ivan.access, { refresh: olga.refresh });

    expect(await verifyStatus(t, olga.access)).toBe(200);
    expect((await refreshWith(t, olga.refresh)).status).toBe(200);
  });

  it("answers an anonymous caller 401 before looking at the body", async () => {
    const withoutToken = await logout(undefined, { refresh: 42, extra: true });
    const withGarbageToken = await logout("garbage", {});

    expect(withoutToken.statusCode).toBe(401);
    expect(withoutToken.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(withGarbageToken.statusCode).toBe(401);
  });
});

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

/** An HS256 JWT signed with a secret of our choosing. */
function forgeJwt(claims: Record<string, unknown>, secret: string): string {
  const unsigned = `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url(claims)}`;
  return `${unsigned}.${createHmac("sha256", secret).update(unsigned).digest("base64url")}`;
}

function claimsOf(access: string): { sub: string; sid: string; typ: string } {
  return JSON.parse(Buffer.from(access.split(".")[1] ?? "", "base64url").toString("utf8"));
}

describe("GET /api/users/verify_token/", () => {
  it("answers the user id of a valid access token", async () => {
    const pair = await signIn(t, "ivan", "correct-horse");

    const res = await t.request({ method: "GET", url: "/api/users/verify_token/", token: pair.access });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user_id: Number(claimsOf(pair.access).sub) });
  });

  it("refuses an expired access token", async () => {
    const { sub, sid, typ } = claimsOf((await signIn(t, "ivan", "correct-horse")).access);
    const now = Math.floor(Date.now() / 1000);

    const expired = t.app.jwt.sign({ sub, sid, typ, iat: now - 100, exp: now - 10 });
    const fresh = t.app.jwt.sign({ sub, sid, typ, iat: now, exp: now + 60 });

    expect(await verifyStatus(t, expired)).toBe(401);
    expect(await verifyStatus(t, fresh)).toBe(200); // the same claims, in time: only the expiry differs
  });

  it("refuses a tampered access token", async () => {
    const { access } = await signIn(t, "ivan", "correct-horse");
    const [header, payload, signature = ""] = access.split(".");
    const middle = Math.floor(signature.length / 2);
    const flipped = signature[middle] === "A" ? "B" : "A";
    const tamperedSignature = `${header}.${payload}.${signature.slice(0, middle)}${flipped}${signature.slice(middle + 1)}`;
    const otherUser = `${header}.${base64url({ ...claimsOf(access), sub: "2" })}.${signature}`;

    expect(await verifyStatus(t, tamperedSignature)).toBe(401);
    expect(await verifyStatus(t, otherUser)).toBe(401);
  });

  it("refuses tokens signed with another secret or with no signature", async () => {
    const claims = claimsOf((await signIn(t, "ivan", "correct-horse")).access);
    const unsigned = `${base64url({ alg: "none", typ: "JWT" })}.${base64url(claims)}.`;

    expect(await verifyStatus(t, forgeJwt(claims, "some-other-secret-some-other-secret"))).toBe(401);
    expect(await verifyStatus(t, unsigned)).toBe(401);
  });

  it("refuses a signed token that is not an access token", async () => {
    const { sub, sid } = claimsOf((await signIn(t, "ivan", "correct-horse")).access);

    expect(await verifyStatus(t, t.app.jwt.sign({ sub, sid, typ: "yandex_state" }))).toBe(401);
  });

  it("refuses a missing token, another scheme and a revoked session", async () => {
    const pair = await signIn(t, "ivan", "correct-horse");
    await logout(pair.access, { refresh: pair.refresh });

    const anonymous = await t.request({ method: "GET", url: "/api/users/verify_token/" });
    const basic = await t.request({
      method: "GET",
      url: "/api/users/verify_token/",
      headers: { authorization: `Basic ${pair.access}` },
    });

    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(basic.statusCode).toBe(401);
    expect(await verifyStatus(t, pair.access)).toBe(401);
  });
});
