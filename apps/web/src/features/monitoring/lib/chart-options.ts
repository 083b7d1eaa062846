import type { MonitoringChannel, MonitoringSeries, MonitoringSeriesPoints } from "@nadoy/contract/monitoring";
import { dayjs, figure } from "./site-time.ts";

// ECharts options of the monitoring charts, as plain data (tested without a canvas). Axes and
// tooltips show the site's wall clock, whatever the browser's zone.

const axisTime = (timeZone: string) => (value: number) => dayjs(value).tz(timeZone).format("DD.MM HH:mm");

/** A value axis in Russian notation («1 200», «0,5»), as the tooltips: ECharts' own writes «1,200». */
export const valueAxisLabel = { formatter: (value: number) => figure(value) };

/**
 * A threshold's label inside the plot, above its line at the right end: at the line's end (the
 * default) it runs past the grid and is cut to «Вер».
 */
export const thresholdLabelPosition = "insideEndTop" as const;

/**
 * A bucket's min and max as two points in time order (its min where it was read, its max too):
 * a peak inside a bucket survives, and a chart never gets more than two points a pixel.
 */
export function linePoints(series: MonitoringSeriesPoints): [number, number][] {
  const { min, min_at, max, max_at } = series.points;
  const line: [number, number][] = [];
  min.forEach((low, i) => {
    const high = max[i] ?? low;
    const lo: [number, number] = [min_at[i] ?? Number.NaN, low];
    const hi: [number, number] = [max_at[i] ?? Number.NaN, high];
    if (low === high) line.push(lo);
    else if (lo[0] <= hi[0]) line.push(lo, hi);
    else line.push(hi, lo);
  });
  return line;
}

/**
 * A multi-series line chart with dataZoom and each series' thresholds as dashed lines. Each line
 * is named as the page names its series (`label`: «Танк-охладитель №1 — Мощность компрессора»),
 * with its unit: ECharts colours and lists lines by name, so two devices' sensors of one name
 * would share a colour and a legend entry.
 */
export function lineChartOption(
  data: readonly MonitoringSeriesPoints[],
  series: ReadonlyMap<number, MonitoringSeries>,
  timeZone: string,
  label: (id: number) => string,
) {
  const nameOf = (id: number) => {
    const unit = series.get(id)?.unit;
    return `${label(id)}${unit ? `, ${unit}` : ""}`;
  };
  return {
    animation: false,
    grid: { left: 48, right: 24, top: 40, bottom: 72 },
    legend: { top: 0, type: "scroll" as const },
    tooltip: {
      trigger: "axis" as const,
      axisPointer: { label: { formatter: ({ value }: { value: number }) => axisTime(timeZone)(value) } },
      valueFormatter: (value: number) => figure(value),
    },
    xAxis: { type: "time" as const, axisLabel: { formatter: axisTime(timeZone), hideOverlap: true } },
    yAxis: { type: "value" as const, scale: true, axisLabel: valueAxisLabel },
    dataZoom: [{ type: "inside" as const }, { type: "slider" as const, bottom: 16 }],
    series: data.map((d) => {
      const s = series.get(d.id);
      const lines = [
        ...(s?.high !== null && s?.high !== undefined ? [{ yAxis: s.high, name: "Верхний порог" }] : []),
        ...(s?.low !== null && s?.low !== undefined ? [{ yAxis: s.low, name: "Нижний порог" }] : []),
      ];
      return {
        type: "line" as const,
        name: nameOf(d.id),
        showSymbol: false,
        sampling: undefined,
        data: linePoints(d),
        ...(lines.length > 0 && {
          markLine: {
            symbol: "none",
            lineStyle: { type: "dashed" as const },
            label: {
              position: thresholdLabelPosition,
              formatter: ({ name, value }: { name: string; value: number }) => `${name}: ${figure(value)}`,
            },
            data: lines,
          },
        }),
      };
    }),
  };
}

export interface TimelineItem {
  value: [number, number, number];
  name: string;
  itemStyle: { color: string };
}

const FALLBACK_COLOR = "#8c8c8c";

/** One bar per state run: [channel row, start, end], its state's name and colour. */
export function timelineItems(channels: readonly MonitoringChannel[]): TimelineItem[] {
  return channels.flatMap((channel, row) => {
    const states = new Map(channel.states.map((s) => [s.code, s]));
    return channel.segments.map((segment) => ({
      value: [row, Date.parse(segment.start), Date.parse(segment.end)] as [number, number, number],
      name: states.get(segment.state)?.name ?? segment.state,
      itemStyle: { color: states.get(segment.state)?.color ?? FALLBACK_COLOR },
    }));
  });
}

interface RenderApi {
  value(dimension: number): number;
  coord(point: [number, number]): [number, number];
  size(point: [number, number]): [number, number];
  style(): Record<string, unknown>;
}

/** A state timeline: a row per channel, an ECharts custom series drawing each run as a bar. */
export function timelineOption(channels: readonly MonitoringChannel[], names: readonly string[], timeZone: string) {
  return {
    animation: false,
    grid: { left: 160, right: 24, top: 16, bottom: 64 },
    tooltip: {
      formatter: ({ name, value }: { name: string; value: [number, number, number] }) =>
        `${name}: ${axisTime(timeZone)(value[1])} — ${axisTime(timeZone)(value[2])}`,
    },
    xAxis: { type: "time" as const, axisLabel: { formatter: axisTime(timeZone), hideOverlap: true } },
    yAxis: { type: "category" as const, data: [...names], inverse: true },
    dataZoom: [{ type: "inside" as const }, { type: "slider" as const, bottom: 12 }],
    series: [
      {
        type: "custom" as const,
        encode: { x: [1, 2], y: 0 },
        data: timelineItems(channels),
        renderItem: (_params: unknown, api: RenderApi) => {
          const row = api.value(0);
          const start = api.coord([api.value(1), row]);
          const end = api.coord([api.value(2), row]);
          const height = api.size([0, 1])[1] * 0.6;
          return {
            type: "rect",
            shape: { x: start[0], y: start[1] - height / 2, width: Math.max(1, end[0] - start[0]), height },
            style: api.style(),
          };
        },
      },
    ],
  };
}

export interface EnergyMeterRow {
  name: string;
  role: "input" | "feeder" | null;
  kwh: readonly number[];
}

/**
 * Hourly (or daily) kWh: the feeders and the meters of no substation as stacked bars (their sum
 * is what was used), the input meters as lines over them (input − the stack = losses).
 */
export function energyChartOption(
  buckets: readonly string[],
  meters: readonly EnergyMeterRow[],
  timeZone: string,
  grain: "hour" | "day",
) {
  const format = grain === "hour" ? "DD.MM HH:mm" : "DD.MM.YYYY";
  return {
    animation: false,
    grid: { left: 56, right: 24, top: 40, bottom: 72 },
    legend: { top: 0, type: "scroll" as const },
    tooltip: { trigger: "axis" as const, valueFormatter: (value: number) => `${figure(value)} кВт·ч` },
    xAxis: { type: "category" as const, data: buckets.map((b) => dayjs(b).tz(timeZone).format(format)) },
    yAxis: { type: "value" as const, name: "кВт·ч", axisLabel: valueAxisLabel },
    dataZoom: [{ type: "inside" as const }, { type: "slider" as const, bottom: 16 }],
    series: meters.map((m) =>
      m.role === "input"
        ? { type: "line" as const, name: m.name, showSymbol: false, data: [...m.kwh] }
        : { type: "bar" as const, name: m.name, stack: "meters", data: [...m.kwh] },
    ),
  };
}
