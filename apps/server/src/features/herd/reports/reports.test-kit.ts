import type { HerdReport } from "@nadoy/contract/herd-reports";

/** Every number of a report that carries a drill token: the KPI cards, table cells and chart points. */
export function drillNumbers(report: HerdReport): { value: number; drill: string }[] {
  const numbers: { value: number; drill: string }[] = [];
  for (const k of report.kpis) if (k.drill && k.value !== null) numbers.push({ value: k.value, drill: k.drill });
  for (const cell of report.tables.flatMap((x) => x.rows.flatMap((row) => Object.values(row.cells)))) {
    if (cell.drill && cell.value !== null) numbers.push({ value: cell.value, drill: cell.drill });
  }
  for (const series of report.charts.flatMap((c) => c.series)) {
    series.values.forEach((value, i) => {
      const drill = series.drills[i];
      if (drill && value !== null) numbers.push({ value, drill });
    });
  }
  return numbers;
}
