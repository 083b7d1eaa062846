import { attachmentQuota } from "@nadoy/contract/attachments";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { callApi } from "../lib/api-client.ts";

// The caller's storage quota (GET /api/attachments/quota/): asked only where files are being
// picked — when the paperclip's hint opens or files are on their way — and asked again after uploads.

export const attachmentQuotaKey = ["attachments", "quota"] as const;

export function useAttachmentQuota(enabled: boolean) {
  return useQuery({ queryKey: attachmentQuotaKey, queryFn: () => callApi(attachmentQuota), enabled });
}

/** Marks the quota stale after uploads: the next look asks the server again. */
export function useQuotaChanged(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: attachmentQuotaKey }), [queryClient]);
}
