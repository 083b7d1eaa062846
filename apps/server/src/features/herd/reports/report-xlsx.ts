import {
  HERD_LACT_GROUP_LABELS,
  HERD_REPORT_COMPARISON_LABELS,
  type HerdReport,
  type HerdReportQuery,
} from "@nadoy/contract/herd-reports";
import ExcelJS from "exceljs";

// A report as XLSX, exactly as the page shows it: «Данные» holds the KPI cards, then each table and
// each chart as a table of its own; «Параметры» says which database, period, comparison and
// filters made it. Small (a report is a few hundred cells), so it is written whole.
// Names typed by users go in as text: exceljs writes a string as a text cell, never as a formula.

export interface ReportParameters {
  database: string;
  query: HerdReportQuery;
  /** A saved segment's name, when the report was narrowed by one. */
  segmentName: string | null;
  generatedBy: string;
  generatedAt: Date;
}

const ruDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
const MONTHS = ["янв", "фев", "мар", "апр", "май", "июн", "июл", "авг", "сен", "окт", "ноя", "дек"];
/** "2026-03" → «мар 2026», as the page's charts label months. */
export const ruMonth = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;

export async function reportXlsx(report: HerdReport, params: ReportParameters): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const data = workbook.addWorksheet("Данные");
  data.columns = [{ width: 34 }, ...Array.from({ length: 7 }, () => ({ width: 16 }))];
  const heading = (text: string) => {
    const row = data.addRow([text]);
    row.font = { bold: true, size: 12 };
  };
  const header = (cells: string[]) => {
    data.addRow(cells).font = { bold: true };
  };

  heading(`${report.title}: ${params.database}`);
  data.addRow([]);
  const banded = report.kpis.some((kpi) => kpi.band);
  header([
    "Показатель",
    "Значение",
    "Ед.",
    report.compare ? "Для сравнения" : "",
    // The cards' bands: the quartiles of the same figure over the farms (no farm named).
    ...(banded ? ["Хозяйств", "Четверть ниже", "Медиана", "Три четверти ниже"] : []),
  ]);
  for (const kpi of report.kpis) {
    const band = kpi.band ? [kpi.band.farms, kpi.band.q1, kpi.band.median, kpi.band.q3] : [];
    data.addRow([kpi.label, kpi.value, kpi.unit, report.compare ? kpi.compare_value : null, ...band]);
  }
  for (const table of report.tables) {
    data.addRow([]);
    heading(table.title);
    header(["", ...table.columns.map((c) => (c.unit ? `${c.label}, ${c.unit}` : c.label))]);
    for (const row of table.rows)
      data.addRow([row.label, ...table.columns.map((c) => row.cells[c.key]?.value ?? null)]);
  }
  for (const chart of report.charts) {
    data.addRow([]);
    heading(chart.title);
    header(["Месяц", ...chart.series.map((s) => s.label)]);
    chart.x.forEach((x, i) => {
      data.addRow([/^\d{4}-\d{2}$/.test(x) ? ruMonth(x) : x, ...chart.series.map((s) => s.values[i] ?? null)]);
    });
  }

  const about = workbook.addWorksheet("Параметры");
  about.columns = [{ width: 28 }, { width: 60 }];
  const q = params.query;
  const rows: [string, string][] = [
    ["Отчёт", `${report.report}. ${report.title}`],
    ["База", params.database],
    ["Период", `${ruDay(report.period.from)} — ${ruDay(report.period.to)}`],
    [
      "Сравнение",
      report.compare
        ? `${HERD_REPORT_COMPARISON_LABELS[q.compare]}: ${ruDay(report.compare.from)} — ${ruDay(report.compare.to)}`
        : HERD_REPORT_COMPARISON_LABELS.none,
    ],
    ["Состояние стада на", ruDay(report.today)],
    ["Сегмент", params.segmentName ?? (q.rule ? q.rule : "все животные")],
    ["Группа лактаций", q.lact_group ? HERD_LACT_GROUP_LABELS[q.lact_group] : "все"],
    ["Группа (секция)", q.pen ?? "все"],
    ["Сформировал", params.generatedBy],
    ["Сформирован", params.generatedAt.toLocaleString("ru-RU", { timeZone: "Europe/Moscow" })],
  ];
  for (const [name, value] of rows) about.addRow([name, value]).getCell(1).font = { bold: true };

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
