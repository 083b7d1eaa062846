import type { HerdReportChart } from "@nadoy/contract/herd-reports";
import { formatFigure, monthLabel, type ReportDrill } from "./report-format.ts";

/**
 * The ECharts option of a report chart: months on the x axis, one bar or line series per series.
 * Bars (counts) stand on 0; a line (an average or a rate) is scaled to its data, else fat at 3,8–3,9 %
 * is a flat line. The tooltip writes each value as the tables do.
 */
export function reportChartOption(chart: HerdReportChart) {
  return {
    backgroundColor: "transparent",
    animation: false,
    legend: { bottom: 0 },
    grid: { left: 48, right: 16, top: 24, bottom: 56 },
    tooltip: { trigger: "axis" },
    xAxis: { type: "category", data: chart.x.map(monthLabel) },
    yAxis: chart.kind === "bar" ? { type: "value", minInterval: 1 } : { type: "value", scale: true },
    series: chart.series.map((series) => ({
      name: series.label,
      type: chart.kind,
      tooltip: {
        valueFormatter: (value: unknown) => formatFigure(series.key, typeof value === "number" ? value : null),
      },
      // A pointer over what opens the animals, none over the rest.
      cursor: "pointer",
      data: series.values.map((value, i) => ({ value, cursor: series.drills[i] ? "pointer" : "default" })),
    })),
  };
}

/** The drill of the clicked bar or point (ECharts' click event), null when it has none. */
export function chartDrillAt(
  chart: HerdReportChart,
  event: { seriesIndex?: number; dataIndex?: number },
): ReportDrill | null {
  const series = event.seriesIndex === undefined ? undefined : chart.series[event.seriesIndex];
  if (!series || event.dataIndex === undefined) return null;
  const drill = series.drills[event.dataIndex];
  const month = chart.x[event.dataIndex];
  if (!drill || month === undefined) return null;
  return { drill, label: `${series.label}, ${monthLabel(month)}`, value: series.values[event.dataIndex] ?? null };
}
