import type { Cell } from "./sheet-values.ts";

// ---- What the CSV and XLSX readers hand out: a sheet's rows, numbered as Excel shows them ----

/** A row of cells (index 0 = column A), or a row that could not be read at all. */
export type SheetRow = { line: number; cells: Cell[] } | { line: number; error: string };

/** The file as a whole cannot be read: thrown by a reader, answered as the upload's refusal. */
export class SheetRefusal extends Error {
  constructor(
    message: string,
    readonly line = 0,
  ) {
    super(message);
  }
}

/** Rows handed out per batch: a few hundred, one await per batch rather than per row. */
export const SHEET_BATCH_ROWS = 500;
