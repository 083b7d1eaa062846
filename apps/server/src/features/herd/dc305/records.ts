import type { HerdUploadKind } from "@nadoy/contract/herd";

// ---- What the DC305 parser hands out, record by record ----
// (The spreadsheet reader, spreadsheet/read-spreadsheet.ts, hands out the same records.)

/** The file's kind: an EVENTS list (one line per event) or a LIST/SHOW item export (one line per animal). */
export type Dc305Kind = "events" | "items";

/** A column mapped to a field: the item as the header spells it and the field's Russian label. */
export interface Dc305MappedItem {
  item: string;
  field: string;
}

/** First record of a readable file: what it is and what becomes of each column (the preview's `items`). */
export interface Dc305HeaderRecord {
  type: "header";
  line: number;
  /** Dc305Kind for a DC305 file; a spreadsheet's kind for a table. */
  kind: HerdUploadKind;
  mapped: Dc305MappedItem[];
  /** Columns kept as free attributes, in file order. */
  kept: string[];
}

/**
 * The file as a whole cannot be read (empty, or totals per period rather than animals). It is the
 * only record, and the parser reads no further. `line` is the header's line, 0 for an empty file.
 */
export interface Dc305RefusedRecord {
  type: "refused";
  line: number;
  message: string;
}

/** Animal items of a line; null where the file has no such column or the value is missing. */
export interface Dc305Animal {
  barn_number: string;
  ear_tag: string | null;
  birth_date: string | null;
  breed: string | null;
  pen: string | null;
  lact: number | null;
  rc: number | null;
  /** DIM of an items file (days in milk, or age for a heifer); in an EVENTS file DIM is the event's. */
  dim: number | null;
  fresh_date: string | null;
  dry_date: string | null;
  /** ARDAT: the day the animal left the herd. */
  exit_date: string | null;
  conception_date: string | null;
  sire: string | null;
  dam: string | null;
}

/** An EVENTS line's event. Free text is "" when missing. */
export interface Dc305Event {
  /** Upper-cased; unknown codes are kept as they are. */
  code: string;
  date: string;
  /** Days in milk on the event's day; negative before calving, the age for a heifer (LACT 0). */
  dim: number | null;
  remark: string;
  protocol: string;
  technician: string;
}

/** Test-day items of a line (TDAT MILK PCTF PCTP SCC); date null when the file has no TDAT value. */
export interface Dc305TestDay {
  date: string | null;
  milk_kg: number | null;
  fat_pct: number | null;
  protein_pct: number | null;
  /** Thousands of cells per ml. */
  scc: number | null;
  dim: number | null;
}

/** A data line read whole. Dates are ISO `YYYY-MM-DD`. */
export interface Dc305RowRecord {
  type: "row";
  /** 1-based physical line of the file (the header being 1). */
  line: number;
  animal: Dc305Animal;
  /** Present in an EVENTS file. */
  event: Dc305Event | null;
  /** Present when the file has test-day columns and the line has a value in one of them. */
  testDay: Dc305TestDay | null;
  /** Columns not mapped, by header name: the value trimmed; empty values left out. */
  attributes: Record<string, string>;
}

/** A data line refused; `message` is Russian, starts with «Строка N:» and is shown as it is. */
export interface Dc305ErrorRecord {
  type: "error";
  line: number;
  message: string;
}

/** Records in file order: a header (or a refusal, then nothing), then rows and errors. */
export type Dc305Record = Dc305HeaderRecord | Dc305RefusedRecord | Dc305RowRecord | Dc305ErrorRecord;

export interface Dc305Options {
  /** "Today" for the century of two-digit years (tests pin it); the current time by default. */
  today?: Date;
}
