import type {
  Dc305ErrorRecord,
  Dc305HeaderRecord,
  Dc305Record,
  Dc305RefusedRecord,
  Dc305RowRecord,
} from "../dc305/records.ts";

// ---- A parsed line as a COPY text line of herd_upload_rows (STAGED_COLUMNS' order) ----

/** Values past what the herd tables hold: the line is refused rather than failing the whole COPY. */
const LIMITS: { name: string; item: string; get: (r: Dc305RowRecord) => number | null; min: number; max: number }[] = [
  { name: "lact", item: "LACT", get: (r) => r.animal.lact, min: 0, max: 99 },
  { name: "rc", item: "RC", get: (r) => r.animal.rc, min: 0, max: 7 },
  { name: "dim", item: "DIM", get: (r) => r.animal.dim ?? r.event?.dim ?? null, min: -100_000, max: 100_000 },
  { name: "tdim", item: "DIM", get: (r) => r.testDay?.dim ?? null, min: -100_000, max: 100_000 },
  { name: "milk", item: "MILK", get: (r) => r.testDay?.milk_kg ?? null, min: 0, max: 9_999.99 },
  { name: "fat", item: "PCTF", get: (r) => r.testDay?.fat_pct ?? null, min: 0, max: 999.99 },
  { name: "protein", item: "PCTP", get: (r) => r.testDay?.protein_pct ?? null, min: 0, max: 999.99 },
  { name: "scc", item: "SCC", get: (r) => r.testDay?.scc ?? null, min: 0, max: 2_000_000_000 },
];

/** The Russian refusal of a row whose values the tables cannot hold, or null. */
export function outOfRange(row: Dc305RowRecord): string | null {
  for (const limit of LIMITS) {
    const value = limit.get(row);
    if (value !== null && (value < limit.min || value > limit.max)) {
      return `Строка ${row.line}: ${limit.item} = ${value} вне допустимых пределов (${limit.min}…${limit.max}).`;
    }
  }
  return null;
}

const NULL = "\\N";

/** What COPY text must escape (or, NUL, drop). */
const SPECIAL = /[\0\\\t\n\r]/;

/** COPY text format: backslash escapes; NUL cannot be stored in text at all. */
function text(value: string | null): string {
  if (value === null) return NULL;
  // Most values have nothing to escape: no new strings for them (a million lines, ~20 values each).
  if (!SPECIAL.test(value)) return value;
  return value
    .replace(/\0/g, "")
    .replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"));
}
const num = (value: number | null | undefined) => (value === null || value === undefined ? NULL : String(value));
const str = (value: string | null | undefined) => text(value ?? null);

/** One COPY line for a parsed row (the caller checked outOfRange first). */
export function rowLine(databaseId: number, uploadId: number, row: Dc305RowRecord): string {
  const a = row.animal;
  const e = row.event;
  const t = row.testDay;
  const attributes = Object.keys(row.attributes).length > 0 ? JSON.stringify(row.attributes) : null;
  return [
    databaseId,
    uploadId,
    row.line,
    NULL,
    str(a.barn_number),
    str(a.ear_tag),
    str(a.birth_date),
    str(a.breed),
    str(a.pen),
    num(a.lact),
    num(a.rc),
    num(a.dim),
    str(a.fresh_date),
    str(a.dry_date),
    str(a.exit_date),
    str(a.conception_date),
    str(a.sire),
    str(a.dam),
    str(e?.code),
    str(e?.date),
    num(e?.dim),
    e ? text(e.remark) : NULL,
    e ? text(e.protocol) : NULL,
    e ? text(e.technician) : NULL,
    str(t?.date),
    num(t?.dim),
    num(t?.milk_kg),
    num(t?.fat_pct),
    num(t?.protein_pct),
    num(t?.scc),
    text(attributes),
  ].join("\t");
}

/** One COPY line for a refused line: its number and message, nothing else. */
export function errorLine(
  databaseId: number,
  uploadId: number,
  error: Pick<Dc305ErrorRecord, "line" | "message">,
): string {
  return [databaseId, uploadId, error.line, text(error.message), ...new Array<string>(27).fill(NULL)].join("\t");
}

/** COPY text of whole lines: each ends in a newline ("" for none). */
export const copyText = (lines: readonly string[]): string => (lines.length > 0 ? `${lines.join("\n")}\n` : "");

/** What a batch of records says of the whole file: its header, or why it is refused. */
export interface FileVerdict {
  header?: Dc305HeaderRecord;
  refused?: Dc305RefusedRecord;
}

/**
 * A batch of a reader's records as COPY lines (rows, refused rows, rows past the tables' limits),
 * noting the header or the refusal in `verdict`. Staging and the spreadsheet's remap share it.
 */
export function stagedLines(
  databaseId: number,
  uploadId: number,
  batch: Dc305Record[],
  verdict: FileVerdict,
): string[] {
  const lines: string[] = [];
  for (const r of batch) {
    if (r.type === "header") verdict.header = r;
    else if (r.type === "refused") verdict.refused = r;
    else if (r.type === "error") lines.push(errorLine(databaseId, uploadId, r));
    else {
      const bad = outOfRange(r);
      lines.push(
        bad ? errorLine(databaseId, uploadId, { line: r.line, message: bad }) : rowLine(databaseId, uploadId, r),
      );
    }
  }
  return lines;
}
