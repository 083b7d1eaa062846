import {
  HERD_LACT_GROUP_LABELS,
  HERD_REPORT_COMPARISON_LABELS,
  type HerdReport,
  type HerdReportQuery,
  herdFigureFormat,
  herdMonthTitle,
} from "@nadoy/contract/herd-reports";
import { ruMonthYear } from "@nadoy/contract/ru-month";
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

/** Excel's number format of a figure: the decimals the page shows it with (contract herdFigureFormat). */
function figureNumFmt(key: string): string | undefined {
  const { min } = herdFigureFormat(key);
  return min > 0 ? `0.${"0".repeat(min)}` : undefined;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MONTH = /^\d{4}-\d{2}$/;

/** A row label as the page shows it: a day as a real date cell, a month as «ноябрь 2026». */
function labelCell(label: string): string | Date {
  if (ISO_DAY.test(label)) return new Date(`${label}T00:00:00Z`);
  if (ISO_MONTH.test(label)) return ruMonthYear(label) ?? label;
  return label;
}

/** What a chart's first column holds: months unless the chart is by something else. */
const CHART_X_HEADERS: Record<string, string> = {
  curve: "Неделя лактации",
  length: "Сухостой, дней",
  cycles: "Начало цикла",
  cycle_cows: "Начало цикла",
  service_number: "Осеменение",
};
const chartXHeader = (key: string, x: readonly string[]) =>
  Object.hasOwn(CHART_X_HEADERS, key) ? (CHART_X_HEADERS[key] ?? "") : x.every((v) => ISO_MONTH.test(v)) ? "Месяц" : "";

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
  /** A row whose first cell is its label and whose figures have the formats of their keys. */
  const figuresRow = (label: string, cells: { key: string; value: number | null }[]) => {
    const row = data.addRow([labelCell(label), ...cells.map((c) => c.value)]);
    if (row.getCell(1).value instanceof Date) row.getCell(1).numFmt = "dd.mm.yyyy";
    cells.forEach((c, i) => {
      const numFmt = figureNumFmt(c.key);
      if (numFmt) row.getCell(i + 2).numFmt = numFmt;
    });
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
    const row = data.addRow([kpi.label, kpi.value, kpi.unit, report.compare ? kpi.compare_value : null, ...band]);
    const numFmt = figureNumFmt(kpi.key);
    if (numFmt) for (const column of [2, 4, 6, 7, 8]) row.getCell(column).numFmt = numFmt;
  }
  for (const table of report.tables) {
    data.addRow([]);
    heading(table.title);
    header(["", ...table.columns.map((c) => (c.unit ? `${c.label}, ${c.unit}` : c.label))]);
    for (const row of table.rows)
      figuresRow(
        row.label,
        table.columns.map((c) => ({ key: c.key, value: row.cells[c.key]?.value ?? null })),
      );
  }
  for (const chart of report.charts) {
    data.addRow([]);
    heading(chart.title);
    header([chartXHeader(chart.key, chart.x), ...chart.series.map((s) => s.label)]);
    chart.x.forEach((x, i) => {
      figuresRow(
        // A month the period cuts is named by its days, as the page's axis names it.
        ISO_MONTH.test(x) ? herdMonthTitle(x, report.period) : x,
        chart.series.map((s) => ({ key: s.key, value: s.values[i] ?? null })),
      );
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
