import { z } from "zod";
import { defineRoute } from "./http.ts";

// ---- attachments: files on chat messages, tasks and instructions ----
//
// A file is uploaded first (POST /api/attachments/, the bytes as the body) and then named by its
// uuid when a chat message is sent (`attachment_uuids`), or attached to a task or an instruction.
// Until then it is its uploader's alone; unattached files are removed after
// ATTACHMENT_UNCLAIMED_HOURS. A file is attached once: to one message, one task or one instruction.
// The bytes live in the database, so that every server instance serves them and a backup holds
// them with the rows that name them.
//
// Who may download (GET /api/attachments/:uuid/): its uploader while it is unattached; afterwards
// the members of the message's chat (not when the message was deleted), whoever may open the
// task's board (boards switched on for them), or whoever may read the instruction (published and in
// its audience; editors — superusers and role 2 — any). Anyone else gets 404, like a missing file.
//
// Checked before anything is written: the size (at most ATTACHMENT_BYTES_MAX, larger → 413
// payload_too_large), the name's extension (one of ATTACHMENT_TYPES) and that the first bytes are
// what that extension says (415 unsupported_media_type with ATTACHMENT_TYPE_TEXT otherwise).
//
// Quotas (issue 15): files live in the database, so what one user or one company may keep there is
// bounded. Three sums of `size`, each checked before the body is read (with Content-Length) and again
// in the transaction that stores the file (a per-user and a per-company lock, so parallel uploads
// cannot slip past together); a file that would cross any of them → 413 quota_exceeded naming it
// (QuotaText in errors.ts), nothing written:
// - unclaimed, per user (ATTACHMENT_UNCLAIMED_BYTES_MAX): uploaded but not yet on a message, task
//   or instruction — what the hourly pruning would otherwise be the only bound of;
// - everything a user uploaded, attached or not (ATTACHMENT_USER_BYTES_MAX);
// - everything charged to a company (ATTACHMENT_COMPANY_BYTES_MAX). A file is charged, when it is
//   uploaded, to its uploader's company — the one of their companies with the smallest id (a
//   member of several gets one stable answer, shown by the quota route) — and stays charged there
//   wherever it is attached later; a user in no company (superusers, clients of no company) charges
//   none, and only the two per-user quotas bound them. The charge is recorded on the row, so a
//   company's usage is one indexed SUM, and a member joining or leaving moves nothing.
// A file stops counting when it is deleted: with its message, task or instruction, or by pruning.
// The rate: ATTACHMENT_UPLOADS_PER_MINUTE per user (429 with Retry-After), and at most
// ATTACHMENT_UPLOADS_AT_ONCE of one user's uploads on their way at once (429; the web app sends
// that many at a time). GET /api/attachments/quota/ answers the caller's usage and limits.

export const ATTACHMENT_BYTES_MAX = 10 * 1024 * 1024;
export const ATTACHMENT_NAME_MAX = 255;
/** Files per chat message, and per task. */
export const ATTACHMENTS_PER_ITEM_MAX = 10;
export const ATTACHMENT_UNCLAIMED_HOURS = 24;

const MB = 1024 * 1024;
/**
 * Unattached files per user: a full message or task of files (ATTACHMENTS_PER_ITEM_MAX × 10 MB) on
 * their way. Without it, 60 uploads a minute kept for a day could add tens of GB per user.
 */
export const ATTACHMENT_UNCLAIMED_BYTES_MAX = ATTACHMENTS_PER_ITEM_MAX * ATTACHMENT_BYTES_MAX;
/**
 * Everything one user uploaded: 1 GB is a hundred 10 MB scans or thousands of ordinary photos and
 * documents (usually 0.2–2 MB) — years of a person's work files; a runaway script stops here.
 */
export const ATTACHMENT_USER_BYTES_MAX = 1024 * MB;
/**
 * Everything charged to one company: 5 GB, i.e. a few dozen people's working files. It bounds what
 * one tenant adds to the shared database and its backups.
 */
export const ATTACHMENT_COMPANY_BYTES_MAX = 5 * 1024 * MB;
/** Uploads per user a minute: two full messages' worth of files; a script gets 429 after that. */
export const ATTACHMENT_UPLOADS_PER_MINUTE = 20;
/**
 * One user's uploads on their way at once (each may hold up to 10 MB in the server's memory until
 * it is stored); the web app uploads this many at a time.
 */
export const ATTACHMENT_UPLOADS_AT_ONCE = 3;

/** Allowed extensions (lower case) and the MIME type each is served with. */
export const ATTACHMENT_TYPES = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
} as const;
export type AttachmentExtension = keyof typeof ATTACHMENT_TYPES;

