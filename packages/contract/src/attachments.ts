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

export const ATTACHMENT_BYTES_MAX = 10 * 1024 * 1024;
export const ATTACHMENT_NAME_MAX = 255;
/** Files per chat message, and per task. */
export const ATTACHMENTS_PER_ITEM_MAX = 10;
export const ATTACHMENT_UNCLAIMED_HOURS = 24;

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
 * the stored file; 413 and 415 as above; 400 for a missing or bad name (or an empty file).
 */
export const uploadAttachment = defineRoute({
  method: "POST",
  path: "/api/attachments/",
  auth: "user",
  status: 201,
  query: z.strictObject({ name: z.string().trim().min(1).max(ATTACHMENT_NAME_MAX) }),
  response: attachmentSchema,
  bodyLimit: ATTACHMENT_BYTES_MAX,
  rateLimit: { max: 60, timeWindowMs: 60_000 },
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
