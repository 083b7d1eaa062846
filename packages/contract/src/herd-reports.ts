import { z } from "zod";
import { herdAnimalsPageSchema } from "./herd.ts";
import { defineRoute } from "./http.ts";
import { ruMonthYear } from "./ru-month.ts";

// ---- Native herd reports (issue 18): figures, tables and charts whose animal counts drill down ----
//
// One shape for every report: KPI cards, tables and charts. Every number that counts animals
// carries a `drill` token; GET …/reports/{n}/animals/?drill=<token> lists exactly those animals
// (its `total` equals the number). A token is opaque to the browser; the server reads the set it
// names (conditions over the animals, the report's period and filters) from it and checks it.
// Who: whoever reads the herd database (contract herd.ts); another company's database → 404.

export const HERD_REPORT_NUMBERS = [1, 2, 4, 5, 6, 7, 8] as const;
export type HerdReportNumber = (typeof HERD_REPORT_NUMBERS)[number];
/**
 * Each report's one name (docs/DOMAIN.md «Native reports»: herd structure, milk production,
 * reproduction, culling and deaths, calvings and calves, health, dry period): the side menu, the
 * route's title (breadcrumbs, the tab), the page's heading and the XLSX all take it from here.
 */
export const HERD_REPORT_TITLES: Record<HerdReportNumber, string> = {
  1: "Структура стада",
  2: "Молочная продуктивность",
  4: "Воспроизводство",
  5: "Выбытие и падёж",
  6: "Отёлы и телята",
  7: "Здоровье",
  8: "Сухостойный период",
};

/** A benchmark band needs the figure of at least this many farms (issue 18). */
export const HERD_BENCHMARK_MIN_FARMS = 5;

export const HERD_REPORT_COMPARISONS = ["none", "previous", "last_year"] as const;
export const HERD_REPORT_COMPARISON_LABELS: Record<(typeof HERD_REPORT_COMPARISONS)[number], string> = {
  none: "Без сравнения",
  previous: "С предыдущим периодом",
  last_year: "С тем же периодом прошлого года",
};
/**
 * The unit of a count of animals (a KPI's, a table column's or a chart's): its drill lists exactly
 * that many animals. A count in any other unit — calvings, new cases, dry-offs — drills to the
 * animals behind it, fewer when one animal has several of them in the period.
 */
export const HERD_ANIMALS_UNIT = "гол.";

/**
 * The «Лактация» filter tests each counted row's own lactation: an event's, a calving's (the one it
 * begins), a test day's; a cow's today for a figure of today. The «Группа» filter is the animal's
 * pen today: the herd data keep no pen history.
 */
export const HERD_LACT_GROUPS = ["1", "2", "3+"] as const;
export const HERD_LACT_GROUP_LABELS: Record<(typeof HERD_LACT_GROUPS)[number], string> = {
  "1": "1-я лактация",
  "2": "2-я лактация",
  "3+": "3-я и старше",
};

/**
 * How a report figure is shown (cards, tables, chart tooltips, XLSX), by its key (a KPI's, a table
 * column's or a chart series'): fat and protein % and the ratios to the hundredth, trailing zeros
 * kept («3,90 %»), since a zootech reads them so and the F/P thresholds 1,1 and 1,4 need it; a
 * 305-day yield and SCC in whole units. Any other figure: up to one decimal (counts are whole).
 */
export const HERD_FIGURE_DECIMALS: Readonly<Record<string, number>> = {
  fat: 2,
  protein: 2,
  fp: 2,
  scs: 2,
  spc: 2,
  y305: 0,
  scc: 0,
};

export interface HerdFigureFormat {
  /** Decimals always written (trailing zeros kept). */
  min: number;
  max: number;
}

/** The decimals of a figure (HERD_FIGURE_DECIMALS), one at most for the rest. */
export function herdFigureFormat(key: string): HerdFigureFormat {
  const fixed = Object.hasOwn(HERD_FIGURE_DECIMALS, key) ? HERD_FIGURE_DECIMALS[key] : undefined;
  return fixed === undefined ? { min: 0, max: 1 } : { min: fixed, max: fixed };
}

/** A figure rounded as shown (so a change that shows as 0 is no change). */
export function herdFigureRounded(key: string, value: number): number {
  const scale = 10 ** herdFigureFormat(key).max;
  return Math.round(value * scale) / scale;
}

/** Month names in the genitive, as a date writes them: «29–30 ноября 2025». */
const RU_MONTHS_GENITIVE = [
  "января",
  "февраля",
  "марта",
  "апреля",
  "мая",
  "июня",
  "июля",
  "августа",
  "сентября",
  "октября",
  "ноября",
  "декабря",
] as const;

/**
 * The days of month `month` ("YYYY-MM") a report's period covers when it does not cover all of them
 * — its first or last month, when the period does not start on a 1st or end on a month's last day
 * (the default 12 months to today cut both) — as [first day, last day]; null for a whole month.
 * Such a month's figures are of those days only: charts and tables name them.
 */
export function herdMonthPart(month: string, period: { from: string; to: string }): [number, number] | null {
  const length = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const first = period.from.slice(0, 7) === month ? Number(period.from.slice(8, 10)) : 1;
  const last = period.to.slice(0, 7) === month ? Number(period.to.slice(8, 10)) : length;
  return first === 1 && last === length ? null : [first, last];
}

