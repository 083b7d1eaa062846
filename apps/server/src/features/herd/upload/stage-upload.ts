import { randomUUID } from "node:crypto";
import { once } from "node:events";
import type { Readable } from "node:stream";
import { ErrorCode } from "@nadoy/contract/errors";
import type { HerdUploadCreated } from "@nadoy/contract/herd";
import { and, eq, sql } from "drizzle-orm";
import type { Db, DbKind } from "../../../db/client.ts";
import { herdUploadRows, herdUploads } from "../../../db/schema/index.ts";
import type { AuthUser } from "../../../platform/auth/guard.ts";
import { ApiError } from "../../../platform/errors.ts";
import type { HerdDatabase } from "../herd-access.ts";
import { copyText, type FileVerdict, stagedLines } from "./staged-row.ts";
import type { StagedText } from "./staging-worker-client.ts";
import { openStagingWriter, type StagingWriter } from "./staging-writer.ts";
import { closeUploadFile, openUploadFile, removeUploadFile, uploadFileKey } from "./upload-files.ts";
import { checkOptionsFor, checkUpload } from "./upload-preview.ts";
import type { UploadProgress } from "./upload-progress.ts";
import { dc305Reader, type UploadReader } from "./upload-reader.ts";
import { dropMatchedAnimals, type UploadRef } from "./upload-sql.ts";

// ---- Upload → staged preview: the body read once, kept as a file and staged line by line ----

export interface StageDeps {
  db: Db;
  dbKind: DbKind;
  dataDir: string;
  maxBytes: number;
  progress: UploadProgress;
}

export interface StageInput {
  user: AuthUser;
  database: HerdDatabase;
  fileName: string;
  progressId: string | undefined;
  body: Readable | undefined;
  /** Content-Length when the body is not compressed (already ≤ maxBytes). */
  declared: number | undefined;
  /** Whether the client closed the connection before the answer (asked once the body is read). */
  clientGone?: () => boolean;
  /** What reads the file: the DC305 parser unless given (a spreadsheet's reader). */
  reader?: UploadReader;
  /** A further bound on the bytes read (the company's room for kept files), refused with its own error. */
  room?: { bytes: number; refusal: () => ApiError };
}

export const tooLargeText = (maxBytes: number) =>
  `Файл больше ${Math.floor(maxBytes / (1024 * 1024)) || 1} МБ: загрузите данные частями (за меньший период или по группам).`;
export const tooLarge = (maxBytes: number) =>
  new ApiError(413, ErrorCode.payloadTooLarge, tooLargeText(maxBytes), undefined, { connection: "close" });

const INTERRUPTED = "Загрузка не завершилась: сервер остановился во время проверки. Загрузите файл ещё раз.";
const CANCELLED = "Загрузка отменена.";

/** The client broke the request off mid-body (closed the page, pressed «Отменить»). */
class UploadAborted extends Error {}

/** A reader's records as COPY text of staged lines, on this thread (spreadsheets). */
async function* stagedTextInThread(
  reader: UploadReader,
  source: AsyncIterable<Uint8Array>,
  ref: UploadRef,
  verdict: FileVerdict,
): AsyncGenerator<StagedText> {
  for await (const batch of reader.batches(source)) {
    const lines = stagedLines(ref.databaseId, ref.uploadId, batch, verdict);
    if (lines.length > 0) yield { text: copyText(lines), rows: lines.length };
  }
}

