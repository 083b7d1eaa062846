import { HERD_MY_UPLOAD_ERRORS_SHOWN } from "@nadoy/contract/herd-spreadsheet";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";

// Upload records as the upload history and the datasets' «last upload» show them. One JSON
// builder for both, so the two answer the same fields the same way.

/** How many uploads the history shows, newest first; older ones stay recorded. */
export const UPLOADS_SHOWN = 1000;

/** A herd_uploads row `u` (with user_databases `d` and users `usr` joined) as one JSON object. */
export const uploadJson: SQL = sql`json_build_object(
  'upload_uuid', u.uuid, 'database_uuid', d.uuid, 'database_name', d.name,
  'user_id', usr.id, 'username', usr.username, 'first_name', usr.first_name, 'last_name', usr.last_name,
  'file_name', u.file_name, 'size_bytes', u.size_bytes, 'format', u.format, 'kind', u.kind, 'status', u.status,
  'counts', u.counts, 'errors_count', u.errors_count, 'duration_ms', u.duration_ms,
  'created_at', to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'committed_at', to_char(u.committed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

export interface UploadJsonRow {
  upload_uuid: string;
  database_uuid: string;
  database_name: string;
  user_id: number | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  file_name: string;
  size_bytes: number;
  format: string;
  kind: string | null;
  status: string;
  counts: Record<string, unknown>;
  errors_count: number;
  duration_ms: number;
  created_at: string;
  committed_at: string | null;
}

/** json columns: both drivers parse them, but a string is parsed here should one not. */
export const parsedJson = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

/** The database's uploads, newest first. */
export async function listUploads(db: Db, databaseId: number): Promise<UploadJsonRow[]> {
  const rows = await queryRows<{ upload: unknown }>(
    db,
    sql`select ${uploadJson} as upload
        from herd_uploads u join user_databases d on d.id = u.database_id left join users usr on usr.id = u.user_id
        where u.database_id = ${databaseId}
        order by u.created_at desc, u.id desc limit ${UPLOADS_SHOWN}`,
  );
  return rows.map((r) => parsedJson<UploadJsonRow>(r.upload));
}

/** How many of the caller's own uploads «Мои загрузки» shows, newest first. */
export const MY_UPLOADS_SHOWN = 100;

/**
 * The user's own uploads into the given databases (those they may read), newest first; by
 * herd_uploads_user_idx (database_id, user_id, created_at).
 */
export async function listUserUploads(
  db: Db,
  databaseIds: readonly number[],
  userId: number,
  format: string | undefined,
): Promise<(UploadJsonRow & { errors: { line: number; message: string }[] })[]> {
  if (databaseIds.length === 0) return [];
  const ids = sql.join(
    databaseIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const rows = await queryRows<{ upload: unknown; errors: unknown }>(
    db,
    sql`select ${uploadJson} as upload,
          (select coalesce(jsonb_agg(e order by n), '[]'::jsonb)
             from jsonb_array_elements(u.errors) with ordinality as x(e, n)
             where n <= ${HERD_MY_UPLOAD_ERRORS_SHOWN}) as errors
        from herd_uploads u join user_databases d on d.id = u.database_id left join users usr on usr.id = u.user_id
        where u.database_id in (${ids}) and u.user_id = ${userId}::int
          ${format === undefined ? sql`` : sql`and u.format = ${format}`}
        order by u.created_at desc, u.id desc limit ${MY_UPLOADS_SHOWN}`,
  );
  return rows.map((r) => ({
    ...parsedJson<UploadJsonRow>(r.upload),
    errors: parsedJson<{ line: number; message: string }[]>(r.errors),
  }));
}
