import {
  commitHerdUpload,
  getHerdUploadProgress,
  type HerdAnimalsQuery,
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
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { callApi } from "../../shared/lib/api-client.ts";
import { downloadFile, saveBlob, uploadFile } from "../../shared/lib/api-file.ts";

// The routes of contract herd.ts the herd pages call (the animal card's own is in shared/herd).

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
 * `enabled`. Before the server has heard of it the answer is an error, which is simply not shown.
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
  file: File;
  progressId: string;
  onProgress: (share: number) => void;
  signal: AbortSignal;
}

/** Sends a DC305 export (raw bytes) for checking: the server answers with a preview, nothing written yet. */
export function sendHerdFile({ dbUuid, file, progressId, onProgress, signal }: UploadHerdFileArgs) {
  return uploadFile(uploadHerdFile, {
    params: { db_uuid: dbUuid },
    query: { format: "dc305", name: file.name, progress_id: progressId },
    file,
    contentType: file.type || "text/plain",
    onProgress,
    signal,
  });
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
