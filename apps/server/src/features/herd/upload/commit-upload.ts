import { ErrorCode } from "@nadoy/contract/errors";
import {
  HERD_UPLOAD_NO_COUNTS,
  type HerdUploadCounts,
  type HerdUploadKind,
  herdUploadAddsNothing,
} from "@nadoy/contract/herd";
import type { HerdColumnMapping, HerdSpreadsheetKind } from "@nadoy/contract/herd-spreadsheet";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";
import type { AuthUser } from "../../../platform/auth/guard.ts";
import { ApiError } from "../../../platform/errors.ts";
import { lockHerdWrites } from "../herd-write-lock.ts";
import { assertMappingComplete, rememberMapping } from "../spreadsheet/column-mappings.ts";
import { runMerge } from "./commit-merge.ts";
import { herdBasis } from "./herd-basis.ts";
import type { UploadRow } from "./upload-access.ts";
import { checkOptionsFor, checkUpload, type UploadCheck } from "./upload-preview.ts";
import type { UploadProgress } from "./upload-progress.ts";
import { dropMatchedAnimals, keepRefusedLines, type UploadRef } from "./upload-sql.ts";
import { uploadWorkMem } from "./upload-work-mem.ts";

// ---- Commit: the staged upload merged into the herd in one transaction, once ----

export const ALREADY_COMMITTED = "Эта загрузка уже записана в данные стада: повторно её записать нельзя.";
const STAGING_LOST =
  "Проверенные строки этой загрузки не сохранились (сервер базы данных перезапускался): загрузите файл ещё раз.";
export const NOT_STAGED = "Эта загрузка не проверена до конца (ошибка или отмена): загрузите файл ещё раз.";

interface StagedUpload {
  status: string;
  counts: HerdUploadCounts;
  errors: { line: number; message: string }[];
  errors_count: number;
  preview_basis: string | null;
  duplicate_event_lines: number | null;
  kind: HerdUploadKind | null;
  mapping: HerdColumnMapping | null;
}

/**
 * The counts of this commit: the preview's while the herd is as the preview saw it (nothing
 * committed into it since, herd-basis.ts), else counted again against the herd as it is now.
 */
async function countsNow(db: Db, ref: UploadRef, row: StagedUpload): Promise<Omit<UploadCheck, "basis">> {
  if (row.preview_basis !== null && row.preview_basis === (await herdBasis(db, ref.databaseId))) {
    // Not counted (an upload staged before the figure was): taken as repeating, so sorted out.
    const duplicateEventLines = row.duplicate_event_lines ?? Number.POSITIVE_INFINITY;
    // (Counts stored before a figure was counted lack it: 0.)
    const counts = { ...HERD_UPLOAD_NO_COUNTS, ...row.counts };
    return { counts, errors: row.errors, errorsCount: row.errors_count, duplicateEventLines };
  }
  return checkUpload(db, ref, checkOptionsFor(row.kind));
}

/**
 * The staged lines are there: the staging table is unlogged (migration 0018), so a crash of
 * PostgreSQL itself empties it; such an upload is to be sent again rather than committed empty.
 */
async function expectStagedRows(db: Db, ref: UploadRef, rows: number): Promise<void> {
  if (rows === 0) return;
  const [staged] = await queryRows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from herd_upload_rows
        where database_id = ${ref.databaseId}::int and upload_id = ${ref.uploadId}::bigint) as any`,
  );
  if (!staged?.any) throw new ApiError(409, ErrorCode.conflict, STAGING_LOST);
}

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
  // Known at once, before the herd's lock is waited for: the browser's progress poll finds it.
  progress.set(user.id, progressId, { phase: "check", rows: 0 });
  try {
    const result = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      // One writer per herd: what is counted below stays true until this transaction ends.
      await lockHerdWrites(t, ref.databaseId);
      await uploadWorkMem(t);
      // The row lock makes a second commit of the same upload wait, then see «committed» (409).
      const [row] = await queryRows<StagedUpload>(
        t,
        sql`select status, counts, errors, errors_count, preview_basis, duplicate_event_lines, kind, mapping from herd_uploads
            where database_id = ${ref.databaseId}::int and id = ${ref.uploadId}::bigint
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
      const check = await countsNow(t, ref, row);
      await expectStagedRows(t, ref, check.counts.rows);
      progress.set(user.id, progressId, { phase: "write", rows: check.counts.rows });
      // A file with nothing new (a re-upload) writes nothing: the upload is only marked committed.
      if (!herdUploadAddsNothing(check.counts)) {
        await runMerge(t, ref, check.counts, { eventsRepeat: check.duplicateEventLines > 0 });
      }
      if (sheet) await rememberMapping(t, ref.databaseId, sheet.kind, sheet.mapping, user.id);
      await t.execute(sql`update herd_uploads set status = 'committed', committed_at = now(),
          counts = ${JSON.stringify(check.counts)}::jsonb, errors = ${JSON.stringify(check.errors)}::jsonb,
          errors_count = ${check.errorsCount}::int, duration_ms = duration_ms + ${Date.now() - started}::int
        where database_id = ${ref.databaseId}::int and id = ${ref.uploadId}::bigint`);
      // The refused lines stay, with their messages, for the download of all of them.
      for (const statement of keepRefusedLines(ref, checkOptionsFor(row.kind).herdAnimalsOnly === true)) {
        await t.execute(statement);
      }
      await dropMatchedAnimals(t, ref);
      return { ...check.counts, errors: check.errors };
    });
    // The committed upload's staged lines (but the refused) are dead rows now: vacuumed at once, so that the next
    // upload's scans of the staging table do not read a million of them again and its COPY reuses
    // their space (PGlite has no autovacuum). The commit is done either way.
    await db.execute(sql`vacuum herd_upload_rows, herd_upload_animals`).catch(() => undefined);
    return result;
  } finally {
    progress.finish(user.id, progressId, upload.uuid);
  }
}
