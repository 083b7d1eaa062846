import { type DtmTransfers, TRANSFER_RESULT_LABELS, TRANSFER_RESULTS } from "@nadoy/contract/dtm";
import dayjs from "dayjs";
import { BarChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import ReactEChartsCore from "echarts-for-react/esm/core";
import { useTheme } from "../../../shared/hooks/use-theme.ts";

// Transfers per day, stacked by result. Loaded lazily by the page (ECharts is heavy): only the
// parts used here are registered.

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

const COLORS = { ok: "#52c41a", partial: "#faad14", failed: "#ff4d4f", refused: "#8c8c8c" } as const;

export function perDayOption(perDay: DtmTransfers["per_day"]) {
  return {
    backgroundColor: "transparent",
    animation: false,
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    legend: { data: TRANSFER_RESULTS.map((r) => TRANSFER_RESULT_LABELS[r]), bottom: 0 },
    grid: { left: 40, right: 16, top: 16, bottom: 56 },
    xAxis: { type: "category", data: perDay.map((d) => dayjs(d.day).format("DD.MM")) },
    yAxis: { type: "value", minInterval: 1 },
    series: TRANSFER_RESULTS.map((result) => ({
      name: TRANSFER_RESULT_LABELS[result],
      type: "bar",
      stack: "transfers",
      itemStyle: { color: COLORS[result] },
      data: perDay.map((d) => d[result]),
    })),
  };
}

export function TransfersChart({ perDay }: { perDay: DtmTransfers["per_day"] }) {
  const dark = useTheme() === "black";
  return (
    <figure aria-label="Передачи по дням" style={{ margin: 0 }}>
      <ReactEChartsCore
        echarts={echarts}
        option={perDayOption(perDay)}
        notMerge
        theme={dark ? "dark" : undefined}
        opts={{ renderer: "svg" }}
        style={{ height: 260, width: "100%" }}
      />
    </figure>
  );
}
