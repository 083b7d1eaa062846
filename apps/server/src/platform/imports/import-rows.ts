import type { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { ErrorCode, importColumnsLimitText, importFileTooLargeText, importRowsLimitText } from "@nadoy/contract/errors";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError, validationError } from "../errors.ts";
import { CsvParser, type FileRecord, ImportFileError, TextSniffer } from "./csv-rows.ts";
import { xlsxRecords } from "./xlsx-rows.ts";

// ---- the rows of an uploaded CSV or XLSX file, in batches, within limits ----
//
// What every importer (lists, DC305 herd files, 1C, lab files) reads its file with:
//   for await (const batch of importRows(body, { format, maxRows, maxBytes }).batches) { ...check batch... }
// - the body is read as it arrives (CSV) or up to `maxBytes` (XLSX, whose zip needs every byte);
//   a larger body → 413, before anything else is read when Content-Length says so;
// - the first record that is not blank is the header; past `maxRows` rows below it reading stops at
//   once → 400 naming the limit (the rest of the file is never read or inflated);
// - each batch is at most `batchRows` rows or `sliceMs` of work, and the next one is read only after
//   the event loop has had a turn (setImmediate): other requests are never held up for long;
// - a file that cannot be read → 400 validation_error with `fields.file` (Russian, shown as it is).
// Memory: the body (≤ maxBytes for XLSX, one chunk for CSV), the XLSX shared strings (bounded in
// xlsx-rows.ts) and the batch the caller keeps — never the whole file parsed at once.

export type ImportFormat = "csv" | "xlsx";

export interface ImportRowsOptions {
  format: ImportFormat;
  /** Rows below the header at most. */
  maxRows: number;
  /** Bytes of the body at most. */
  maxBytes: number;
  /** The body's Content-Length, when the client gave one: a larger one is refused before reading. */
  declaredBytes?: number | undefined;
  /** Cells in a row at most (default 1,000): a bound on one row's work. */
  maxColumns?: number;
  batchRows?: number;
  sliceMs?: number;
}

export interface ImportStats {
  /** Bytes of the body read so far (XLSX: bytes of the zip handed to the reader). */
  bytesRead: number;
  /** Records (rows) read from the file so far, blank ones and the header included. */
  recordsRead: number;
}

export interface ImportRows {
  /** Non-blank records with their line numbers (the header first), in batches. */
  batches: AsyncGenerator<FileRecord[]>;
  stats: ImportStats;
}

export const IMPORT_COLUMNS_MAX = 1_000;
export const IMPORT_BATCH_ROWS = 1_000;
/** Work between two turns of the event loop, at most (roughly: one batch is checked as a whole). */
export const IMPORT_SLICE_MS = 20;

/** 400 validation_error about the file, as every importer answers it. */
export function importFileError(message: string): ApiError {
  return validationError({ file: message }, message);
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === "");

/** Bytes parsed at a time: a body that arrives in one big piece is still read in small steps. */
const CSV_STEP_BYTES = 64 * 1024;

async function* csvRecords(body: AsyncIterable<Buffer>, onBytes: (n: number) => void): AsyncGenerator<FileRecord> {
  const sniffer = new TextSniffer();
  const parser = new CsvParser();
  let ready: FileRecord[] = [];
  const emit = (record: FileRecord) => {
    ready.push(record);
  };
  for await (const piece of body) {
    for (let at = 0; at < piece.length; at += CSV_STEP_BYTES) {
      const chunk = piece.subarray(at, at + CSV_STEP_BYTES);
      onBytes(chunk.length);
      parser.push(sniffer.decode(chunk), emit);
      // At most one step's records are held here.
      const step = ready;
      ready = [];
      yield* step;
    }
  }
  parser.push(sniffer.end(), emit);
  parser.end(emit);
  yield* ready;
}

async function* byteLimited(
  body: Iterable<Buffer> | AsyncIterable<Buffer | string>,
  maxBytes: number,
): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const piece of body) {
    const chunk = typeof piece === "string" ? Buffer.from(piece) : piece;
    total += chunk.length;
    if (total > maxBytes) throw new ApiError(413, ErrorCode.payloadTooLarge, importFileTooLargeText(maxBytes));
    yield chunk;
  }
}

async function collect(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The file's rows in batches; see the header comment of this module. */
export function importRows(body: Readable | Buffer, options: ImportRowsOptions): ImportRows {
  const stats: ImportStats = { bytesRead: 0, recordsRead: 0 };
  return { stats, batches: batches(body, options, stats) };
}

async function* batches(body: Readable | Buffer, options: ImportRowsOptions, stats: ImportStats) {
  const maxColumns = options.maxColumns ?? IMPORT_COLUMNS_MAX;
  const batchRows = options.batchRows ?? IMPORT_BATCH_ROWS;
  const sliceMs = options.sliceMs ?? IMPORT_SLICE_MS;
  if (options.declaredBytes !== undefined && options.declaredBytes > options.maxBytes) {
    throw new ApiError(413, ErrorCode.payloadTooLarge, importFileTooLargeText(options.maxBytes));
  }
  // Not destroyed when reading stops early: the request's socket must still carry the answer
  // (closeUnreadUpload closes it after that).
  const source: Iterable<Buffer> | AsyncIterable<Buffer | string> = Buffer.isBuffer(body)
    ? [body]
    : { [Symbol.asyncIterator]: () => body.iterator({ destroyOnReturn: false }) };
  const bytes = byteLimited(source, options.maxBytes);
  const onBytes = (n: number) => {
    stats.bytesRead += n;
  };
  const tooManyColumns = (line: number) => importColumnsLimitText(line, maxColumns);
  let records: AsyncGenerator<FileRecord>;
  if (options.format === "csv") {
    records = csvRecords(bytes, onBytes);
  } else {
    const zip = await collect(bytes);
    records = xlsxRecords(zip, { onBytes, maxColumns, tooManyColumns });
  }
  // Blank records cost work too: past this many in all, the file is refused like a long one.
  const maxRecords = 2 * (options.maxRows + 1) + 1_000;
  let headerSeen = false;
  let rows = 0;
  let batch: FileRecord[] = [];
  let sliceStart = performance.now();
  try {
    for await (const record of records) {
      stats.recordsRead += 1;
      if (record.cells.length > maxColumns) throw new ImportFileError(tooManyColumns(record.line));
      const blank = isBlank(record.cells);
      if (!blank) {
        if (headerSeen) rows += 1;
        headerSeen = true;
      }
      if (rows > options.maxRows || stats.recordsRead > maxRecords) {
        throw new ImportFileError(importRowsLimitText(options.maxRows));
      }
      if (!blank) batch.push(record);
      if (batch.length >= batchRows || performance.now() - sliceStart >= sliceMs) {
        if (batch.length > 0) yield batch;
        batch = [];
        await nextTurn();
        sliceStart = performance.now();
      }
    }
    if (batch.length > 0) yield batch;
  } catch (error) {
    if (error instanceof ImportFileError) throw importFileError(error.message);
    throw error;
  } finally {
    await records.return(undefined);
  }
}

/**
 * Call when an import route is done, however it ended: when the upload was not read to its end
 * (refused early), the connection closes after the answer — as Fastify does for a body it
 * refuses — instead of the rest being received for nothing.
 */
export function closeUnreadUpload(request: FastifyRequest, reply: FastifyReply): void {
  if (!request.raw.readableEnded && !reply.sent) reply.header("connection", "close");
}
