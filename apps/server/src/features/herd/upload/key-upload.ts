import { ErrorCode } from "@nadoy/contract/errors";
import { and, eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";
import { herdUploads } from "../../../db/schema/index.ts";
import { type KeyCaller, keyActor } from "../../../platform/auth/api-keys.ts";
import type { AuthUser } from "../../../platform/auth/guard.ts";
import { ApiError } from "../../../platform/errors.ts";
import { recordTransfer } from "../../../platform/transfer-log.ts";
import { notFound } from "../herd-access.ts";
import type { CommitResult } from "./commit-upload.ts";

// Herd uploads by a generated key (contract herd.ts "by a generated key"): the key's creator is
// the uploader, with their rights now; the upload remembers its key, which alone may commit it.

export const CREATOR_GONE =
  "Сотрудник, создавший этот ключ, отключён или удалён: создайте новый ключ в разделе «Генератор ключей».";

/** The key's creator as the uploader; 403 when there is none any more. */
export async function keyUploader(db: Db, key: KeyCaller): Promise<AuthUser> {
  const actor = await keyActor(db, key);
  if (!actor) throw new ApiError(403, ErrorCode.forbidden, CREATOR_GONE);
  return actor;
}

/** Marks a staged upload as sent with `key`. */
export async function markKeyUpload(db: Db, databaseId: number, uploadUuid: string, key: KeyCaller): Promise<void> {
  await db
    .update(herdUploads)
    .set({ apiKeyId: key.id })
    .where(and(eq(herdUploads.databaseId, databaseId), eq(herdUploads.uuid, uploadUuid)));
}

/** 404 unless the upload `uuid` was sent with `key` (into its database). */
export async function assertKeyUpload(db: Db, key: KeyCaller, uuid: string): Promise<void> {
  const [row] = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from herd_uploads
        where database_id = ${key.databaseId}::int and uuid = ${uuid} and api_key_id = ${key.id}::int`,
  );
  if (!row) throw notFound();
}

/**
 * A commit in the transfer log: the file's rows, those written, the refused ones by line. Answers
 * the users told the key is back (transfer-log.ts).
 */
export function logKeyCommit(db: Db, key: KeyCaller, ip: string, result: CommitResult): Promise<number[]> {
  return recordTransfer(db, key, {
    kind: "herd_upload",
    ip,
    received: result.rows + result.rows_refused,
    accepted: result.rows,
    rejected: result.errors.map((e) => ({ index: e.line, message: e.message })),
  });
}
