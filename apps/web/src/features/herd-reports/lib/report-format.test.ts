import { describe, expect, it } from "vitest";
import { bandStanding, exportFileName } from "./report-format.ts";

const band = { q1: 20, median: 25, q3: 30, farms: 12 };

describe("bandStanding", () => {
  it("names the best and the worst quarter by the figure's good direction", () => {
    expect(bandStanding({ value: 33, better: "higher", band })).toEqual({
      text: "В лучшей четверти из 12 хозяйств",
      tone: "better",
    });
    expect(bandStanding({ value: 33, better: "lower", band })).toEqual({
      text: "В худшей четверти из 12 хозяйств",
      tone: "worse",
    });
    expect(bandStanding({ value: 18, better: "lower", band })?.tone).toBe("better");
  });

  it("the middle half, the quartiles included, is neither", () => {
    expect(bandStanding({ value: 20, better: "higher", band })).toEqual({
      text: "В средней половине из 12 хозяйств",
      tone: "neutral",
    });
    expect(bandStanding({ value: 30, better: "lower", band })?.tone).toBe("neutral");
  });

  it("a figure without a good direction is above or below three quarters", () => {
    expect(bandStanding({ value: 40, better: null, band })?.text).toBe("Выше, чем у трёх четвертей из 12 хозяйств");
    expect(bandStanding({ value: 1, better: null, band })?.text).toBe("Ниже, чем у трёх четвертей из 12 хозяйств");
  });

  it("no band or no value, nothing to show", () => {
    expect(bandStanding({ value: 5, better: "higher" })).toBeNull();
    expect(bandStanding({ value: null, better: "higher", band })).toBeNull();
  });
});

describe("exportFileName", () => {
  it("names the herd and the period, so that exports of several herds do not overwrite each other", () => {
    expect(exportFileName("Молоко", "Стадо «Заря»", { from: "2026-01-01", to: "2026-03-31" })).toBe(
      "Молоко — Стадо «Заря» — 01.01.2026–31.03.2026.xlsx",
    );
  });
});
