import { describe, expect, it } from "vitest";
import { buildPath } from "./http.ts";

describe("buildPath", () => {
  it("fills and encodes path parameters", () => {
    expect(buildPath("/api/lists/:uuid/rows/:id/", { uuid: "a b", id: 7 })).toBe("/api/lists/a%20b/rows/7/");
  });
  it("refuses a missing parameter instead of calling a wrong URL", () => {
    expect(() => buildPath("/api/lists/:uuid/", {})).toThrow(/uuid/);
  });
  it("leaves paths without parameters alone", () => {
    expect(buildPath("/api/users/data/")).toBe("/api/users/data/");
  });
});
