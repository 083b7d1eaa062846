import { ATTACHMENTS_PER_ITEM_MAX, type Attachment, attachmentProblem } from "@nadoy/contract/attachments";
import { pluralRu } from "@nadoy/contract/plural";
import { useCallback, useMemo, useRef, useState } from "react";
import { useErrorToast } from "../hooks/use-error-toast.ts";
import { errorMessage, isUnauthorized } from "../lib/api-error.ts";
import { uploadAttachmentFile } from "./attachment-files.ts";
import { inUploadSlot } from "./upload-slots.ts";
import { useQuotaChanged } from "./use-attachment-quota.ts";

/** One picked file: on its way, uploaded (the server's Attachment), or refused by the server. */
export interface AttachmentUpload {
  /** This pick's own id (the same file may be picked twice). */
  key: string;
  name: string;
  size: number;
  status: "uploading" | "done" | "failed";
  /** The share sent while uploading, 0–1. */
  progress: number;
  attachment: Attachment | null;
  error: string | null;
}

export interface AttachmentUploads {
  uploads: readonly AttachmentUpload[];
  /**
   * Checks the files (type, size, how many fit in `room`) and uploads the ones that pass; resolves
   * with those of this pick that were uploaded. A refused file shows its reason as the toast.
   */
  add: (files: readonly File[], room?: number) => Promise<Attachment[]>;
  /** Drops a file before sending (an upload still on its way is then ignored). */
  remove: (key: string) => void;
  reset: () => void;
  /** Some file is still on its way. */
  uploading: boolean;
  /** Some file was refused by the server (shown with its reason until removed). */
  failed: boolean;
  /** The uploaded files, in the order picked. */
  attachments: Attachment[];
}

export function tooManyFilesText(max: number): string {
  return `Можно прикрепить не больше ${max} ${pluralRu(max, ["файла", "файлов", "файлов"])}`;
}

let lastKey = 0;

/** The files being attached to one message or task (chat composer, task detail). */
export function useAttachmentUploads(): AttachmentUploads {
  const showError = useErrorToast();
  const quotaChanged = useQuotaChanged();
  const [uploads, setUploads] = useState<readonly AttachmentUpload[]>([]);
  // The list as of the last change, for checks made before React renders again.
  const current = useRef<readonly AttachmentUpload[]>([]);
  const change = useCallback((next: (list: readonly AttachmentUpload[]) => readonly AttachmentUpload[]) => {
    current.current = next(current.current);
    setUploads(current.current);
  }, []);

  const add = useCallback(
    async (files: readonly File[], room = ATTACHMENTS_PER_ITEM_MAX): Promise<Attachment[]> => {
      let free = room - current.current.filter((u) => u.status !== "failed").length;
      const accepted: File[] = [];
      let problem: string | null = null;
      for (const file of files) {
        const refused = attachmentProblem(file) ?? (free <= 0 ? tooManyFilesText(room) : null);
        if (refused) {
          problem ??= refused;
          continue;
        }
        accepted.push(file);
        free -= 1;
      }
      // One toast at a time: the first reason stands for all.
      if (problem) showError(problem);
      const picked = accepted.map((file) => ({ file, key: `upload-${++lastKey}` }));
      change((list) => [
        ...list,
        ...picked.map(({ file, key }) => ({
          key,
          name: file.name,
          size: file.size,
          status: "uploading" as const,
          progress: 0,
          attachment: null,
          error: null,
        })),
      ]);
      const results = await Promise.all(
        picked.map(async ({ file, key }) => {
          try {
            // A few at a time (upload-slots.ts); a refusal (quota 413, rate 429) is the server's text.
            const progressed = (progress: number) =>
              change((list) => list.map((u) => (u.key === key ? { ...u, progress } : u)));
            const attachment = await inUploadSlot(() => uploadAttachmentFile(file, progressed));
            const kept = current.current.some((u) => u.key === key);
            change((list) => list.map((u) => (u.key === key ? { ...u, status: "done", attachment } : u)));
            return kept ? attachment : null;
          } catch (error) {
            const text = errorMessage(error);
            if (!isUnauthorized(error)) showError(text);
            change((list) => list.map((u) => (u.key === key ? { ...u, status: "failed", error: text } : u)));
            return null;
          }
        }),
      );
      if (picked.length > 0) quotaChanged();
      return results.filter((a): a is Attachment => a !== null);
    },
    [change, showError, quotaChanged],
  );

  const remove = useCallback((key: string) => change((list) => list.filter((u) => u.key !== key)), [change]);
  const reset = useCallback(() => change(() => []), [change]);

  return useMemo(
    () => ({
      uploads,
      add,
      remove,
      reset,
      uploading: uploads.some((u) => u.status === "uploading"),
      failed: uploads.some((u) => u.status === "failed"),
      attachments: uploads.flatMap((u) => (u.status === "done" && u.attachment ? [u.attachment] : [])),
    }),
    [uploads, add, remove, reset],
  );
}
