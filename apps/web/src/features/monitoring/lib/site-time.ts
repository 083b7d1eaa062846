import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

// The site's local time (its IANA zone): every date, hour and range on the monitoring pages is
// the farm's, whatever the browser's zone.

dayjs.extend(utc);
dayjs.extend(timezone);

export { dayjs };

/** Quick ranges of the charts: today (from local midnight), the last 24 h, 7 and 30 days; or custom. */
export const QUICK_RANGES = ["today", "24h", "7d", "30d"] as const;
/** The averages pages' quick ranges: the charts' and the last 90 and 365 days. */
export const LONG_QUICK_RANGES = [...QUICK_RANGES, "90d", "365d"] as const;
export type QuickRange = (typeof LONG_QUICK_RANGES)[number];
export const QUICK_RANGE_LABELS: Record<QuickRange | "custom", string> = {
  today: "Сегодня",
  "24h": "24 часа",
  "7d": "7 дней",
  "30d": "30 дней",
  "90d": "90 дней",
  "365d": "Год",
  custom: "Свой период",
};

const QUICK_HOURS: Record<Exclude<QuickRange, "today">, number> = {
  "24h": 24,
  "7d": 7 * 24,
  "30d": 30 * 24,
  "90d": 90 * 24,
  "365d": 365 * 24,
};

export interface Range {
  from: string;
  to: string;
}

/** The range a quick pick means at `now` in `timeZone` (ISO instants, UTC). */
export function quickRange(pick: QuickRange, timeZone: string, now: number = Date.now()): Range {
  const end = dayjs(now).tz(timeZone);
  const to = end.toISOString();
  if (pick === "today") return { from: end.startOf("day").toISOString(), to };
  return { from: end.subtract(QUICK_HOURS[pick], "hour").toISOString(), to };
}

/**
 * The quick ranges of a page that shows whole local days (kWh by day, losses by day): «24 часа»
 * would cut a day in two, so it is not offered.
 */
export const DAY_QUICK_RANGES = ["today", "7d", "30d"] as const;
export const LONG_DAY_QUICK_RANGES = [...DAY_QUICK_RANGES, "90d", "365d"] as const;

const QUICK_DAYS: Record<Exclude<QuickRange, "24h">, number> = { today: 1, "7d": 7, "30d": 30, "90d": 90, "365d": 365 };

/**
 * A quick pick on a day page: exactly that many local days ending today — from the local midnight
 * (N − 1) days before today's to now (today so far). «7 дней» is then 7 day rows, and its
 * previous period (previousDays) the 7 whole days before, none counted twice.
 */
export function quickDays(pick: QuickRange, timeZone: string, now: number = Date.now()): Range {
  const end = dayjs(now).tz(timeZone);
  const days = pick === "24h" ? 1 : QUICK_DAYS[pick];
  return {
    from: end
      .startOf("day")
      .subtract(days - 1, "day")
      .toISOString(),
    to: end.toISOString(),
  };
}

/** The local days a range touches (its last day: the one just before `to`): 10.03 00:00 — 12.03 10:30 is 3. */
export function localDayCount(range: Range, timeZone: string): number {
  const first = dayjs(range.from).tz(timeZone).startOf("day");
  const last = dayjs(Date.parse(range.to) - 1)
    .tz(timeZone)
    .startOf("day");
  return Math.max(1, Math.round(last.diff(first, "hour") / 24) + 1);
}

/** A range as the site's wall clock: «10.03.2026 00:00 — 10.03.2026 14:25». */
export function rangeText(range: Range, timeZone: string): string {
  return `${siteDateTime(range.from, timeZone)} — ${siteDateTime(range.to, timeZone)}`;
}

/** An instant as the site's wall clock: «10.03.2026 07:00». */
export function siteDateTime(at: string | number, timeZone: string): string {
  return dayjs(at).tz(timeZone).format("DD.MM.YYYY HH:mm");
}

/** An instant as the site's hour: «07:00»; or day «10.03» for a day grain. */
export function siteHour(iso: string, timeZone: string): string {
  return dayjs(iso).tz(timeZone).format("HH:mm");
}

export function siteDay(iso: string, timeZone: string): string {
  return dayjs(iso).tz(timeZone).format("DD.MM.YYYY");
}

/** A duration in Russian: «2 ч 05 мин», «45 мин», «3 д 4 ч». */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return `${days} д ${hours} ч`;
  if (hours > 0) return `${hours} ч ${String(minutes).padStart(2, "0")} мин`;
  if (minutes > 0) return `${minutes} мин`;
  return `${s} с`;
}

/** Decimals a figure is shown with: the screen's, and so the exports'. */
const FIGURE_DIGITS = 2;
const numberFormat = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: FIGURE_DIGITS });

/** A figure in Russian notation («1 234,5»), «—» for none. */
export function figure(value: number | null | undefined, unit?: string | null): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  return unit ? `${numberFormat.format(value)} ${unit}` : numberFormat.format(value);
}

/** A figure rounded as `figure` shows it (1018,2600000000093 → 1018,26): what an export writes. */
export function shownFigure(value: number): number {
  const scale = 10 ** FIGURE_DIGITS;
  return Math.round(value * scale) / scale;
}
