import { createReadStream } from "node:fs";
import { ErrorCode } from "@nadoy/contract/errors";
import type { HerdUploadCreated } from "@nadoy/contract/herd";
import type { AuthUser } from "../../../platform/auth/guard.ts";
import { ApiError } from "../../../platform/errors.ts";
import { type StageDeps, stageUpload, tooLarge } from "../upload/stage-upload.ts";
import { uploadTarget } from "../upload/upload-access.ts";
import { openKeptFile } from "./herd-files.service.ts";
import { uploadRoom } from "./herd-files-quota.ts";

// Checking a kept file again (contract herd-files.ts rerunHerdFile): the kept bytes go through the
// same staging as an upload's body — a new upload with its own kept copy and preview.

const SPREADSHEET_TEXT = "Повторная проверка таблиц пока не поддерживается: загрузите таблицу ещё раз.";

export async function rerunFile(
  deps: StageDeps & { quotaBytes: number },
  user: AuthUser,
  uploadUuid: string,
  progressId: string | undefined,
): Promise<HerdUploadCreated> {
  const { file, path, size } = await openKeptFile(deps.db, deps.dataDir, user, uploadUuid);
  const database = await uploadTarget(deps.db, user, file.databaseUuid, file.format);
  if (file.format !== "dc305") throw new ApiError(400, ErrorCode.validation, SPREADSHEET_TEXT);
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
  });
}
