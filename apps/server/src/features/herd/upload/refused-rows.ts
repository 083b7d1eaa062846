import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";
import { decodeLine } from "../dc305/line-decoder.ts";
import { LineSplitter } from "../dc305/line-splitter.ts";
import { sheetRows } from "../spreadsheet/read-spreadsheet.ts";
import type { SheetRow } from "../spreadsheet/sheet-rows.ts";
import { cellShown, isEmptyCell } from "../spreadsheet/sheet-values.ts";
import { refusedLines, type UploadRef } from "./upload-sql.ts";

// ---- All refused lines of an upload, each with the file's own text of it, batch by batch ----
//
// The lines and their messages come from the staging table (upload-sql.ts refusedLines: the same
// as the preview's first ones) a keyset page at a time; the file's text from the kept file, read
// once alongside in line order. Neither is held whole: one page and one chunk's rows at a time.

/** Refused lines read per query (by herd_upload_rows_upload_idx: database, upload, line). */
export const REFUSED_PAGE_ROWS = 1000;

export interface RefusedLine {
  line: number;
  message: string;
}

/** A row of the file as written: a DC305 line as one cell, a table's row as its cells. */
export interface FileRow {
  line: number;
  cells: string[];
}

/** A refused line with the file's cells of it ([] when the file is not kept or the row has none). */
export type RefusedRow = RefusedLine & { cells: string[] };

/** One page of the upload's refused lines after line `after` (all lines when undefined). */
export async function refusedPage(
  db: Db,
  ref: UploadRef,
  herdAnimalsOnly: boolean,
  after: number | undefined,
): Promise<RefusedLine[]> {
  const rows = await queryRows<{ line: number; message: string }>(
    db,
    sql`${refusedLines(ref, herdAnimalsOnly, after)} limit ${REFUSED_PAGE_ROWS}`,
  );
  return rows.map((r) => ({ line: Number(r.line), message: r.message }));
}

/** The pages after `first` until one comes back short. */
export async function* refusedPages(
  db: Db,
  ref: UploadRef,
  herdAnimalsOnly: boolean,
  first: RefusedLine[],
): AsyncGenerator<RefusedLine[]> {
  let page = first;
  while (page.length > 0) {
    yield page;
    if (page.length < REFUSED_PAGE_ROWS) return;
    page = await refusedPage(db, ref, herdAnimalsOnly, page.at(-1)?.line);
  }
}

const BOM = [0xef, 0xbb, 0xbf] as const;

/** A DC305 file's physical lines as the parser numbers them (the header 1), the BOM dropped. */
export async function* dc305FileRows(source: AsyncIterable<Uint8Array>): AsyncGenerator<FileRow[]> {
  const splitter = new LineSplitter();
  let out: FileRow[] = [];
  const onLine = (bytes: Buffer, start: number, end: number, line: number, tooLong: boolean) => {
    const bom = line === 1 && end - start >= 3 && BOM.every((b, k) => bytes[start + k] === b);
    // A line too long or unreadable was refused for that: its text is not shown.
    const text = tooLong ? null : decodeLine(bytes, bom ? start + 3 : start, end);
    out.push({ line, cells: text === null ? [] : [text] });
  };
  for await (const chunk of source) {
    splitter.push(chunk, onLine);
    if (out.length > 0) {
      yield out;
      out = [];
    }
  }
  splitter.end(onLine);
  if (out.length > 0) yield out;
}

/**
 * A table's column names (its first row with a value, as the reader takes it) and then its later
 * rows, cells as the preview shows them (numbers with a decimal comma, dates DD.MM.YYYY).
 */
export async function sheetFileRows(
  source: AsyncIterable<Uint8Array>,
): Promise<{ header: string[]; rows: AsyncGenerator<FileRow[]> }> {
  const batches = sheetRows(source)[Symbol.asyncIterator]();
  // A row the reader could not read (its encoding, its length) has no cells to show.
  const rowOf = (row: SheetRow): FileRow => ({ line: row.line, cells: "cells" in row ? row.cells.map(cellShown) : [] });
  let header: string[] = [];
  let rest: FileRow[] = [];
  for (;;) {
    const next = await batches.next();
    if (next.done) break;
    const at = next.value.findIndex((row) => "cells" in row && !row.cells.every(isEmptyCell));
    if (at < 0) continue;
    header = rowOf(next.value[at] as SheetRow).cells;
    rest = next.value.slice(at + 1).map(rowOf);
    break;
  }
  async function* rows(): AsyncGenerator<FileRow[]> {
    try {
      if (rest.length > 0) yield rest;
      for (;;) {
        const next = await batches.next();
        if (next.done) return;
        yield next.value.map(rowOf);
      }
    } finally {
      await batches.return?.();
    }
  }
  return { header, rows: rows() };
}

/**
 * Each page of refused lines with the file's cells of each line: the file's rows are read on, in
 * order, only as far as the last refused line asks (the rest is never read).
 */
export async function* withFileCells(
  pages: AsyncIterable<RefusedLine[]>,
  fileRows: AsyncIterator<FileRow[]> | undefined,
): AsyncGenerator<RefusedRow[]> {
  let held: FileRow[] = [];
  let at = 0;
  let done = fileRows === undefined;
  const cellsOf = async (line: number): Promise<string[]> => {
    for (;;) {
      while (at < held.length && (held[at] as FileRow).line < line) at++;
      const row = held[at];
      if (row) return row.line === line ? row.cells : [];
      if (done || !fileRows) return [];
      const next = await fileRows.next();
      if (next.done) {
        done = true;
        return [];
      }
      held = next.value;
      at = 0;
    }
  };
  try {
    for await (const page of pages) {
      const out: RefusedRow[] = [];
      for (const refused of page) out.push({ ...refused, cells: await cellsOf(refused.line) });
      yield out;
    }
  } finally {
    await fileRows?.return?.();
  }
}
