import { parseDc305 } from "./parse-dc305.ts";
import type { Dc305ErrorRecord, Dc305Options, Dc305Record, Dc305RowRecord } from "./records.ts";

// ---- Helpers for the parser's tests: small DC305-like files written by hand ----

/** "Today" of the tests: two-digit years up to 27 are 20YY, from 28 on 19YY. */
export const TODAY = new Date("2026-06-15T12:00:00Z");

/** A value right-aligned in a field of `width`, as DC305 pads numbers and IDs. */
export const right = (value: string | number, width: number) => `${String(value).padStart(width, " ")} `;
/** A value left-aligned in a field of `width`, as DC305 pads codes and text. */
export const left = (value: string, width: number) => value.padEnd(width, " ");

/** A DC305 line: values joined by commas and ended with the trailing comma. */
export const dcLine = (...values: string[]) => `${values.join(",")},`;

/** A quoted DC305 header with its trailing comma. */
export const dcHeader = (...names: string[]) => `${names.map((n) => `"${n}"`).join(",")},`;

/** The EVENTS header the tests' files use. */
export const EVENTS_HEADER = dcHeader(
  "ID",
  "BDAT",
  "LACT",
  "CBRD",
  "Event",
  "DIM",
  "Date",
  "Remark",
  "Protocols",
  "Technician",
);

/** An EVENTS line in EVENTS_HEADER's layout, padded as DC305 pads it. */
export function eventLine(
  id: string,
  bdat: string,
  lact: string,
  code: string,
  dim: string,
  date: string,
  remark = "",
  protocol = "",
  tech = "",
) {
  return dcLine(
    right(id, 9),
    bdat,
    right(lact, 3),
    left("H", 5),
    left(code, 11),
    right(dim, 4),
    date,
    left(remark, 16),
    left(protocol, 16),
    tech,
  );
}

/** The bytes as a stream cut at the given sizes (the last piece takes the rest). */
export async function* chunks(bytes: Uint8Array, sizes: number[]): AsyncGenerator<Uint8Array> {
  let at = 0;
  for (const size of sizes) {
    if (at >= bytes.length) return;
    yield bytes.slice(at, at + size);
    at += size;
  }
  if (at < bytes.length) yield bytes.slice(at);
}

/** All records of a stream. */
export async function collect(
  source: AsyncIterable<Uint8Array>,
  options: Dc305Options = { today: TODAY },
): Promise<Dc305Record[]> {
  const records: Dc305Record[] = [];
  for await (const record of parseDc305(source, options)) records.push(record);
  return records;
}

export const rowsOf = (records: Dc305Record[]) => records.filter((r): r is Dc305RowRecord => r.type === "row");
export const errorsOf = (records: Dc305Record[]) => records.filter((r): r is Dc305ErrorRecord => r.type === "error");