/** The days of a partial month as a date range writes them: «29–30», or «30» for one day. */
export const herdMonthDays = ([first, last]: [number, number]) => (first === last ? `${first}` : `${first}–${last}`);

/** A month of the period in words: «ноябрь 2025», or its days when the period cuts it: «29–30 ноября 2025». */
export function herdMonthTitle(month: string, period: { from: string; to: string }): string {
  const part = herdMonthPart(month, period);
  const index = Number(month.slice(5, 7)) - 1;
  if (!part) return ruMonthYear(month) ?? month;
  return `${herdMonthDays(part)} ${RU_MONTHS_GENITIVE[index] ?? ""} ${month.slice(0, 4)}`;
}

const isoDay = z.iso.date();

/** The period (12 months to today by default), the comparison, and the segment or quick filters. */
export const herdReportQuerySchema = z.strictObject({
  from: isoDay.optional(),
  to: isoDay.optional(),
  compare: z.enum(HERD_REPORT_COMPARISONS).default("previous"),
  /** A saved segment (herd-segments.ts) or a typed rule, as the animal list takes them. */
  segment: z.uuid().optional(),
  rule: z.string().max(2000).optional(),
  lact_group: z.enum(HERD_LACT_GROUPS).optional(),
  pen: z.string().trim().min(1).max(50).optional(),
});
export type HerdReportQuery = z.infer<typeof herdReportQuerySchema>;

const period = z.object({ from: isoDay, to: isoDay });

export const herdReportKpiSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.string(),
  value: z.number().nullable(),
  /** The same figure over the comparison period; null without one, or for a figure of today. */
  compare_value: z.number().nullable(),
  /** Which way is better, for the card's colour; null when neither is. */
  better: z.enum(["higher", "lower"]).nullable(),
  drill: z.string().nullable(),
  /** The definition used (the card's «?»). */
  hint: z.string(),
  /**
   * Where the farm stands: the quartiles of the same figure over every herd database we hold, for
   * the same period without filters (aggregates only: no farm is named). Absent for counts of
   * animals (they follow the herd's size), with filters set, or when fewer than
   * HERD_BENCHMARK_MIN_FARMS farms have the figure.
   */
  band: z.object({ q1: z.number(), median: z.number(), q3: z.number(), farms: z.number().int() }).optional(),
});
export type HerdReportKpi = z.infer<typeof herdReportKpiSchema>;

export const herdReportCellSchema = z.object({ value: z.number().nullable(), drill: z.string().nullable() });
export type HerdReportCell = z.infer<typeof herdReportCellSchema>;

export const herdReportTableSchema = z.object({
  key: z.string(),
  title: z.string(),
  columns: z.array(z.object({ key: z.string(), label: z.string(), unit: z.string() })),
  rows: z.array(z.object({ key: z.string(), label: z.string(), cells: z.record(z.string(), herdReportCellSchema) })),
});
export type HerdReportTable = z.infer<typeof herdReportTableSchema>;

export const herdReportChartSchema = z.object({
  key: z.string(),
  title: z.string(),
  kind: z.enum(["bar", "line"]),
  /** What a value counts or measures, as its axis names it: HERD_ANIMALS_UNIT for animals. */
  unit: z.string(),
  x: z.array(z.string()),
  series: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      values: z.array(z.number().nullable()),
      drills: z.array(z.string().nullable()),
    }),
  ),
});
export type HerdReportChart = z.infer<typeof herdReportChartSchema>;

export const herdReportSchema = z.object({
  report: z.number().int(),
  title: z.string(),
  period,
  compare: period.nullable(),
  /** «Today» of the figures that describe the herd as it is now. */
  today: isoDay,
  kpis: z.array(herdReportKpiSchema),
  tables: z.array(herdReportTableSchema),
  charts: z.array(herdReportChartSchema),
});
export type HerdReport = z.infer<typeof herdReportSchema>;

const reportParams = z.object({
  db_uuid: z.uuid(),
  n: z.coerce
    .number()
    .int()
    .refine((n): n is HerdReportNumber => (HERD_REPORT_NUMBERS as readonly number[]).includes(n), "Нет такого отчёта"),
});

export const getHerdReport = defineRoute({
  method: "GET",
  path: "/api/herd/:db_uuid/reports/:n/",
  auth: "user",
  params: reportParams,
  query: herdReportQuerySchema,
  response: herdReportSchema,
  summary: "Отчёт по стаду: показатели, таблицы и графики с расшифровкой до животных",
});

export const listHerdReportAnimals = defineRoute({
  method: "GET",
  path: "/api/herd/:db_uuid/reports/:n/animals/",
  auth: "user",
  params: reportParams,
  query: z.strictObject({
    drill: z.string().min(1).max(4000),
    page: z.coerce.number().int().min(1).default(1),
  }),
  response: herdAnimalsPageSchema,
  summary: "Животные за числом отчёта (расшифровка): total равен числу",
});

/**
 * The report as XLSX, exactly what the page shows for the same query: sheet «Данные» (the KPI
 * cards, each table, each chart as a table) and «Параметры» (database, period, comparison,
 * filters, who and when). Content-Disposition names it «<title> — <database>.xlsx».
 */
export const exportHerdReport = defineRoute({
  method: "GET",
  path: "/api/herd/:db_uuid/reports/:n/export/",
  auth: "user",
  params: reportParams,
  query: herdReportQuerySchema,
  response: z.unknown(),
  summary: "Отчёт по стаду в XLSX: данные и параметры",
});
