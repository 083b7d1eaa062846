import type { CsvDialect } from "@nadoy/contract/lists";

// ---- CSV as RFC 4180 says: quoted fields, doubled quotes, CRLF between records ----

export const UTF8_BOM = "\uFEFF";

const NEEDS_QUOTES = /[",;\r\n\t]|^\s|\s$/;

// Every text field a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is written with
// a leading apostrophe — column names as much as cells — so that text typed into a public form or
// a list's schema cannot become a formula on an owner's computer (CSV injection). Reading takes one
// apostrophe off again: the two are exact inverses (a text that itself starts with apostrophes and
// then such a sign gets one more), so a re-import gives back the very text. Numbers are written as
// numbers: they are not text, and a spreadsheet reads "-0.25" as a number.
const FORMULA_START = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;

/** The text as written into a CSV field (formatCsv does it for every text field). */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell read from a CSV file, without the apostrophe guardFormula added. */
export function unguardFormula(text: string): string {
  return GUARDED.test(text) ? text.slice(1) : text;
}

/** A CSV cell: text, a number, or a calendar day (a Date at UTC midnight, as XLSX writes it). */
export type CsvCell = string | number | Date;

const pad = (n: number) => String(n).padStart(2, "0");

/** excel: DD.MM.YYYY and 12,5 as Russian Excel reads them; comma: ISO days and 12.5. */
function cellText(cell: CsvCell, dialect: CsvDialect): string {
  if (cell instanceof Date) {
    if (dialect === "comma") return cell.toISOString().slice(0, 10);
    return `${pad(cell.getUTCDate())}.${pad(cell.getUTCMonth() + 1)}.${cell.getUTCFullYear()}`;
  }
  if (typeof cell === "number") return dialect === "excel" ? String(cell).replace(".", ",") : String(cell);
  return guardFormula(cell);
}

/**
 * Text holding either separator is quoted (so an importer that guesses the separator from the
 * header is not misled); a number never is: "-0,25" has no ";" and stays a bare number for Excel.
 */
function csvField(cell: CsvCell, dialect: CsvDialect): string {
  const text = cellText(cell, dialect);
  if (typeof cell === "number") return text;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const SEPARATOR: Record<CsvDialect, string> = { excel: ";", comma: "," };

/**
 * The whole file: a UTF-8 BOM (so that Excel reads Cyrillic right), records separated by CRLF,
 * fields by ";" (excel, the default: Excel in a Russian locale splits on it) or ",".
 * Every text field is guarded against formulas (guardFormula), the header's too; numbers are not.
 */
export function formatCsv(records: readonly (readonly CsvCell[])[], dialect: CsvDialect = "excel"): string {
  const separator = SEPARATOR[dialect];
  return (
    UTF8_BOM + records.map((record) => `${record.map((cell) => csvField(cell, dialect)).join(separator)}\r\n`).join("")
  );
}
