import type { StoredValue } from "@nadoy/contract/form-values";
import { parseCell } from "@nadoy/contract/list-cells";
import {
  type ImportResult,
  LIST_IMPORT_ERRORS_MAX,
  LIST_IMPORT_PREVIEW_ROWS,
  type ListFileFormat,
} from "@nadoy/contract/lists";
import { unguardFormula } from "../../platform/csv.ts";
import type { FileRecord } from "../../platform/imports/csv-rows.ts";
import { importFileError } from "../../platform/imports/import-rows.ts";
import type { ExportColumn } from "./list-export.ts";

// ---- a file's records (platform/imports) → rows of a list, checked cell by cell (list-cells.ts parseCell) ----

export const ImportText = {
  empty: "В файле нет строки заголовков",
  noKnownColumn: "В заголовке файла нет ни одного столбца списка",
  rowErrors: (rows: number) => `Ошибки в строках файла: ${rows}. Исправьте их или пропустите строки с ошибками.`,
} as const;

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
 * Checks a file's non-blank records batch by batch as they are read: the first is the header
 * (names matched to columns; none known → 400), every other one a row checked against the columns
 * its header names. CSV cells lose the apostrophe the export put before formula signs.
 */
export class ImportCheck {
  private header: string[] | undefined;
  private byIndex = new Map<number, ExportColumn>();
  private unknown: string[] = [];
  private readonly errors: ImportResult["errors"] = [];
  private errorCount = 0;
  private invalidLines = 0;
  private total = 0;
  private readonly validRows: Record<string, StoredValue>[] = [];

  constructor(
    private readonly columns: readonly ExportColumn[],
    private readonly format: ListFileFormat,
  ) {}

  add(records: readonly FileRecord[]): void {
    for (const record of records) {
      const cells = this.format === "csv" ? record.cells.map(unguardFormula) : record.cells;
      if (this.header === undefined) this.readHeader(cells);
      else this.checkRow(record.line, cells);
    }
  }

  finish(): CheckedImport {
    if (this.header === undefined) throw importFileError(ImportText.empty);
    return {
      result: {
        rows_total: this.total,
        rows_valid: this.validRows.length,
        unknown_columns: this.unknown,
        errors: this.errors,
        error_count: this.errorCount,
        preview: this.validRows.slice(0, LIST_IMPORT_PREVIEW_ROWS),
      },
      validRows: this.validRows,
      invalidLines: this.invalidLines,
    };
  }

  private readHeader(cells: string[]): void {
    const { byIndex, unknown } = matchHeader(cells, this.columns);
    if (byIndex.size === 0) throw importFileError(ImportText.noKnownColumn);
    this.header = cells;
    this.byIndex = byIndex;
    this.unknown = unknown;
  }

  private checkRow(line: number, cells: readonly string[]): void {
    this.total += 1;
    const values: Record<string, StoredValue> = {};
    let bad = false;
    for (const [index, column] of this.byIndex) {
      const parsed = parseCell({ ...column, percent_over_100: column.percentOver100 }, cells[index] ?? "");
      if (!parsed.ok) {
        bad = true;
        this.errorCount += 1;
        if (this.errors.length < LIST_IMPORT_ERRORS_MAX) {
          this.errors.push({ line, column: this.header?.[index] ?? "", message: parsed.error });
        }
      } else if (parsed.value !== "") {
        values[column.uuid] = parsed.value;
      }
    }
    if (bad) this.invalidLines += 1;
    else this.validRows.push(values);
  }
}
