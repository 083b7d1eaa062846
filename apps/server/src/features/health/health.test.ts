import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { testDbKind } from "../../../test/test-database.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("answers ok with the kind of database this run uses and the version", async () => {
    const res = await t.request({ method: "GET", url: "/api/health" });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", db: testDbKind, version: "test" });
  });
});
