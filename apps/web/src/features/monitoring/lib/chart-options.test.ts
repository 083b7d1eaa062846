import type { MonitoringSeries, MonitoringSeriesPoints } from "@nadoy/contract/monitoring";
import { describe, expect, it } from "vitest";
import { lineChartOption, linePoints, timelineItems } from "./chart-options.ts";
import { toCsv } from "./csv.ts";

/** A bucket, its times written as ISO text here and sent as epoch ms (the contract's form). */
const point = (t: string, min: number, minAt: string, max: number, maxAt: string) => ({
  t: Date.parse(t),
  count: 3,
  min,
  min_at: Date.parse(minAt),
  max,
  max_at: Date.parse(maxAt),
  avg: (min + max) / 2,
});

type Point = ReturnType<typeof point>;

/** The contract's columns of these buckets. */
const columns = (points: Point[]): MonitoringSeriesPoints["points"] => ({
  t: points.map((p) => p.t),
  count: points.map((p) => p.count),
  min: points.map((p) => p.min),
  min_at: points.map((p) => p.min_at),
  max: points.map((p) => p.max),
  max_at: points.map((p) => p.max_at),
  avg: points.map((p) => p.avg),
});

const series = (points: Point[]): MonitoringSeriesPoints => ({
  id: 1,
  source: "raw",
  step_seconds: 60,
  points: columns(points),
  stats: { count: 0, min: null, max: null, avg: null },
  previous_stats: { count: 0, min: null, max: null, avg: null },
  thresholds: { count: 0, seconds: 0, items: [] },
  previous_thresholds: { count: 0, seconds: 0, items: [] },
});

describe("monitoring chart options", () => {
  it("draws each bucket's min and max where they were read, in time order, one point when equal", () => {
    const data = series([
      point("2026-03-10T00:00:00.000Z", 1, "2026-03-10T00:00:40.000Z", 5, "2026-03-10T00:00:10.000Z"),
      point("2026-03-10T00:01:00.000Z", 3, "2026-03-10T00:01:00.000Z", 3, "2026-03-10T00:01:00.000Z"),
    ]);
    expect(linePoints(data)).toEqual([
      [Date.parse("2026-03-10T00:00:10.000Z"), 5],
      [Date.parse("2026-03-10T00:00:40.000Z"), 1],
      [Date.parse("2026-03-10T00:01:00.000Z"), 3],
    ]);
  });

  it("marks a sensor's thresholds as dashed lines", () => {
    const sensor = { id: 1, name: "Температура", unit: "°C", low: 2, high: 6 } as MonitoringSeries;
    const option = lineChartOption([series([])], new Map([[1, sensor]]), "Asia/Novosibirsk");
    expect(option.series[0]?.name).toBe("Температура, °C");
    expect(option.series[0]?.markLine?.data).toEqual([
      { yAxis: 6, name: "Верхний порог" },
      { yAxis: 2, name: "Нижний порог" },
    ]);
    // The axis shows the site's clock: 00:00Z is 07:00 in UTC+7.
    expect(option.xAxis.axisLabel.formatter(Date.parse("2026-03-10T00:00:00Z"))).toBe("10.03 07:00");
  });

  it("gives each run of a timeline its row, its state's name and colour", () => {
    const items = timelineItems([
      {
        id: 11,
        segments: [{ state: "fault", start: "2026-03-10T00:00:00.000Z", end: "2026-03-10T01:00:00.000Z" }],
        unknown_seconds: 0,
        states: [{ code: "fault", name: "Авария", color: "#d32f2f", seconds: 3600, share: 1 }],
        current: null,
      },
    ]);
    expect(items).toEqual([
      {
        value: [0, Date.parse("2026-03-10T00:00:00Z"), Date.parse("2026-03-10T01:00:00Z")],
        name: "Авария",
        itemStyle: { color: "#d32f2f" },
      },
    ]);
  });

  it("writes CSV for a Russian Excel: semicolons, decimal commas, quoted text", () => {
    expect(
      toCsv([
        ["Ряд", "Значение"],
        ["Танк «1»; левый", 4.5],
      ]),
    ).toBe('Ряд;Значение\r\n"Танк «1»; левый";4,5');
  });
});
