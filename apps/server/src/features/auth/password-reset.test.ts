import { ErrorCode } from "@nadoy/contract/errors";
import { Role } from "@nadoy/contract/roles";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { createAccount, refreshWith, signIn, verifyStatus } from "../../../test/accounts.ts";
import { linkToken, mailCount, mailTo } from "../../../test/outbox.ts";
import { nextAddress, startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  await createAccount(t.database.db, {
    username: "ivan",
    email: "ivan@example.com",
    password: "old-password",
    roles: [Role.zootechnician],
  });
});

const post = (url: string, payload: object) => t.request({ method: "POST", url, payload });
/** Asks for a reset link and waits for the work the route does after answering (the letter). */
async function requestReset(email: string) {
  const res = await post("/api/users/password_reset/", { email });
  await t.app.afterAnswer.settled();
  return res;
}
const confirmReset = (token: string, password: string) =>
  post("/api/users/password_reset/confirm/", { token, password });
const loginStatus = async (password: string) =>
  (await post("/api/users/token/", { username: "ivan", password })).statusCode;

async function resetToken(): Promise<string> {
  expect((await requestReset("ivan@example.com")).statusCode).toBe(200);
  const mails = await mailTo(t.database.db, "ivan@example.com");
  return linkToken(mails.at(-1)?.text ?? "", "reset-password");
}

describe("POST /api/users/password_reset/", () => {
  it("answers a known and an unknown address alike, and writes a letter only to the known one", async () => {
    const known = await requestReset("ivan@example.com");
    const unknown = await requestReset("stranger@example.com");

    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailTo(t.database.db, "stranger@example.com")).toHaveLength(0);
    const mails = await mailTo(t.database.db, "ivan@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/http:\/\/nadoy\.test\/reset-password\/[A-Za-z0-9_-]{20,}/);
    expect(await mailCount(t.database.db)).toBe(1);
  });

  it("answers a known and an unknown address without waiting for the database, so both take the same time", async () => {
    // Another session holds the users table: anything that looks an address up waits until it lets go.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    onTestFinished(() => release());
    let held = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      held = resolve;
    });
    const holder = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table users in access exclusive mode`);
      held();
      await gate;
    });
    await lockTaken;

    const known = await post("/api/users/password_reset/", { email: "ivan@example.com" });
    const unknown = await post("/api/users/password_reset/", { email: "stranger@example.com" });

    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    release();
    await holder;
    await t.app.afterAnswer.settled();
    expect(await mailTo(t.database.db, "ivan@example.com")).toHaveLength(1);
    expect(await mailCount(t.database.db)).toBe(1);
  });

  it("finds the account whatever the case of the address", async () => {
    await requestReset("IVAN@Example.com");

    expect(await mailTo(t.database.db, "ivan@example.com")).toHaveLength(1);
  });

  it("refuses a sixth request from one address within a minute with 429", async () => {
    const address = nextAddress();
    const from = (email: string) =>
      t.request({ method: "POST", url: "/api/users/password_reset/", payload: { email }, remoteAddress: address });
    for (let i = 0; i < 5; i++) expect((await from(`someone${i}@example.com`)).statusCode).toBe(200);

    const sixth = await from("ivan@example.com");

    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: ErrorCode.tooManyRequests, message: expect.any(String) });
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0);
    expect(await mailCount(t.database.db)).toBe(0);
    expect((await requestReset("ivan@example.com")).statusCode).toBe(200); // from another address
  });

  it("retires the previous link when a new one is requested", async () => {
    const first = await resetToken();
    const second = await resetToken();

    expect((await confirmReset(first, "new-password-1")).statusCode).toBe(400);
    expect((await confirmReset(second, "new-password-2")).statusCode).toBe(200);
  });
});

describe("POST /api/users/password_reset/confirm/", () => {
  it("sets the new password: it works and the old one no longer does", async () => {
    const token = await resetToken();

    const res = await confirmReset(token, "brand-new-password");

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: expect.any(String) });
    expect(await loginStatus("brand-new-password")).toBe(200);
    expect(await loginStatus("old-password")).toBe(401);
  });

  it("activates a registration still waiting for its confirmation, since the link proves the address", async () => {
    await createAccount(t.database.db, {
      username: "waiting",
      email: "waiting@example.com",
      password: "old-password",
      isActive: false,
    });
    await requestReset("waiting@example.com");
    const mails = await mailTo(t.database.db, "waiting@example.com");

    expect(
      (await confirmReset(linkToken(mails.at(-1)?.text ?? "", "reset-password"), "brand-new-password")).statusCode,
    ).toBe(200);

    const res = await post("/api/users/token/", { username: "waiting", password: "brand-new-password" });
    expect(res.statusCode).toBe(200);
  });

  it("does not re-enable a disabled account: the new password is set, sign-in stays refused", async () => {
    await createAccount(t.database.db, {
      username: "former",
      email: "former@example.com",
      password: "old-password",
      isActive: false,
      emailConfirmed: true,
    });
    await requestReset("former@example.com");
    const mails = await mailTo(t.database.db, "former@example.com");

    expect(
      (await confirmReset(linkToken(mails.at(-1)?.text ?? "", "reset-password"), "brand-new-password")).statusCode,
    ).toBe(200);

    const res = await post("/api/users/token/", { username: "former", password: "brand-new-password" });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.accountDisabled);
  });

  it("signs out every existing session of the user", async () => {
    const phone = await signIn(t, "ivan", "old-password");
    const laptop = await signIn(t, "ivan", "old-password");
    const token = await resetToken();

    await confirmReset(token, "brand-new-password");

    for (const session of [phone, laptop]) {
      expect(await verifyStatus(t, session.access)).toBe(401);
      expect((await refreshWith(t, session.refresh)).status).toBe(401);
    }
  });

  it("accepts a link only once", async () => {
    const token = await resetToken();
    await confirmReset(token, "brand-new-password");

    const again = await confirmReset(token, "yet-another-password");

    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe(ErrorCode.tokenInvalid);
    expect(await loginStatus("brand-new-password")).toBe(200);
  });

  it("refuses an expired link", async () => {
    const token = await resetToken();
    await t.database.db.execute(sql`update one_time_tokens set expires_at = now() - interval '1 second'`);

    const res = await confirmReset(token, "brand-new-password");

    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.tokenInvalid);
    expect(await loginStatus("old-password")).toBe(200);
  });

  it("refuses a too-short password without spending the link", async () => {
    const token = await resetToken();

    const short = await confirmReset(token, "short");

    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: ErrorCode.validation, fields: { password: expect.any(String) } });
    expect((await confirmReset(token, "brand-new-password")).statusCode).toBe(200);
  });

  it("does not accept a reset link as a registration confirmation", async () => {
    const token = await resetToken();

    const res = await post("/api/users/registration_confirm/", { token });

    expect(res.statusCode).toBe(400);
    expect((await confirmReset(token, "brand-new-password")).statusCode).toBe(200);
  });
});

describe("POST /api/users/token_confirm/ with a reset code", () => {
  it("answers kind password_reset and leaves the code usable for the new password", async () => {
    const token = await resetToken();

    const check = await post("/api/users/token_confirm/", { token });

    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ kind: "password_reset", detail: expect.any(String) });
    expect(await loginStatus("old-password")).toBe(200);
    expect((await post("/api/users/token_confirm/", { token })).json().kind).toBe("password_reset");
    expect((await confirmReset(token, "brand-new-password")).statusCode).toBe(200);
    expect((await post("/api/users/token_confirm/", { token })).statusCode).toBe(400);
  });
});