/** For the file picker's `accept`. */
export const ATTACHMENT_ACCEPT = Object.keys(ATTACHMENT_TYPES)
  .map((ext) => `.${ext}`)
  .join(",");

export const ATTACHMENT_TYPE_TEXT =
  "Такой файл прикрепить нельзя: подходят PDF, изображения (PNG, JPEG, GIF, WebP), TXT, CSV, документы Word и Excel";
export const ATTACHMENT_SIZE_TEXT = "Файл больше 10 МБ";

/** The extension of a file name when it is an allowed one, else null. */
export function attachmentExtension(name: string): AttachmentExtension | null {
  const dot = name.lastIndexOf(".");
  if (dot <= 0 || dot === name.length - 1) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  return Object.hasOwn(ATTACHMENT_TYPES, ext) ? (ext as AttachmentExtension) : null;
}

/** What the browser checks before uploading (the server checks it again, and the bytes too). */
export function attachmentProblem(file: { name: string; size: number }): string | null {
  if (attachmentExtension(file.name) === null) return ATTACHMENT_TYPE_TEXT;
  if (file.size > ATTACHMENT_BYTES_MAX) return ATTACHMENT_SIZE_TEXT;
  return null;
}

export const attachmentSchema = z.object({
  uuid: z.uuid(),
  /** The file name as uploaded. */
  name: z.string(),
  /** Bytes. */
  size: z.number().int().min(0),
  /** From ATTACHMENT_TYPES. */
  mime: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentUuids = z.array(z.uuid()).max(ATTACHMENTS_PER_ITEM_MAX);

/**
 * Body: the file's bytes, Content-Type application/octet-stream; `name` is its file name. 201 with
 * the stored file; 413 (the file's size, or quota_exceeded) and 415 as above; 400 for a missing or
 * bad name (or an empty file); 429 past the rate or with ATTACHMENT_UPLOADS_AT_ONCE uploads on their
 * way; 503 server_busy (Retry-After) when this server instance takes no more uploads at the moment.
 */
export const uploadAttachment = defineRoute({
  method: "POST",
  path: "/api/attachments/",
  auth: "user",
  status: 201,
  query: z.strictObject({ name: z.string().trim().min(1).max(ATTACHMENT_NAME_MAX) }),
  response: attachmentSchema,
  bodyLimit: ATTACHMENT_BYTES_MAX,
  rateLimit: { max: ATTACHMENT_UPLOADS_PER_MINUTE, timeWindowMs: 60_000 },
  summary: "Загрузить файл для сообщения или задачи",
});

export const ATTACHMENT_UPLOAD_CONTENT_TYPE = "application/octet-stream";

/**
 * The bytes, with Content-Type from ATTACHMENT_TYPES, Content-Disposition attachment (the name as
 * filename*, UTF-8) and X-Content-Type-Options nosniff: a file is never shown as a page of ours.
 */
export const downloadAttachment = defineRoute({
  method: "GET",
  path: "/api/attachments/:uuid/",
  auth: "user",
  params: z.object({ uuid: z.uuid() }),
  response: z.unknown(),
  summary: "Скачать вложение",
});

const quotaPartSchema = z.object({
  /** Bytes counted now. */
  used_bytes: z.number().int().min(0),
  limit_bytes: z.number().int().min(0),
});
export type QuotaPart = z.infer<typeof quotaPartSchema>;

export const attachmentQuotaSchema = z.object({
  /** The caller's uploads not yet on a message, task or instruction. */
  unclaimed: quotaPartSchema,
  /** Everything the caller uploaded. */
  user: quotaPartSchema,
  /** The company the caller's uploads are charged to; null when they are in no company. */
  company: quotaPartSchema.extend({ uuid: z.uuid(), name: z.string() }).nullable(),
  /** The largest file (ATTACHMENT_BYTES_MAX) and the rate (ATTACHMENT_UPLOADS_PER_MINUTE), for the hint. */
  file_bytes_max: z.number().int(),
  uploads_per_minute: z.number().int(),
});
export type AttachmentQuota = z.infer<typeof attachmentQuotaSchema>;

/** The caller's usage and limits (see "Quotas" above): any signed-in user, their own only. */
export const attachmentQuota = defineRoute({
  method: "GET",
  path: "/api/attachments/quota/",
  auth: "user",
  response: attachmentQuotaSchema,
  summary: "Сколько места занимают мои файлы и сколько можно",
});

/** The quota with the least room left: the one the next file is likeliest not to fit in. */
export function tightestQuota(quota: AttachmentQuota): QuotaPart {
  const parts: QuotaPart[] = [quota.unclaimed, quota.user, ...(quota.company ? [quota.company] : [])];
  return parts.reduce((tightest, part) =>
    part.limit_bytes - part.used_bytes < tightest.limit_bytes - tightest.used_bytes ? part : tightest,
  );
}
