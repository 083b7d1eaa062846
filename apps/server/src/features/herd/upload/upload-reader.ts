import type { HERD_UPLOAD_FORMATS, HerdSpreadsheetPreview } from "@nadoy/contract/herd";
import type { HerdColumnMapping } from "@nadoy/contract/herd-spreadsheet";
import { parseDc305Batches } from "../dc305/parse-dc305.ts";
import type { Dc305Record } from "../dc305/records.ts";
import type { FileVerdict } from "./staged-row.ts";
import { type StagedText, stagedTextInWorker } from "./staging-worker-client.ts";
import type { UploadRef } from "./upload-sql.ts";

// ---- What turns an upload's bytes into records: the DC305 parser or the spreadsheet reader ----

export interface UploadReader {
  format: (typeof HERD_UPLOAD_FORMATS)[number];
  /** The file's records in batches (dc305/records.ts): a header or a refusal first, then rows and errors. */
  batches(source: AsyncIterable<Uint8Array>): AsyncIterable<Dc305Record[]>;
  /** The staged lines as COPY text straight away (a worker thread's), noting the header or refusal in `verdict`. */
  stagedText?(source: AsyncIterable<Uint8Array>, ref: UploadRef, verdict: FileVerdict): AsyncIterable<StagedText>;
  /** Once the batches are read: a spreadsheet's mapping (kept on the upload) and its columns (answered). */
  spreadsheet?(): { mapping: HerdColumnMapping; preview: HerdSpreadsheetPreview } | undefined;
}

export const dc305Reader: UploadReader = {
  format: "dc305",
  batches: (source) => parseDc305Batches(source),
  stagedText: stagedTextInWorker,
};
