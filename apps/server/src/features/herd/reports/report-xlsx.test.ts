import type { HerdReport } from "@nadoy/contract/herd-reports";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { reportXlsx } from "./report-xlsx.ts";

// The XLSX of report 2 on a two-row fixture: what a zootech opening the file sees.

const milkReport: HerdReport = {
  report: 2,
  title: "Молоко",
  period: { from: "2025-12-01", to: "2025-12-31" },
  compare: { from: "2025-11-01", to: "2025-11-30" },
  today: "2026-11-28",
  kpis: [
    {
      key: "fat",
      label: "Жир",
      unit: "%",
      value: 3.9,
      compare_value: 3.88,
      better: "higher",
      drill: null,
      hint: "",
    },
  ],
  tables: [
    {
      key: "test_days",
      title: "По контрольным дойкам",
      columns: [
        { key: "milk", label: "Удой", unit: "кг" },
        { key: "fat", label: "Жир", unit: "%" },
      ],
      rows: [
        {
          key: "2025-12-15",
          label: "2025-12-15",
          cells: { milk: { value: 31.3, drill: null }, fat: { value: 3.9, drill: null } },
        },
      ],
    },
    {
      key: "due",
      title: "Ожидаемые отёлы по месяцам",
      columns: [{ key: "cows", label: "Коровы", unit: "гол." }],
      rows: [{ key: "2026-11", label: "2026-11", cells: { cows: { value: 4, drill: "t" } } }],
    },
  ],
  charts: [
    {
      key: "curve",
      title: "Средняя лактационная кривая по неделям лактации, кг",
      kind: "line",
      unit: "кг",
      x: ["1", "2"],
      series: [{ key: "now", label: "Период", values: [30.1, 33.4], drills: [null, null] }],
    },
  ],
};

async function sheetOf(report: HerdReport) {
  const buffer = await reportXlsx(report, {
    database: "Стадо «Заря»",
    query: { compare: "previous" },
    segmentName: null,
    generatedBy: "Анна Петрова",
    generatedAt: new Date("2026-11-28T09:00:00Z"),
  });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = book.getWorksheet("Данные");
  if (!sheet) throw new Error("no sheet");
  const rowOf = (first: unknown) => {
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      const value = row.getCell(1).value;
      if (value instanceof Date ? value.getTime() === (first as Date).getTime?.() : value === first) found = row;
    });
    if (!found) throw new Error(`no row ${String(first)}`);
    return found;
  };
  return { rowOf };
}

describe("report XLSX", () => {
  it("writes fat to the hundredth, as the page shows it", async () => {
    const { rowOf } = await sheetOf(milkReport);
    const kpi = rowOf("Жир");
    expect(kpi.getCell(2).value).toBe(3.9);
    expect(kpi.getCell(2).numFmt).toBe("0.00");
    expect(kpi.getCell(4).numFmt).toBe("0.00");
  });

  it("writes a test day as a date cell and a due month in words", async () => {
    const { rowOf } = await sheetOf(milkReport);
    const day = rowOf(new Date("2025-12-15T00:00:00Z"));
    expect(day.getCell(1).numFmt).toBe("dd.mm.yyyy");
    expect(day.getCell(2).numFmt).not.toBe("0.00");
    expect(day.getCell(3).numFmt).toBe("0.00");
    expect(rowOf("ноябрь 2026").getCell(2).value).toBe(4);
  });

  it("heads the lactation curve's first column with weeks, not months", async () => {
    const { rowOf } = await sheetOf(milkReport);
    expect(rowOf("Неделя лактации").getCell(2).value).toBe("Период");
  });
});
