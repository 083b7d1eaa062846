import { pageHitRoute } from "@nadoy/contract/analytics";
import { sendRequest } from "../../shared/lib/api-request.ts";
import { readAccessToken } from "../../shared/lib/browser-storage.ts";

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
