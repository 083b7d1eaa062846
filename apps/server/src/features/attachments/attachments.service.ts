import { Readable } from "node:stream";
import {
  ATTACHMENT_BYTES_MAX,
  ATTACHMENT_COMPANY_BYTES_MAX,
  ATTACHMENT_SIZE_TEXT,
  ATTACHMENT_TYPE_TEXT,
  ATTACHMENT_TYPES,
  ATTACHMENT_UNCLAIMED_BYTES_MAX,
  ATTACHMENT_UNCLAIMED_HOURS,
  ATTACHMENT_UPLOADS_AT_ONCE,
  ATTACHMENT_UPLOADS_PER_MINUTE,
  ATTACHMENT_USER_BYTES_MAX,
  type Attachment,
  type AttachmentQuota,
  attachmentExtension,
} from "@nadoy/contract/attachments";
import { ErrorCode, ErrorText, QuotaText, uploadsAtOnceText } from "@nadoy/contract/errors";
import type { Db } from "../../db/client.ts";
import { matchesSignature } from "../../platform/attachments/file-signature.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { attachmentDisposition } from "../../platform/content-disposition.ts";
import { ApiError, validationError } from "../../platform/errors.ts";
import * as repo from "./attachments.repository.ts";
import { readCappedBody } from "./capped-body.ts";
import { UploadGate } from "./upload-gate.ts";

// Uploading and downloading files (contract attachments.ts). An upload's body arrives here unread
// (the route's parser hands the stream on): the name, the declared size and the quotas are checked
// first, then the body is read with a hard cap, then the quotas again under the locks of the
// transaction that stores it.

export const ATTACHMENT_EMPTY_TEXT = "Файл пустой";
const ATTACHMENT_NAME_TEXT = "Укажите имя файла";

const unsupported = () => new ApiError(415, ErrorCode.unsupportedMediaType, ATTACHMENT_TYPE_TEXT);
const notFound = () => new ApiError(404, ErrorCode.notFound, ErrorText.notFound);
/** Past the file's own limit: no browser of ours sends one, so the connection need not stay open. */
const tooLarge = () =>
  new ApiError(413, ErrorCode.payloadTooLarge, ATTACHMENT_SIZE_TEXT, undefined, { connection: "close" });
const quotaExceeded = (text: string) => new ApiError(413, ErrorCode.quotaExceeded, text);

/** How many more bytes fit, and the refusal when a file does not: the quota with the least room. */
function roomOf(usage: repo.Usage): { bytes: number; refusal: () => ApiError } {
  const rooms = [
    {
      bytes: ATTACHMENT_UNCLAIMED_BYTES_MAX - usage.unclaimed,
      refusal: () =>
        quotaExceeded(QuotaText.unclaimed(usage.unclaimed, ATTACHMENT_UNCLAIMED_BYTES_MAX, ATTACHMENT_UNCLAIMED_HOURS)),
    },
    {
      bytes: ATTACHMENT_USER_BYTES_MAX - usage.user,
      refusal: () => quotaExceeded(QuotaText.user(usage.user, ATTACHMENT_USER_BYTES_MAX)),
    },
  ];
  const company = usage.company;
  if (company) {
    rooms.push({
      bytes: ATTACHMENT_COMPANY_BYTES_MAX - company.bytes,
      refusal: () => quotaExceeded(QuotaText.company(company.name, company.bytes, ATTACHMENT_COMPANY_BYTES_MAX)),
    });
  }
  return rooms.reduce((tightest, room) => (room.bytes < tightest.bytes ? room : tightest));
}

/** The Content-Length as a number of bytes; undefined when absent (a chunked body). */
function declaredLength(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const bytes = Number(header);
  // Node refuses a malformed Content-Length before any route runs; this is a second guard.
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw validationError({ body: ErrorText.validation });
  return bytes;
}

/** The name as a file name: no folders (some browsers send a path) and no control characters. */
function cleanName(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1);
  return base.replace(/\p{Cc}/gu, "").trim();
}

export interface Download {
  body: Buffer;
  contentType: string;
  disposition: string;
}

