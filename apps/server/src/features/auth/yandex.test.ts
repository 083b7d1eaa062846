import { ErrorCode } from "@nadoy/contract/errors";
import { Role } from "@nadoy/contract/roles";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount, signIn } from "../../../test/accounts.ts";
import { type FakeYandex, startFakeYandex, type YandexProfile } from "../../../test/fake-yandex.ts";
import { linkToken, mailTo } from "../../../test/outbox.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { users } from "../../db/schema/index.ts";

let yandex: FakeYandex;
let t: TestApp;

beforeAll(async () => {
  yandex = await startFakeYandex();
  t = await startTestApp(yandex.env);
});
afterAll(async () => {
  await t.close();
  await yandex.close();
});
beforeEach(async () => {
  await resetDatabase(t.database);
  yandex.reset();
});

const alice: YandexProfile = {
  id: "1130000012345678",
  login: "alice.smirnova",
  default_email: "alice@yandex.ru",
  first_name: "Алиса",
  last_name: "Смирнова",
};

async function authorize(app: TestApp = t) {
  const res = await app.request({ method: "GET", url: "/api/users/yandex/authorize_url/" });
  expect(res.statusCode).toBe(200);
  return res.json<{ url: string; state: string }>();
}

const exchange = (code: string, state: string, app: TestApp = t) =>
  app.request({ method: "POST", url: "/api/users/yandex/token/", payload: { code, state } });

/** The whole round trip: authorize URL, the user signs in at Yandex, the client posts code and state. */
async function signInAs(profile: YandexProfile, code = `code-${profile.id}-${Math.random()}`) {
  const { state } = await authorize();
  yandex.willAnswer(code, profile);
  return exchange(code, state);
}

const login = (username: string, password: string) =>
  t.request({ method: "POST", url: "/api/users/token/", payload: { username, password } });

