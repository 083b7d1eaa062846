import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import { Role } from "@nadoy/contract/roles";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount, signIn } from "../../../test/accounts.ts";
import { linkToken, mailTo } from "../../../test/outbox.ts";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const newcomer = {
  username: "petr",
  email: "petr@example.com",
  password: "long-enough-password",
  first_name: "Пётр",
  last_name: "Новиков",
};

const register = (payload: object) => t.request({ method: "POST", url: "/api/users/register/", payload });
const post = (url: string, payload: object) => t.request({ method: "POST", url, payload });
const login = (username: string, password: string) =>
  t.request({ method: "POST", url: "/api/users/token/", payload: { username, password } });

async function registeredToken(): Promise<string> {
  const res = await register(newcomer);
  expect(res.statusCode).toBe(201);
  const [mail] = await mailTo(t.database.db, newcomer.email);
  return linkToken(mail?.text ?? "", "registration-confirm");
}

describe("POST /api/users/register/", () => {
  it("creates a waiting account and writes a letter with the confirmation link", async () => {
    const res = await register(newcomer);

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ detail: expect.any(String) });
    const waiting = await login(newcomer.username, newcomer.password);
    expect(waiting.statusCode).toBe(401);
    expect(waiting.json().code).toBe(ErrorCode.accountInactive);
    const mails = await mailTo(t.database.db, newcomer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/http:\/\/nadoy\.test\/registration-confirm\/[A-Za-z0-9_-]{20,}/);
    expect(mails[0]?.text).toContain(newcomer.username);
  });

  it("signs the user in after the link from the letter is followed, once", async () => {
    const token = await registeredToken();

    const confirm = await post("/api/users/registration_confirm/", { token });

    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ detail: expect.any(String) });
    const pair = await signIn(t, newcomer.username, newcomer.password);
    const data = await t.request({ method: "GET", url: "/api/users/data/", token: pair.access });
    expect(data.json()).toMatchObject({
      username: newcomer.username,
      first_name: newcomer.first_name,
      last_name: newcomer.last_name,
      is_superuser: false,
      groups: [],
    });
    const again = await post("/api/users/registration_confirm/", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe(ErrorCode.tokenInvalid);
  });

  it("confirms with the code typed on /token-confirm", async () => {
    const token = await registeredToken();

    const confirm = await post("/api/users/token_confirm/", { token });

    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ kind: "registration_confirm", detail: expect.any(String) });
    expect((await login(newcomer.username, newcomer.password)).statusCode).toBe(200);
    const again = await post("/api/users/token_confirm/", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe(ErrorCode.tokenInvalid);
    expect((await post("/api/users/registration_confirm/", { token })).statusCode).toBe(400);
  });

  it("refuses unknown and expired confirmation tokens", async () => {
    const token = await registeredToken();
    await t.database.db.execute(sql`update one_time_tokens set expires_at = now() - interval '1 second'`);

    const unknown = await post("/api/users/registration_confirm/", { token: "x".repeat(43) });
    const expired = await post("/api/users/registration_confirm/", { token });

    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe(ErrorCode.tokenInvalid);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(unknown.json());
    expect((await login(newcomer.username, newcomer.password)).statusCode).toBe(401);
  });

  it("does not accept a registration token as a password-reset token", async () => {
    const token = await registeredToken();

    const reset = await post("/api/users/password_reset/confirm/", { token, password: "another-password" });

    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe(ErrorCode.tokenInvalid);
    expect((await post("/api/users/registration_confirm/", { token })).statusCode).toBe(200);
    expect((await login(newcomer.username, newcomer.password)).statusCode).toBe(200);
  });

  describe("with a taken name or address", () => {
    beforeEach(async () => {
      await createAccount(t.database.db, { username: "Ivan", email: "ivan@example.com", roles: [Role.viewer] });
    });

    it("answers 409 with fields.username for a taken username, whatever its case", async () => {
      const before = await rowCounts(t.database.db);

      const res = await register({ ...newcomer, username: "ivan" });

      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: ErrorCode.conflict, message: expect.any(String) });
      expect(Object.keys(res.json().fields)).toEqual(["username"]);
      expect(await rowCounts(t.database.db)).toEqual(before);
    });

    it("answers a taken address exactly as a new one and mails its owner instead, whatever its case", async () => {
      const fresh = await register({ ...newcomer, username: "olga", email: "olga@example.com" });
      const usersBefore = (await rowCounts(t.database.db)).users;

      const res = await register({ ...newcomer, email: "IVAN@example.com" });

      expect(res.statusCode).toBe(fresh.statusCode);
      expect(res.json()).toEqual(fresh.json());
      expect((await rowCounts(t.database.db)).users).toBe(usersBefore);
      expect((await login(newcomer.username, newcomer.password)).json().code).toBe(ErrorCode.invalidCredentials);
      const [letter, ...more] = await mailTo(t.database.db, "ivan@example.com");
      expect(more).toHaveLength(0);
      expect(letter?.subject).toBe("Надой: попытка регистрации с вашим адресом");
      expect(letter?.text).toContain("Кто-то пытался зарегистрироваться");
      expect(letter?.text).toContain("имя пользователя Ivan");
      expect(letter?.text).toContain("войдите: http://nadoy.test/login");
      expect(letter?.text).toContain("восстановите его: http://nadoy.test/submit-email");
      expect(letter?.text).not.toMatch(/registration-confirm|token-confirm/);
    });

    it("says only the username when both are taken", async () => {
      const before = await rowCounts(t.database.db);

      const res = await register({ ...newcomer, username: "IVAN", email: "ivan@example.com" });

      expect(res.statusCode).toBe(409);
      expect(res.json().fields).toEqual({ username: ErrorText.usernameTaken });
      expect(await rowCounts(t.database.db)).toEqual(before);
    });
  });

  it("answers 409 for the username to a second registration with the same details", async () => {
    await register(newcomer);

    const second = await register(newcomer);

    expect(second.statusCode).toBe(409);
    expect(Object.keys(second.json().fields)).toEqual(["username"]);
    expect(await mailTo(t.database.db, newcomer.email)).toHaveLength(1);
  });

  it("lets only one of two simultaneous registrations of a name through", async () => {
    const answers = await Promise.all([register(newcomer), register({ ...newcomer, email: "other@example.com" })]);

    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(Object.keys(refused?.json().fields)).toEqual(["username"]);
  });

  it("creates one account from two simultaneous registrations of an address, and answers both alike", async () => {
    const answers = await Promise.all([register(newcomer), register({ ...newcomer, username: "petr2" })]);

    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[1]?.json()).toEqual(answers[0]?.json());
    const letters = (await mailTo(t.database.db, newcomer.email)).map((mail) => mail.subject).sort();
    expect(letters).toEqual(["Надой: подтверждение регистрации", "Надой: попытка регистрации с вашим адресом"]);
  });
});
