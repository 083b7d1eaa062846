import type { StoredValue } from "@nadoy/contract/form-values";
import { parseCell } from "@nadoy/contract/list-cells";
import {
  type ImportResult,
  LIST_IMPORT_ERRORS_MAX,
  LIST_IMPORT_PREVIEW_ROWS,
  type ListFileFormat,
} from "@nadoy/contract/lists";
import ExcelJS from "exceljs";
import { type CsvRecord, parseCsv, unguardFormula } from "./csv.ts";
import type { ExportColumn } from "./list-export.ts";

// ---- a CSV or XLSX file → rows of a list, checked cell by cell (list-cells.ts parseCell) ----

export const ImportText = {
  unreadable: "Не удалось прочитать файл",
  empty: "В файле нет строки заголовков",
  noKnownColumn: "В заголовке файла нет ни одного столбца списка",
  rowErrors: (rows: number) => `Ошибки в строках файла: ${rows}. Исправьте их или пропустите строки с ошибками.`,
} as const;

export type ReadFile = { ok: true; records: CsvRecord[] } | { ok: false; error: string };

/** UTF-8 (with or without BOM); a file that is not valid UTF-8 is read as Windows-1251 (old Russian Excel). */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1251").decode(bytes);
  }
}

/** The text of an XLSX cell value: dates as ISO (their date part is what parseCell keeps). */
function xlsxCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString();
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return value;
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((part) => part.text).join("");
    if ("formula" in value || "sharedFormula" in value) {
      const result = (value as { result?: unknown }).result;
      return result === undefined || (typeof result === "object" && !(result instanceof Date))
        ? ""
        : xlsxCellText(result as ExcelJS.CellValue);
    }
    if ("text" in value) {
      const text = (value as { text: unknown }).text;
      return typeof text === "string" ? text : xlsxCellText(text as ExcelJS.CellValue);
    }
    if ("error" in value) return "";
  }
  return "";
}

async function readXlsx(bytes: Buffer): Promise<ReadFile> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return { ok: false, error: ImportText.unreadable };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { ok: false, error: ImportText.empty };
  const records: CsvRecord[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let i = 1; i <= row.cellCount; i++) cells.push(xlsxCellText(row.getCell(i).value));
    records.push({ line: rowNumber, cells });
  });
  return { ok: true, records };
}

/** The file's records with their line numbers (header = line 1 when the file starts with it). */
export async function readImportFile(format: ListFileFormat, bytes: Buffer): Promise<ReadFile> {
  if (format === "xlsx") return readXlsx(bytes);
  const parsed = parseCsv(decodeText(bytes));
  if (!parsed.ok) return { ok: false, error: parsed.error };
  return { ok: true, records: parsed.records.map((r) => ({ ...r, cells: r.cells.map(unguardFormula) })) };
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === "");

/** Header cell index → the column it fills: exact names first, then ignoring case; each column once. */
export function matchHeader(header: readonly string[], columns: readonly ExportColumn[]) {
  const byIndex = new Map<number, ExportColumn>();
  const taken = new Set<string>();
  const names = header.map((h) => h.trim());
  const pass = (same: (a: string, b: string) => boolean) => {
    names.forEach((name, i) => {
      if (name === "" || byIndex.has(i)) return;
      const column = columns.find((c) => !taken.has(c.uuid) && same(c.name.trim(), name));
      if (column) {
        byIndex.set(i, column);
        taken.add(column.uuid);
      }
    });
  };
  pass((a, b) => a === b);
  pass((a, b) => a.toLowerCase() === b.toLowerCase());
  const unknown = names.filter((name, i) => name !== "" && !byIndex.has(i));
  return { byIndex, unknown };
}

export interface CheckedImport {
  result: Omit<ImportResult, "written">;
  /** Rows as they would be stored (empty cells left out), valid ones only, in file order. */
  validRows: Record<string, StoredValue>[];
  /** Lines of the file that have an error. */
  invalidLines: number;
}

/**
 * Checks every data record against the columns its header names. `undefined` with a reason when
 * the file has no header or no known column.
 */
export function checkImport(
  records: readonly CsvRecord[],
  columns: readonly ExportColumn[],
): { ok: true; checked: CheckedImport } | { ok: false; error: string } {
  const headerIndex = records.findIndex((r) => !isBlank(r.cells));
  const headerRecord = records[headerIndex];
  if (!headerRecord) return { ok: false, error: ImportText.empty };
  const header = headerRecord.cells;
  const { byIndex, unknown } = matchHeader(header, columns);
  if (byIndex.size === 0) return { ok: false, error: ImportText.noKnownColumn };

  const errors: ImportResult["errors"] = [];
  let errorCount = 0;
  let invalidLines = 0;
  let total = 0;
  const validRows: Record<string, StoredValue>[] = [];
  for (const record of records.slice(headerIndex + 1)) {
    if (isBlank(record.cells)) continue;
    total += 1;
    const values: Record<string, StoredValue> = {};
    let bad = false;
    for (const [index, column] of byIndex) {
      const parsed = parseCell(column, record.cells[index] ?? "");
      if (!parsed.ok) {
        bad = true;
        errorCount += 1;
        if (errors.length < LIST_IMPORT_ERRORS_MAX) {
          errors.push({ line: record.line, column: header[index] ?? "", message: parsed.error });
        }
      } else if (parsed.value !== "") {
        values[column.uuid] = parsed.value;
      }
    }
    if (bad) invalidLines += 1;
    else validRows.push(values);
  }
  return {
    ok: true,
    checked: {
      result: {
        rows_total: total,
        rows_valid: validRows.length,
        unknown_columns: unknown,
        errors,
        error_count: errorCount,
        preview: validRows.slice(0, LIST_IMPORT_PREVIEW_ROWS),
      },
      validRows,
      invalidLines,
    },
  };
}
