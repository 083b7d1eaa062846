import { BarChart, LineChart } from "echarts/charts";
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import ReactEChartsCore from "echarts-for-react/esm/core";
import { useMemo } from "react";
import { useTheme } from "../../../shared/hooks/use-theme.ts";
import { type EnergyMeterRow, energyChartOption } from "../lib/chart-options.ts";

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, DataZoomComponent, SVGRenderer]);

interface EnergyChartProps {
  buckets: readonly string[];
  meters: readonly EnergyMeterRow[];
  timeZone: string;
  grain: "hour" | "day";
}

/** kWh per hour or day: feeders stacked, the input as a line. */
export function EnergyChart({ buckets, meters, timeZone, grain }: EnergyChartProps) {
  const dark = useTheme() === "black";
  const option = useMemo(() => energyChartOption(buckets, meters, timeZone, grain), [buckets, meters, timeZone, grain]);
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
