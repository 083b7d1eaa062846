import {
  ATTACHMENT_TYPE_TEXT,
  ATTACHMENT_TYPES,
  type Attachment,
  attachmentExtension,
} from "@nadoy/contract/attachments";
import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import type { Db } from "../../db/client.ts";
import { matchesSignature } from "../../platform/attachments/file-signature.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { ApiError, validationError } from "../../platform/errors.ts";
import * as repo from "./attachments.repository.ts";
import { attachmentDisposition } from "./content-disposition.ts";

// Uploading and downloading files (contract attachments.ts). The size limit is the route's
// bodyLimit: a larger body never reaches this service.

export const ATTACHMENT_EMPTY_TEXT = "Файл пустой";
const ATTACHMENT_NAME_TEXT = "Укажите имя файла";

const unsupported = () => new ApiError(415, ErrorCode.unsupportedMediaType, ATTACHMENT_TYPE_TEXT);
const notFound = () => new ApiError(404, ErrorCode.notFound, ErrorText.notFound);

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

export function createAttachmentsService(db: Db) {
  return {
    /** Checks the name's extension and the bytes, then stores the file, unattached, as the caller's. */
    async upload(caller: AuthUser, rawName: string, body: unknown): Promise<Attachment> {
      const name = cleanName(rawName);
      if (name === "") throw validationError({ name: ATTACHMENT_NAME_TEXT });
      const extension = attachmentExtension(name);
      if (extension === null) throw unsupported();
      // Only application/octet-stream arrives as a Buffer; a text body (text/plain) is not a file.
      if (!Buffer.isBuffer(body)) throw unsupported();
      const data = body;
      if (data.length === 0) throw validationError({ body: ATTACHMENT_EMPTY_TEXT }, ATTACHMENT_EMPTY_TEXT);
      if (!matchesSignature(extension, data)) throw unsupported();
      return repo.insertAttachment(db, { uploaderId: caller.id, name, mime: ATTACHMENT_TYPES[extension], data });
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
