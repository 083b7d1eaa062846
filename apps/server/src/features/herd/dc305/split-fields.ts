// ---- One line of text → its comma-separated values, trimmed ----

/** Where the values of the last line split are: reused from line to line, so nothing is allocated per field but the values. */
export class SplitLine {
  values: string[] = [];
  /** Offsets in the line where each value's raw text (before trimming) starts and ends. */
  starts: number[] = [];
  ends: number[] = [];
  count = 0;
}

const QUOTE = 0x22;
const SPACE = 0x20;
const TAB = 0x09;

/**
 * Splits on every comma, trimming spaces and tabs (DC305 pads values to the right and left). Only
 * the header is quoted, but a quoted value is read too: its quotes are dropped, a doubled quote
 * inside is one quote, and commas inside it do not split. A trailing comma gives an empty last
 * value, which the caller drops.
 */
export function splitFields(text: string, out: SplitLine): number {
  const n = text.length;
  let count = 0;
  let rawStart = 0;
  for (;;) {
    let i = rawStart;
    while (i < n && isBlank(text.charCodeAt(i))) i++;
    let value: string;
    let rawEnd: number;
    if (i < n && text.charCodeAt(i) === QUOTE) {
      const read = readQuoted(text, i + 1);
      rawEnd = text.indexOf(",", read.next);
      if (rawEnd < 0) rawEnd = n;
      // Text after the closing quote (rare) joins the value, as spreadsheets read it.
      value = (read.value + text.slice(read.next, rawEnd)).trim();
    } else {
      rawEnd = text.indexOf(",", i);
      if (rawEnd < 0) rawEnd = n;
      let e = rawEnd;
      while (e > i && isBlank(text.charCodeAt(e - 1))) e--;
      value = text.slice(i, e);
    }
    out.values[count] = value;
    out.starts[count] = rawStart;
    out.ends[count] = rawEnd;
    count++;
    if (rawEnd >= n) break;
    rawStart = rawEnd + 1;
  }
  out.count = count;
  return count;
}

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB;
}

/** A quoted value from just after its opening quote: the text and where reading goes on. */
function readQuoted(text: string, from: number): { value: string; next: number } {
  let value = "";
  let i = from;
  for (;;) {
    const close = text.indexOf('"', i);
    if (close < 0) return { value: value + text.slice(i), next: text.length };
    value += text.slice(i, close);
    if (text.charCodeAt(close + 1) === QUOTE) {
      value += '"';
      i = close + 2;
    } else {
      return { value, next: close + 1 };
    }
  }
}
