import { createReadStream } from "node:fs";
import { ErrorCode } from "@nadoy/contract/errors";
import type { HerdUploadCreated } from "@nadoy/contract/herd";
import { herdSpreadsheetKindSchema } from "@nadoy/contract/herd-spreadsheet";
import type { AuthUser } from "../../../platform/auth/guard.ts";
import { ApiError } from "../../../platform/errors.ts";
import { givenMappingReader, newUploadReader } from "../spreadsheet/spreadsheet-reader.ts";
import { type StageDeps, stageUpload, tooLarge } from "../upload/stage-upload.ts";
import { uploadTarget } from "../upload/upload-access.ts";
import type { UploadReader } from "../upload/upload-reader.ts";
import type { KeptFile } from "./herd-files.repository.ts";
import { openKeptFile } from "./herd-files.service.ts";
import { uploadRoom } from "./herd-files-quota.ts";

// Checking a kept file again (contract herd-files.ts rerunHerdFile): the kept bytes go through the
// same staging as an upload's body — a new upload with its own kept copy and preview.

const NO_KIND_TEXT = "Не известно, что в этой таблице (животные, события или дойки): загрузите её ещё раз.";

/** A kept spreadsheet is read as it was last checked: its kind, and its columns mapped as then (else as remembered). */
function readerOf(db: StageDeps["db"], databaseId: number, file: KeptFile): UploadReader | undefined {
  if (file.format !== "spreadsheet") return undefined;
  const kind = herdSpreadsheetKindSchema.safeParse(file.kind);
  if (!kind.success) throw new ApiError(400, ErrorCode.validation, NO_KIND_TEXT);
  return file.mapping ? givenMappingReader(kind.data, file.mapping) : newUploadReader(db, databaseId, kind.data);
}

export async function rerunFile(
  deps: StageDeps & { quotaBytes: number },
  user: AuthUser,
  uploadUuid: string,
  progressId: string | undefined,
): Promise<HerdUploadCreated> {
  const { file, path, size } = await openKeptFile(deps.db, deps.dataDir, user, uploadUuid);
  const database = await uploadTarget(deps.db, user, file.databaseUuid, file.format);
  const reader = readerOf(deps.db, database.id, file);
  if (size > deps.maxBytes) throw tooLarge(deps.maxBytes);
  const room = await uploadRoom(deps.db, database.id, deps.quotaBytes);
  if (size > room.bytes) throw room.refusal();
  return stageUpload(deps, {
    user,
    database,
    fileName: file.fileName,
    progressId,
    body: createReadStream(path),
    declared: size,
    room,
    ...(reader && { reader }),
  });
}
