import type { MonitoringChannel } from "@nadoy/contract/monitoring";
import { CustomChart } from "echarts/charts";
import { DataZoomComponent, GridComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import ReactEChartsCore from "echarts-for-react/esm/core";
import { useMemo } from "react";
import { useTheme } from "../../../shared/hooks/use-theme.ts";
import { timelineOption } from "../lib/chart-options.ts";

echarts.use([CustomChart, GridComponent, TooltipComponent, DataZoomComponent, SVGRenderer]);

interface StateTimelineProps {
  channels: readonly MonitoringChannel[];
  names: readonly string[];
  timeZone: string;
}

/** A row per channel: its runs of each state, coloured as the channel's states are. */
export function StateTimeline({ channels, names, timeZone }: StateTimelineProps) {
  const dark = useTheme() === "black";
  const option = useMemo(() => timelineOption(channels, names, timeZone), [channels, names, timeZone]);
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      theme={dark ? "dark" : undefined}
      opts={{ renderer: "svg" }}
      style={{ height: Math.max(160, 60 + channels.length * 44), width: "100%" }}
    />
  );
}
