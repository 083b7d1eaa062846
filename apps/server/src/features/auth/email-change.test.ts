import { FRESH_SIGN_IN_MINUTES } from "@nadoy/contract/constants";
import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import { Role } from "@nadoy/contract/roles";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount, signIn } from "../../../test/accounts.ts";
import { accessTokenFor } from "../../../test/callers.ts";
import { linkToken, mailCount, mailTo } from "../../../test/outbox.ts";
import { tableFingerprints } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { auditLog, oneTimeTokens, refreshTokenFamilies, users } from "../../db/schema/index.ts";
import { seedUser } from "../../db/seed/users.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const PASSWORD = "correct-horse";

const changeEmail = (token: string | undefined, payload: object) =>
  t.request({ method: "POST", url: "/api/users/change_email/", token, payload });
const confirm = (token: string) =>
  t.request({ method: "POST", url: "/api/users/change_email/confirm/", payload: { token } });
const profile = async (token: string) =>
  (await t.request({ method: "GET", url: "/api/users/user_profile/", token })).json();

/** Ivan, signed in with his password. */
async function ivan(roles: number[] = [Role.zootechnician]) {
  const row = await createAccount(t.database.db, {
    username: "ivan",
    email: "ivan@example.com",
    password: PASSWORD,
    roles,
  });
  const { access } = await signIn(t, "ivan", PASSWORD);
  return { id: row.id, access };
}

/** The link token of the last confirmation letter written to this address. */
async function linkSentTo(address: string): Promise<string> {
  const letters = await mailTo(t.database.db, address);
  const letter = letters.findLast((l) => l.subject.includes("подтвердите новый адрес"));
  return linkToken(letter?.text ?? "", "email-confirm");
}

const auditActions = async (userId: number, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.action, action)));

describe("the attack: changing the email without the password, without the link", () => {
  it("refuses an email in PATCH user_profile (400): the address stays, nobody is mailed", async () => {
    const me = await ivan();
    const before = await tableFingerprints(t.database.db);

    const res = await t.request({
      method: "PATCH",
      url: "/api/users/user_profile/",
      token: me.access,
      payload: { email: "victim@example.com" },
    });

    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.validation);
    expect(await tableFingerprints(t.database.db)).toEqual(before);
    expect((await profile(me.access)).email).toEqual({ email: "ivan@example.com" });
  });

  it("refuses change_email without the current password: nothing is written", async () => {
    const me = await ivan();
    const before = await tableFingerprints(t.database.db);

    const res = await changeEmail(me.access, { email: "victim@example.com" });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: ErrorCode.validation,
      message: ErrorText.validation,
      fields: { password: "Введите текущий пароль" },
    });
    expect(await tableFingerprints(t.database.db)).toEqual(before);
  });

  it("refuses a wrong current password with 400 wrong_password, mails nobody and audits the try", async () => {
    const me = await ivan();

    const res = await changeEmail(me.access, { email: "victim@example.com", password: "guess" });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: ErrorCode.wrongPassword,
      message: "Неверный текущий пароль",
      fields: { password: "Неверный текущий пароль" },
    });
    expect(await mailCount(t.database.db)).toBe(0);
    expect(await profile(me.access)).toMatchObject({ email: { email: "ivan@example.com" }, pending_email: null });
    expect(await auditActions(me.id, "email_change_failed")).toHaveLength(1);
  });

  it("does not change the address before the link is followed, even with the password", async () => {
    const me = await ivan();

    const res = await changeEmail(me.access, { email: "victim@example.com", password: PASSWORD });

    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, me.id));
    expect(row?.email).toBe("ivan@example.com");
    // The address is not reserved either: its owner may still register with it.
    const owner = await t.request({
      method: "POST",
      url: "/api/users/register/",
      payload: { username: "victim", email: "victim@example.com", password: "long-enough-password" },
    });
    expect(owner.statusCode).toBe(201);
  });
});

