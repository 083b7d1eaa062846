import type { HERD_UPLOAD_FORMATS, HerdUploadKind, HerdUploadStatus } from "@nadoy/contract/herd";
import { HERD_FILES_SHOWN } from "@nadoy/contract/herd-files";
import type { HerdColumnMapping } from "@nadoy/contract/herd-spreadsheet";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";
import { type AccessCaller, databaseVisibleTo } from "../../../platform/access/farms-databases.ts";

// The kept herd files (herd_uploads with a file_key) a caller may see, and each company's usage:
// sums in PostgreSQL over herd_uploads_files_idx (database_id, created_at) where file_key is not null.

export interface FilesCaller extends AccessCaller {
  /** Superusers and company admins see every kept file of the databases they read; others their own. */
  seesAll: boolean;
}

/** The caller's own uploads unless they see all; always in herd databases they read. */
const visibleUpload = (caller: FilesCaller) =>
  sql`"user_databases".kind = 'herd' and ${databaseVisibleTo(caller)}
      ${caller.seesAll ? sql`` : sql`and u.user_id = ${caller.id}`}`;

/** The same uploads' kept files. */
const visibleFile = (caller: FilesCaller) => sql`${visibleUpload(caller)} and u.file_key is not null`;

export interface FileRow {
  upload_uuid: string;
  database_uuid: string;
  database_name: string;
  user_id: number | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  file_name: string;
  size_bytes: number | string;
  format: string;
  kind: string | null;
  status: string;
  created_at: string;
}

/** The files the caller sees, newest first. */
export function listFiles(db: Db, caller: FilesCaller): Promise<FileRow[]> {
  return queryRows<FileRow>(
    db,
    sql`select u.uuid as upload_uuid, "user_databases".uuid as database_uuid, "user_databases".name as database_name,
          usr.id as user_id, usr.username, usr.first_name, usr.last_name,
          u.file_name, u.size_bytes, u.format, u.kind, u.status,
          to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
        from "user_databases"
        join herd_uploads u on u.database_id = "user_databases".id
        left join users usr on usr.id = u.user_id
        where ${visibleFile(caller)}
        order by u.created_at desc, u.id desc limit ${HERD_FILES_SHOWN}`,
  );
}

export interface CompanyUsageRow {
  uuid: string;
  name: string;
  used_bytes: number | string;
}

/** Bytes of the kept herd files of company `companyId` (a column of the outer query), every database of it. */
const companyUsed = (companyId: SQL) =>
  sql`(select coalesce(sum(f.size_bytes), 0)::bigint from user_databases fd
        join herd_uploads f on f.database_id = fd.id and f.file_key is not null
        where fd.company_id = ${companyId})`;

/** The companies of the herd databases the caller reads, by name, with their kept files' bytes. */
export function companiesUsage(db: Db, caller: AccessCaller): Promise<CompanyUsageRow[]> {
  return queryRows<CompanyUsageRow>(
    db,
    sql`select c.uuid, c.name, ${companyUsed(sql.raw("c.id"))} as used_bytes
        from companies c
        where exists (select 1 from "user_databases" where "user_databases".company_id = c.id
                        and "user_databases".kind = 'herd' and ${databaseVisibleTo(caller)})
        order by c.name, c.id`,
  );
}

/** The company of herd database `databaseId` and its kept files' bytes. */
export async function usageOfDatabaseCompany(
  db: Db,
  databaseId: number,
): Promise<{ name: string; used: number } | undefined> {
  const [row] = await queryRows<{ name: string; used_bytes: number | string }>(
    db,
    sql`select c.name, ${companyUsed(sql.raw("c.id"))} as used_bytes
        from user_databases d join companies c on c.id = d.company_id where d.id = ${databaseId}`,
  );
  return row && { name: row.name, used: Number(row.used_bytes) };
}

export interface KeptFile {
  databaseId: number;
  databaseUuid: string;
  id: number;
  fileKey: string;
  fileName: string;
  format: (typeof HERD_UPLOAD_FORMATS)[number];
  /** A spreadsheet's kind and the column mapping its rows were last read with (null for DC305). */
  kind: HerdUploadKind | null;
  mapping: HerdColumnMapping | null;
}

/** The kept file of upload `uuid` if the caller sees it. */
export async function findFile(db: Db, caller: FilesCaller, uuid: string): Promise<KeptFile | undefined> {
  const [row] = await queryRows<{
    database_id: number;
    database_uuid: string;
    id: number | string;
    file_key: string;
    file_name: string;
    format: KeptFile["format"];
    kind: HerdUploadKind | null;
    mapping: HerdColumnMapping | null;
  }>(
    db,
    sql`select u.database_id, "user_databases".uuid as database_uuid, u.id, u.file_key, u.file_name, u.format,
          u.kind, u.mapping
        from herd_uploads u join "user_databases" on "user_databases".id = u.database_id
        where u.uuid = ${uuid} and ${visibleFile(caller)}`,
  );
  return (
    row && {
      databaseId: row.database_id,
      databaseUuid: row.database_uuid,
      id: Number(row.id),
      fileKey: row.file_key,
      fileName: row.file_name,
      format: row.format,
      kind: row.kind,
      mapping: row.mapping,
    }
  );
}

/** Forgets the file's key: true if it was still kept (of two parallel deletes, one gets false). */
export async function forgetFile(db: Db, file: KeptFile): Promise<boolean> {
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`update herd_uploads set file_key = null
        where database_id = ${file.databaseId}::int and id = ${file.id}::bigint and file_key is not null
        returning id`,
  );
  return rows.length > 0;
}

export interface VisibleUpload {
  databaseId: number;
  id: number;
  fileName: string;
  format: (typeof HERD_UPLOAD_FORMATS)[number];
  kind: HerdUploadKind | null;
  status: HerdUploadStatus;
  errorsCount: number;
  /** Null once the file is deleted (or for a refused or cancelled upload). */
  fileKey: string | null;
}

/**
 * Upload `uuid` if the caller sees its file (kept or deleted since): what its refused rows'
 * download shows of the file's text is theirs to see.
 */
export async function findVisibleUpload(db: Db, caller: FilesCaller, uuid: string): Promise<VisibleUpload | undefined> {
  const [row] = await queryRows<{
    database_id: number;
    id: number | string;
    file_name: string;
    format: VisibleUpload["format"];
    kind: HerdUploadKind | null;
    status: HerdUploadStatus;
    errors_count: number;
    file_key: string | null;
  }>(
    db,
    sql`select u.database_id, u.id, u.file_name, u.format, u.kind, u.status, u.errors_count, u.file_key
        from herd_uploads u join "user_databases" on "user_databases".id = u.database_id
        where u.uuid = ${uuid} and ${visibleUpload(caller)}`,
  );
  return (
    row && {
      databaseId: row.database_id,
      id: Number(row.id),
      fileName: row.file_name,
      format: row.format,
      kind: row.kind,
      status: row.status,
      errorsCount: Number(row.errors_count),
      fileKey: row.file_key,
    }
  );
}
