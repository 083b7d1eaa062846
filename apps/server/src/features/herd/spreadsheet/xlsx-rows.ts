import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { SHEET_BATCH_ROWS, SheetRefusal, type SheetRow } from "./sheet-rows.ts";
import type { Cell } from "./sheet-values.ts";

// ---- An XLSX file's first worksheet → rows, with exceljs' streaming reader ----
// (Later worksheets are read through and dropped.)
//
// The zip is read as it arrives; shared strings and styles are kept (styles tell date cells from
// numbers), rows are not. Cells: text, rich text joined, a formula's cached result, a hyperlink's
// text, numbers, and dates (exceljs gives them at UTC midnight).

export const CORRUPT_XLSX =
  "Файл XLSX повреждён или это не книга Excel: откройте его в Excel, сохраните как «Книга Excel (*.xlsx)» и загрузите снова.";

type CellValue = ExcelJS.CellValue;

/** An exceljs cell value as a Cell. */
export function cellOf(value: CellValue | undefined): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number") return value;
  if (typeof value === "boolean") return value ? "ИСТИНА" : "ЛОЖЬ";
  if (value instanceof Date) return value;
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("formula" in value || "sharedFormula" in value) {
    return cellOf((value as ExcelJS.CellFormulaValue).result as CellValue | undefined);
  }
  if ("error" in value) return String(value.error);
  if ("text" in value) return cellOf((value as ExcelJS.CellHyperlinkValue).text);
  return null;
}

/**
 * Rows of the first worksheet, in batches. The source's own failure (a request cut off, a size
 * limit) is rethrown as it is; any failure of the zip or its XML refuses the file (SheetRefusal).
 */
export async function* xlsxRows(source: AsyncIterable<Uint8Array>): AsyncGenerator<SheetRow[], void, undefined> {
  let sourceError: unknown;
  // The source's failure ends the input instead: exceljs pipes it into its unzipper, which would
  // wait forever for an input that failed; it sees a cut zip, and the failure is rethrown below.
  async function* guarded(): AsyncGenerator<Uint8Array> {
    try {
      yield* source;
    } catch (error) {
      sourceError = error;
    }
  }
  const input = Readable.from(guarded());
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: "emit",
    sharedStrings: "cache",
    styles: "cache",
    hyperlinks: "ignore",
    entries: "ignore",
  });
  let sheets = 0;
  try {
    for await (const worksheet of reader) {
      sheets++;
      if (sheets > 1) {
        // Read through, not read: Excel writes sheets before their shared strings, so exceljs keeps
        // them in temporary files it removes only once each is read (a break would leave them).
        for await (const _ of worksheet as unknown as AsyncIterable<ExcelJS.Row>);
        continue;
      }
      let out: SheetRow[] = [];
      for await (const row of worksheet as unknown as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as CellValue[];
        const cells: Cell[] = [];
        // row.values is 1-based (index 0 unused), sparse where cells are missing.
        for (let i = 1; i < values.length; i++) cells.push(cellOf(values[i]));
        out.push({ line: row.number, cells });
        if (out.length >= SHEET_BATCH_ROWS) {
          yield out;
          out = [];
        }
      }
      if (out.length > 0) yield out;
    }
    if (sourceError !== undefined) throw sourceError;
  } catch (error) {
    if (sourceError !== undefined) throw sourceError;
    if (error instanceof SheetRefusal) throw error;
    throw new SheetRefusal(CORRUPT_XLSX);
  } finally {
    input.destroy();
  }
  // A zip without worksheets: another kind of archive (.docx, .zip) sent as a table.
  if (sheets === 0) throw new SheetRefusal(CORRUPT_XLSX);
}
