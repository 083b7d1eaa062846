import { type HerdReportQuery, herdReportQuerySchema } from "@nadoy/contract/herd-reports";
import type { Dayjs } from "dayjs";
import { lastDays, moscowToday } from "../../../shared/lib/moscow-today.ts";
import { paramsOfQuery, queryFromParams } from "../../../shared/lib/url-query.ts";

// The report's view in the URL (?from=&to=&compare=&segment=&rule=&lact_group=&pen=), so that a
// link reproduces it. Read by the contract's query schema one field at a time: a bad value counts
// as absent (the server's default), the rest stay.

/** A database's uuid in the report's URL (anything else names no database). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function reportQueryOf(params: URLSearchParams): HerdReportQuery {
  return queryFromParams(herdReportQuerySchema.shape, params, { compare: "previous" } as HerdReportQuery);
}

/** The URL parameters of a query: only what is set; the default comparison left out. */
export function reportParamsOf(query: HerdReportQuery): Record<string, string> {
  return paramsOfQuery(query, { compare: "previous" });
}

/**
 * The query after the segment changed: a saved segment replaces the quick filters and the quick
 * filters replace the segment (the report takes one or the other).
 */
export function withSegment(query: HerdReportQuery, segment: string | undefined): HerdReportQuery {
  const { segment: _s, rule: _r, lact_group: _l, pen: _p, ...rest } = query;
  return segment ? { ...rest, segment } : rest;
}

export function withQuickFilter(
  query: HerdReportQuery,
  change: Pick<HerdReportQuery, "lact_group" | "pen">,
): HerdReportQuery {
  const { segment: _s, rule: _r, ...rest } = query;
  const next = { ...rest, ...change };
  if (!next.lact_group) delete next.lact_group;
  if (!next.pen) delete next.pen;
  return next;
}

/**
 * The period presets of the toolbar, counted back from `today`: Moscow's by default, the day the
 * server counts the herd's «today» by (herd-today.ts), whatever the browser's zone.
 */
export function periodPresets(today: Dayjs = moscowToday()): { label: string; value: [Dayjs, Dayjs] }[] {
  const day = today.startOf("day");
  const lastYear = day.subtract(1, "year");
  return [
    { label: "Последние 30 дней", value: lastDays(30, day) },
    { label: "3 месяца", value: [day.subtract(3, "month").add(1, "day"), day] },
    { label: "12 месяцев", value: [day.subtract(12, "month").add(1, "day"), day] },
    { label: "С начала года", value: [day.startOf("year"), day] },
    { label: "Прошлый год", value: [lastYear.startOf("year"), lastYear.endOf("year").startOf("day")] },
  ];
}
