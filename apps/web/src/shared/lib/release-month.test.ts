import { describe, expect, it } from "vitest";
import { releaseMonth } from "./release-month.ts";

describe("releaseMonth", () => {
  it("names the month in Russian with the year", () => {
    expect(releaseMonth("2024-04-15")).toBe("апрель 2024");
    expect(releaseMonth("2026-11-23")).toBe("ноябрь 2026");
    expect(releaseMonth("2027-01-01")).toBe("январь 2027");
  });

  it("refuses anything but YYYY-MM-DD", () => {
    expect(() => releaseMonth("23.11.2026")).toThrow();
  });
});
