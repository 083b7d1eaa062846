import { describe, expect, it } from "vitest";
import { measureStream } from "./measure-stream.ts";

describe("streamDemoHerd", () => {
  it("streams a herd of about 200,000 events into DC305 lines with a live heap that stays small", () => {
    const m = measureStream({ seed: 3, today: "2026-11-26", scale: 2.2 });
    expect(m.events).toBeGreaterThan(180_000);
    // Keeping the rows would take well over 100 MB; the stream holds births to come and barn numbers.
    expect(m.heapGrowthMb).toBeLessThan(30);
    // CPU-bound (a few seconds alone): on a machine busy with other test workers it may take several
    // times longer, which is no failure of what it checks.
  }, 120_000);
});
