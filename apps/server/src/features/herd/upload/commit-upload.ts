import { ErrorCode } from "@nadoy/contract/errors";
import type { HerdUploadCounts, HerdUploadKind } from "@nadoy/contract/herd";
import type { HerdColumnMapping, HerdSpreadsheetKind } from "@nadoy/contract/herd-spreadsheet";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";
import type { AuthUser } from "../../../platform/auth/guard.ts";
import { ApiError } from "../../../platform/errors.ts";
import { assertMappingComplete, rememberMapping } from "../spreadsheet/column-mappings.ts";
import { runMerge } from "./commit-merge.ts";
import type { UploadRow } from "./upload-access.ts";
import { checkUpload } from "./upload-preview.ts";
import type { UploadProgress } from "./upload-progress.ts";

// ---- Commit: the staged upload merged into the herd in one transaction, once ----

export const ALREADY_COMMITTED = "Эта загрузка уже записана в данные стада: повторно её записать нельзя.";
export const NOT_STAGED = "Эта загрузка не проверена до конца (ошибка или отмена): загрузите файл ещё раз.";

export type CommitResult = HerdUploadCounts & { errors: { line: number; message: string }[] };

export async function commitUpload(
  db: Db,
  progress: UploadProgress,
  user: AuthUser,
  upload: UploadRow,
  progressId: string | undefined,
): Promise<CommitResult> {
  const started = Date.now();
  const ref = { databaseId: upload.databaseId, uploadId: upload.id };
  try {
    return await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      // The row lock makes a second commit of the same upload wait, then see «committed» (409).
      const [row] = await queryRows<{ status: string; kind: HerdUploadKind | null; mapping: HerdColumnMapping | null }>(
        t,
        sql`select status, kind, mapping from herd_uploads where database_id = ${ref.databaseId}::int and id = ${ref.uploadId}::bigint
            for update`,
      );
      if (row?.status === "committed") throw new ApiError(409, ErrorCode.conflict, ALREADY_COMMITTED);
      if (row?.status !== "staged") throw new ApiError(409, ErrorCode.conflict, NOT_STAGED);
      // A spreadsheet waits for a column of each required field (remapHerdUpload); its mapping is
      // then remembered for the next upload of its kind.
      const sheet =
        upload.format === "spreadsheet" && row.mapping
          ? { kind: row.kind as HerdSpreadsheetKind, mapping: row.mapping }
          : null;
      if (sheet) assertMappingComplete(sheet.kind, sheet.mapping);
      progress.set(user.id, progressId, { phase: "check", rows: 0 });
      // Counted again against the herd as it is now: other uploads may have been committed since the preview.
      const check = await checkUpload(t, ref);
      progress.set(user.id, progressId, { phase: "write", rows: check.counts.rows });
      await runMerge(t, ref);
      if (sheet) await rememberMapping(t, ref.databaseId, sheet.kind, sheet.mapping, user.id);
      await t.execute(sql`update herd_uploads set status = 'committed', committed_at = now(),
          counts = ${JSON.stringify(check.counts)}::jsonb, errors = ${JSON.stringify(check.errors)}::jsonb,
          errors_count = ${check.errorsCount}::int, duration_ms = duration_ms + ${Date.now() - started}::int
        where database_id = ${ref.databaseId}::int and id = ${ref.uploadId}::bigint`);
      await t.execute(
        sql`delete from herd_upload_rows where database_id = ${ref.databaseId}::int and upload_id = ${ref.uploadId}::bigint`,
      );
      return { ...check.counts, errors: check.errors };
    });
  } finally {
    progress.finish(user.id, progressId, upload.uuid);
  }
}
