import { describe, expect, it } from "vitest";
import { substationLosses } from "./substation-losses.ts";

describe("substation losses", () => {
  it("is the input minus the feeders per day and for the period, with its share of the input", () => {
    const meter = (series_id: number, role: "input" | "feeder", kwh: number[], substation_id: number | null = 1) => ({
      series_id,
      name: String(series_id),
      substation_id,
      role,
      kwh,
    });
    const [tp1] = substationLosses({
      id: 1,
      name: "МТФ-1",
      time_zone: "Asia/Novosibirsk",
      buckets: ["2026-03-08T17:00:00.000Z", "2026-03-09T17:00:00.000Z"],
      meters: [
        meter(1, "input", [50, 0]),
        meter(2, "feeder", [20, 0]),
        meter(3, "feeder", [20, 0]),
        // A meter of no substation counts in none.
        meter(4, "feeder", [99, 99], null),
      ],
    });
    expect(tp1?.rows.map((r) => [r.input, r.feeders, r.loss, r.percent])).toEqual([
      [50, 40, 10, 20],
      [0, 0, 0, null],
    ]);
    expect(tp1?.total).toMatchObject({ input: 50, feeders: 40, loss: 10, percent: 20 });
  });
});
