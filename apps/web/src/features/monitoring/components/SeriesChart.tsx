import type { MonitoringSeries, MonitoringSeriesPoints } from "@nadoy/contract/monitoring";
import { LineChart } from "echarts/charts";
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
} from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import ReactEChartsCore from "echarts-for-react/esm/core";
import { useMemo } from "react";
import { useTheme } from "../../../shared/hooks/use-theme.ts";
import { lineChartOption } from "../lib/chart-options.ts";

echarts.use([
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  DataZoomComponent,
  MarkLineComponent,
  SVGRenderer,
]);

interface SeriesChartProps {
  data: readonly MonitoringSeriesPoints[];
  series: ReadonlyMap<number, MonitoringSeries>;
  timeZone: string;
  /** A series as the page names it, with its device («Танк-охладитель №1 — Мощность компрессора»). */
  label: (id: number) => string;
}

/** The chosen sensors over the range, in the site's time, with their thresholds. */
export function SeriesChart({ data, series, timeZone, label }: SeriesChartProps) {
  const dark = useTheme() === "black";
  const option = useMemo(() => lineChartOption(data, series, timeZone, label), [data, series, timeZone, label]);
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      theme={dark ? "dark" : undefined}
      opts={{ renderer: "svg" }}
      style={{ height: 380, width: "100%" }}
    />
  );
}
