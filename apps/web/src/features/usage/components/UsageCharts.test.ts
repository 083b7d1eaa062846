import { describe, expect, it } from "vitest";
import { byDayOption } from "./UsageCharts.tsx";

describe("the day chart's legend", () => {
  it("sits under the chart, clear of the axis names at the top, with room kept for it", () => {
    const option = byDayOption([{ day: "2026-11-25", hits: 10, users: 3 }]);
    expect(option.legend).toMatchObject({ bottom: 0 });
    expect(option.legend).not.toHaveProperty("top");
    // The axis labels (about 24px) and the legend's line both fit under the plot.
    expect(option.grid.bottom).toBeGreaterThanOrEqual(56);
  });
});
