// ---- DC305 values: missing marks, dates MM/DD/YY, integers, decimals ----

/** A value that means "none": blank, `00000000` (DC305's empty date, the space already trimmed), `-`, `NA`. */
export function isMissing(value: string): boolean {
  const n = value.length;
  if (n === 0) return true;
  if (n === 1) return value === "-";
  if (n === 2) return value === "NA" || value === "na";
  return n === 8 && value === "00000000";
}

/** Returned by the parsers below for a value that is present but not of the expected form. */
export const INVALID = false;

/**
 * The latest year a two-digit year can mean. Century pivot: YY is the year ending in YY within the
 * hundred years up to next year (`today`'s year + 1). In 2026 that is 1928–2027: 27 → 2027 and
 * 28 → 1928. Birth dates lie in the past and events at most a little ahead (a due date), so this
 * keeps dates of the last 98 years right and needs no change when the century turns.
 */
export function latestYear(today: Date): number {
  return today.getUTCFullYear() + 1;
}

/** The four-digit year of a two-digit one, by the pivot above. */
export function fullYear(twoDigits: number, latest: number): number {
  return latest - ((((latest - twoDigits) % 100) + 100) % 100);
}

const SLASH = 0x2f;
const ZERO = 0x30;

/**
 * `MM/DD/YY`, `M/D/YY`, `MM/DD/YYYY` or `M/D/YYYY` → ISO `YYYY-MM-DD`; INVALID for any other form
 * or a day that does not exist (13/45/20, 02/30/21). The value must not be missing (isMissing).
 */
export function parseDate(value: string, latest: number): string | typeof INVALID {
  const n = value.length;
  let i = 0;
  let month = 0;
  let digits = 0;
  for (; i < n && digits < 3; i++, digits++) {
    const d = value.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) break;
    month = month * 10 + d;
  }
  if (digits < 1 || digits > 2 || value.charCodeAt(i) !== SLASH) return INVALID;
  i++;
  let day = 0;
  digits = 0;
  for (; i < n && digits < 3; i++, digits++) {
    const d = value.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) break;
    day = day * 10 + d;
  }
  if (digits < 1 || digits > 2 || value.charCodeAt(i) !== SLASH) return INVALID;
  i++;
  let year = 0;
  digits = 0;
  for (; i < n; i++, digits++) {
    const d = value.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) return INVALID;
    year = year * 10 + d;
  }
  if (digits === 2) year = fullYear(year, latest);
  else if (digits !== 4 || year < 1000) return INVALID;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return INVALID;
  return `${year}-${month < 10 ? "0" : ""}${month}-${day < 10 ? "0" : ""}${day}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** An integer with an optional sign (DIM can be negative); NaN when it is not one. */
export function parseInteger(value: string): number {
  const n = value.length;
  let i = value.charCodeAt(0) === 0x2d || value.charCodeAt(0) === 0x2b ? 1 : 0;
  if (i === n || n - i > 15) return Number.NaN;
  let result = 0;
  for (; i < n; i++) {
    const d = value.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) return Number.NaN;
    result = result * 10 + d;
  }
  return value.charCodeAt(0) === 0x2d ? -result : result;
}

/** A decimal with a dot (`3.45`, `-0.5`, `.5`, `12`); NaN when it is not one. */
export function parseDecimal(value: string): number {
  const n = value.length;
  let i = value.charCodeAt(0) === 0x2d || value.charCodeAt(0) === 0x2b ? 1 : 0;
  let digits = 0;
  let dots = 0;
  for (; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x2e) dots++;
    else if (c >= ZERO && c <= ZERO + 9) digits++;
    else return Number.NaN;
  }
  return digits === 0 || dots > 1 ? Number.NaN : Number(value);
}
