import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "../../db/seed/demo.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  await seedDemo(t.database.db);
});

const login = (username: string, password: string, remoteAddress = "10.0.0.1") =>
  t.request({ method: "POST", url: "/api/users/token/", payload: { username, password }, remoteAddress });

describe("POST /api/users/token/", () => {
  it.each(DEMO_ACCOUNTS.map((a) => a.username))("signs in demo account %s", async (username) => {
    const res = await login(username, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { access, refresh } = res.json();
    const verify = await t.request({ method: "GET", url: "/api/users/verify_token/", token: access });
    expect(verify.statusCode).toBe(200);
    expect(typeof refresh).toBe("string");
  });
});
