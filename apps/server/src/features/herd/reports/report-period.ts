import { ErrorCode } from "@nadoy/contract/errors";
import type { HerdReportQuery } from "@nadoy/contract/herd-reports";
import { ApiError } from "../../../platform/errors.ts";

// A report's period and its comparison period (contract herd-reports.ts, «Сравнение»). Days are
// YYYY-MM-DD, computed in UTC so no time zone moves a day.

const DAY = 86_400_000;
const MAX_DAYS = 366 * 10;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const nextDay = (day: string) => dayOf(dayMs(day) + DAY);
const previousDay = (day: string) => dayOf(dayMs(day) - DAY);

/** The day `months` months away, its day of month cut to the month's length (31.03 − 1 month = 29.02). */
export function shiftMonths(day: string, months: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 + months;
  const target = new Date(Date.UTC(year, month, 1));
  const length = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(Number(day.slice(8, 10)), length));
  return dayOf(target.getTime());
}

const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;

/** How many calendar months the period spans when it runs from a 1st to a month's last day, else null. */
function calendarMonths(from: string, to: string): number | null {
  const end = nextDay(to);
  return from.endsWith("-01") && end.endsWith("-01") ? monthIndex(end) - monthIndex(from) : null;
}

/** How many years the period spans when it is years to the day (the 12 months to today), else null. */
function yearsToTheDay(from: string, to: string): number | null {
  const end = nextDay(to);
  const years = Number(end.slice(0, 4)) - Number(from.slice(0, 4));
  return years > 0 && shiftMonths(end, -12 * years) === from ? years : null;
}

/**
 * The period (the 12 months to today by default) and the comparison period: «previous» is the
 * previous calendar month, quarter or year (as many whole months just before), or for any other
 * range the same number of days just before; «last_year» is the same dates a year earlier (29.02
 * → 28.02, and a whole February ends on its last day).
 */
export function periodOf(query: Pick<HerdReportQuery, "from" | "to" | "compare">, today: string) {
  const to = query.to ?? today;
  const from = query.from ?? nextDay(shiftMonths(to, -12));
  if (from > to) throw new ApiError(400, ErrorCode.validation, "Начало периода позже его конца");
  if ((dayMs(to) - dayMs(from)) / DAY > MAX_DAYS)
    throw new ApiError(400, ErrorCode.validation, "Период — не больше 10 лет");
  const calendar = calendarMonths(from, to);
  const years = yearsToTheDay(from, to);
  const months = calendar ?? (years === null ? null : years * 12);
  let compare: { from: string; to: string } | null = null;
  if (query.compare === "previous") {
    const days = (dayMs(to) - dayMs(from)) / DAY + 1;
    compare =
      months !== null
        ? { from: shiftMonths(from, -months), to: previousDay(from) }
        : { from: dayOf(dayMs(from) - days * DAY), to: previousDay(from) };
  } else if (query.compare === "last_year") {
    // Calendar months end on the month's last day a year earlier too (February 2025 → 29.02.2024).
    const lastYearTo = calendar !== null ? previousDay(shiftMonths(nextDay(to), -12)) : shiftMonths(to, -12);
    compare = { from: shiftMonths(from, -12), to: lastYearTo };
  }
  return { from, to, compare };
}
