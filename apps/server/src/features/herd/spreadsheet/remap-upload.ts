import { createReadStream } from "node:fs";
import { join } from "node:path";
import { ErrorCode } from "@nadoy/contract/errors";
import type { HerdUploadCreated } from "@nadoy/contract/herd";
import type { HerdColumnMapping, HerdSpreadsheetKind } from "@nadoy/contract/herd-spreadsheet";
import { sql } from "drizzle-orm";
import { type Db, type DbKind, queryRows } from "../../../db/client.ts";
import { ApiError } from "../../../platform/errors.ts";
import { ALREADY_COMMITTED, NOT_STAGED } from "../upload/commit-upload.ts";
import { copyText, type FileVerdict, stagedLines } from "../upload/staged-row.ts";
import { openStagingWriter, type StagingWriter } from "../upload/staging-writer.ts";
import type { UploadRow } from "../upload/upload-access.ts";
import { removeUploadFile } from "../upload/upload-files.ts";
import { checkOptionsFor, checkUpload } from "../upload/upload-preview.ts";
import { dropMatchedAnimals, type UploadRef } from "../upload/upload-sql.ts";
import { checkedMapping } from "./column-mappings.ts";
import { givenMappingReader } from "./spreadsheet-reader.ts";

// ---- A staged spreadsheet read again from its kept file with another mapping (same upload) ----
//
// The upload is first marked failed («прервалось») and its staged rows dropped, in one locked
// transaction: a commit or another remap meanwhile gets 409, and a server dying mid-way leaves an
// honest record. Once the file is staged and checked again, the upload is staged with the new
// preview; a failure leaves it failed, its file removed.

const NOT_A_SHEET = "Столбцы сопоставляются только в таблицах: файл DC305 читается по своему заголовку.";
export const FILE_GONE = "Файл загрузки удалён: загрузите его снова.";
const REMAP_INTERRUPTED =
  "Сопоставление столбцов не завершилось: сервер остановился во время проверки. Загрузите файл ещё раз.";

export interface RemapDeps {
  db: Db;
  dbKind: DbKind;
  dataDir: string;
}

export async function remapUpload(
  deps: RemapDeps,
  upload: UploadRow,
  given: HerdColumnMapping,
): Promise<HerdUploadCreated> {
  const { db } = deps;
  if (upload.format !== "spreadsheet") throw new ApiError(400, ErrorCode.validation, NOT_A_SHEET);
  const ref: UploadRef = { databaseId: upload.databaseId, uploadId: upload.id };
  const where = sql`database_id = ${ref.databaseId}::int and id = ${ref.uploadId}::bigint`;
  const started = Date.now();

  const { kind, fileKey, mapping } = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await queryRows<{
      status: string;
      kind: HerdSpreadsheetKind;
      mapping: HerdColumnMapping | null;
      file_key: string | null;
    }>(t, sql`select status, kind, mapping, file_key from herd_uploads where ${where} for update`);
    if (row?.status === "committed") throw new ApiError(409, ErrorCode.conflict, ALREADY_COMMITTED);
    if (row?.status !== "staged") throw new ApiError(409, ErrorCode.conflict, NOT_STAGED);
    if (row.file_key === null) throw new ApiError(409, ErrorCode.conflict, FILE_GONE);
    const mapping = checkedMapping(row.kind, Object.keys(row.mapping ?? {}), given);
    await t.execute(sql`update herd_uploads set status = 'failed', preview_basis = null,
        errors = ${JSON.stringify([{ line: 0, message: REMAP_INTERRUPTED }])}::jsonb, errors_count = 1 where ${where}`);
    await t.execute(
      sql`delete from herd_upload_rows where database_id = ${ref.databaseId}::int and upload_id = ${ref.uploadId}::bigint`,
    );
    await dropMatchedAnimals(t, ref);
    return { kind: row.kind, fileKey: row.file_key, mapping };
  });

  const dropStaged = async () => {
    await db.execute(
      sql`delete from herd_upload_rows where database_id = ${ref.databaseId}::int and upload_id = ${ref.uploadId}::bigint`,
    );
    await dropMatchedAnimals(db, ref);
  };
  const reader = givenMappingReader(kind, mapping);
  let writer: StagingWriter | undefined;
  const verdict: FileVerdict = {};
  try {
    writer = await openStagingWriter(db, deps.dbKind);
    for await (const batch of reader.batches(createReadStream(join(deps.dataDir, fileKey)))) {
      const lines = stagedLines(ref.databaseId, ref.uploadId, batch, verdict);
      await writer.writeText(copyText(lines));
    }
    await writer.finish();
    const { header, refused } = verdict;
    if (refused || !header) throw new ApiError(400, ErrorCode.validation, refused?.message ?? FILE_GONE);
    await db.execute(sql`analyze herd_upload_rows`);
    const check = await checkUpload(db, ref, checkOptionsFor(kind));
    const sheet = reader.spreadsheet?.();
    await db.execute(sql`update herd_uploads set status = 'staged', mapping = ${JSON.stringify(mapping)}::jsonb,
        counts = ${JSON.stringify(check.counts)}::jsonb, errors = ${JSON.stringify(check.errors)}::jsonb,
        errors_count = ${check.errorsCount}::int, preview_basis = ${check.basis},
        duplicate_event_lines = ${check.duplicateEventLines}::int,
        duration_ms = duration_ms + ${Date.now() - started}::int
      where ${where}`);
    return {
      upload_uuid: upload.uuid,
      format: "spreadsheet",
      kind,
      preview: { ...check.counts, errors: check.errors, items: { mapped: header.mapped, kept: header.kept } },
      ...(sheet ? { spreadsheet: sheet.preview } : {}),
    };
  } catch (error) {
    await writer?.abort();
    await dropStaged();
    await removeUploadFile(deps.dataDir, fileKey);
    // The kept file gone from the disk (a volume lost): the user uploads it again.
    const gone = (error as NodeJS.ErrnoException).code === "ENOENT";
    const message = gone ? FILE_GONE : error instanceof ApiError ? error.message : REMAP_INTERRUPTED;
    await db.execute(sql`update herd_uploads set status = 'failed', file_key = null,
        errors = ${JSON.stringify([{ line: 0, message }])}::jsonb, errors_count = 1 where ${where}`);
    throw gone ? new ApiError(409, ErrorCode.conflict, FILE_GONE) : error;
  }
}
