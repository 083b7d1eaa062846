import type { Cell } from "./csv.ts";
import { shownFigure } from "./site-time.ts";

// What a monitoring page shows, as an XLSX workbook built in the browser: one sheet, its header
// row bold, numbers as numbers (rounded as on screen, so Excel sums them), columns as wide as their
// text. exceljs is loaded on the first export only: ~1 MB no page needs until then. Vite resolves
// «exceljs» to its browser build (package.json "browser": dist/exceljs.min.js).

const WIDTH_MIN = 8;
const WIDTH_MAX = 60;

const cellValue = (cell: Cell): string | number | null =>
  cell === undefined || cell === null ? null : typeof cell === "number" ? shownFigure(cell) : cell;

const cellWidth = (cell: Cell): number =>
  cell === undefined || cell === null ? 0 : (typeof cell === "number" ? String(shownFigure(cell)) : cell).length;

/** The rows (the first one the header) as an XLSX file's bytes. */
export async function toXlsx(rows: readonly (readonly Cell[])[], sheetName = "Данные"): Promise<ArrayBuffer> {
  const module = await import("exceljs");
  // Its builds are CommonJS/UMD: the classes come as the default export (named ones not always).
  const ExcelJS = module.default ?? module;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row.map(cellValue));
  if (rows.length > 0) sheet.getRow(1).font = { bold: true };
  const columns = Math.max(0, ...rows.map((row) => row.length));
  sheet.columns = Array.from({ length: columns }, (_, i) => ({
    width: Math.min(WIDTH_MAX, Math.max(WIDTH_MIN, ...rows.map((row) => cellWidth(row[i]) + 2))),
  }));
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
