import {
  HERD_ANIMALS_UNIT,
  HERD_LACT_GROUP_LABELS,
  HERD_REPORT_COMPARISON_LABELS,
  type HerdReportKpi,
  type HerdReportQuery,
  herdFigureFormat,
  herdFigureRounded,
  herdMonthDays,
  herdMonthPart,
} from "@nadoy/contract/herd-reports";
import { ruMonthYear } from "@nadoy/contract/ru-month";
import { formatDay, NONE } from "../../../shared/herd/herd-format.ts";

/**
 * A clicked number of the report: the animals behind it, what it is called, the number shown, and
 * whether it counts animals (its unit is HERD_ANIMALS_UNIT) — else it counts calvings, cases or
 * dry-offs, and its list may hold fewer animals.
 */
export interface ReportDrill {
  drill: string;
  label: string;
  value: number | null;
  animals: boolean;
}

/** Whether a number in `unit` counts animals (contract HERD_ANIMALS_UNIT). */
export const countsAnimals = (unit: string) => unit === HERD_ANIMALS_UNIT;

const MONTHS = ["янв", "фев", "мар", "апр", "май", "июн", "июл", "авг", "сен", "окт", "ноя", "дек"];

/**
 * A chart's month «2026-03» as «мар 2026»; a month the report's period cuts (its first or last,
 * contract herdMonthPart) by its days: «29–30 ноя 2025», its figures being of those days only.
 */
export function monthLabel(month: string, period?: { from: string; to: string }): string {
  if (!/^\d{4}-\d{2}$/.test(month)) return month;
  const [year, number] = month.split("-");
  const name = MONTHS[Number(number) - 1];
  if (!name || !year) return month;
  const part = period ? herdMonthPart(month, period) : null;
  return part ? `${herdMonthDays(part)} ${name} ${year}` : `${name} ${year}`;
}

/** A report figure with the decimals of its kind (contract herdFigureFormat): «3,90», «31,3», «—». */
export function formatFigure(key: string, value: number | null | undefined): string {
  if (value === null || value === undefined) return NONE;
  const { min, max } = herdFigureFormat(key);
  return value.toLocaleString("ru-RU", { minimumFractionDigits: min, maximumFractionDigits: max });
}

/** The change of a KPI since the comparison period, rounded as shown; null without one. */
export function kpiChange(kpi: Pick<HerdReportKpi, "key" | "value" | "compare_value">): number | null {
  if (kpi.value === null || kpi.compare_value === null) return null;
  return herdFigureRounded(kpi.key, kpi.value - kpi.compare_value);
}

/** A table row's label as a person reads it: a day «15.12.2025», a month «ноябрь 2026», else as is. */
export function rowLabel(label: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(label)) return formatDay(label);
  if (/^\d{4}-\d{2}$/.test(label)) return ruMonthYear(label) ?? label;
  return label;
}

export type Direction = "better" | "worse" | "neutral";

/**
 * Whether a KPI moved the good way since the comparison period: neutral when unknown, or when the
 * change is 0 as shown (3,874 against 3,876 is no change on a card of hundredths).
 */
export function kpiDirection(kpi: Pick<HerdReportKpi, "key" | "value" | "compare_value" | "better">): Direction {
  const change = kpiChange(kpi);
  if (kpi.better === null || change === null || change === 0) return "neutral";
  return change > 0 === (kpi.better === "higher") ? "better" : "worse";
}

export interface BandStanding {
  /** Where the farm stands among the farms, in words. */
  text: string;
  tone: Direction;
}

/**
 * The farm's figure against the farms' quartiles (contract HerdReportKpi.band): the best or the
 * worst quarter when the figure has a good direction, else simply above or below three quarters.
 */
export function bandStanding(kpi: Pick<HerdReportKpi, "value" | "better" | "band">): BandStanding | null {
  const { band, value } = kpi;
  if (!band || value === null) return null;
  const of = `из ${band.farms.toLocaleString("ru-RU")} хозяйств`;
  const high = value > band.q3;
  const low = value < band.q1;
  if (!high && !low) return { text: `В средней половине ${of}`, tone: "neutral" };
  if (kpi.better === null) {
    return { text: `${high ? "Выше" : "Ниже"}, чем у трёх четвертей ${of}`, tone: "neutral" };
  }
  const best = high === (kpi.better === "higher");
  return { text: `В ${best ? "лучшей" : "худшей"} четверти ${of}`, tone: best ? "better" : "worse" };
}

/**
 * Which animals and comparison the report covers, in words (the printout has no toolbar): «Сегмент:
 * Свежие; сравнение: с предыдущим периодом» or «Все животные; лактация: 1-я лактация; группа: 5».
 */
export function reportConditions(query: HerdReportQuery, segmentName: string | undefined): string {
  const parts = [
    query.segment
      ? `Сегмент: ${segmentName ?? "сохранённый сегмент"}`
      : query.rule
        ? `Сегмент: ${query.rule}`
        : "Все животные",
  ];
  if (query.lact_group) parts.push(`лактация: ${HERD_LACT_GROUP_LABELS[query.lact_group]}`);
  if (query.pen) parts.push(`группа: ${query.pen}`);
  parts.push(`сравнение: ${HERD_REPORT_COMPARISON_LABELS[query.compare].toLowerCase()}`);
  return parts.join("; ");
}

/**
 * The XLSX's file name: «Молоко — Стадо «Заря» — 01.01.2026–31.03.2026.xlsx», the herd's name in
 * it so that exports of several herds for the same period do not overwrite each other.
 */
export function exportFileName(title: string, database: string | undefined, period: { from: string; to: string }) {
  return `${title} — ${database ?? "база"} — ${formatDay(period.from)}–${formatDay(period.to)}.xlsx`;
}
