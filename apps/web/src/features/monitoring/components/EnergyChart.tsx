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
  /** The previous period's total per bucket, by position in it (its n-th over this one's n-th), dashed. */
  previous?: { name: string; kwh: readonly (number | null)[] };
}

/** kWh per hour or day: feeders stacked, the input as a line; the previous period's total dashed over them. */
export function EnergyChart({ buckets, meters, timeZone, grain, previous }: EnergyChartProps) {
  const dark = useTheme() === "black";
  const option = useMemo(() => {
    const base = energyChartOption(buckets, meters, timeZone, grain);
    if (!previous) return base;
    const line = {
      type: "line" as const,
      name: previous.name,
      showSymbol: false,
      connectNulls: false,
      lineStyle: { type: "dashed" as const },
      data: buckets.map((_, i) => previous.kwh[i] ?? null),
    };
    return { ...base, series: [...base.series, line] };
  }, [buckets, meters, timeZone, grain, previous]);
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
