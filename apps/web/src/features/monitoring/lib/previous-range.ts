import { MONITORING_PREVIOUS_MIN_SHIFT_MS } from "@nadoy/contract/monitoring";
import { dayjs, localDayCount, type Range } from "./site-time.ts";

/**
 * The period `range` is compared with (the server's rule, monitoring.service.ts): the range of
 * equal length just before it, or, for a range shorter than a day, the same hours a day earlier —
 * «Сегодня» until 14:25 against yesterday until 14:25, not against yesterday evening.
 */
export function previousRange(range: Range): Range {
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  const shift = Math.max(to - from, MONITORING_PREVIOUS_MIN_SHIFT_MS);
  return { from: new Date(from - shift).toISOString(), to: new Date(to - shift).toISOString() };
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
