import { monitoringPreviousPeriod } from "@nadoy/contract/monitoring";
import { dayjs, localDayCount, type Range } from "./site-time.ts";

/**
 * The period `range` is compared with (the server's rule: contract monitoringPreviousPeriod): the range of
 * equal length just before it, or, for a range shorter than a day, the same hours a day earlier —
 * «Сегодня» until 14:25 against yesterday until 14:25, not against yesterday evening.
 */
export function previousRange(range: Range): Range {
  const previous = monitoringPreviousPeriod(Date.parse(range.from), Date.parse(range.to));
  return { from: new Date(previous.from).toISOString(), to: new Date(previous.to).toISOString() };
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