export function createAttachmentsService(db: Db, gate: UploadGate = new UploadGate()) {
  return {
    /**
     * Checks the name's extension, the declared size and the quotas; reads the body (at most what
     * fits, refused at the first byte more); checks the bytes; then, under the caller's and their
     * company's locks, the quotas once more, and stores the file, unattached, as the caller's.
     */
    async upload(
      caller: AuthUser,
      rawName: string,
      body: unknown,
      contentLength: string | undefined,
    ): Promise<Attachment> {
      const name = cleanName(rawName);
      if (name === "") throw validationError({ name: ATTACHMENT_NAME_TEXT });
      const extension = attachmentExtension(name);
      if (extension === null) throw unsupported();
      // Only application/octet-stream arrives as a stream; a text body (text/plain) is not a file.
      if (!(body instanceof Readable)) throw unsupported();
      const declared = declaredLength(contentLength);
      if (declared !== undefined && declared > ATTACHMENT_BYTES_MAX) throw tooLarge();
      if (declared === 0) throw validationError({ body: ATTACHMENT_EMPTY_TEXT }, ATTACHMENT_EMPTY_TEXT);
      const room = roomOf(await repo.usageOf(db, caller.id));
      if (room.bytes <= 0 || (declared !== undefined && declared > room.bytes)) throw room.refusal();

      const place = gate.enter(caller.id);
      if (place.kind === "user-busy") {
        throw new ApiError(429, ErrorCode.tooManyRequests, uploadsAtOnceText(ATTACHMENT_UPLOADS_AT_ONCE));
      }
      if (place.kind === "instance-busy") {
        throw new ApiError(503, ErrorCode.serverBusy, ErrorText.uploadsBusy, undefined, { "retry-after": "5" });
      }
      try {
        const read = await readCappedBody(body, Math.min(ATTACHMENT_BYTES_MAX, room.bytes), declared);
        if (read.kind === "over") throw read.received > ATTACHMENT_BYTES_MAX ? tooLarge() : room.refusal();
        const data = read.data;
        if (data.length === 0) throw validationError({ body: ATTACHMENT_EMPTY_TEXT }, ATTACHMENT_EMPTY_TEXT);
        if (!matchesSignature(extension, data)) throw unsupported();
        return await db.transaction(async (tx) => {
          const usage = await repo.lockUsage(tx, caller.id);
          const now = roomOf(usage);
          if (data.length > now.bytes) throw now.refusal();
          return repo.insertAttachment(tx, {
            uploaderId: caller.id,
            companyId: usage.company?.id ?? null,
            name,
            mime: ATTACHMENT_TYPES[extension],
            data,
          });
        });
      } finally {
        place.leave();
      }
    },

    /** The caller's usage and limits (GET /api/attachments/quota/). */
    async quota(caller: AuthUser): Promise<AttachmentQuota> {
      const usage = await repo.usageOf(db, caller.id);
      return {
        unclaimed: { used_bytes: usage.unclaimed, limit_bytes: ATTACHMENT_UNCLAIMED_BYTES_MAX },
        user: { used_bytes: usage.user, limit_bytes: ATTACHMENT_USER_BYTES_MAX },
        company: usage.company && {
          uuid: usage.company.uuid,
          name: usage.company.name,
          used_bytes: usage.company.bytes,
          limit_bytes: ATTACHMENT_COMPANY_BYTES_MAX,
        },
        file_bytes_max: ATTACHMENT_BYTES_MAX,
        uploads_per_minute: ATTACHMENT_UPLOADS_PER_MINUTE,
      };
    },

    /** The file when the caller may download it; 404 otherwise, exactly like a missing one. */
    async download(caller: AuthUser, uuid: string): Promise<Download> {
      const file = await repo.findDownloadable(db, uuid, caller);
      if (!file) throw notFound();
      // The type follows the stored name's extension, never what a client once claimed.
      const extension = attachmentExtension(file.name);
      return {
        body: file.data,
        contentType: extension === null ? "application/octet-stream" : ATTACHMENT_TYPES[extension],
        disposition: attachmentDisposition(file.name),
      };
    },
  };
}
