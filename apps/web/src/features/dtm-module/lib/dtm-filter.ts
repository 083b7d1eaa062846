import {
  type DtmExportQuery,
  type DtmTransfersQuery,
  type TransferKind,
  type TransferResult,
  transferKindSchema,
  transferResultSchema,
} from "@nadoy/contract/dtm";
import dayjs, { type Dayjs } from "dayjs";
import { isoDay } from "../../../shared/lib/iso-day.ts";
import { lastDays, moscowToday } from "../../../shared/lib/moscow-today.ts";

// The filters of /services/dtm_module: a period (the last 14 days at first), kind, result, key;
// kept in the URL with the page, so that a link or a reload shows the same list.

export interface DtmFilter {
  from: string;
  to: string;
  kind?: TransferKind;
  result?: TransferResult;
  key?: string;
}

export const DEFAULT_DAYS = 14;

/** The last 14 days up to `today` (the log counts Moscow days, contract dtm.ts). */
export function defaultFilter(today: Dayjs = moscowToday()): DtmFilter {
  const [from, to] = lastDays(DEFAULT_DAYS, today);
  return { from: isoDay(from), to: isoDay(to) };
}

/** The query of a filter (only what is set): the XLSX's, which takes no page. */
export function filterQuery(filter: DtmFilter): DtmExportQuery {
  const query: DtmExportQuery = { from: filter.from, to: filter.to };
  if (filter.kind) query.kind = filter.kind;
  if (filter.result) query.result = filter.result;
  if (filter.key) query.key = filter.key;
  return query;
}

/** The list's query: the filter's and `page`. */
export const queryOf = (filter: DtmFilter, page = 1): DtmTransfersQuery => ({ ...filterQuery(filter), page });

export const isFiltered = (filter: DtmFilter) => Boolean(filter.kind || filter.result || filter.key);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayParam = (value: string | null) => (value && ISO_DAY.test(value) && dayjs(value).isValid() ? value : undefined);

/** The filter and page of a URL's query; what is missing or malformed takes its default. */
export function filterOfParams(
  params: URLSearchParams,
  today: Dayjs = moscowToday(),
): { filter: DtmFilter; page: number } {
  const fallback = defaultFilter(today);
  const from = dayParam(params.get("from"));
  const to = dayParam(params.get("to"));
  const period = from && to && from <= to ? { from, to } : { from: fallback.from, to: fallback.to };
  const kind = transferKindSchema.safeParse(params.get("kind"));
  const result = transferResultSchema.safeParse(params.get("result"));
  const key = params.get("key");
  const page = Number(params.get("page"));
  return {
    filter: {
      ...period,
      ...(kind.success && { kind: kind.data }),
      ...(result.success && { result: result.data }),
      ...(key && { key }),
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL query of a filter and page (page 1 and unset filters left out). */
export function paramsOfFilter(filter: DtmFilter, page = 1): Record<string, string> {
  return {
    from: filter.from,
    to: filter.to,
    ...(filter.kind && { kind: filter.kind }),
    ...(filter.result && { result: filter.result }),
    ...(filter.key && { key: filter.key }),
    ...(page > 1 && { page: String(page) }),
  };
}
