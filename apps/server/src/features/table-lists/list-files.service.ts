import { ErrorCode } from "@nadoy/contract/errors";
import type { ListView } from "@nadoy/contract/list-view";
import {
  type IMPORT_MODES,
  type ImportResult,
  LIST_FILE_TYPES,
  LIST_ROWS_MAX,
  type ListFileFormat,
} from "@nadoy/contract/lists";
import type { Db } from "../../db/client.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { ApiError, validationError } from "../../platform/errors.ts";
import { assertMayEditRows } from "./list-access.ts";
import { buildExport, type ExportFile } from "./list-export.ts";
import { checkImport, ImportText, readImportFile } from "./list-import.ts";
import * as repo from "./lists.repository.ts";
import { type ListsService, tooManyRows } from "./lists.service.ts";

const wrongFileType = (format: ListFileFormat) =>
  new ApiError(
    415,
    ErrorCode.unsupportedMediaType,
    `Ожидается файл ${format.toUpperCase()} (${LIST_FILE_TYPES[format]})`,
  );

const fileError = (message: string) => validationError({ file: message }, message);

export interface ImportRequest {
  format: ListFileFormat;
  mode: (typeof IMPORT_MODES)[number];
  skipInvalid: boolean;
  /** The raw body (a Buffer from the file content-type parsers) and its declared type. */
  body: unknown;
  contentType: string | undefined;
}

/** Export and import of a list's rows. */
export function createListFilesService(db: Db, lists: ListsService) {
  return {
    /** The rows and columns the view shows, as CSV or XLSX; any member may export. */
    async export(caller: AuthUser, uuid: string, format: ListFileFormat, view: ListView): Promise<ExportFile> {
      const ref = await lists.visibleList(caller, { listUuid: uuid });
      const [columns, rows] = await Promise.all([repo.findColumns(db, ref.id), repo.findRows(db, ref.id)]);
      return buildExport(ref.name, format, columns, rows, view);
    },

    /**
     * preview checks only; append adds the valid rows after the last one; replace makes them the
     * list's rows. With errors and no skip_invalid → 400 and nothing written. One transaction.
     */
    async import(caller: AuthUser, uuid: string, request: ImportRequest): Promise<ImportResult> {
      const ref = await lists.visibleList(caller, { listUuid: uuid });
      assertMayEditRows(caller);
      const mediaType = request.contentType?.split(";")[0]?.trim().toLowerCase();
      if (!Buffer.isBuffer(request.body) || mediaType !== LIST_FILE_TYPES[request.format]) {
        throw wrongFileType(request.format);
      }
      const file = await readImportFile(request.format, request.body);
      if (!file.ok) throw fileError(file.error);

      const check = async (tx: Db) => {
        const checked = checkImport(file.records, await repo.findColumns(tx, ref.id));
        if (!checked.ok) throw fileError(checked.error);
        return checked.checked;
      };
      if (request.mode === "preview") return { ...(await check(db)).result, written: 0 };

      const written = await db.transaction(async (tx) => {
        await repo.lockList(tx, ref.id);
        const { result, validRows, invalidLines } = await check(tx);
        if (invalidLines > 0 && !request.skipInvalid) throw fileError(ImportText.rowErrors(invalidLines));
        const kept = request.mode === "replace" ? 0 : await repo.countRows(tx, ref.id);
        if (kept + validRows.length > LIST_ROWS_MAX) throw tooManyRows();
        if (request.mode === "replace") await repo.deleteAllRows(tx, ref.id);
        await repo.insertRowsAtEnd(tx, ref.id, validRows, caller.id);
        await repo.touchList(tx, ref.id);
        return { ...result, written: validRows.length };
      });
      lists.changed(ref, caller.id);
      return written;
    },
  };
}
