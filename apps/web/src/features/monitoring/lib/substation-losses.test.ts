import { describe, expect, it } from "vitest";
import { substationLosses } from "./substation-losses.ts";

const meter = (
  series_id: number,
  role: "input" | "feeder",
  kwh: number[],
  missing: number[] = [],
  substation_id: number | null = 1,
) => ({ series_id, name: String(series_id), substation_id, role, kwh, missing });
const site = (meters: ReturnType<typeof meter>[], days = 2) => ({
  id: 1,
  name: "МТФ-1",
  time_zone: "Asia/Novosibirsk",
  buckets: ["2026-03-08T17:00:00.000Z", "2026-03-09T17:00:00.000Z", "2026-03-10T17:00:00.000Z"].slice(0, days),
  meters,
});

describe("substation losses", () => {
  it("is the input minus the feeders per day and for the period, with its share of the input", () => {
    const [tp1] = substationLosses(
      site([
        meter(1, "input", [50, 0]),
        meter(2, "feeder", [20, 0]),
        meter(3, "feeder", [20, 0]),
        // A meter of no substation counts in none.
        meter(4, "feeder", [99, 99], [], null),
      ]),
    );
    expect(tp1?.rows.map((r) => [r.input, r.feeders, r.loss, r.percent])).toEqual([
      [50, 40, 10, 20],
      [0, 0, 0, null],
    ]);
    expect(tp1?.total).toMatchObject({ input: 50, feeders: 40, loss: 10, percent: 20 });
  });

  it("gives no figure for a day a meter read nothing, and leaves it out of the period's total", () => {
    // Day 1: nothing read at all. Day 2: the input read, one feeder did not: input 60, no feeders'
    // sum, no loss. Day 3: 80 − (30 + 40) = 10, 12.5 %. The period: day 3 alone.
    const [tp1] = substationLosses(
      site(
        [
          meter(1, "input", [0, 60, 80], [0]),
          meter(2, "feeder", [0, 25, 30], [0]),
          meter(3, "feeder", [0, 0, 40], [0, 1]),
        ],
        3,
      ),
    );
    expect(tp1?.rows.map((r) => [r.input, r.feeders, r.loss, r.percent])).toEqual([
      [null, null, null, null],
      [60, null, null, null],
      [80, 70, 10, 12.5],
    ]);
    expect(tp1?.total).toMatchObject({ input: 80, feeders: 70, loss: 10, percent: 12.5 });
    // A period where nothing was read: no total either.
    const [empty] = substationLosses(site([meter(1, "input", [0, 0], [0, 1]), meter(2, "feeder", [0, 0], [0, 1])]));
    expect(empty?.total).toMatchObject({ input: null, feeders: null, loss: null, percent: null });
  });
});
