import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { ErrorCode } from "@nadoy/contract/errors";
import {
  type HERD_UPLOAD_FORMATS,
  type HerdRefusedFileFormat,
  type HerdUploadKind,
  herdRefusedFileName,
} from "@nadoy/contract/herd";
import { LIST_FILE_TYPES } from "@nadoy/contract/lists";
import ExcelJS from "exceljs";
import type { Db } from "../../../db/client.ts";
import type { AuthUser } from "../../../platform/auth/guard.ts";
import { attachmentDisposition } from "../../../platform/content-disposition.ts";
import { formatCsv, UTF8_BOM } from "../../../platform/csv.ts";
import { ApiError } from "../../../platform/errors.ts";
import { drained } from "../../../platform/xlsx-stream.ts";
import { findVisibleUpload } from "../files/herd-files.repository.ts";
import { filesCaller } from "../files/herd-files.service.ts";
import { notFound } from "../herd-access.ts";
import { NOT_STAGED } from "./commit-upload.ts";
import {
  dc305FileRows,
  type FileRow,
  type RefusedLine,
  type RefusedRow,
  refusedPage,
  refusedPages,
  sheetFileRows,
  withFileCells,
} from "./refused-rows.ts";
import { checkOptionsFor } from "./upload-preview.ts";

// ---- Every refused row of an upload as a file (contract herd.ts downloadHerdUploadRefused) ----
//
// «Строка», «Причина», then the file's own text of the row: streamed, CSV a page of rows at a
// time as the client reads, XLSX a page at a time once the client has taken the previous one.

export const REFUSED_NOT_KEPT =
  "Отклонённые строки этой загрузки не сохранились: проверьте её файл снова в разделе «Файлы» или загрузите его ещё раз.";

type HerdUploadFormat = (typeof HERD_UPLOAD_FORMATS)[number];

export interface RefusedFile {
  body: Readable;
  contentType: string;
  disposition: string;
}

/** The message without its «Строка N: », which the «Строка» column already says. */
function reasonOf({ line, message }: { line: number; message: string }): string {
  const prefix = `Строка ${line}: `;
  if (!message.startsWith(prefix)) return message;
  const rest = message.slice(prefix.length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

type Cells = (string | number)[];

const recordOf = (row: RefusedRow): Cells => [row.line, reasonOf(row), ...row.cells];

/**
 * The file's records a page at a time, its header first. Nothing is opened before it is first
 * read, and the kept file is closed when it ends, fails or is dropped (the client went away).
 */
async function* refusedRecords(
  pages: AsyncIterable<RefusedLine[]>,
  kept: { path: string; format: HerdUploadFormat } | undefined,
): AsyncGenerator<Cells[]> {
  const stream = kept && createReadStream(kept.path);
  try {
    let file: { header: string[]; rows: AsyncIterator<FileRow[]> | undefined } = { header: [], rows: undefined };
    if (stream && kept?.format === "dc305") file = { header: ["Строка файла"], rows: dc305FileRows(stream) };
    else if (stream) file = await sheetFileRows(stream);
    yield [["Строка", "Причина", ...file.header]];
    for await (const page of withFileCells(pages, file.rows)) yield page.map(recordOf);
  } finally {
    stream?.destroy();
  }
}

function refusedCsv(records: AsyncIterable<Cells[]>): Readable {
  async function* text(): AsyncGenerator<string> {
    let first = true;
    for await (const page of records) {
      // formatCsv writes a whole file: the BOM once, at its start.
      const csv = formatCsv(page);
      yield first ? csv : csv.slice(UTF8_BOM.length);
      first = false;
    }
  }
  return Readable.from(text(), { objectMode: false });
}

function refusedXlsx(records: AsyncIterable<Cells[]>): Readable {
  const out = new PassThrough();
  // Texts of the file go in as text cells: exceljs never writes a string as a formula.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  void (async () => {
    const sheet = workbook.addWorksheet("Отклонённые строки");
    // (Widths before the first row: the streaming writer writes them with it.)
    sheet.getColumn(1).width = 10;
    sheet.getColumn(2).width = 60;
    for await (const page of records) {
      // (Leaving the loop closes the records, and with them the kept file.)
      if (out.destroyed) return;
      for (const cells of page) sheet.addRow(cells).commit();
      await drained(out);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** The kept file's path, when it is kept and still on the disk. */
async function keptPath(dataDir: string, fileKey: string | null): Promise<string | undefined> {
  if (fileKey === null) return undefined;
  const path = join(dataDir, fileKey);
  return (await stat(path).then(
    () => true,
    () => false,
  ))
    ? path
    : undefined;
}

export async function refusedRowsFile(
  db: Db,
  dataDir: string,
  user: AuthUser,
  uploadUuid: string,
  format: HerdRefusedFileFormat,
): Promise<RefusedFile> {
  const upload = await findVisibleUpload(db, filesCaller(user), uploadUuid);
  if (!upload) throw notFound();
  if (upload.status !== "staged" && upload.status !== "committed") {
    throw new ApiError(409, ErrorCode.conflict, NOT_STAGED);
  }
  const ref = { databaseId: upload.databaseId, uploadId: upload.id };
  // A committed upload kept its refused lines with their messages written out (commit-upload.ts).
  const herdAnimalsOnly = upload.status === "staged" && herdAnimalsOnlyOf(upload.kind);
  const first = await refusedPage(db, ref, herdAnimalsOnly, undefined);
  if (first.length === 0 && upload.errorsCount > 0) throw new ApiError(409, ErrorCode.conflict, REFUSED_NOT_KEPT);
  const path = await keptPath(dataDir, upload.fileKey);
  const records = refusedRecords(
    refusedPages(db, ref, herdAnimalsOnly, first),
    path === undefined ? undefined : { path, format: upload.format },
  );
  const name = herdRefusedFileName(upload.fileName, format);
  const disposition = attachmentDisposition(name, "refused");
  return format === "csv"
    ? { body: refusedCsv(records), contentType: `${LIST_FILE_TYPES.csv}; charset=utf-8`, disposition }
    : { body: refusedXlsx(records), contentType: LIST_FILE_TYPES.xlsx, disposition };
}

const herdAnimalsOnlyOf = (kind: HerdUploadKind | null) => checkOptionsFor(kind).herdAnimalsOnly === true;
