import { pageHitRoute } from "@nadoy/contract/analytics";
import { appConfigRoute } from "@nadoy/contract/app-config";
import { useQuery } from "@tanstack/react-query";
import { callApi } from "../../shared/lib/api-client.ts";
import { sendRequest } from "../../shared/lib/api-request.ts";
import { readAccessToken } from "../../shared/lib/browser-storage.ts";

/** GET /api/config/ (public): fixed while the server runs, so asked once per page load. */
export function useAppConfig(enabled: boolean) {
  return useQuery({
    queryKey: ["config"],
    queryFn: () => callApi(appConfigRoute),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * POST analytics/page_hit/ {path} (spec §7), fire and forget: any failure — a 429 above
 * PAGE_HITS_PER_MINUTE included — drops the hit, and it is never retried. It is sent without the
 * token flow (sendRequest, not callApi): a usage beacon must not reload the page or sign the user
 * out; the app's own calls take care of an expired token.
 */
export function sendPageHit(path: string): void {
  const access = readAccessToken();
  if (!access) return;
  sendRequest(pageHitRoute, { body: { path } }, access).catch(() => undefined);
}
