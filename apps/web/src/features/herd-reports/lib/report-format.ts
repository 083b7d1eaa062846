import type { HerdReportKpi } from "@nadoy/contract/herd-reports";

/** A clicked number of the report: the animals behind it, what it is called, and the number shown. */
export interface ReportDrill {
  drill: string;
  label: string;
  value: number | null;
}

const MONTHS = ["янв", "фев", "мар", "апр", "май", "июн", "июл", "авг", "сен", "окт", "ноя", "дек"];

/** A chart's month «2026-03» as «мар 2026». */
export function monthLabel(month: string): string {
  const [year, number] = month.split("-");
  const name = MONTHS[Number(number) - 1];
  return name && year ? `${name} ${year}` : month;
}

export type Direction = "better" | "worse" | "neutral";

/** Whether a KPI moved the good way since the comparison period (neutral when unknown or equal). */
export function kpiDirection(kpi: Pick<HerdReportKpi, "value" | "compare_value" | "better">): Direction {
  if (kpi.better === null || kpi.value === null || kpi.compare_value === null) return "neutral";
  const change = kpi.value - kpi.compare_value;
  if (change === 0) return "neutral";
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
