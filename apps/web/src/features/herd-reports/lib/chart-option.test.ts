import { describe, expect, it } from "vitest";
import { animalsCount } from "../../../shared/herd/animals-count.ts";
import { chartDrillAt, reportChartOption } from "./chart-option.ts";
import { kpiDirection, monthLabel } from "./report-format.ts";

const chart = {
  key: "exits",
  title: "Выбытие по месяцам",
  kind: "bar" as const,
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
    });
    expect(chartDrillAt(chart, { seriesIndex: 0, dataIndex: 1 })).toBeNull();
    expect(chartDrillAt(chart, {})).toBeNull();
  });
});

describe("report figures", () => {
  it("say which way a KPI moved for the better", () => {
    expect(kpiDirection({ value: 120, compare_value: 100, better: "higher" })).toBe("better");
    expect(kpiDirection({ value: 9, compare_value: 6, better: "lower" })).toBe("worse");
    expect(kpiDirection({ value: 5, compare_value: 6, better: "lower" })).toBe("better");
    expect(kpiDirection({ value: 6, compare_value: 6, better: "lower" })).toBe("neutral");
    expect(kpiDirection({ value: 640, compare_value: null, better: null })).toBe("neutral");
  });

  it("count animals in Russian", () => {
    expect(animalsCount(1)).toBe("1 животное");
    expect(animalsCount(12)).toBe("12 животных");
    expect(animalsCount(21)).toBe("21 животное");
    expect(animalsCount(1234)).toBe(`${(1234).toLocaleString("ru-RU")} животных`);
  });
});