export async function stageUpload(deps: StageDeps, input: StageInput): Promise<HerdUploadCreated> {
  const { db, progress } = deps;
  const { user, database, progressId } = input;
  const reader = input.reader ?? dc305Reader;
  const started = Date.now();
  // Known at once: the browser's progress poll, started with the request, finds it (no 404).
  progress.set(user.id, progressId, { phase: "read", rows: 0 });
  const uuid = randomUUID();
  const fileKey = uploadFileKey(uuid);
  // Recorded first, as interrupted: a server that dies mid-upload leaves an honest record.
  const [record] = await db
    .insert(herdUploads)
    .values({
      databaseId: database.id,
      uuid,
      userId: user.id,
      fileName: input.fileName,
      sizeBytes: input.declared ?? 0,
      format: reader.format,
      status: "failed",
      errors: [{ line: 0, message: INTERRUPTED }],
      errorsCount: 1,
      fileKey,
    })
    .returning({ id: herdUploads.id });
  if (!record) throw new Error("upload recorded");
  const ref = { databaseId: database.id, uploadId: record.id };
  const finish = async (values: Partial<typeof herdUploads.$inferInsert>) => {
    await db
      .update(herdUploads)
      .set({ durationMs: Date.now() - started, ...values })
      .where(and(eq(herdUploads.databaseId, database.id), eq(herdUploads.id, record.id)));
  };

  const dropStaged = async () => {
    await db
      .delete(herdUploadRows)
      .where(and(eq(herdUploadRows.databaseId, ref.databaseId), eq(herdUploadRows.uploadId, ref.uploadId)));
    await dropMatchedAnimals(db, ref);
  };

  const file = await openUploadFile(deps.dataDir, fileKey);
  // A disk error fails the upload at the next chunk; once the file is dropped, late errors are moot.
  let fileError: Error | undefined;
  file.on("error", (error) => {
    fileError ??= error;
  });
  let writer: StagingWriter | undefined;
  let received = 0;
  const body = input.body;
  // Not destroyed when the parser stops early (a refused header): the rest is drained, then answered.
  const iterator = body?.iterator({ destroyOnReturn: false });
  async function* bytes(keep: boolean): AsyncGenerator<Uint8Array> {
    if (!iterator) return;
    for (;;) {
      let next: IteratorResult<unknown>;
      try {
        next = await iterator.next();
      } catch (error) {
        throw new UploadAborted(String(error));
      }
      if (next.done) return;
      const chunk = next.value as Buffer;
      received += chunk.length;
      if (received > deps.maxBytes) throw tooLarge(deps.maxBytes);
      if (input.room && received > input.room.bytes) throw input.room.refusal();
      if (fileError) throw fileError;
      if (keep && !file.write(chunk)) await once(file, "drain");
      if (keep) yield chunk;
    }
  }

  const verdict: FileVerdict = {};
  let rows = 0;
  try {
    writer = await openStagingWriter(db, deps.dbKind);
    const staged =
      reader.stagedText?.(bytes(true), ref, verdict) ?? stagedTextInThread(reader, bytes(true), ref, verdict);
    for await (const part of staged) {
      rows += part.rows;
      await writer.writeText(part.text);
      progress.set(user.id, progressId, { phase: "read", rows });
    }
    // What the reader left unread: after a refusal, or an XLSX's sheets after its first (kept, so
    // that a remap reads the whole file again).
    for await (const _ of bytes(!verdict.refused));
    await writer.finish();
    file.end();
    await once(file, "close");
  } catch (error) {
    await writer?.abort();
    await closeUploadFile(file);
    await removeUploadFile(deps.dataDir, fileKey);
    await dropStaged();
    const cancelled = error instanceof UploadAborted;
    const message = cancelled ? CANCELLED : error instanceof ApiError ? error.message : INTERRUPTED;
    await finish({
      status: cancelled ? "cancelled" : "failed",
      sizeBytes: received,
      errors: [{ line: 0, message }],
      errorsCount: 1,
      fileKey: null,
    });
    progress.finish(user.id, progressId, uuid);
    if (cancelled) throw new ApiError(400, ErrorCode.validation, CANCELLED);
    throw error;
  }

  const { header, refused } = verdict;
  if (refused || !header) {
    const line = refused?.line ?? 0;
    const message = refused?.message ?? "Файл пуст.";
    await removeUploadFile(deps.dataDir, fileKey);
    await dropStaged();
    await finish({ sizeBytes: received, errors: [{ line, message }], errorsCount: 1, fileKey: null });
    progress.finish(user.id, progressId, uuid);
    throw new ApiError(400, ErrorCode.validation, message);
  }

  progress.set(user.id, progressId, { phase: "check", rows });
  // Fresh statistics for the rows just staged: without them the planner takes a big file for a
  // few rows and joins it row by row (no autovacuum runs on the embedded database).
  await db.execute(sql`analyze herd_upload_rows`);
  const check = await checkUpload(db, ref, checkOptionsFor(header.kind)).catch(async (error: unknown) => {
    await dropStaged();
    progress.finish(user.id, progressId, uuid);
    throw error;
  });
  // The client left while the file was checked (its whole body had come): nobody will see the
  // preview, so the upload is cancelled rather than left staged.
  if (input.clientGone?.()) {
    await dropStaged();
    await removeUploadFile(deps.dataDir, fileKey);
    await finish({
      status: "cancelled",
      sizeBytes: received,
      errors: [{ line: 0, message: CANCELLED }],
      fileKey: null,
    });
    progress.finish(user.id, progressId, uuid);
    throw new ApiError(400, ErrorCode.validation, CANCELLED);
  }
  const spreadsheet = reader.spreadsheet?.();
  await finish({
    status: "staged",
    kind: header.kind,
    sizeBytes: received,
    counts: check.counts,
    errors: check.errors,
    errorsCount: check.errorsCount,
    mapping: spreadsheet?.mapping ?? null,
    previewBasis: check.basis,
    duplicateEventLines: check.duplicateEventLines,
  });
  progress.finish(user.id, progressId, uuid);
  return {
    upload_uuid: uuid,
    format: reader.format,
    kind: header.kind,
    preview: { ...check.counts, errors: check.errors, items: { mapped: header.mapped, kept: header.kept } },
    ...(spreadsheet ? { spreadsheet: spreadsheet.preview } : {}),
  };
}
