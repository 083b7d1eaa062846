import type { HerdReportChart } from "@nadoy/contract/herd-reports";
import { BarChart, LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import ReactEChartsCore from "echarts-for-react/esm/core";
import { useMemo } from "react";
import { useTheme } from "../../../shared/hooks/use-theme.ts";
import { type ChartPeriod, chartDrillAt, reportChartOption } from "../lib/chart-option.ts";
import type { ReportDrill } from "../lib/report-format.ts";

// Loaded lazily by the report page (ECharts is heavy): only the parts these charts use are registered.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/**
 * A month-by-month chart of the report; a click on a bar or point opens the animals behind it. The
 * report's period names the months it cuts by their days.
 */
export function ReportChart({
  chart,
  period,
  onDrill,
}: {
  chart: HerdReportChart;
  period: ChartPeriod;
  onDrill: (drill: ReportDrill) => void;
}) {
  const dark = useTheme() === "black";
  const option = useMemo(() => reportChartOption(chart, period), [chart, period]);
  const onEvents = useMemo(
    () => ({
      click: (event: { seriesIndex?: number; dataIndex?: number }) => {
        const drill = chartDrillAt(chart, event, period);
        if (drill) onDrill(drill);
      },
    }),
    [chart, period, onDrill],
  );
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      onEvents={onEvents}
      theme={dark ? "dark" : undefined}
      opts={{ renderer: "svg" }}
      style={{ height: 320, width: "100%" }}
    />
  );
}
