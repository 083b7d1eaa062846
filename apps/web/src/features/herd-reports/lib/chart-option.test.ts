import { describe, expect, it } from "vitest";
import { animalsCount } from "../../../shared/herd/animals-count.ts";
import { chartDrillAt, reportChartOption } from "./chart-option.ts";
import { formatFigure, kpiDirection, monthLabel } from "./report-format.ts";

const chart = {
  key: "exits",
  title: "Выбытие по месяцам",
  kind: "bar" as const,
  unit: "гол.",
  x: ["2026-03", "2026-04"],
  series: [
    { key: "sold", label: "Продано", values: [4, 0], drills: ["t-sold-03", null] },
    { key: "died", label: "Пало", values: [1, 2], drills: ["t-died-03", "t-died-04"] },
  ],
};

describe("report charts", () => {
  it("label months in Russian and draw one series per series", () => {
    expect(monthLabel("2026-03")).toBe("мар 2026");
    expect(monthLabel("2025-12")).toBe("дек 2025");
    const option = reportChartOption(chart);
    expect(option.xAxis.data).toEqual(["мар 2026", "апр 2026"]);
    expect(option.series.map((s) => [s.name, s.type, s.data.map((d) => d.value)])).toEqual([
      ["Продано", "bar", [4, 0]],
      ["Пало", "bar", [1, 2]],
    ]);
  });

  it("turn a click on a bar into its drill, and a click on a bar without one into nothing", () => {
    expect(chartDrillAt(chart, { seriesIndex: 1, dataIndex: 1 })).toEqual({
      drill: "t-died-04",
      label: "Пало, апр 2026",
      value: 2,
      animals: true,
    });
    expect(chartDrillAt(chart, { seriesIndex: 0, dataIndex: 1 })).toBeNull();
    expect(chartDrillAt(chart, {})).toBeNull();
  });

  it("name on the y axis what is counted, and say a bar of calvings does not count animals", () => {
    const calvings = { ...chart, key: "calvings", unit: "отёлов" };
    expect(reportChartOption(chart).yAxis).toEqual({ type: "value", minInterval: 1, name: "гол." });
    expect(reportChartOption(calvings).yAxis).toEqual({ type: "value", minInterval: 1, name: "отёлов" });
    expect(chartDrillAt(calvings, { seriesIndex: 0, dataIndex: 0 })?.animals).toBe(false);
  });

  it("label a month the period cuts by its days and draw its bars paler; whole months as they are", () => {
    // The default period, the 12 months to today: 29.11.2025 … 28.11.2026.
    const period = { from: "2025-11-29", to: "2026-11-28" };
    const months = ["2025-11", "2025-12", "2026-10", "2026-11"];
    const year = {
      ...chart,
      x: months,
      series: [{ key: "sold", label: "Продано", values: [1, 30, 31, 25], drills: [] }],
    };
    const option = reportChartOption(year, period);
    expect(option.xAxis.data).toEqual(["29–30 ноя 2025", "дек 2025", "окт 2026", "1–28 ноя 2026"]);
    expect(option.series[0]?.data.map((d) => d.itemStyle?.opacity ?? 1)).toEqual([0.45, 1, 1, 0.45]);
    // A period of one day in a month, and one of whole months, which none is cut.
    expect(monthLabel("2026-02", { from: "2026-02-14", to: "2026-02-14" })).toBe("14 фев 2026");
    expect(reportChartOption(year, { from: "2025-11-01", to: "2026-11-30" }).xAxis.data).toEqual([
      "ноя 2025",
      "дек 2025",
      "окт 2026",
      "ноя 2026",
    ]);
    // The drawer's title names the same days.
    const drills = { ...year, series: [{ ...year.series[0], drills: ["t1", null, null, null] }] } as typeof year;
    expect(chartDrillAt(drills, { seriesIndex: 0, dataIndex: 0 }, period)?.label).toBe("Продано, 29–30 ноя 2025");
    // A chart by something else than months (weeks of lactation) is as it was.
    expect(reportChartOption({ ...chart, x: ["1", "2"] }, period).xAxis.data).toEqual(["1", "2"]);
  });
});

describe("report figures", () => {
  it("say which way a KPI moved for the better", () => {
    expect(kpiDirection({ key: "born", value: 120, compare_value: 100, better: "higher" })).toBe("better");
    expect(kpiDirection({ key: "died", value: 9, compare_value: 6, better: "lower" })).toBe("worse");
    expect(kpiDirection({ key: "died", value: 5, compare_value: 6, better: "lower" })).toBe("better");
    expect(kpiDirection({ key: "died", value: 6, compare_value: 6, better: "lower" })).toBe("neutral");
    expect(kpiDirection({ key: "herd", value: 640, compare_value: null, better: null })).toBe("neutral");
    // Fat is shown to the hundredth: 3,874 against 3,876 shows as no change, so no colour.
    expect(kpiDirection({ key: "fat", value: 3.874, compare_value: 3.876, better: "higher" })).toBe("neutral");
    expect(kpiDirection({ key: "fat", value: 3.87, compare_value: 3.88, better: "higher" })).toBe("worse");
  });

  it("write fat, protein, their ratio, SCS and services per pregnancy to the hundredth", () => {
    expect(formatFigure("fat", 3.87)).toBe("3,87");
    expect(formatFigure("protein", 3.3)).toBe("3,30");
    expect(formatFigure("fp", 1.18)).toBe("1,18");
    expect(formatFigure("scs", 3.52)).toBe("3,52");
    expect(formatFigure("spc", 2.99)).toBe("2,99");
    expect(formatFigure("scc", 204.4)).toBe("204");
    expect(formatFigure("milk", 31.34)).toBe("31,3");
    expect(formatFigure("cows", 1827)).toBe((1827).toLocaleString("ru-RU"));
    expect(formatFigure("fat", null)).toBe("—");
  });

  it("tooltips write a series' values as the tables do; a line is scaled to its data, bars stand on 0", () => {
    const components = {
      key: "components",
      title: "Жир и белок по месяцам, %",
      kind: "line" as const,
      unit: "%",
      x: ["2026-03"],
      series: [{ key: "fat", label: "Жир", values: [3.9], drills: [null] }],
    };
    const option = reportChartOption(components);
    expect(option.series[0]?.tooltip.valueFormatter(3.9)).toBe("3,90");
    expect(option.yAxis).toEqual({ type: "value", scale: true, name: "%" });
  });

  it("count animals in Russian", () => {
    expect(animalsCount(1)).toBe("1 животное");
    expect(animalsCount(12)).toBe("12 животных");
    expect(animalsCount(21)).toBe("21 животное");
    expect(animalsCount(1234)).toBe(`${(1234).toLocaleString("ru-RU")} животных`);
  });
});
