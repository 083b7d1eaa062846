import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { routeTable } from "./route-table.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("route table", () => {
  it("holds every API route with its contract, and the sockets and the SPA without one", () => {
    const table = routeTable(t.app);
    const api = table.filter((r) => r.url.startsWith("/api/"));
    expect(api.length).toBeGreaterThan(100);
    expect(api.every((r) => r.contract !== null && r.contract.path === r.url && r.contract.method === r.method)).toBe(
      true,
    );
    expect(table.find((r) => r.url === "/api/users/token/")?.contract?.auth).toBe("public");
    expect(table.filter((r) => r.contract === null).map((r) => r.url)).toEqual(
      expect.arrayContaining(["/ws/main/", "/ws/board/:board_uuid/"]),
    );
    expect(table.some((r) => r.method === "HEAD")).toBe(false);
  });
});
