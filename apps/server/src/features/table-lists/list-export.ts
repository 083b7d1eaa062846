import { PassThrough, type Readable } from "node:stream";
import type { ColumnType, TagOption } from "@nadoy/contract/form-values";
import { formatCell } from "@nadoy/contract/list-cells";
import { applyListView, type ListView, visibleColumns } from "@nadoy/contract/list-view";
import { type CsvDialect, LIST_FILE_TYPES, type ListFileFormat } from "@nadoy/contract/lists";
import ExcelJS from "exceljs";
import { type CsvCell, formatCsv } from "../../platform/csv.ts";

// ---- a list as a file: exactly the rows and columns its grid's view shows ----

export interface ExportColumn {
  uuid: string;
  name: string;
  type: ColumnType;
  options: readonly TagOption[];
  /** Percent columns: an import takes values above PERCENT_MAX. */
  percentOver100: boolean;
}

export interface ExportFile {
  body: Buffer | Readable;
  contentType: string;
  /** Content-Disposition: an ASCII fallback name and the real one per RFC 5987. */
  disposition: string;
}

/**
 * "Надои.csv" → attachment; filename="list.csv"; filename*=UTF-8''%D0%9D%D0%B0... (browsers take
 * filename*; the plain one is an ASCII fallback for old clients).
 */
export function contentDisposition(fileName: string): string {
  const extension = fileName.slice(fileName.lastIndexOf("."));
  const ascii = /^[\x20-\x7e]+$/.test(fileName) ? fileName.replace(/["\\]/g, "_") : `list${extension}`;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A list name as a file name: no path separators or control characters. */
function fileBaseName(name: string): string {
  const clean = name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, " ").trim();
  return clean === "" ? "list" : clean;
}

/** A worksheet name: at most 31 characters, none of []:*?/\. */
function sheetName(name: string): string {
  const clean = name
    .replace(/[[\]:*?/\\\p{Cc}]+/gu, " ")
    .trim()
    .slice(0, 31)
    .trim();
  return clean === "" ? "Лист1" : clean;
}

const isNumeric = (type: ColumnType) => type === "number" || type === "percent";

/** A stored day "2025-11-28" as a Date at UTC midnight (Excel dates have no time zone). */
const dayOf = (value: unknown): Date | undefined =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : undefined;

/**
 * The header and the cells of the rows the view shows: numbers kept as numbers and days as Dates
 * (so XLSX writes real numbers and dates, and CSV writes them in its dialect), the rest as text.
 */
export function exportTable<R extends { values: Record<string, unknown> }>(
  columns: readonly ExportColumn[],
  rows: readonly R[],
  view: ListView,
) {
  const shown = visibleColumns(columns, view);
  const ordered = applyListView(columns, rows, view);
  return {
    header: shown.map((c) => c.name),
    rows: ordered.map((row) =>
      shown.map((c): CsvCell => {
        const value = row.values[c.uuid];
        if (isNumeric(c.type) && typeof value === "number") return value;
        if (c.type === "date_picker") return dayOf(value) ?? formatCell(c, value);
        return formatCell(c, value);
      }),
    ),
  };
}

/** The number format of a day cell: Excel shows 28.11.2025 and sorts and filters it as a date. */
export const XLSX_DAY_FORMAT = "dd.mm.yyyy";

/**
 * XLSX needs no formula guard: exceljs writes a string as a text cell, and only a `{ formula }`
 * value becomes a formula (list-export-formulas.test.ts reads a "=HYPERLINK(…)" name back as text).
 */
function xlsxStream(title: string, header: string[], rows: CsvCell[][]): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  const sheet = workbook.addWorksheet(sheetName(title));
  void (async () => {
    sheet.addRow(header).commit();
    for (const cells of rows) {
      const row = sheet.addRow(cells.map((cell) => (cell === "" ? null : cell)));
      cells.forEach((cell, at) => {
        if (cell instanceof Date) row.getCell(at + 1).numFmt = XLSX_DAY_FORMAT;
      });
      row.commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** The file of a list: CSV (UTF-8 with BOM, RFC 4180, in the dialect asked) or XLSX written as a stream. */
export function buildExport<R extends { values: Record<string, unknown> }>(
  listName: string,
  format: ListFileFormat,
  columns: readonly ExportColumn[],
  rows: readonly R[],
  view: ListView,
  csvDialect: CsvDialect = "excel",
): ExportFile {
  const table = exportTable(columns, rows, view);
  const disposition = contentDisposition(`${fileBaseName(listName)}.${format}`);
  if (format === "csv") {
    // formatCsv guards every text field against formulas, column names included.
    return {
      body: Buffer.from(formatCsv([table.header, ...table.rows], csvDialect), "utf8"),
      contentType: `${LIST_FILE_TYPES.csv}; charset=utf-8`,
      disposition,
    };
  }
  return { body: xlsxStream(listName, table.header, table.rows), contentType: LIST_FILE_TYPES.xlsx, disposition };
}
