import { ErrorCode } from "@nadoy/contract/errors";
import { herdFilesQuotaText } from "@nadoy/contract/herd-files";
import type { Db } from "../../../db/client.ts";
import { ApiError } from "../../../platform/errors.ts";
import { usageOfDatabaseCompany } from "./herd-files.repository.ts";

// The per-company quota on kept herd files (contract herd-files.ts): how many more bytes an upload
// into a database may bring. Checked when the upload starts (against its Content-Length) and as
// its bytes arrive; uploads already on their way count with their Content-Length (stage-upload
// records them first), and each user runs one upload at a time (platform/imports).

export interface UploadRoom {
  bytes: number;
  /** 413 quota_exceeded naming the company's usage; the connection closes (the rest of the body is not read). */
  refusal: () => ApiError;
}

export async function uploadRoom(db: Db, databaseId: number, limitBytes: number): Promise<UploadRoom> {
  const company = await usageOfDatabaseCompany(db, databaseId);
  const used = company?.used ?? 0;
  return {
    bytes: limitBytes - used,
    refusal: () =>
      new ApiError(413, ErrorCode.quotaExceeded, herdFilesQuotaText(company?.name ?? "", used, limitBytes), undefined, {
        connection: "close",
      }),
  };
}
