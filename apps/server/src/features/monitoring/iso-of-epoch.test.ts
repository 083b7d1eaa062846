import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoOfMs } from "./iso-of-epoch.ts";

describe("isoOfMs", () => {
  it("writes what toISOString writes, at day, hour and year edges and anywhere", () => {
    for (const ms of [0, 1, 999, 86_399_999, 86_400_000, Date.parse("2024-02-29T23:59:59.999Z"), 253_402_300_799_999]) {
      expect(isoOfMs(ms)).toBe(new Date(ms).toISOString());
    }
    fc.assert(
      fc.property(fc.integer({ min: -62_135_596_800_000, max: 300_000_000_000_000 }), (ms) => {
        expect(isoOfMs(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 5000 },
    );
  });
});
