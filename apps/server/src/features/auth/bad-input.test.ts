import { LOGIN_FAILURES_PER_MINUTE } from "@nadoy/contract/constants";
import { ErrorCode } from "@nadoy/contract/errors";
import { FIELD_LABELS } from "@nadoy/contract/field-labels";
import { Role } from "@nadoy/contract/roles";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount, signIn } from "../../../test/accounts.ts";
import { rowCounts } from "../../../test/row-counts.ts";
import { nextAddress, startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";

let t: TestApp;
let signedInAs: Promise<string> | undefined;

/** An access token of ivan's, who is created and signed in on first use in each test. */
const access = () => {
  signedInAs ??= createAccount(t.database.db, {
    username: "ivan",
    email: "ivan@example.com",
    password: "correct-horse",
    roles: [Role.viewer],
  })
    .then(() => signIn(t, "ivan", "correct-horse"))
    .then((pair) => pair.access);
  return signedInAs;
};

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  signedInAs = undefined;
});

interface RouteUnderTest {
  method: "POST" | "PATCH";
  url: string;
  signedIn?: boolean;
  /** A body the route accepts; each case below breaks it in one way. */
  valid: Record<string, unknown>;
  /** Fields without which the body is refused. */
  required: string[];
}

const TOKEN = "x".repeat(43);

const routes: RouteUnderTest[] = [
  {
    method: "POST",
    url: "/api/users/token/",
    valid: { username: "ivan", password: "correct-horse" },
    required: ["username", "password"],
  },
  {
    method: "POST",
    url: "/api/users/token/refresh/",
    valid: { refresh: "00000000-0000-4000-8000-000000000000.c2VjcmV0" },
    required: ["refresh"],
  },
  {
    method: "POST",
    url: "/api/users/register/",
    valid: { username: "petr", email: "petr@example.com", password: "long-enough", first_name: "П", last_name: "Н" },
    required: ["username", "email", "password"],
  },
  { method: "POST", url: "/api/users/registration_confirm/", valid: { token: TOKEN }, required: ["token"] },
  { method: "POST", url: "/api/users/password_reset/", valid: { email: "ivan@example.com" }, required: ["email"] },
  {
    method: "POST",
    url: "/api/users/password_reset/confirm/",
    valid: { token: TOKEN, password: "long-enough" },
    required: ["token", "password"],
  },
  { method: "POST", url: "/api/users/token_confirm/", valid: { token: TOKEN }, required: ["token"] },
  { method: "POST", url: "/api/users/yandex/token/", valid: { code: "c", state: "s" }, required: ["code", "state"] },
  { method: "POST", url: "/api/users/logout/", signedIn: true, valid: { refresh: TOKEN }, required: ["refresh"] },
  {
    method: "PATCH",
    url: "/api/users/user_profile/",
    signedIn: true,
    valid: { theme: "black", read_status: true, last_read_announcement: "Новости" },
    required: [],
  },
];

async function send(route: RouteUnderTest, payload: unknown, headers: Record<string, string> = {}) {
  const raw = typeof payload === "string";
  return t.request({
    method: route.method,
    url: route.url,
    token: route.signedIn ? await access() : undefined,
    payload: payload as string,
    headers: raw ? { "content-type": "application/json", ...headers } : headers,
  });
}

/** A refused request: the status, and the `{code, message}` body every error has. */
function expectRefused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ code, message: expect.any(String) });
  expect(body.message).not.toBe("");
  return body as { code: string; message: string; fields?: Record<string, string> };
}

