import type { HerdAnimalsPage } from "@nadoy/contract/herd";
import type { HerdReport } from "@nadoy/contract/herd-reports";
import { expect } from "vitest";
import type { TestApp } from "../../../../test/test-app.ts";

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
