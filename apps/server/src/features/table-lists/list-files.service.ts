import { Readable } from "node:stream";
import { ErrorCode } from "@nadoy/contract/errors";
import type { ListView } from "@nadoy/contract/list-view";
import {
  type CsvDialect,
  type IMPORT_MODES,
  type ImportResult,
  LIST_FILE_TYPES,
  LIST_IMPORT_BYTES_MAX,
  LIST_ROWS_MAX,
  type ListFileFormat,
} from "@nadoy/contract/lists";
import type { Db } from "../../db/client.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { ApiError } from "../../platform/errors.ts";
import { type ImportGate, runImport } from "../../platform/imports/import-gate.ts";
import { importFileError, importRows } from "../../platform/imports/import-rows.ts";
import { assertMayEditRows } from "./list-access.ts";
import { buildExport, type ExportFile } from "./list-export.ts";
import { type CheckedImport, ImportCheck, ImportText } from "./list-import.ts";
import * as repo from "./lists.repository.ts";
import { type ListsService, tooManyRows } from "./lists.service.ts";

const wrongFileType = (format: ListFileFormat) =>
  new ApiError(
    415,
    ErrorCode.unsupportedMediaType,
    `Ожидается файл ${format.toUpperCase()} (${LIST_FILE_TYPES[format]})`,
  );

const columnsChanged = () =>
  new ApiError(409, ErrorCode.conflict, "Столбцы списка изменились во время загрузки. Загрузите файл ещё раз.");

/** Rows per INSERT: each statement stays short (PGlite runs it on the event loop's thread). */
const INSERT_BATCH_ROWS = 1_000;

export interface ImportRequest {
  format: ListFileFormat;
  mode: (typeof IMPORT_MODES)[number];
  skipInvalid: boolean;
  /** The raw body (the request's stream from the file content-type parsers) and its declared type and length. */
  body: unknown;
  contentType: string | undefined;
  contentLength: number | undefined;
}

/** Export and import of a list's rows. */
export function createListFilesService(db: Db, lists: ListsService, imports: ImportGate) {
  async function writeRows(
    caller: AuthUser,
    ref: Awaited<ReturnType<ListsService["visibleList"]>>,
    checkedWith: Awaited<ReturnType<typeof repo.findColumns>>,
    { result, validRows, invalidLines }: CheckedImport,
    request: ImportRequest,
  ): Promise<ImportResult> {
    if (invalidLines > 0 && !request.skipInvalid) throw importFileError(ImportText.rowErrors(invalidLines));
    const written = await db.transaction(async (tx) => {
      await repo.lockList(tx, ref.id);
      // The rows were checked against the columns before the lock: they must still be the same.
      if (JSON.stringify(await repo.findColumns(tx, ref.id)) !== JSON.stringify(checkedWith)) throw columnsChanged();
      const kept = request.mode === "replace" ? 0 : await repo.countRows(tx, ref.id);
      if (kept + validRows.length > LIST_ROWS_MAX) throw tooManyRows();
      if (request.mode === "replace") await repo.deleteAllRows(tx, ref.id);
      for (let at = 0; at < validRows.length; at += INSERT_BATCH_ROWS) {
        await repo.insertRowsAtEnd(tx, ref.id, validRows.slice(at, at + INSERT_BATCH_ROWS), caller.id);
      }
      await repo.touchList(tx, ref.id);
      return { ...result, written: validRows.length };
    });
    lists.changed(ref, caller.id);
    return written;
  }

  return {
    /** The rows and columns the view shows, as CSV or XLSX; any member may export. */
    async export(
      caller: AuthUser,
      uuid: string,
      format: ListFileFormat,
      view: ListView,
      csvDialect: CsvDialect,
    ): Promise<ExportFile> {
      const ref = await lists.visibleList(caller, { listUuid: uuid });
      const [columns, rows] = await Promise.all([repo.findColumns(db, ref.id), repo.findRows(db, ref.id)]);
      return buildExport(ref.name, format, columns, rows, view, csvDialect);
    },

    /**
     * preview checks only; append adds the valid rows after the last one; replace makes them the
     * list's rows. With errors and no skip_invalid → 400 and nothing written. The file is read and
     * checked as it arrives (platform/imports: one import at a time per user, at most LIST_ROWS_MAX
     * rows), then written in one transaction.
     */
    async import(caller: AuthUser, uuid: string, request: ImportRequest): Promise<ImportResult> {
      const ref = await lists.visibleList(caller, { listUuid: uuid });
      assertMayEditRows(caller);
      const mediaType = request.contentType?.split(";")[0]?.trim().toLowerCase();
      const body = request.body;
      if (!(body instanceof Readable || Buffer.isBuffer(body)) || mediaType !== LIST_FILE_TYPES[request.format]) {
        throw wrongFileType(request.format);
      }
      return runImport(imports, caller.id, async () => {
        const columns = await repo.findColumns(db, ref.id);
        const check = new ImportCheck(columns, request.format);
        const file = importRows(body, {
          format: request.format,
          maxRows: LIST_ROWS_MAX,
          maxBytes: LIST_IMPORT_BYTES_MAX,
          declaredBytes: request.contentLength,
        });
        for await (const batch of file.batches) check.add(batch);
        const checked = check.finish();
        if (request.mode === "preview") return { ...checked.result, written: 0 };
        return writeRows(caller, ref, columns, checked, request);
      });
    },
  };
}
