import { HERD_EVENT_NAMES } from "@nadoy/contract/herd";
import { fullYear } from "../dc305/parse-values.ts";

// ---- A spreadsheet's cell values → typed values (dates, numbers, event codes) ----
//
// Dates: DD.MM.YYYY or D.M.YYYY (Russian Excel), DD.MM.YY with the same century pivot as DC305
// (parse-values.ts latestYear: the hundred years up to next year), YYYY-MM-DD, each optionally
// followed by a time Excel adds («15.03.2021 0:00»), which is ignored; an XLSX date cell, or an
// XLSX number in a date column (a date Excel lost its format for: days since 1899-12-30).
// Slashes are refused: 03/04/2021 is March or April depending on who saved it.
// Numbers: a comma or a dot before the decimals, spaces (also no-break ones) between thousands.

/** What a cell holds once read: text (CSV, XLSX strings), a number or a date (XLSX only), or nothing. */
export type Cell = string | number | Date | null;

/** Returned for a value present but not of the expected form. */
export const INVALID = Symbol("invalid");

const DMY = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/;
const YMD = /^(\d{4})-(\d{2})-(\d{2})(?:[T\s]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?$/;
/** Excel's serial day 1 is 1900-01-01; serials are counted from 1899-12-30 (Excel's 1900 leap-day bug). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
/** 9999-12-31, Excel's last day. */
const EXCEL_SERIAL_MAX = 2_958_465;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function isoDay(year: number, month: number, day: number): string | typeof INVALID {
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return INVALID;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** A date's day as ISO, by its UTC parts (exceljs gives dates at UTC midnight). */
export function dateCellDay(date: Date): string | typeof INVALID {
  if (Number.isNaN(date.getTime())) return INVALID;
  return isoDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** Text as typed in a cell → ISO day. */
export function parseSheetDate(text: string, latestYear: number): string | typeof INVALID {
  const dmy = DMY.exec(text);
  if (dmy) {
    const yearText = dmy[3] as string;
    const year = yearText.length === 2 ? fullYear(Number(yearText), latestYear) : Number(yearText);
    return isoDay(year, Number(dmy[2]), Number(dmy[1]));
  }
  const ymd = YMD.exec(text);
  if (ymd) return isoDay(Number(ymd[1]), Number(ymd[2]), Number(ymd[3]));
  return INVALID;
}

/** A cell in a date column → ISO day. Numbers are Excel serial days (XLSX only: CSV cells are text). */
export function cellDate(cell: Cell, latestYear: number): string | typeof INVALID {
  if (cell instanceof Date) return dateCellDay(cell);
  if (typeof cell === "number") {
    if (!Number.isInteger(cell) || cell < 1 || cell > EXCEL_SERIAL_MAX) return INVALID;
    return dateCellDay(new Date(EXCEL_EPOCH_MS + cell * DAY_MS));
  }
  return parseSheetDate((cell ?? "").trim(), latestYear);
}

const SPACES = /[\s\u00a0\u202f]/g;
const DECIMAL = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/** Text → number: «38,5», «38.5», «1 234,5» (spaces between thousands); no other forms. */
export function parseSheetDecimal(text: string): number | typeof INVALID {
  const compact = text.replace(SPACES, "");
  if (!DECIMAL.test(compact)) return INVALID;
  const n = Number(compact.replace(",", "."));
  return Number.isFinite(n) ? n : INVALID;
}

export function cellDecimal(cell: Cell): number | typeof INVALID {
  if (typeof cell === "number") return Number.isFinite(cell) ? cell : INVALID;
  if (cell instanceof Date) return INVALID;
  return parseSheetDecimal(cell ?? "");
}

export function cellInteger(cell: Cell): number | typeof INVALID {
  const n = cellDecimal(cell);
  return n !== INVALID && Number.isInteger(n) ? n : INVALID;
}

/** A cell as text: numbers without float noise (0.1 + 0.2 → «0.3»), dates as ISO days. */
export function cellText(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(Number(cell.toPrecision(15)));
  if (cell instanceof Date) {
    const day = dateCellDay(cell);
    return day === INVALID ? "" : day;
  }
  return cell.trim();
}

/**
 * A cell as a Russian reader writes it (the preview's first values): dates DD.MM.YYYY, numbers
 * with a decimal comma; text as typed.
 */
export function cellShown(cell: Cell): string {
  if (typeof cell === "number") return cellText(cell).replace(".", ",");
  if (cell instanceof Date) {
    const day = dateCellDay(cell);
    return day === INVALID ? "" : day.split("-").reverse().join(".");
  }
  return cellText(cell);
}

/** A cell that means «no value»: empty, blanks, or a dash. */
export function isEmptyCell(cell: Cell): boolean {
  if (cell === null) return true;
  if (typeof cell !== "string") return false;
  const text = cell.trim();
  return text === "" || text === "-" || text === "—";
}

/** A name compared case-insensitively, ё as е, runs of blanks as one space. */
const nameKey = (name: string) => name.toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ").trim();

/** Russian event names → DC305 codes (the first code of a name shared by two: FOOTRIM before FTRIM). */
const CODE_BY_NAME = new Map<string, string>();
for (const [code, name] of Object.entries(HERD_EVENT_NAMES)) {
  const key = nameKey(name);
  if (!CODE_BY_NAME.has(key)) CODE_BY_NAME.set(key, code);
}

/** An event as written in a cell → its code: a Russian name's code, else the text upper-cased (unknown codes kept). */
export function eventCode(text: string): string {
  return CODE_BY_NAME.get(nameKey(text)) ?? text.trim().replace(/\s+/g, " ").toUpperCase();
}
