import { describe, expect, it } from "vitest";
import { formatDuration } from "./freshness.ts";

describe("formatDuration", () => {
  it("reads as people say it", () => {
    expect(formatDuration(800)).toBe("0,8 с");
    expect(formatDuration(12_400)).toBe("12 с");
    expect(formatDuration(125_000)).toBe("2 мин 5 с");
  });
});
