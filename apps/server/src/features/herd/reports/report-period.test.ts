import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { periodOf, shiftMonths } from "./report-period.ts";

// «С предыдущим периодом» and «С тем же периодом прошлого года» (issue: the previous calendar
// month, quarter or year, not the same number of days).

const TODAY = "2026-11-28";
const previous = (from: string, to: string) => periodOf({ from, to, compare: "previous" }, TODAY).compare;
const lastYear = (from: string, to: string) => periodOf({ from, to, compare: "last_year" }, TODAY).compare;

const DAY = 86_400_000;
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);
const daysIn = (p: { from: string; to: string }) => (ms(p.to) - ms(p.from)) / DAY + 1;
const monthEnd = (year: number, month: number) => iso(Date.UTC(year, month + 1, 0));
const monthStart = (year: number, month: number) => iso(Date.UTC(year, month, 1));

describe("the comparison period, by hand", () => {
  it("compares a calendar month with the month before, whatever their lengths", () => {
    expect(previous("2026-02-01", "2026-02-28")).toEqual({ from: "2026-01-01", to: "2026-01-31" });
    expect(previous("2026-03-01", "2026-03-31")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(previous("2024-03-01", "2024-03-31")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(previous("2026-01-01", "2026-01-31")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
  });

  it("compares a quarter with the quarter before and a year with the whole year before", () => {
    expect(previous("2026-01-01", "2026-03-31")).toEqual({ from: "2025-10-01", to: "2025-12-31" });
    expect(previous("2025-01-01", "2025-12-31")).toEqual({ from: "2024-01-01", to: "2024-12-31" });
    expect(previous("2024-01-01", "2024-12-31")).toEqual({ from: "2023-01-01", to: "2023-12-31" });
  });

  it("compares the 12 months to today with the 12 months before", () => {
    expect(periodOf({ compare: "previous" }, TODAY)).toEqual({
      from: "2025-11-29",
      to: "2026-11-28",
      compare: { from: "2024-11-29", to: "2025-11-28" },
    });
    expect(periodOf({ compare: "previous" }, "2028-02-29").compare).toEqual({ from: "2026-03-01", to: "2027-02-28" });
  });

  it("keeps the same number of days just before for any other range", () => {
    expect(previous("2026-03-10", "2026-03-20")).toEqual({ from: "2026-02-27", to: "2026-03-09" });
    expect(previous("2026-02-15", "2026-03-14")).toEqual({ from: "2026-01-18", to: "2026-02-14" });
  });

  it("takes the same dates a year earlier, a whole February to its last day", () => {
    expect(lastYear("2024-02-01", "2024-02-29")).toEqual({ from: "2023-02-01", to: "2023-02-28" });
    expect(lastYear("2025-02-01", "2025-02-28")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(lastYear("2024-02-10", "2024-02-29")).toEqual({ from: "2023-02-10", to: "2023-02-28" });
    expect(lastYear("2026-01-01", "2026-03-31")).toEqual({ from: "2025-01-01", to: "2025-03-31" });
  });

  it("cuts a month's day to the target month's length", () => {
    expect(shiftMonths("2024-03-31", -1)).toBe("2024-02-29");
    expect(shiftMonths("2025-03-31", -1)).toBe("2025-02-28");
    expect(shiftMonths("2024-02-29", -12)).toBe("2023-02-28");
    expect(shiftMonths("2025-12-31", 2)).toBe("2026-02-28");
  });
});

describe("the comparison period, for any period", () => {
  const calendarMonths = fc
    .record({
      year: fc.integer({ min: 2000, max: 2035 }),
      month: fc.integer({ min: 0, max: 11 }),
      count: fc.integer({ min: 1, max: 36 }),
    })
    .map(({ year, month, count }) => ({
      from: monthStart(year, month),
      to: monthEnd(year, month + count - 1),
      count,
    }));
  const anyPeriod = fc
    .record({ start: fc.integer({ min: 0, max: 365 * 30 }), days: fc.integer({ min: 1, max: 3000 }) })
    .map(({ start, days }) => {
      const from = iso(Date.UTC(2000, 0, 1) + start * DAY);
      return { from, to: iso(ms(from) + (days - 1) * DAY) };
    });

  it("the previous period ends the day before the period starts", () => {
    fc.assert(
      fc.property(anyPeriod, ({ from, to }) => {
        const compare = previous(from, to);
        expect(compare && iso(ms(compare.to) + DAY)).toBe(from);
      }),
    );
  });

  it("a run of calendar months is compared with as many calendar months just before", () => {
    fc.assert(
      fc.property(calendarMonths, ({ from, to, count }) => {
        const compare = previous(from, to);
        if (!compare) throw new Error("no comparison");
        const year = Number(from.slice(0, 4));
        const month = Number(from.slice(5, 7)) - 1;
        expect(compare).toEqual({ from: monthStart(year, month - count), to: monthEnd(year, month - 1) });
        const last = lastYear(from, to);
        expect(last).toEqual({ from: monthStart(year - 1, month), to: monthEnd(year - 1, month + count - 1) });
      }),
    );
  });

  it("a range that is not whole months is compared with as many days just before", () => {
    fc.assert(
      fc.property(anyPeriod, ({ from, to }) => {
        const end = iso(ms(to) + DAY);
        const years = Number(end.slice(0, 4)) - Number(from.slice(0, 4));
        const wholeYears = years > 0 && shiftMonths(end, -12 * years) === from;
        const wholeMonths = (from.endsWith("-01") && end.endsWith("-01")) || wholeYears;
        fc.pre(!wholeMonths);
        const compare = previous(from, to);
        expect(compare && daysIn(compare)).toBe(daysIn({ from, to }));
      }),
    );
  });
});
