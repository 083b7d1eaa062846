import type { HerdTestDay } from "@nadoy/contract/herd";
import { formatDay, formatNumber } from "./herd-format.ts";

/** One point of the curve: [DIM, milk kg], with the test day for the tooltip. */
interface CurvePoint {
  value: [number, number];
  testDay: HerdTestDay;
}

/** Test days that can be drawn (a DIM and a milk weight), grouped by lactation, lactations in order. */
export function curveSeries(testDays: readonly HerdTestDay[]): { lact: number; points: CurvePoint[] }[] {
  const byLact = new Map<number, CurvePoint[]>();
  for (const testDay of testDays) {
    if (testDay.dim === null || testDay.milk_kg === null) continue;
    const points = byLact.get(testDay.lact) ?? [];
    points.push({ value: [testDay.dim, testDay.milk_kg], testDay });
    byLact.set(testDay.lact, points);
  }
  return [...byLact.entries()]
    .sort(([a], [b]) => a - b)
    .map(([lact, points]) => ({ lact, points: points.sort((a, b) => a.value[0] - b.value[0]) }));
}

const percent = (value: number | null) => (value === null ? "—" : `${formatNumber(value, 2)} %`);

/** The tooltip of a point: its lactation, day, DIM and every measure of the test day. */
export function curveTooltip(seriesName: string, testDay: HerdTestDay): string {
  return [
    `<b>${seriesName}</b>`,
    `${formatDay(testDay.date)}, ДИМ ${formatNumber(testDay.dim)}`,
    `Молоко: ${formatNumber(testDay.milk_kg, 1)} кг`,
    `Жир: ${percent(testDay.fat_pct)}`,
    `Белок: ${percent(testDay.protein_pct)}`,
    `Соматические клетки: ${formatNumber(testDay.scc)} тыс./мл`,
  ].join("<br/>");
}

export const lactationName = (lact: number) => `Лактация ${lact}`;

/** The lactation curve: milk kg by days in milk, one line per lactation. */
export function lactationCurveOption(testDays: readonly HerdTestDay[]) {
  return {
    backgroundColor: "transparent",
    animation: false,
    legend: { bottom: 0 },
    grid: { left: 48, right: 24, top: 32, bottom: 56 },
    tooltip: {
      trigger: "item",
      formatter: (params: { seriesName: string; data: CurvePoint }) =>
        curveTooltip(params.seriesName, params.data.testDay),
    },
    xAxis: { type: "value", name: "ДИМ", nameLocation: "middle", nameGap: 28, min: 0 },
    yAxis: { type: "value", name: "Молоко, кг" },
    series: curveSeries(testDays).map(({ lact, points }) => ({
      name: lactationName(lact),
      type: "line",
      showSymbol: true,
      data: points,
    })),
  };
}
