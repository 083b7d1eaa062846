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

export interface CsvRecord {
  /** The record's number in the file, the first (header) being 1. */
  line: number;
  cells: string[];
}

export type CsvParse = { ok: true; records: CsvRecord[] } | { ok: false; error: string };

const DELIMITERS = [",", ";", "\t"] as const;

/** The delimiter used most in the first record, outside quotes (Excel in a Russian locale writes ";"). */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best = ",";
  for (const d of DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

/**
 * Reads CSV text (a leading BOM is dropped). Records end with CRLF, LF or CR; a quoted field may
 * hold delimiters, line breaks and doubled quotes; a quote inside an unquoted field is kept as is.
 * Every record is returned, blank ones too (as one empty cell), so that numbering follows the file.
 */
export function parseCsv(input: string, delimiter = detectDelimiter(input.replace(/^\uFEFF/, ""))): CsvParse {
  const text = input.replace(/^\uFEFF/, "");
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let field = "";
  let i = 0;
  let fieldStarted = false;
  const endField = () => {
    cells.push(field);
    field = "";
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    records.push({ line: records.length + 1, cells });
    cells = [];
  };
  while (i < text.length) {
    const ch = text[i] as string;
    if (!fieldStarted && field === "" && ch === '"') {
      // A quoted field: up to the closing quote not followed by another.
      const startLine = records.length + 1;
      i += 1;
      for (;;) {
        if (i >= text.length) return { ok: false, error: `Незакрытая кавычка в строке ${startLine}` };
        const c = text[i] as string;
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        field += c;
        i += 1;
      }
      fieldStarted = true;
      continue;
    }
    if (ch === delimiter) {
      endField();
      i += 1;
    } else if (ch === "\r" || ch === "\n") {
      endRecord();
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
    } else {
      field += ch;
      fieldStarted = true;
      i += 1;
    }
  }
  // The last record, unless the text ended with its line break.
  if (fieldStarted || field !== "" || cells.length > 0) endRecord();
  return { ok: true, records };
}