describe("POST /api/users/change_email/ with the current password", () => {
  it("mails a link to the new address and a notice to the old one; the profile shows the waiting address", async () => {
    const me = await ivan();

    const res = await changeEmail(me.access, { email: " Petr@Example.com ", password: PASSWORD });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      detail:
        "На новый адрес Petr@Example.com отправлено письмо со ссылкой. Адрес изменится, когда вы перейдёте по ней.",
      pending_email: "Petr@Example.com",
    });
    const [toNew] = await mailTo(t.database.db, "petr@example.com");
    expect(toNew?.subject).toBe("Надой: подтвердите новый адрес электронной почты");
    expect(toNew?.text).toMatch(/http:\/\/nadoy\.test\/email-confirm\/[A-Za-z0-9_-]{20,}/);
    expect(toNew?.text).toContain("ivan");
    const [toOld] = await mailTo(t.database.db, "ivan@example.com");
    expect(toOld?.subject).toBe("Надой: запрошена смена адреса электронной почты");
    expect(toOld?.text).toContain("Petr@Example.com");
    expect(toOld?.text).not.toContain("email-confirm");
    expect(await profile(me.access)).toMatchObject({
      email: { email: "ivan@example.com" },
      pending_email: "Petr@Example.com",
    });
    expect(await auditActions(me.id, "email_change_requested")).toHaveLength(1);
  });

  it("applies the new address when the link is followed, once; the old address is told", async () => {
    const me = await ivan();
    await changeEmail(me.access, { email: "petr@example.com", password: PASSWORD });
    const token = await linkSentTo("petr@example.com");

    const res = await confirm(token);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      detail: "Адрес электронной почты изменён на petr@example.com.",
      email: "petr@example.com",
    });
    expect(await profile(me.access)).toMatchObject({ email: { email: "petr@example.com" }, pending_email: null });
    const toOld = await mailTo(t.database.db, "ivan@example.com");
    expect(toOld.map((l) => l.subject)).toEqual([
      "Надой: запрошена смена адреса электронной почты",
      "Надой: адрес электронной почты изменён",
    ]);
    const [changed] = await auditActions(me.id, "email_changed");
    expect(JSON.parse(changed?.details ?? "{}")).toEqual({ from: "ivan@example.com", to: "petr@example.com" });
    // Password recovery now mails the new address.
    await t.request({ method: "POST", url: "/api/users/password_reset/", payload: { email: "petr@example.com" } });
    // The reset is looked up and mailed after its answer (its timing tells nothing).
    await t.app.afterAnswer.settled();
    expect((await mailTo(t.database.db, "petr@example.com")).at(-1)?.subject).toBe("Надой: восстановление пароля");

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: ErrorCode.tokenInvalid,
      message: "Ссылка недействительна или устарела",
    });
  });

  it("refuses an expired link and keeps the old address", async () => {
    const me = await ivan();
    await changeEmail(me.access, { email: "petr@example.com", password: PASSWORD });
    const token = await linkSentTo("petr@example.com");
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.kind, "email_change"));

    const res = await confirm(token);

    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.tokenInvalid);
    expect(await profile(me.access)).toMatchObject({ email: { email: "ivan@example.com" }, pending_email: null });
  });

  it("makes the link valid for 24 hours", async () => {
    const me = await ivan();
    const before = Date.now();

    await changeEmail(me.access, { email: "petr@example.com", password: PASSWORD });

    const [row] = await t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, me.id));
    const ttl = (row?.expiresAt.getTime() ?? 0) - before;
    expect(ttl).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000 + 60_000);
  });

  it("retires the first link when a second change is asked for", async () => {
    const me = await ivan();
    await changeEmail(me.access, { email: "first@example.com", password: PASSWORD });
    const first = await linkSentTo("first@example.com");
    await changeEmail(me.access, { email: "second@example.com", password: PASSWORD });

    expect((await confirm(first)).statusCode).toBe(400);
    expect((await profile(me.access)).pending_email).toBe("second@example.com");
    expect((await confirm(await linkSentTo("second@example.com"))).statusCode).toBe(200);
    expect((await profile(me.access)).email).toEqual({ email: "second@example.com" });
  });

  it("does not take a registration or reset code as an email change, nor the other way round", async () => {
    const me = await ivan();
    await t.request({ method: "POST", url: "/api/users/password_reset/", payload: { email: "ivan@example.com" } });
    await t.app.afterAnswer.settled();
    const reset = linkToken((await mailTo(t.database.db, "ivan@example.com"))[0]?.text ?? "", "reset-password");
    await changeEmail(me.access, { email: "petr@example.com", password: PASSWORD });
    const change = await linkSentTo("petr@example.com");

    expect((await confirm(reset)).statusCode).toBe(400);
    const asCode = await t.request({ method: "POST", url: "/api/users/token_confirm/", payload: { token: change } });
    expect(asCode.statusCode).toBe(400);
    expect((await profile(me.access)).email).toEqual({ email: "ivan@example.com" });
  });

  it("refuses an address another account has confirmed (any letter case) with 409, mailing nobody", async () => {
    await createAccount(t.database.db, { username: "olga", email: "olga@example.com" });
    const me = await ivan();

    const res = await changeEmail(me.access, { email: "OLGA@example.com", password: PASSWORD });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: ErrorCode.conflict,
      message: "Этот адрес уже зарегистрирован",
      fields: { email: "Этот адрес уже зарегистрирован" },
    });
    expect(await mailCount(t.database.db)).toBe(0);
  });

  it("lets the owner of an address take it from a registration never confirmed; that one's link dies", async () => {
    await t.request({
      method: "POST",
      url: "/api/users/register/",
      payload: { username: "squatter", email: "petr@example.com", password: "long-enough-password" },
    });
    const registration = linkToken(
      (await mailTo(t.database.db, "petr@example.com"))[0]?.text ?? "",
      "registration-confirm",
    );
    const me = await ivan();

    expect((await changeEmail(me.access, { email: "petr@example.com", password: PASSWORD })).statusCode).toBe(200);
    expect((await confirm(await linkSentTo("petr@example.com"))).statusCode).toBe(200);

    expect((await profile(me.access)).email).toEqual({ email: "petr@example.com" });
    const squatter = await t.database.db.select().from(users).where(eq(users.username, "squatter"));
    expect(squatter[0]).toMatchObject({ email: "", isActive: false });
    const late = await t.request({
      method: "POST",
      url: "/api/users/registration_confirm/",
      payload: { token: registration },
    });
    expect(late.statusCode).toBe(400);
  });

  it("keeps the address with one account when two follow their links at once", async () => {
    const me = await ivan();
    const olga = await createAccount(t.database.db, {
      username: "olga",
      email: "olga@example.com",
      password: PASSWORD,
    });
    const olgaAccess = (await signIn(t, "olga", PASSWORD)).access;
    await changeEmail(me.access, { email: "shared@example.com", password: PASSWORD });
    const mine = await linkSentTo("shared@example.com");
    await changeEmail(olgaAccess, { email: "shared@example.com", password: PASSWORD });
    const hers = await linkSentTo("shared@example.com");

    const answers = await Promise.all([confirm(mine), confirm(hers)]);

    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const owners = await t.database.db.select().from(users).where(eq(users.email, "shared@example.com"));
    expect(owners).toHaveLength(1);
    const loser = owners[0]?.id === me.id ? olga.id : me.id;
    const [kept] = await t.database.db.select().from(users).where(eq(users.id, loser));
    expect(kept?.email).toBe(loser === me.id ? "ivan@example.com" : "olga@example.com");
  });

  it("refuses the current address with 400 fields.email", async () => {
    const me = await ivan();

    const res = await changeEmail(me.access, { email: "ivan@example.com", password: PASSWORD });

    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: "Это ваш текущий адрес" });
  });

  it("applies a change of letter case at once, with the password and without letters", async () => {
    const me = await ivan();

    const res = await changeEmail(me.access, { email: "IVAN@example.com", password: PASSWORD });

    expect(res.statusCode).toBe(200);
    expect(res.json().pending_email).toBeNull();
    expect((await profile(me.access)).email).toEqual({ email: "IVAN@example.com" });
    expect(await mailCount(t.database.db)).toBe(0);
  });

  it("refuses role 6 with 403 (spec §6: no profile settings)", async () => {
    const viewer = await ivan([Role.viewer]);

    const res = await changeEmail(viewer.access, { email: "petr@example.com", password: PASSWORD });

    expect(res.statusCode).toBe(403);
    expect(await mailCount(t.database.db)).toBe(0);
  });

  it("refuses a disabled account's link", async () => {
    const me = await ivan();
    await changeEmail(me.access, { email: "petr@example.com", password: PASSWORD });
    const token = await linkSentTo("petr@example.com");
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, me.id));

    expect((await confirm(token)).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row?.email).toBe("ivan@example.com");
  });
});

