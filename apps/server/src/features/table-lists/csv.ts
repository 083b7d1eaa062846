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

function csvField(cell: string | number): string {
  const text = typeof cell === "number" ? String(cell) : guardFormula(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The whole file: a UTF-8 BOM (so that Excel reads Cyrillic right), comma-separated records, CRLF.
 * Every text field is guarded against formulas (guardFormula), the header's too; numbers are not.
 */
export function formatCsv(records: readonly (readonly (string | number)[])[]): string {
  return UTF8_BOM + records.map((record) => `${record.map(csvField).join(",")}\r\n`).join("");
}
