import { ErrorCode } from "@nadoy/contract/errors";
import type { HerdColumnMapping, HerdSpreadsheetKind } from "@nadoy/contract/herd-spreadsheet";
import type { Db } from "../../../db/client.ts";
import { ApiError } from "../../../platform/errors.ts";
import type { UploadReader } from "../upload/upload-reader.ts";
import { mappingFor, rememberedMapping } from "./column-mappings.ts";
import { type ResolvedMapping, readSpreadsheet, type SpreadsheetResult } from "./read-spreadsheet.ts";

// ---- The spreadsheet reader as the upload's reader (upload/stage-upload.ts) ----

export const NO_KIND_TEXT = "Выберите, что в таблице: животные, события или контрольные дойки.";

export function spreadsheetKind(kind: HerdSpreadsheetKind | undefined): HerdSpreadsheetKind {
  if (kind === undefined) throw new ApiError(400, ErrorCode.validation, NO_KIND_TEXT);
  return kind;
}

/** A reader whose mapping comes from `resolve` once the file's first row is read. */
export function spreadsheetReader(
  kind: HerdSpreadsheetKind,
  resolve: (columns: string[]) => Promise<ResolvedMapping>,
): UploadReader {
  let result: (() => SpreadsheetResult | undefined) | undefined;
  return {
    format: "spreadsheet",
    batches(source) {
      const read = readSpreadsheet(source, { kind, resolveMapping: resolve });
      result = read.result;
      return read.batches;
    },
    spreadsheet: () => result?.(),
  };
}

/** A new upload's reader: the mapping remembered for the database and kind, else guessed. */
export function newUploadReader(db: Db, databaseId: number, kind: HerdSpreadsheetKind): UploadReader {
  return spreadsheetReader(kind, async (columns) =>
    mappingFor(kind, columns, await rememberedMapping(db, databaseId, kind)),
  );
}

/** A remap's reader: the mapping given (already checked against the file's columns). */
export function givenMappingReader(kind: HerdSpreadsheetKind, mapping: HerdColumnMapping): UploadReader {
  return spreadsheetReader(kind, async () => ({ mapping, source: "given" }));
}
