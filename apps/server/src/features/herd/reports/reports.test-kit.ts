import type { HerdAnimalsPage } from "@nadoy/contract/herd";
import { HERD_ANIMALS_UNIT, type HerdReport } from "@nadoy/contract/herd-reports";
import { expect } from "vitest";
import type { TestApp } from "../../../../test/test-app.ts";

/**
 * Every number of a report that carries a drill token: the KPI cards, table cells and chart points;
 * `animals` when it counts animals (its unit is HERD_ANIMALS_UNIT), not calvings, cases or dry-offs.
 */
export function drillNumbers(report: HerdReport): { value: number; drill: string; animals: boolean }[] {
  const numbers: { value: number; drill: string; animals: boolean }[] = [];
  const animals = (unit: string) => unit === HERD_ANIMALS_UNIT;
  for (const k of report.kpis) {
    if (k.drill && k.value !== null) numbers.push({ value: k.value, drill: k.drill, animals: animals(k.unit) });
  }
  for (const table of report.tables) {
    for (const column of table.columns) {
      for (const row of table.rows) {
        const cell = row.cells[column.key];
        if (cell?.drill && cell.value !== null) {
          numbers.push({ value: cell.value, drill: cell.drill, animals: animals(column.unit) });
        }
      }
    }
  }
  for (const chart of report.charts) {
    for (const series of chart.series) {
      series.values.forEach((value, i) => {
        const drill = series.drills[i];
        if (drill && value !== null) numbers.push({ value, drill, animals: animals(chart.unit) });
      });
    }
  }
  return numbers;
}

/**
 * The numbers whose drill lists other than its animals: a count of animals lists exactly that many;
 * a count of calvings, cases or dry-offs lists their animals — at least one when there is any, never
 * more than the count. Empty when every drill is right.
 */
export async function drillMismatches(
  numbers: { value: number; drill: string; animals: boolean }[],
  listed: (drill: string) => Promise<{ total: number }>,
): Promise<string[]> {
  const wrong: string[] = [];
  for (const { value, drill, animals } of numbers) {
    const { total } = await listed(drill);
    const right = animals ? total === value : total <= value && total > 0 === value > 0;
    if (!right) wrong.push(`${drill}: ${value}${animals ? "" : " (not animals)"} shown, ${total} listed`);
  }
  return wrong;
}

/**
 * Report `n` of a database as a caller asks for it: the figures (over `defaults` and the query
 * given) and the animals behind a drill token; each answer must be 200.
 */
export function reportClient(t: TestApp, dbUuid: string, token: string, n: number, defaults: Record<string, string>) {
  return {
    async report(query: Record<string, string> = {}, as = token): Promise<HerdReport> {
      const res = await t.request({
        method: "GET",
        url: `/api/herd/${dbUuid}/reports/${n}/`,
        token: as,
        query: { ...defaults, ...query },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as HerdReport;
    },
    async drillTotal(drill: string): Promise<HerdAnimalsPage> {
      const res = await t.request({
        method: "GET",
        url: `/api/herd/${dbUuid}/reports/${n}/animals/`,
        token,
        query: { drill },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as HerdAnimalsPage;
    },
  };
}
