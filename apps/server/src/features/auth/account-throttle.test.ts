import { randomBytes } from "node:crypto";
import { ACCOUNT_LOGIN_DELAY_MAX_SECONDS, ACCOUNT_LOGIN_FREE_FAILURES } from "@nadoy/contract/constants";
import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import { Role } from "@nadoy/contract/roles";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount } from "../../../test/accounts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";

// Issue 15 item 12: sign-in guesses at one account spread over many addresses, each address
// staying under its own limit. The account's slow-down is driven by the app's clock, which this
// test moves forward instead of waiting.

let t: TestApp;
const clock = { now: Date.UTC(2026, 0, 1) };
const redisPrefix = `nadoy-test:${randomBytes(6).toString("hex")}:`;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock.now, redisPrefix });
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  // Every test starts with no account counted: in memory the windows are long over by the clock;
  // in Redis (whose windows run on its own time) the keys go.
  clock.now += 24 * 3600_000;
  const counted = (await t.redis?.keys(`${redisPrefix}acct:*`)) ?? [];
  if (counted.length > 0) await t.redis?.del(...counted);
  await createAccount(t.database.db, { username: "ivan", password: "correct-horse", roles: [Role.viewer] });
  await createAccount(t.database.db, { username: "olga", password: "correct-horse", roles: [Role.viewer] });
});

/** A sign-in from an address of its own each time (t.request), with the browser's cookies if given. */
const login = (username: string, password: string, cookie?: string) =>
  t.request({
    method: "POST",
    url: "/api/users/token/",
    payload: { username, password },
    ...(cookie !== undefined && { headers: { cookie } }),
  });

/** The `name=value` of the device cookie a successful sign-in set. */
function deviceCookieOf(res: LightMyRequestResponse): string {
  const header = String(res.headers["set-cookie"] ?? "");
  const pair = header.split(";")[0] ?? "";
  expect(pair).toMatch(/^nadoy_device_\d+=\S+$/);
  return pair;
}

function expectSlowedDown(res: LightMyRequestResponse, seconds: number) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ code: ErrorCode.tooManyRequests, message: ErrorText.tooManyRequests });
  expect(res.headers["retry-after"]).toBe(String(seconds));
}

async function guessWrong(username: string, times: number) {
  for (let i = 0; i < times; i++) expect((await login(username, `guess-${i}`)).statusCode).toBe(401);
}

describe("guessing one account's password from many addresses", () => {
  it("is slowed down after the free failures, while the owner's browser still signs in at once", async () => {
    const ownersBrowser = deviceCookieOf(await login("ivan", "correct-horse"));

    await guessWrong("ivan", ACCOUNT_LOGIN_FREE_FAILURES + 1); // the last one takes the first 1 s slot
    for (let i = 0; i < 20; i++) expectSlowedDown(await login("ivan", `guess-more-${i}`), 1);
    // Even the right password waits, from a browser the account does not know.
    expectSlowedDown(await login("ivan", "correct-horse"), 1);

    const owner = await login("ivan", "correct-horse", ownersBrowser);
    expect(owner.statusCode).toBe(200);
    expect(Object.keys(owner.json()).sort()).toEqual(["access", "refresh"]);
    // Another account is not affected.
    expect((await login("olga", "correct-horse")).statusCode).toBe(200);
  });

  it("lets one guess through per interval, the interval doubling up to its cap", async () => {
    await guessWrong("ivan", ACCOUNT_LOGIN_FREE_FAILURES + 1);
    const waits: number[] = [];
    for (let seconds = 1; seconds <= ACCOUNT_LOGIN_DELAY_MAX_SECONDS; ) {
      const refused = await login("ivan", "wrong");
      expect(refused.statusCode).toBe(429);
      seconds = Number(refused.headers["retry-after"]);
      waits.push(seconds);
      clock.now += seconds * 1000 - 1;
      expect((await login("ivan", "wrong")).statusCode).toBe(429); // a millisecond early
      clock.now += 1;
      expect((await login("ivan", "wrong")).statusCode).toBe(401); // checked, and the next wait doubles
      if (seconds === ACCOUNT_LOGIN_DELAY_MAX_SECONDS) break;
    }

    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60]);
    expectSlowedDown(await login("ivan", "wrong"), 60);
  });

  it("starts afresh after a right password that waited its turn", async () => {
    await guessWrong("ivan", ACCOUNT_LOGIN_FREE_FAILURES + 1);
    clock.now += 1000;

    expect((await login("ivan", "correct-horse")).statusCode).toBe(200);

    await guessWrong("ivan", ACCOUNT_LOGIN_FREE_FAILURES + 1);
    expectSlowedDown(await login("ivan", "wrong"), 1);
  });

  it("slows an unknown name exactly like a real one, so the 429 tells nobody who exists", async () => {
    await guessWrong("nobody", ACCOUNT_LOGIN_FREE_FAILURES + 1);

    expectSlowedDown(await login("nobody", "wrong"), 1);
    expectSlowedDown(await login("NOBODY", "wrong"), 1);
  });

  it("does not take another account's or a tampered device cookie for the owner's", async () => {
    const olgasBrowser = deviceCookieOf(await login("olga", "correct-horse"));
    const ivansBrowser = deviceCookieOf(await login("ivan", "correct-horse"));
    await guessWrong("ivan", ACCOUNT_LOGIN_FREE_FAILURES + 1);
    const [name, value = ""] = ivansBrowser.split("=");
    const [expires, signature = ""] = value.split(".");

    const olgaId = olgasBrowser.split("=")[0]?.replace("nadoy_device_", "");
    expectSlowedDown(await login("ivan", "correct-horse", olgasBrowser), 1);
    expectSlowedDown(await login("ivan", "correct-horse", `nadoy_device_${olgaId}=${value}`), 1);
    expectSlowedDown(await login("ivan", "correct-horse", `${name}=${Number(expires) + 1}.${signature}`), 1);
    expectSlowedDown(await login("ivan", "correct-horse", `${name}=${expires}.${signature.slice(1)}A`), 1);
  });

  it("stops trusting a browser a year after its sign-in", async () => {
    const ivansBrowser = deviceCookieOf(await login("ivan", "correct-horse"));
    clock.now += 365 * 24 * 3600_000;
    await guessWrong("ivan", ACCOUNT_LOGIN_FREE_FAILURES + 1);

    expectSlowedDown(await login("ivan", "correct-horse", ivansBrowser), 1);
  });

  it("sets the device cookie httpOnly and SameSite=Strict, for the sign-in route only", async () => {
    const res = await login("ivan", "correct-horse");

    const attributes = String(res.headers["set-cookie"]).split("; ").slice(1);
    expect(attributes).toEqual(["Path=/api/users/token/", "Max-Age=31536000", "HttpOnly", "SameSite=Strict"]);
  });
});