async function userData(access: string) {
  const res = await t.request({ method: "GET", url: "/api/users/data/", token: access });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function userCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

describe("GET /api/users/yandex/authorize_url/", () => {
  it("answers the provider's URL with client id, redirect URI and state", async () => {
    const { url, state } = await authorize();

    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(yandex.env.YANDEX_AUTHORIZE_URL);
    expect(parsed.searchParams.get("response_type")).toBe("code");
    expect(parsed.searchParams.get("client_id")).toBe(yandex.clientId);
    expect(parsed.searchParams.get("redirect_uri")).toBe("http://nadoy.test/yandex/token/redirect");
    expect(parsed.searchParams.get("state")).toBe(state);
    expect(state.length).toBeGreaterThan(20);
    expect(url).not.toContain(yandex.clientSecret);
  });

  it("gives every visit a different state", async () => {
    const first = await authorize();
    const second = await authorize();

    expect(second.state).not.toBe(first.state);
  });
});

describe("POST /api/users/yandex/token/", () => {
  it("creates an active user from the Yandex profile and signs it in", async () => {
    const res = await signInAs(alice, "code-one");

    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(["access", "refresh"]);
    expect(await userData(res.json().access)).toMatchObject({
      username: "alice.smirnova",
      first_name: "Алиса",
      last_name: "Смирнова",
      is_superuser: false,
      groups: [],
    });
    expect(yandex.tokenRequests).toEqual([
      {
        grant_type: "authorization_code",
        code: "code-one",
        client_id: yandex.clientId,
        client_secret: yandex.clientSecret,
      },
    ]);
    expect(yandex.infoRequests).toEqual([{ authorization: expect.stringMatching(/^OAuth \S+$/), format: "json" }]);
  });

  it("signs the same Yandex account into the same user the next time", async () => {
    const first = (await signInAs(alice)).json();
    const second = await signInAs({ ...alice, login: "renamed-login" });

    expect(second.statusCode).toBe(200);
    expect((await userData(second.json().access)).id).toBe((await userData(first.access)).id);
    expect(await userCount()).toBe(1);
  });

  it("links a profile whose address an existing user has confirmed to that user", async () => {
    const ivan = await createAccount(t.database.db, {
      username: "ivan",
      email: "Alice@Yandex.ru",
      password: "correct-horse",
      roles: [Role.zootechnician],
    });

    const res = await signInAs(alice);

    expect(res.statusCode).toBe(200);
    const data = await userData(res.json().access);
    expect(data).toMatchObject({ id: ivan.id, username: "ivan", groups: [Role.zootechnician] });
    expect(await userCount()).toBe(1);
    // The password still works, and the next Yandex sign-in finds the user by its Yandex id.
    await signIn(t, "ivan", "correct-horse");
    const again = await signInAs({ ...alice, default_email: "changed@yandex.ru" });
    expect((await userData(again.json().access)).id).toBe(ivan.id);
  });

  it("does not let a registration never confirmed with the owner's address take the owner's sign-in", async () => {
    // The attacker registers with Alice's address and never confirms it (the link went to Alice).
    const registered = await t.request({
      method: "POST",
      url: "/api/users/register/",
      payload: { username: "attacker", email: "alice@yandex.ru", password: "attackers-password" },
    });
    expect(registered.statusCode).toBe(201);
    const [invitation] = await mailTo(t.database.db, "alice@yandex.ru");
    const registrationLink = linkToken(invitation?.text ?? "", "registration-confirm");

    const res = await signInAs(alice);

    expect(res.statusCode).toBe(200);
    const data = await userData(res.json().access);
    expect(data.username).toBe("alice.smirnova");
    const [attacker] = await t.database.db.select().from(users).where(eq(users.username, "attacker"));
    expect(data.id).not.toBe(attacker?.id);
    // Alice's own account has her address; the attacker's has lost it and stays switched off.
    const profile = await t.request({ method: "GET", url: "/api/users/user_profile/", token: res.json().access });
    expect(profile.json().email).toEqual({ email: "alice@yandex.ru" });
    expect(attacker).toMatchObject({ email: "", isActive: false, yandexId: null });
    const attackerLogin = await login("attacker", "attackers-password");
    expect(attackerLogin.statusCode).toBe(401);
    expect(attackerLogin.json().code).toBe(ErrorCode.accountInactive);
    // The registration link in Alice's mailbox no longer switches the attacker's account on.
    const late = await t.request({
      method: "POST",
      url: "/api/users/registration_confirm/",
      payload: { token: registrationLink },
    });
    expect(late.statusCode).toBe(400);
    expect((await login("attacker", "attackers-password")).json().code).toBe(ErrorCode.accountInactive);
    // Alice is told why.
    const letters = await mailTo(t.database.db, "alice@yandex.ru");
    expect(letters.at(-1)?.subject).toBe("Надой: неподтверждённая регистрация с вашим адресом отменена");
    expect(letters.at(-1)?.text).toContain("attacker");
  });

  it("does not let an address put in a profile without confirmation take the owner's sign-in", async () => {
    await createAccount(t.database.db, {
      username: "attacker",
      email: "attacker@example.com",
      password: "attackers-password",
    });
    const { access } = await signIn(t, "attacker", "attackers-password");
    const patch = await t.request({
      method: "PATCH",
      url: "/api/users/user_profile/",
      token: access,
      payload: { email: "alice@yandex.ru" },
    });
    expect(patch.statusCode).toBe(400);
    const request = await t.request({
      method: "POST",
      url: "/api/users/change_email/",
      token: access,
      payload: { email: "alice@yandex.ru", password: "attackers-password" },
    });
    expect(request.statusCode).toBe(200); // asked for, but only a link mailed to Alice could apply it

    const res = await signInAs(alice);

    expect(res.statusCode).toBe(200);
    const data = await userData(res.json().access);
    expect(data.username).toBe("alice.smirnova");
    const [attacker] = await t.database.db.select().from(users).where(eq(users.username, "attacker"));
    expect(data.id).not.toBe(attacker?.id);
    expect(attacker).toMatchObject({ email: "attacker@example.com", yandexId: null });
  });

  it("links to a user who took the address through a confirmed email change", async () => {
    const ivan = await createAccount(t.database.db, {
      username: "ivan",
      email: "ivan@example.com",
      password: "correct-horse",
    });
    const { access } = await signIn(t, "ivan", "correct-horse");
    await t.request({
      method: "POST",
      url: "/api/users/change_email/",
      token: access,
      payload: { email: "alice@yandex.ru", password: "correct-horse" },
    });
    const [letter] = await mailTo(t.database.db, "alice@yandex.ru");
    const token = linkToken(letter?.text ?? "", "email-confirm");
    const followed = await t.request({ method: "POST", url: "/api/users/change_email/confirm/", payload: { token } });
    expect(followed.statusCode).toBe(200);

    const res = await signInAs(alice);

    expect((await userData(res.json().access)).id).toBe(ivan.id);
  });

  it("does not re-enable a disabled account found by its address", async () => {
    await createAccount(t.database.db, {
      username: "alice",
      email: "alice@yandex.ru",
      password: "correct-horse",
      isActive: false,
      emailConfirmed: true,
    });

    const res = await signInAs(alice);

    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.accountDisabled);
  });

  it("gives a new user a free username when the Yandex login is taken", async () => {
    await createAccount(t.database.db, { username: "alice.smirnova", email: "someone-else@example.com" });

    const res = await signInAs(alice);

    expect(res.statusCode).toBe(200);
    expect((await userData(res.json().access)).username).toBe("alice.smirnova-2");
  });

  it("creates users for Yandex accounts that have no address", async () => {
    const first = await signInAs({ id: "1", login: "first" });
    const second = await signInAs({ id: "2", login: "second" });

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(await userCount()).toBe(2);
  });

  it.each([
    ["garbage", () => "not-a-state"],
    ["a state signed with another key", () => forgedState()],
    ["an access token", async () => (await signInAs(alice)).json().access as string],
  ])("refuses %s as state with 400 and does not call the provider", async (_name, makeState) => {
    const state = await makeState();
    yandex.reset();
    yandex.willAnswer("code-x", alice);
    const before = await userCount();

    const res = await exchange("code-x", state);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.tokenInvalid, message: expect.any(String) });
    expect(yandex.tokenRequests).toHaveLength(0);
    expect(await userCount()).toBe(before);
  });

  it("answers 502 provider_failed when the provider refuses the code", async () => {
    const { state } = await authorize();

    const res = await exchange("code-yandex-does-not-know", state);

    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: ErrorCode.providerFailed, message: expect.any(String) });
    expect(yandex.tokenRequests).toHaveLength(1);
    expect(await userCount()).toBe(0);
  });

  it("answers 502 provider_failed when the provider cannot be reached", async () => {
    const gone = await startFakeYandex();
    await gone.close();
    const unreachable = await startTestApp({ ...yandex.env, YANDEX_TOKEN_URL: gone.env.YANDEX_TOKEN_URL ?? "" });
    try {
      const { state } = await authorize(unreachable);

      const res = await exchange("code-x", state, unreachable);

      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe(ErrorCode.providerFailed);
    } finally {
      await unreachable.close();
    }
  });
});

/** A state-shaped JWT signed with a key that is not the server's. */
function forgedState(): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${part({ alg: "HS256", typ: "JWT" })}.${part({ typ: "yandex_state", nonce: "n" })}`;
  return `${unsigned}.${Buffer.from("not-the-real-signature-not-the-real").toString("base64url")}`;
}

describe("Yandex sign-in without configuration", () => {
  let plain: TestApp;

  beforeAll(async () => {
    plain = await startTestApp();
  });
  afterAll(() => plain.close());

  it("answers 503 provider_disabled on both routes", async () => {
    const url = await plain.request({ method: "GET", url: "/api/users/yandex/authorize_url/" });
    const token = await exchange("code", "state", plain);

    for (const res of [url, token]) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: ErrorCode.providerDisabled, message: expect.any(String) });
    }
  });
});
