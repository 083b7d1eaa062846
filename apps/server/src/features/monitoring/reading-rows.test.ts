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
      { index: 1, seriesId: 1, ts: "2026-03-10T10:00:00.000Z", kind: "number", value: 2 },
    ]);
  });
});
