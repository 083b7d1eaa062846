import { USAGE_MAX_DAYS, type UsageQuery } from "@nadoy/contract/usage";
import dayjs, { type Dayjs } from "dayjs";
import { isoDay } from "../../../shared/lib/iso-day.ts";
import { lastDays, moscowToday } from "../../../shared/lib/moscow-today.ts";

// The filters of /user-reports in its URL: ?from=&to= (ISO days), ?user_id=, ?section=. Only what
// differs from the defaults is written: no period means the last 30 days — Moscow days, as the
// server counts hits (usage.repository.ts), whatever the browser's zone.

export interface UsageFilter {
  from: string;
  to: string;
  userId: number | undefined;
  section: string | undefined;
}

export const DEFAULT_DAYS = 30;

const dayOf = (text: string | null): Dayjs | undefined => {
  if (text === null || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const day = dayjs(text);
  return day.isValid() && isoDay(day) === text ? day : undefined;
};

/** The filter of a URL; a missing, odd, reversed or too long period is the last 30 days. */
export function filterOf(params: URLSearchParams, today: Dayjs = moscowToday()): UsageFilter {
  const from = dayOf(params.get("from"));
  const to = dayOf(params.get("to"));
  const [first, last] =
    from && to && !to.isBefore(from) && to.diff(from, "day") <= USAGE_MAX_DAYS
      ? [from, to]
      : lastDays(DEFAULT_DAYS, today);
  const userId = Number(params.get("user_id"));
  const section = params.get("section")?.trim();
  return {
    from: isoDay(first),
    to: isoDay(last),
    userId: Number.isInteger(userId) && userId > 0 ? userId : undefined,
    section: section ? section : undefined,
  };
}

/** The URL of a filter: the period only when it is not the default one. */
export function paramsOf(filter: UsageFilter, today: Dayjs = moscowToday()): Record<string, string> {
  const params: Record<string, string> = {};
  const [from, to] = lastDays(DEFAULT_DAYS, today).map(isoDay);
  if (filter.from !== from || filter.to !== to) {
    params.from = filter.from;
    params.to = filter.to;
  }
  if (filter.userId !== undefined) params.user_id = String(filter.userId);
  if (filter.section !== undefined) params.section = filter.section;
  return params;
}

/** The API query of a filter (the report and its XLSX alike). */
export function queryOf(filter: UsageFilter): UsageQuery {
  return {
    from: filter.from,
    to: filter.to,
    ...(filter.userId !== undefined && { user_id: filter.userId }),
    ...(filter.section !== undefined && { section: filter.section }),
  };
}
