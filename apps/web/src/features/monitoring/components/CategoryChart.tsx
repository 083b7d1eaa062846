import { BarChart, LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import ReactEChartsCore from "echarts-for-react/esm/core";
import { useMemo } from "react";
import { useTheme } from "../../../shared/hooks/use-theme.ts";
import { type CategorySeries, type ChartThreshold, categoryChartOption } from "../lib/category-chart.ts";

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, MarkLineComponent, SVGRenderer]);

interface CategoryChartProps {
  categories: readonly string[];
  series: readonly CategorySeries[];
  unit: string;
  threshold?: ChartThreshold;
  label: string;
}

/** Bars or lines over categories (hours, weekdays, days, meters), the previous period beside them. */
export function CategoryChart({ categories, series, unit, threshold, label }: CategoryChartProps) {
  const dark = useTheme() === "black";
  const option = useMemo(
    () => categoryChartOption(categories, series, unit, threshold),
    [categories, series, unit, threshold],
  );
  return (
    <figure aria-label={label} style={{ margin: 0 }}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        theme={dark ? "dark" : undefined}
        opts={{ renderer: "svg" }}
        style={{ height: 340, width: "100%" }}
      />
    </figure>
  );
}
