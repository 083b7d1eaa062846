import { dayjs, localDayCount, type Range } from "./site-time.ts";

/** The range of equal length just before `range`. */
export function previousRange(range: Range): Range {
  const from = Date.parse(range.from);
  const ms = Date.parse(range.to) - from;
  return { from: new Date(from - ms).toISOString(), to: new Date(from).toISOString() };
}

/**
 * On a page of whole local days: as many whole local days just before the range's first day
 * (which starts at local midnight: quickDays, wholeDays) — «7 дней» of 22.11–28.11 is compared with
 * 15.11–21.11, no day in both. Local days, so a day of 23 or 25 hours counts as one.
 */
export function previousDays(range: Range, timeZone: string): Range {
  const first = dayjs(range.from).tz(timeZone).startOf("day");
  return {
    from: first.subtract(localDayCount(range, timeZone), "day").toISOString(),
    to: first.toISOString(),
  };
}
