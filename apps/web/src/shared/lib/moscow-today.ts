import dayjs, { type Dayjs } from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Today as the server counts days where it counts Moscow days (the DTM log, the usage reports, the herd's «today»),
 * whatever the browser's zone: with the browser's own day, a browser on UTC asked for a period
 * ending yesterday from 21:00 UTC (midnight in Moscow) until its own midnight, and lost that day.
 */
export const moscowToday = (now: number = Date.now()): Dayjs =>
  dayjs(dayjs(now).tz("Europe/Moscow").format("YYYY-MM-DD"));

/** The last `days` days up to `today` (Moscow's, by default), both ends included. */
export function lastDays(days: number, today: Dayjs = moscowToday()): [Dayjs, Dayjs] {
  return [today.startOf("day").subtract(days - 1, "day"), today.startOf("day")];
}
