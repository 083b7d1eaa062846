import { ErrorCode } from "@nadoy/contract/errors";
import type { HERD_UPLOAD_FORMATS } from "@nadoy/contract/herd";
import { eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";
import { users } from "../../../db/schema/index.ts";
import { canUploadHerd } from "../../../platform/access/herd-upload.ts";
import type { AuthUser } from "../../../platform/auth/guard.ts";
import { ApiError } from "../../../platform/errors.ts";
import { type HerdDatabase, herdDatabaseFor, notFound } from "../herd-access.ts";

// Who may upload to and commit into a herd database (contract herd.ts): whoever reads it
// (herd-access.ts: 404/409 first), but not viewers and clients; a DC305 file also wants the
// user's dc_305 flag, which superusers need not have.

type Format = (typeof HERD_UPLOAD_FORMATS)[number];

const READ_ONLY_TEXT = "Ваша роль позволяет только просматривать данные стада, но не загружать файлы.";
const NO_DC305_TEXT = "Загрузка файлов DC305 вам не включена: попросите администратора включить модуль DC305.";

export async function uploadTarget(db: Db, user: AuthUser, dbUuid: string, format: Format): Promise<HerdDatabase> {
  const database = await herdDatabaseFor(db, user, dbUuid);
  if (!canUploadHerd(user)) throw new ApiError(403, ErrorCode.forbidden, READ_ONLY_TEXT);
  if (format === "dc305" && !user.isSuperuser) {
    const [row] = await db.select({ dc305: users.dc305 }).from(users).where(eq(users.id, user.id));
    if (!row?.dc305) throw new ApiError(403, ErrorCode.forbidden, NO_DC305_TEXT);
  }
  return database;
}

export interface UploadRow {
  id: number;
  uuid: string;
  databaseId: number;
  databaseUuid: string;
  format: Format;
}

/** The upload `uuid` if the caller may commit into its database; 404 as for an unknown one. */
export async function uploadFor(db: Db, user: AuthUser, uuid: string): Promise<UploadRow & { database: HerdDatabase }> {
  const [row] = await queryRows<{ id: string | number; database_id: number; database_uuid: string; format: Format }>(
    db,
    sql`select u.id, u.database_id, d.uuid as database_uuid, u.format
        from herd_uploads u join user_databases d on d.id = u.database_id where u.uuid = ${uuid}`,
  );
  if (!row) throw notFound();
  const database = await uploadTarget(db, user, row.database_uuid, row.format);
  return {
    id: Number(row.id),
    uuid,
    databaseId: row.database_id,
    databaseUuid: row.database_uuid,
    format: row.format,
    database,
  };
}