describe.each(routes)("$method $url with bad input", (route) => {
  let before: Record<string, number>;

  beforeEach(async () => {
    if (route.signedIn) await access(); // the sign-in writes rows of its own
    before = await rowCounts(t.database.db);
  });

  it("answers malformed or empty JSON with 400 invalid_json and writes nothing", async () => {
    for (const raw of ['{"a": ', "{'single': 'quotes'}", "not json", '{"a":1,}', " "]) {
      expectRefused(await send(route, raw), 400, ErrorCode.invalidJson);
    }
    expectRefused(await send(route, ""), 400, ErrorCode.invalidJson);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("answers JSON that is not an object with 400", async () => {
    for (const raw of ["[]", "null", '"text"', "42", "true"]) {
      expectRefused(await send(route, raw), 400, ErrorCode.validation);
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("answers a body without its fields with 400 naming each of them", async () => {
    const empty = expectRefused(await send(route, {}), 400, ErrorCode.validation);
    for (const field of route.required) expect(empty.fields).toHaveProperty(field);
    for (const field of route.required) {
      const { [field]: _dropped, ...rest } = route.valid;
      const res = expectRefused(await send(route, rest), 400, ErrorCode.validation);
      // Written for a person: the field by its Russian label, never its key or zod's words.
      expect(res.fields).toEqual({ [field]: `Заполните поле «${FIELD_LABELS[field]}»` });
      expect(res.message).toBe(`Заполните поле «${FIELD_LABELS[field]}»`);
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("answers fields of the wrong type with 400 naming the field", async () => {
    for (const field of Object.keys(route.valid)) {
      const wrongValues =
        typeof route.valid[field] === "boolean" ? [1, "true", [true], {}] : [42, true, ["a"], { a: 1 }];
      for (const wrong of wrongValues) {
        const res = expectRefused(await send(route, { ...route.valid, [field]: wrong }), 400, ErrorCode.validation);
        expect(Object.keys(res.fields ?? {})).toEqual([field]);
      }
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("answers over-long strings with 400 naming the field", async () => {
    for (const [field, value] of Object.entries(route.valid)) {
      if (typeof value !== "string") continue;
      const res = expectRefused(
        await send(route, { ...route.valid, [field]: "a".repeat(10_000) + value }),
        400,
        ErrorCode.validation,
      );
      expect(Object.keys(res.fields ?? {})).toEqual([field]);
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("answers unknown fields with 400 naming each of them", async () => {
    const res = expectRefused(await send(route, { ...route.valid, is_superuser: true }), 400, ErrorCode.validation);
    expect(res.fields).toEqual({ is_superuser: "Неизвестное поле" });
    // A prototype key is refused by the JSON parser itself.
    expectRefused(await send(route, `{"__proto__": {"polluted": true}}`), 400, ErrorCode.invalidJson);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("answers a body that is not JSON with 415", async () => {
    const res = await send(route, "username=ivan", { "content-type": "application/x-www-form-urlencoded" });

    expectRefused(res, 415, ErrorCode.unsupportedMediaType);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("answers a body over 1 MB with 413", async () => {
    const res = await send(route, JSON.stringify({ ...route.valid, padding: "a".repeat(1_100_000) }));

    expectRefused(res, 413, ErrorCode.payloadTooLarge);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });
});

describe("bad input and the sign-in limit", () => {
  it("does not count refused input as failed sign-ins", async () => {
    await access();
    const address = nextAddress();
    for (let i = 0; i < LOGIN_FAILURES_PER_MINUTE + 2; i++) {
      const res = await t.request({
        method: "POST",
        url: "/api/users/token/",
        payload: { username: "ivan", password: 42 },
        remoteAddress: address,
      });
      expect(res.statusCode).toBe(400);
    }

    const res = await t.request({
      method: "POST",
      url: "/api/users/token/",
      payload: { username: "ivan", password: "correct-horse" },
      remoteAddress: address,
    });

    expect(res.statusCode).toBe(200);
  });
});

describe("PATCH /api/users/user_profile/ values", () => {
  it.each([
    ["no fields", {}],
    ["an unknown theme", { theme: "pink" }],
    ["a string for read_status", { read_status: "true" }],
  ])("refuses %s with 400 and changes nothing", async (_name, payload) => {
    const token = await access();

    const res = await t.request({ method: "PATCH", url: "/api/users/user_profile/", token, payload });

    expectRefused(res, 400, ErrorCode.validation);
    const data = await t.request({ method: "GET", url: "/api/users/data/", token });
    expect(data.json()).toMatchObject({ theme: "default", read_status: false });
  });
});

describe("routes that need a sign-in", () => {
  it.each([
    ["POST", "/api/users/logout/"],
    ["PATCH", "/api/users/user_profile/"],
  ] as const)("%s %s answers 401 to an anonymous caller whatever the body", async (method, url) => {
    for (const payload of [{}, { refresh: 42, theme: "pink" }]) {
      expectRefused(await t.request({ method, url, payload }), 401, ErrorCode.unauthorized);
    }
    expectRefused(
      await t.request({ method, url, payload: "{broken", headers: { "content-type": "application/json" } }),
      401,
      ErrorCode.unauthorized,
    );
  });
});

describe("requests for what the API does not serve", () => {
  it.each([
    ["GET", "/api/no/such/route/"],
    ["POST", "/api/users/nothing/"],
    ["GET", "/api/users/token/"],
    ["DELETE", "/api/users/data/"],
  ] as const)("%s %s answers 404 JSON {code, message}", async (method, url) => {
    const res = await t.request({ method, url });

    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ code: ErrorCode.notFound, message: expect.stringContaining(url) });
  });
});
