import { type HerdReportChart, herdMonthPart } from "@nadoy/contract/herd-reports";
import { countsAnimals, formatFigure, monthLabel, type ReportDrill } from "./report-format.ts";

/** The report's period: the months it cuts (its first and last) are named by their days. */
export type ChartPeriod = { from: string; to: string };

const MONTH = /^\d{4}-\d{2}$/;

/** Whether the period covers only some days of x value `x` (a month it cuts); false for any other x. */
const partial = (x: string, period: ChartPeriod | undefined) =>
  period !== undefined && MONTH.test(x) && herdMonthPart(x, period) !== null;

/**
 * The ECharts option of a report chart: months on the x axis, one bar or line series per series.
 * Bars (counts) stand on 0; a line (an average or a rate) is scaled to its data, else fat at 3,8–3,9 %
 * is a flat line. The y axis names what is counted (the chart's unit: «гол.», «отёлов», «сл.»). The
 * tooltip writes each value as the tables do. A month the period cuts is labelled by its days
 * («29–30 ноя 2025») and its bars drawn paler: its count is of those days, not of a whole month.
 */
export function reportChartOption(chart: HerdReportChart, period?: ChartPeriod) {
  const name = chart.unit || undefined;
  return {
    backgroundColor: "transparent",
    animation: false,
    legend: { bottom: 0 },
    grid: { left: 48, right: 16, top: 32, bottom: 56 },
    tooltip: { trigger: "axis" },
    xAxis: { type: "category", data: chart.x.map((x) => monthLabel(x, period)) },
    yAxis: chart.kind === "bar" ? { type: "value", minInterval: 1, name } : { type: "value", scale: true, name },
    series: chart.series.map((series) => ({
      name: series.label,
      type: chart.kind,
      tooltip: {
        valueFormatter: (value: unknown) => formatFigure(series.key, typeof value === "number" ? value : null),
      },
      // A pointer over what opens the animals, none over the rest.
      cursor: "pointer",
      data: series.values.map((value, i) => ({
        value,
        cursor: series.drills[i] ? "pointer" : "default",
        itemStyle: chart.kind === "bar" && partial(chart.x[i] ?? "", period) ? { opacity: 0.45 } : undefined,
      })),
    })),
  };
}

/** The drill of the clicked bar or point (ECharts' click event), null when it has none. */
export function chartDrillAt(
  chart: HerdReportChart,
  event: { seriesIndex?: number; dataIndex?: number },
  period?: ChartPeriod,
): ReportDrill | null {
  const series = event.seriesIndex === undefined ? undefined : chart.series[event.seriesIndex];
  if (!series || event.dataIndex === undefined) return null;
  const drill = series.drills[event.dataIndex];
  const month = chart.x[event.dataIndex];
  if (!drill || month === undefined) return null;
  return {
    drill,
    label: `${series.label}, ${monthLabel(month, period)}`,
    value: series.values[event.dataIndex] ?? null,
    animals: countsAnimals(chart.unit),
  };
}
