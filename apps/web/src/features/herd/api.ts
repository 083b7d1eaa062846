import {
  commitHerdUpload,
  downloadHerdUploadRefused,
  getHerdUploadProgress,
  type HerdAnimalsQuery,
  type HerdRefusedFileFormat,
  type HerdSpreadsheetKind,
  herdRefusedFileName,
  listHerdAnimals,
  listHerdDatasets,
  listHerdUploads,
  uploadHerdFile,
} from "@nadoy/contract/herd";
import {
  deleteHerdFile,
  downloadHerdFile,
  type HerdFile,
  listHerdFiles,
  rerunHerdFile,
} from "@nadoy/contract/herd-files";
import {
  downloadHerdTemplate,
  HERD_SPREADSHEET_KIND_LABELS,
  type HerdColumnMapping,
  listMyHerdUploads,
  remapHerdUpload,
} from "@nadoy/contract/herd-spreadsheet";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { callApi } from "../../shared/lib/api-client.ts";
import { downloadFile, saveBlob, uploadFile } from "../../shared/lib/api-file.ts";

// The routes of contract herd.ts and herd-spreadsheet.ts the herd pages call (the animal card's
// own is in shared/herd).

const HERD = ["herd"] as const;

export function useHerdDatasets() {
  return useQuery({ queryKey: [...HERD, "datasets"], queryFn: () => callApi(listHerdDatasets) });
}

/** A database's upload history, asked for only when shown. */
export function useHerdUploads(dbUuid: string, enabled: boolean) {
  return useQuery({
    queryKey: [...HERD, dbUuid, "uploads"],
    queryFn: () => callApi(listHerdUploads, { params: { db_uuid: dbUuid } }),
    enabled,
  });
}

/** One page of a database's animals; the previous page stays on screen while the next loads. */
export function useHerdAnimals(dbUuid: string, query: HerdAnimalsQuery) {
  return useQuery({
    queryKey: [...HERD, dbUuid, "animals", query],
    queryFn: () => callApi(listHerdAnimals, { params: { db_uuid: dbUuid }, query }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The server's phase of the upload or commit `progressId` names, asked every half second while
 * `enabled`. The server knows the id from its request's start; the caller asks a beat after
 * sending it (ServerPhases), so that the first question does not overtake the request (a 404).
 */
export function useHerdUploadProgress(progressId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...HERD, "progress", progressId],
    queryFn: () => callApi(getHerdUploadProgress, { params: { progress_id: progressId } }),
    enabled,
    refetchInterval: enabled ? 500 : false,
    staleTime: 0,
    gcTime: 0,
  });
}

export interface UploadHerdFileArgs {
  dbUuid: string;
  /** A spreadsheet of this kind; without it the file is a DC305 export. */
  kind?: HerdSpreadsheetKind;
  file: File;
  progressId: string;
  onProgress: (share: number) => void;
  signal: AbortSignal;
}

/** The type an XLSX is sent as when the browser gives none. */
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function contentTypeOf(file: File): string {
  if (file.type) return file.type;
  return /\.xlsx$/i.test(file.name) ? XLSX_TYPE : "text/plain";
}

/**
 * Sends a DC305 export or a spreadsheet (raw bytes) for checking: the server answers with a
 * preview, nothing written yet.
 */
export function sendHerdFile({ dbUuid, kind, file, progressId, onProgress, signal }: UploadHerdFileArgs) {
  const format = kind ? { format: "spreadsheet" as const, kind } : { format: "dc305" as const };
  return uploadFile(uploadHerdFile, {
    params: { db_uuid: dbUuid },
    query: { ...format, name: file.name, progress_id: progressId },
    file,
    contentType: contentTypeOf(file),
    onProgress,
    signal,
  });
}

/** Reads a staged spreadsheet again with another mapping of its columns: a new preview. */
export function remapHerdFile(uploadUuid: string, mapping: HerdColumnMapping) {
  return callApi(remapHerdUpload, { params: { upload_uuid: uploadUuid }, body: { mapping } });
}

export function commitHerdFile(uploadUuid: string, progressId: string) {
  return callApi(commitHerdUpload, { params: { upload_uuid: uploadUuid }, query: { progress_id: progressId } });
}

/** After a commit: the datasets, histories and animal lists show the new data. */
export function useForgetHerdData() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: HERD }), [queryClient]);
}

// ---- the kept files (contract herd-files.ts) ----

export function useHerdFiles() {
  return useQuery({ queryKey: [...HERD, "files"], queryFn: () => callApi(listHerdFiles) });
}

export function removeHerdFile(uploadUuid: string) {
  return callApi(deleteHerdFile, { params: { upload_uuid: uploadUuid } });
}

/** Checks a kept file again: a new staged upload and its preview, as a fresh upload answers. */
export function checkHerdFileAgain(uploadUuid: string) {
  return callApi(rerunHerdFile, { params: { upload_uuid: uploadUuid }, query: {} });
}

/** Fetches the kept file (with the sign-in token) and hands it to the browser under its name. */
export async function saveHerdFile(file: Pick<HerdFile, "upload_uuid" | "file_name">): Promise<void> {
  const blob = await downloadFile(downloadHerdFile, { params: { upload_uuid: file.upload_uuid }, query: undefined });
  saveBlob(blob, file.file_name);
}

/** Every refused row of an upload (line, reason, the file's text), saved as «<file> — отклонённые строки.<format>». */
export function useDownloadRefusedRows() {
  return useMutation({
    mutationFn: async (args: { uploadUuid: string; fileName: string; format: HerdRefusedFileFormat }) => {
      const blob = await downloadFile(downloadHerdUploadRefused, {
        params: { upload_uuid: args.uploadUuid },
        query: { format: args.format },
      });
      saveBlob(blob, herdRefusedFileName(args.fileName, args.format));
    },
  });
}

/** The caller's own spreadsheet uploads, newest first. */
export function useMySpreadsheetUploads() {
  return useQuery({
    queryKey: [...HERD, "mine", "spreadsheet"],
    queryFn: () => callApi(listMyHerdUploads, { query: { format: "spreadsheet" } }),
  });
}

/** The XLSX template of a kind, saved as «Шаблон — <kind>.xlsx» (with the bearer token, as any call). */
export function useDownloadHerdTemplate() {
  return useMutation({
    mutationFn: async (kind: HerdSpreadsheetKind) => {
      const blob = await downloadFile(downloadHerdTemplate, { params: { kind }, query: undefined });
      saveBlob(blob, `Шаблон — ${HERD_SPREADSHEET_KIND_LABELS[kind]}.xlsx`);
    },
  });
}
