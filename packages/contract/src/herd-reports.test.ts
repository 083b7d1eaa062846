import { describe, expect, it } from "vitest";
import { herdMonthPart, herdMonthTitle } from "./herd-reports.ts";

describe("a report period's months", () => {
  // The default period, the 12 months to today: it starts and ends inside a month.
  const year = { from: "2025-11-29", to: "2026-11-28" };

  it("names the days of a month the period cuts, and a whole month by its name", () => {
    expect(herdMonthPart("2025-11", year)).toEqual([29, 30]);
    expect(herdMonthPart("2026-11", year)).toEqual([1, 28]);
    expect(herdMonthPart("2026-02", year)).toBeNull();
    expect(herdMonthTitle("2025-11", year)).toBe("29–30 ноября 2025");
    expect(herdMonthTitle("2026-11", year)).toBe("1–28 ноября 2026");
    expect(herdMonthTitle("2026-02", year)).toBe("февраль 2026");
  });

  it("knows a month's length, leap Februaries, and a period within one month", () => {
    expect(herdMonthPart("2024-02", { from: "2024-02-01", to: "2024-02-29" })).toBeNull();
    expect(herdMonthPart("2025-02", { from: "2025-02-01", to: "2025-02-27" })).toEqual([1, 27]);
    expect(herdMonthTitle("2026-03", { from: "2026-03-31", to: "2026-03-31" })).toBe("31 марта 2026");
    expect(herdMonthPart("2026-01", { from: "2026-01-01", to: "2026-03-31" })).toBeNull();
  });
});
