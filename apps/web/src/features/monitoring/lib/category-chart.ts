import { thresholdLabelPosition, valueAxisLabel } from "./chart-options.ts";
import { figure } from "./site-time.ts";

// An ECharts option over named categories (hours, weekdays, days, meters) as plain data, tested
// without a canvas: bars or lines, the previous period dashed or pale, a threshold line with the
// bars above it in red.

export interface CategorySeries {
  name: string;
  type: "bar" | "line";
  data: readonly (number | null)[];
  /** The previous period's: dashed line, pale bar. */
  previous?: boolean;
}

export interface ChartThreshold {
  value: number;
  label: string;
}

const ABOVE = "#e5484d";

export function categoryChartOption(
  categories: readonly string[],
  series: readonly CategorySeries[],
  unit: string,
  threshold?: ChartThreshold,
) {
  return {
    animation: false,
    grid: { left: 56, right: 24, top: 40, bottom: 40 },
    legend: { top: 0, type: "scroll" as const },
    tooltip: { trigger: "axis" as const, valueFormatter: (value: number | null) => figure(value, unit) },
    xAxis: { type: "category" as const, data: [...categories] },
    yAxis: { type: "value" as const, name: unit, axisLabel: valueAxisLabel },
    series: series.map((s, i) => ({
      name: s.name,
      type: s.type,
      data: s.data.map((value) =>
        threshold && s.type === "bar" && !s.previous && value !== null && value > threshold.value
          ? { value, itemStyle: { color: ABOVE } }
          : value,
      ),
      connectNulls: false,
      ...(s.previous && s.type === "line" && { lineStyle: { type: "dashed" as const } }),
      ...(s.previous && s.type === "bar" && { itemStyle: { opacity: 0.45 } }),
      ...(threshold &&
        i === 0 && {
          markLine: {
            symbol: "none",
            data: [{ yAxis: threshold.value, name: threshold.label }],
            label: { position: thresholdLabelPosition, formatter: threshold.label },
            lineStyle: { color: ABOVE, type: "dashed" as const },
          },
        }),
    })),
  };
}
