import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../test/callers.ts";
import { rowCounts } from "../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { seedUser } from "../db/seed/users.ts";

// Input PostgreSQL cannot hold (an id past its integer range, a NUL character) is the caller's
// mistake: 400 with the usual JSON, never a 500, and nothing written. The fuzz tests found these.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  const user = await seedUser(t.database.db, { username: "admin", roles: [1] });
  admin = await accessTokenFor(t, user.id);
});
afterAll(() => t.close());

describe("input the database cannot hold", () => {
  it.each([
    ["an id of 2^31 in the path", { method: "GET", url: "/api/admin/users/2147483648/" }],
    ["a role past the integer range in the query", { method: "GET", url: "/api/admin/users/?role=-9007199254739991" }],
    ["a NUL in a search", { method: "GET", url: "/api/admin/businesses/?q=a%00b" }],
  ] as const)("%s answers 400", async (_name, request) => {
    const res = await t.request({ ...request, token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "validation_error", message: expect.any(String) });
  });

  it("answers 400 to a sign-in with a NUL in the name, and writes nothing", async () => {
    const before = await rowCounts(t.database.db);
    const res = await t.request({
      method: "POST",
      url: "/api/users/token/",
      payload: { username: "\u0000", password: "x" },
    });
    expect(res.statusCode).toBe(400);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });
});
