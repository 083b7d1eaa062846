import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lastPerInstant, parseReadingTime, validateReadingRows } from "./reading-rows.ts";

describe("parseReadingTime", () => {
  it("takes ISO 8601 with Z or an offset, with or without seconds and fractions", () => {
    const z = Date.parse("2026-03-10T17:30:00Z");
    expect(parseReadingTime("2026-03-10T17:30:00Z")).toBe(z);
    expect(parseReadingTime("2026-03-11T00:30:00+07:00")).toBe(z);
    expect(parseReadingTime("2026-03-11T00:30+0700")).toBe(z);
    expect(parseReadingTime("2026-03-10T12:30:00.000-05:00")).toBe(z);
  });

  it("refuses a time without an offset, another format, or a day that does not exist", () => {
    expect(parseReadingTime("2026-03-10T17:30:00")).toBeNull();
    expect(parseReadingTime("2026-03-10 17:30:00Z")).toBeNull();
    expect(parseReadingTime("10.03.2026 17:30")).toBeNull();
    expect(parseReadingTime("2026-02-30T10:00:00Z")).toBeNull();
    expect(parseReadingTime("2026-03-10T24:30:00Z")).toBeNull();
  });

  it("reads toISOString's own form digit by digit exactly as Date.parse does, refusing what does not exist", () => {
    const pad = (n: number, width: number) => String(n).padStart(width, "0");
    // Every field over a range wider than valid: months 0–19, days 0–39 (30 February, 31 April), hours 0–29 …
    const text = fc
      .tuple(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 0, max: 19 }),
        fc.integer({ min: 0, max: 39 }),
        fc.integer({ min: 0, max: 29 }),
        fc.integer({ min: 0, max: 69 }),
        fc.integer({ min: 0, max: 69 }),
        fc.integer({ min: 0, max: 999 }),
      )
      .map(
        ([y, mo, d, h, mi, s, ms]) =>
          `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}.${pad(ms, 3)}Z`,
      );
    const instant = fc.date({
      min: new Date("1000-01-01T00:00:00Z"),
      max: new Date("9999-12-31T23:59:59Z"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(
        fc.oneof(
          text,
          instant.map((d) => d.toISOString()),
        ),
        (ts) => {
          const ms = Date.parse(ts);
          const expected = !Number.isNaN(ms) && new Date(ms).toISOString() === ts ? ms : null;
          expect(parseReadingTime(ts)).toBe(expected);
        },
      ),
      { numRuns: 5000 },
    );
    expect(parseReadingTime("2028-02-29T10:00:00.000Z")).toBe(Date.UTC(2028, 1, 29, 10));
    expect(parseReadingTime("2100-02-29T10:00:00.000Z")).toBeNull();
    expect(parseReadingTime("2026-03-10T10:00:0a.000Z")).toBeNull();
  });
});

describe("validateReadingRows", () => {
  const series = new Map([[1, { id: 1, kind: "sensor" as const, name: "Температура", states: null }]]);
  const now = Date.parse("2026-04-01T00:00:00Z");

  it("refuses a reading more than a day ahead of the server's clock", () => {
    const { good, rejected } = validateReadingRows(
      [
        { series_id: 1, ts: "2026-04-01T23:00:00Z", value: 1 },
        { series_id: 1, ts: "2026-04-02T01:00:00Z", value: 1 },
      ],
      series,
      now,
    );
    expect(good.map((g) => g.index)).toEqual([0]);
    expect(rejected).toEqual([
      { index: 1, message: "Время показания больше чем на сутки впереди: проверьте часы устройства" },
    ]);
  });

  it("keeps the later of two rows naming one series and instant", () => {
    const { good } = validateReadingRows(
      [
        { series_id: 1, ts: "2026-03-10T10:00:00Z", value: 1 },
        { series_id: 1, ts: "2026-03-10T13:00:00+03:00", value: 2 },
      ],
      series,
      now,
    );
    expect(lastPerInstant(good)).toEqual([
      {
        index: 1,
        seriesId: 1,
        ts: "2026-03-10T10:00:00.000Z",
        ms: Date.parse("2026-03-10T10:00:00Z"),
        kind: "number",
        value: 2,
      },
    ]);
  });

  it("keeps every row of a series sent out of time order when no instant repeats", () => {
    const { good } = validateReadingRows(
      [
        { series_id: 1, ts: "2026-03-10T11:00:00Z", value: 1 },
        { series_id: 1, ts: "2026-03-10T10:00:00Z", value: 2 },
        { series_id: 1, ts: "2026-03-10T12:00:00Z", value: 3 },
        { series_id: 1, ts: "2026-03-10T11:00:00.000Z", value: 4 },
      ],
      series,
      now,
    );
    expect(lastPerInstant(good).map((r) => [r.ts, r.kind === "number" ? r.value : null])).toEqual([
      ["2026-03-10T11:00:00.000Z", 4],
      ["2026-03-10T10:00:00.000Z", 2],
      ["2026-03-10T12:00:00.000Z", 3],
    ]);
  });
});
