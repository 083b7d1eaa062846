import {
  ATTACHMENT_UPLOAD_CONTENT_TYPE,
  type Attachment,
  downloadAttachment,
  uploadAttachment,
} from "@nadoy/contract/attachments";
import { downloadFile, saveBlob, uploadFile } from "../lib/api-file.ts";

// The two file calls of attachments (contract attachments.ts): the bytes up, the bytes down.

/**
 * Uploads one file; the server's Attachment names it in a message or on a task afterwards.
 * `onProgress` hears the share sent (0–1).
 */
export function uploadAttachmentFile(file: File, onProgress?: (share: number) => void): Promise<Attachment> {
  return uploadFile(uploadAttachment, {
    params: undefined,
    query: { name: file.name },
    file,
    contentType: ATTACHMENT_UPLOAD_CONTENT_TYPE,
    onProgress,
  });
}

/** Fetches the file and hands it to the browser under its original name. */
export async function saveAttachment(attachment: Pick<Attachment, "uuid" | "name">): Promise<void> {
  const blob = await downloadFile(downloadAttachment, { params: { uuid: attachment.uuid }, query: undefined });
  saveBlob(blob, attachment.name);
}
