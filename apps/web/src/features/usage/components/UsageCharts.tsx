import type { UsageReport } from "@nadoy/contract/usage";
import { Card, Flex } from "antd";
import dayjs from "dayjs";
import { BarChart, LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import ReactEChartsCore from "echarts-for-react/esm/core";
import { useTheme } from "../../../shared/hooks/use-theme.ts";
import { sectionTitle } from "../lib/section-names.ts";

// The charts of /user-reports. This module (and ECharts with it) is loaded lazily by the page: only
// the parts used here are registered, never the whole library.

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** The sections chart shows this many, most visited first. */
export const CHART_SECTIONS = 15;

/** The height kept under the day chart's axis labels for its legend. */
const LEGEND_ROOM = 32;

const common = { backgroundColor: "transparent", tooltip: { trigger: "axis" }, animation: false } as const;

export function byDayOption(byDay: UsageReport["by_day"]) {
  return {
    ...common,
    // The legend under the chart: on top it ran into the axis names «Переходы» and «Пользователи».
    legend: { data: ["Переходы", "Пользователи"], bottom: 0 },
    grid: { left: 48, right: 48, top: 40, bottom: LEGEND_ROOM + 24 },
    xAxis: { type: "category", data: byDay.map((d) => dayjs(d.day).format("DD.MM")) },
    yAxis: [
      { type: "value", name: "Переходы", minInterval: 1 },
      { type: "value", name: "Пользователи", minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      { name: "Переходы", type: "bar", data: byDay.map((d) => d.hits) },
      { name: "Пользователи", type: "line", yAxisIndex: 1, smooth: true, data: byDay.map((d) => d.users) },
    ],
  };
}

export function bySectionOption(bySection: UsageReport["by_section"]) {
  const shown = bySection.slice(0, CHART_SECTIONS).reverse();
  return {
    ...common,
    grid: { left: 16, right: 32, top: 16, bottom: 24, containLabel: true },
    xAxis: { type: "value", minInterval: 1 },
    yAxis: { type: "category", axisLabel: { interval: 0 }, data: shown.map((s) => sectionTitle(s.section)) },
    series: [{ name: "Переходы", type: "bar", data: shown.map((s) => s.hits) }],
  };
}

function Chart({ label, option, height }: { label: string; option: object; height: number }) {
  const dark = useTheme() === "black";
  return (
    <figure aria-label={label} style={{ margin: 0 }}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        theme={dark ? "dark" : undefined}
        opts={{ renderer: "svg" }}
        style={{ height, width: "100%" }}
      />
    </figure>
  );
}

/** Hits and users by day; hits by section. */
export function UsageCharts({ report }: { report: UsageReport }) {
  const sections = Math.min(report.by_section.length, CHART_SECTIONS);
  return (
    <Flex vertical gap="middle">
      <Card size="small" title="По дням">
        <Chart label="Переходы и пользователи по дням" option={byDayOption(report.by_day)} height={320} />
      </Card>
      <Card size="small" title="По разделам">
        <Chart label="Переходы по разделам" option={bySectionOption(report.by_section)} height={80 + sections * 28} />
      </Card>
    </Flex>
  );
}
