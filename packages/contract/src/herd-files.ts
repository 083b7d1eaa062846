import { z } from "zod";
import { quotaUsageText } from "./errors.ts";
import {
  type HERD_UPLOAD_FORMATS,
  herdUploadCreatedSchema,
  herdUploadFormatSchema,
  herdUploadKindSchema,
  herdUploadStatusSchema,
} from "./herd.ts";
import { defineRoute } from "./http.ts";

// ---- herd files (issue 17 item 5, /user-pages/cloudstorage): the uploaded files the server keeps ----
//
// Every herd upload's file is kept on the server's disk (herd_uploads.file_key), so that an upload
// can be read again; refused and cancelled uploads keep nothing. What is kept counts against the
// herd database's company: at most the server's HERD_FILES_COMPANY_BYTES_MAX bytes (default
// HERD_FILES_COMPANY_BYTES_DEFAULT) — an upload that would cross it is refused 413 quota_exceeded
// (herdFilesQuotaText), before reading with a Content-Length and as soon as it crosses without one,
// nothing kept. Uploads already on their way count with their Content-Length.
//
// Who sees which files (checked on the server), in the herd databases the caller reads (herd.ts):
// - superusers and company admins (role 1): every kept file of those databases;
// - everyone else: the files they uploaded themselves. Viewers (6) and clients (7) upload nothing,
//   so their list is empty unless they uploaded before their role changed;
// - a file in a database the caller does not read (another company's, not given): 404, as missing.
// Deleting: the uploader, admins (role 1) and superusers who see it. Deleting removes the file only:
// the upload record and the herd data written from it stay, and a staged upload can still be
// committed (its rows are staged in the database). A file deleted already → 404, as missing.
// Checking a kept file again (rerun): whoever sees it and may upload into its database (herd.ts:
// not roles 6, 7; a DC305 file wants the dc_305 flag) — a new upload staged from the kept bytes,
// its own copy kept (counted in the quota like any upload), answered as uploadHerdFile answers.

const GIB = 1024 * 1024 * 1024;
/**
 * Kept herd files per company: 10 GB. A DC305 export of a whole herd's events is tens of MB and a
 * daily one well under 1 MB, so this keeps years of uploads — or fifty of the largest files a
 * server takes (HERD_UPLOAD_BYTES_DEFAULT) — while bounding what one company can put on the disk.
 */
export const HERD_FILES_COMPANY_BYTES_DEFAULT = 10 * GIB;
/** What program a file came from, as the files page names it. */
export const HERD_UPLOAD_FORMAT_LABELS: Record<(typeof HERD_UPLOAD_FORMATS)[number], string> = {
  dc305: "DC305",
  spreadsheet: "Таблица",
};

/** The newest files listed; older ones stay kept and count. */
export const HERD_FILES_SHOWN = 1000;

/** 413 quota_exceeded: the company's kept files would not leave room for this one. */
export function herdFilesQuotaText(companyName: string, used: number, limit: number): string {
  return `Файл не поместится: загруженные файлы стада компании «${companyName}» занимают ${quotaUsageText(used, limit)}. Удалите ненужные файлы в разделе «Файлы» — данные, уже записанные из них, останутся.`;
}

export const herdFilesCompanySchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  /** Bytes of the company's kept herd files, every database of it (not only those listed). */
  used_bytes: z.number().int().min(0),
  limit_bytes: z.number().int().min(0),
});
export type HerdFilesCompany = z.infer<typeof herdFilesCompanySchema>;

export const herdFileSchema = z.object({
  upload_uuid: z.uuid(),
  database: z.object({ uuid: z.uuid(), name: z.string() }),
  /** Who uploaded it; null once that user is deleted. */
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  file_name: z.string(),
  size_bytes: z.number().int().min(0),
  format: herdUploadFormatSchema,
  kind: herdUploadKindSchema.nullable(),
  status: herdUploadStatusSchema,
  created_at: z.iso.datetime(),
  /** The caller may delete it (the uploader, admins, superusers). */
  can_delete: z.boolean(),
});
export type HerdFile = z.infer<typeof herdFileSchema>;

export const herdFilesSchema = z.object({
  /** The companies of the herd databases the caller reads, by name: each one's usage and limit. */
  companies: z.array(herdFilesCompanySchema),
  /** Newest first, at most HERD_FILES_SHOWN. */
  items: z.array(herdFileSchema),
});
export type HerdFiles = z.infer<typeof herdFilesSchema>;

const fileParams = z.object({ upload_uuid: z.uuid() });

export const listHerdFiles = defineRoute({
  method: "GET",
  path: "/api/herd/files/",
  auth: "user",
  response: herdFilesSchema,
  summary: "Загруженные файлы стада: место, занятое компанией, и список файлов",
});

/**
 * The file's bytes as uploaded (streamed from the disk), Content-Disposition attachment with its
 * original name (filename*, UTF-8); 404 for a file not kept or not the caller's to see.
 */
export const downloadHerdFile = defineRoute({
  method: "GET",
  path: "/api/herd/files/:upload_uuid/download/",
  auth: "user",
  params: fileParams,
  response: z.unknown(),
  summary: "Скачать загруженный файл стада",
});

/** Removes the kept file (the upload record and the data written from it stay); 204, 404 once gone. */
export const deleteHerdFile = defineRoute({
  method: "DELETE",
  path: "/api/herd/files/:upload_uuid/",
  auth: "user",
  status: 204,
  params: fileParams,
  response: z.void(),
  summary: "Удалить загруженный файл стада (данные стада остаются)",
});

/**
 * Stages a new upload from the kept file, as if it were uploaded again (uploadHerdFile's answer and
 * refusals: 400, 403, 409 import_in_progress, 413 quota_exceeded); DC305 files only for now (400).
 */
export const rerunHerdFile = defineRoute({
  method: "POST",
  path: "/api/herd/files/:upload_uuid/rerun/",
  auth: "user",
  status: 201,
  params: fileParams,
  query: z.strictObject({ progress_id: z.uuid().optional() }),
  response: herdUploadCreatedSchema,
  summary: "Проверить загруженный файл стада снова: новая проверка и предпросмотр, данные не меняются",
});
