import { describe, expect, it } from "vitest";
import { DEMO_HERD_PARAMS as P } from "./demo-herd-params.ts";
import { wood305, woodMilk } from "./woods-curve.ts";

describe("Wood's curves of the demo herd (HERD.md reference shapes)", () => {
  it("give a 305-day yield of 8,500–10,500 kg for first and later lactations", () => {
    for (const curve of [P.woodFirst, P.woodLater]) {
      expect(wood305(curve)).toBeGreaterThanOrEqual(8500);
      expect(wood305(curve)).toBeLessThanOrEqual(10500);
    }
  });

  it("first lactation peaks lower and later, and is more persistent", () => {
    const peak = (c: { b: number; c: number }) => c.b / c.c;
    expect(peak(P.woodFirst)).toBeGreaterThan(peak(P.woodLater));
    expect(woodMilk(P.woodFirst, peak(P.woodFirst))).toBeLessThan(woodMilk(P.woodLater, peak(P.woodLater)));
    const persistency = (c: typeof P.woodFirst) => woodMilk(c, 300) / woodMilk(c, 100);
    expect(persistency(P.woodFirst)).toBeGreaterThan(persistency(P.woodLater));
  });

  it("later lactations follow the 10,500 kg reference (44/39/31/21 kg at DIM 40/100/200/300) within 10 %", () => {
    for (const [dim, kg] of [
      [40, 44],
      [100, 39],
      [200, 31],
      [300, 21],
    ] as const) {
      expect(Math.abs(woodMilk(P.woodLater, dim) / kg - 1)).toBeLessThan(0.1);
    }
  });
});