describe("change_email for an account without a password (Yandex ID only)", () => {
  async function yandexUser(email = "") {
    const row = await seedUser(t.database.db, { username: "yandex-user", email, roles: [Role.client] });
    return { id: row.id, access: await accessTokenFor(t, row.id) };
  }

  /** Makes the session of this access token look begun `minutes` ago. */
  async function ageSession(userId: number, minutes: number) {
    await t.database.db
      .update(refreshTokenFamilies)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(refreshTokenFamilies.userId, userId));
  }

  it("takes a fresh sign-in as proof: the link is mailed, and following it sets the address", async () => {
    const me = await yandexUser();
    await ageSession(me.id, FRESH_SIGN_IN_MINUTES - 1);

    const res = await changeEmail(me.access, { email: "found@example.com" });

    expect(res.statusCode).toBe(200);
    expect((await profile(me.access)).email).toEqual({ email: "" });
    expect((await confirm(await linkSentTo("found@example.com"))).statusCode).toBe(200);
    expect(await profile(me.access)).toMatchObject({ email: { email: "found@example.com" }, pending_email: null });
  });

  it(`refuses a session begun more than ${FRESH_SIGN_IN_MINUTES} minutes ago with 403 fresh_sign_in_required`, async () => {
    const me = await yandexUser("yandex@example.com");
    await ageSession(me.id, FRESH_SIGN_IN_MINUTES + 1);
    const before = await tableFingerprints(t.database.db);

    const res = await changeEmail(me.access, { email: "thief@example.com" });

    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: ErrorCode.freshSignInRequired,
      message:
        "Чтобы сменить адрес, подтвердите, что это вы: выйдите и снова войдите через Яндекс ID, затем повторите смену адреса в течение 10 минут.",
    });
    expect(await tableFingerprints(t.database.db)).toEqual(before);
  });
});
