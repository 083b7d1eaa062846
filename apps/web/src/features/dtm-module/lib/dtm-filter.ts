import type { DtmTransfersQuery, TransferKind, TransferResult } from "@nadoy/contract/dtm";
import dayjs, { type Dayjs } from "dayjs";

// The filters of /services/dtm_module: a period (the last 14 days at first), kind, result, key.

export interface DtmFilter {
  from: string;
  to: string;
  kind?: TransferKind;
  result?: TransferResult;
  key?: string;
}

export const DEFAULT_DAYS = 14;
export const isoDay = (day: Dayjs) => day.format("YYYY-MM-DD");

/** The last `days` days up to `today`, both ends included. */
export function lastDays(days: number, today: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [today.startOf("day").subtract(days - 1, "day"), today.startOf("day")];
}

export function defaultFilter(today: Dayjs = dayjs()): DtmFilter {
  const [from, to] = lastDays(DEFAULT_DAYS, today);
  return { from: isoDay(from), to: isoDay(to) };
}

/** The query of a filter (only what is set) for `page`. */
export function queryOf(filter: DtmFilter, page = 1): DtmTransfersQuery {
  const query: DtmTransfersQuery = { from: filter.from, to: filter.to, page };
  if (filter.kind) query.kind = filter.kind;
  if (filter.result) query.result = filter.result;
  if (filter.key) query.key = filter.key;
  return query;
}

export const isFiltered = (filter: DtmFilter) => Boolean(filter.kind || filter.result || filter.key);
