import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { type FileRecord, ImportFileError } from "./csv-rows.ts";

// ---- XLSX read row by row with exceljs's streaming WorkbookReader ----
//
// Excel (and exceljs) write the sheet before the shared strings; the WorkbookReader then copies the
// whole inflated sheet to a temporary file before reading a row of it. The upload is in memory
// (≤ its byte limit), so its zip entries are handed to the reader in the order it wants instead —
// relationships, workbook, styles, shared strings, then the sheets — by their offsets in the
// central directory, without inflating anything here. Shared strings are kept by us, with a budget.

export const XlsxText = {
  unreadable: "Не удалось прочитать файл",
  tooManyStrings: "В файле слишком много текста: разделите его на части",
} as const;

/** Shared strings kept at most (count, characters): ~100 MB in the worst case. */
export const SHARED_STRINGS_MAX = 1_000_000;
export const SHARED_STRING_CHARS_MAX = 20_000_000;

interface ZipEntry {
  name: string;
  offset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/** The zip's entries (name and local header offset) from its central directory. */
function zipEntries(zip: Buffer): { entries: ZipEntry[]; centralStart: number } {
  const from = Math.max(0, zip.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = zip.length - 22; i >= from; i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ImportFileError(XlsxText.unreadable);
  const count = zip.readUInt16LE(eocd + 10);
  const centralStart = zip.readUInt32LE(eocd + 16);
  let at = centralStart;
  const entries: ZipEntry[] = [];
  for (let k = 0; k < count; k++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw new ImportFileError(XlsxText.unreadable);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    if (offset >= zip.length) throw new ImportFileError(XlsxText.unreadable);
    entries.push({ name, offset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, centralStart };
}

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
const LEADING = ["xl/_rels/workbook.xml.rels", "xl/workbook.xml", "xl/styles.xml", "xl/sharedStrings.xml"];

/** Lets the zip's bytes flow only while the reader is awaited for more: streams in between buffer eagerly. */
class Demand {
  private wanted = false;
  private wake: (() => void) | undefined;

  async waitFor<T>(read: Promise<T>): Promise<T> {
    this.wanted = true;
    this.wake?.();
    try {
      return await read;
    } finally {
      this.wanted = false;
    }
  }

  async granted(): Promise<void> {
    while (!this.wanted) await new Promise<void>((resolve) => (this.wake = resolve));
  }
}

const CHUNK_BYTES = 4 * 1024;

/** The bytes of the entries the reader needs, in the order it needs them, in 4 KB chunks (the streams behind buffer ~13 of them). */
function reordered(zip: Buffer, demand: Demand, onBytes: (n: number) => void): Readable {
  const { entries, centralStart } = zipEntries(zip);
  // An entry's bytes (local header, data, data descriptor) run to the next entry or the central directory.
  const ends = new Map<number, number>();
  const starts = [...new Set(entries.map((e) => e.offset))].sort((a, b) => a - b);
  for (const [i, start] of starts.entries()) ends.set(start, starts[i + 1] ?? Math.max(start, centralStart));
  const byName = new Map(entries.map((e) => [e.name, e]));
  for (const needed of ["xl/_rels/workbook.xml.rels", "xl/workbook.xml"]) {
    if (!byName.has(needed)) throw new ImportFileError(XlsxText.unreadable);
  }
  const sheets = entries
    .filter((e) => SHEET.test(e.name))
    .sort((a, b) => Number(SHEET.exec(a.name)?.[1]) - Number(SHEET.exec(b.name)?.[1]));
  const order = [...LEADING.flatMap((name) => byName.get(name) ?? []), ...sheets];
  return Readable.from(
    (async function* () {
      for (const entry of order) {
        const end = ends.get(entry.offset) ?? zip.length;
        for (let at = entry.offset; at < end; at += CHUNK_BYTES) {
          await demand.granted();
          const chunk = zip.subarray(at, Math.min(end, at + CHUNK_BYTES));
          onBytes(chunk.length);
          yield chunk;
        }
      }
    })(),
    { objectMode: false, highWaterMark: CHUNK_BYTES },
  );
}

/** The text of an XLSX cell value: dates as ISO (their date part is what list cells keep). */
export function xlsxCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString();
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return value;
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((part) => part.text ?? "").join("");
    if ("formula" in value || "sharedFormula" in value) {
      const result = (value as { result?: unknown }).result;
      return result === undefined || (typeof result === "object" && !(result instanceof Date))
        ? ""
        : xlsxCellText(result as ExcelJS.CellValue);
    }
    if ("text" in value) {
      const text = (value as { text: unknown }).text;
      return typeof text === "string" ? text : xlsxCellText(text as ExcelJS.CellValue);
    }
    if ("error" in value) return "";
  }
  return "";
}

interface WorkbookReaderInternals {
  sharedStrings?: unknown[];
  model?: { sheets?: { name?: string }[] };
  parse(): AsyncGenerator<unknown>;
}

interface StreamedRow {
  number: number;
  eachCell(callback: (cell: { value: ExcelJS.CellValue }, column: number) => void): void;
}

export interface XlsxReadOptions {
  /** Counts the zip's bytes as the reader takes them. */
  onBytes?: (n: number) => void;
  /** Cells past this column with a value make the file unreadable (a bound on one row's work). */
  maxColumns: number;
  tooManyColumns: (line: number) => string;
}

/**
 * The first sheet's rows, one at a time, each as the texts of its cells (empty rows left out by
 * the file itself). Stopping the iteration stops reading: nothing past the last row taken is inflated.
 */
export async function* xlsxRecords(zip: Buffer, options: XlsxReadOptions): AsyncGenerator<FileRecord> {
  const demand = new Demand();
  const source = reordered(zip, demand, options.onBytes ?? (() => {}));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    sharedStrings: "emit",
    styles: "cache",
    hyperlinks: "ignore",
    worksheets: "emit",
    entries: "ignore",
  }) as unknown as WorkbookReaderInternals;
  // Set before reading: with it and the relationships known, the reader never spools a sheet to disk.
  const strings: unknown[] = [];
  reader.sharedStrings = strings;
  let chars = 0;
  const events = reader.parse();
  let rows: AsyncIterator<StreamedRow> | undefined;
  try {
    for (;;) {
      let next: IteratorResult<unknown>;
      try {
        next = await demand.waitFor(events.next());
      } catch {
        throw new ImportFileError(XlsxText.unreadable);
      }
      if (next.done) return;
      const event = next.value as { index?: number; text?: unknown; eventType?: string; value?: unknown };
      if (event.index !== undefined) {
        strings.push(event.text);
        chars += typeof event.text === "string" ? event.text.length : 16;
        if (strings.length > SHARED_STRINGS_MAX || chars > SHARED_STRING_CHARS_MAX) {
          throw new ImportFileError(XlsxText.tooManyStrings);
        }
        continue;
      }
      if (event.eventType !== "worksheet") continue;
      const sheet = event.value as { name?: string } & AsyncIterable<StreamedRow>;
      const first = reader.model?.sheets?.[0]?.name;
      if (first !== undefined && sheet.name !== first) continue;
      rows = sheet[Symbol.asyncIterator]();
      for (;;) {
        let row: IteratorResult<StreamedRow>;
        try {
          row = await demand.waitFor(rows.next());
        } catch {
          throw new ImportFileError(XlsxText.unreadable);
        }
        if (row.done) break;
        const cells: string[] = [];
        row.value.eachCell((cell, column) => {
          if (column > options.maxColumns) throw new ImportFileError(options.tooManyColumns(row.value.number));
          while (cells.length < column - 1) cells.push("");
          cells[column - 1] = xlsxCellText(cell.value);
        });
        yield { line: row.value.number, cells };
      }
      return;
    }
  } finally {
    source.destroy();
    await rows?.return?.(undefined).catch(() => undefined);
    // Ends the reader's generators (and their streams) without reading on.
    await events.return(undefined).catch(() => undefined);
  }
}
