import type { MonitoringSeries, MonitoringSeriesPoints } from "@nadoy/contract/monitoring";
import { describe, expect, it } from "vitest";
import { categoryChartOption } from "./category-chart.ts";
import { energyChartOption, lineChartOption, linePoints, timelineItems } from "./chart-options.ts";
import { exportFileName, toCsv } from "./csv.ts";

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
    const option = lineChartOption(
      [series([])],
      new Map([[1, sensor]]),
      "Asia/Novosibirsk",
      () => "Танк 1 — Температура",
    );
    expect(option.series[0]?.name).toBe("Танк 1 — Температура, °C");
    expect(option.series[0]?.markLine?.data).toEqual([
      { yAxis: 6, name: "Верхний порог" },
      { yAxis: 2, name: "Нижний порог" },
    ]);
    // The axis shows the site's clock: 00:00Z is 07:00 in UTC+7.
    expect(option.xAxis.axisLabel.formatter(Date.parse("2026-03-10T00:00:00Z"))).toBe("10.03 07:00");
  });

  it("names two devices' sensors of one name apart: one legend entry and one colour each", () => {
    const compressor = (id: number) => ({ id, name: "Мощность компрессора", unit: "кВт", low: null, high: null });
    const sensors = new Map([1, 2].map((id) => [id, compressor(id) as MonitoringSeries]));
    const devices: Record<number, string> = { 1: "Танк-охладитель №1", 2: "Танк-охладитель №2" };
    const option = lineChartOption(
      [
        { ...series([]), id: 1 },
        { ...series([]), id: 2 },
      ],
      sensors,
      "Europe/Moscow",
      (id) => `${devices[id]} — Мощность компрессора`,
    );
    expect(option.series.map((s) => s.name)).toEqual([
      "Танк-охладитель №1 — Мощность компрессора, кВт",
      "Танк-охладитель №2 — Мощность компрессора, кВт",
    ]);
  });

  it("writes value axes in Russian notation and keeps threshold labels inside the plot", () => {
    const sensor = { id: 1, name: "Температура", unit: "°C", low: 2, high: 6 } as MonitoringSeries;
    const line = lineChartOption([series([])], new Map([[1, sensor]]), "Europe/Moscow", () => "Температура");
    const energy = energyChartOption([], [], "Europe/Moscow", "day");
    const category = categoryChartOption(["Пн"], [{ name: "Ввод", type: "bar", data: [1200] }], "кВт·ч", {
      value: 6,
      label: "Порог 6 %",
    });
    for (const axis of [line.yAxis, energy.yAxis, category.yAxis]) {
      // «1 200» with a (narrow) no-break space, not «1,200»; a decimal comma.
      expect(axis.axisLabel.formatter(1200).replace(/\s/g, " ")).toBe("1 200");
      expect(axis.axisLabel.formatter(0.5)).toBe("0,5");
    }
    expect(line.series[0]?.markLine?.label.position).toBe("insideEndTop");
    expect(category.series[0]?.markLine?.label.position).toBe("insideEndTop");
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

  it("writes figures in CSV as the screen rounds them, without floating-point noise", () => {
    expect(toCsv([[1018.2600000000093, 960.4599999999999, 0.23074247277386378, 52.190000000000055, 7]])).toBe(
      "1018,26;960,46;0,23;52,19;7",
    );
  });

  it("names an export by the database once and the site's days as dd.mm.yyyy", () => {
    const range = { from: "2026-11-26T21:00:00.000Z", to: "2026-11-28T03:40:00.000Z" };
    expect(exportFileName("Мониторинг оборудования «Заря»", "датчики", range, "Europe/Moscow")).toBe(
      "Мониторинг оборудования «Заря» — датчики, 27.11.2026–28.11.2026",
    );
    const today = { from: "2026-11-27T21:00:00.000Z", to: "2026-11-28T03:40:00.000Z" };
    expect(exportFileName("Заря", "состояния", today, "Europe/Moscow")).toBe("Заря — состояния, 28.11.2026");
  });
});
