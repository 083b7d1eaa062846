import { refreshRoute } from "@nadoy/contract/users";
import { sendRequest } from "./api-request.ts";
import { browserLocation } from "./browser-location.ts";
import { readAccessToken, readRefreshToken, saveTokens } from "./browser-storage.ts";
import { signOutLocally } from "./sign-out.ts";
import { withRefreshLock } from "./token-lock.ts";

async function refreshOrSignOut(rejectedAccess: string | null): Promise<void> {
  const stored = readAccessToken();
  if (stored !== null && stored !== rejectedAccess) {
    // The tokens were renewed since that request was sent (another tab, another call): use them.
    browserLocation.reload();
    return;
  }
  const refresh = readRefreshToken();
  if (refresh) {
    try {
      saveTokens(await sendRequest(refreshRoute, { body: { refresh } }, null));
      browserLocation.reload();
      return;
    } catch {
      // Any answer but 200 signs the user out (spec §4).
    }
  }
  await signOutLocally(undefined, { expired: true });
}

let running: Promise<void> | null = null;

/**
 * Spec §4 access token flow, after a 401 from a route that needs a token: refresh once; on 200
 * save the new pair and reload, otherwise clear storage and go to /login (which says the session
 * expired and returns here after signing in). Concurrent 401s share
 * one run, so a refresh token is never presented twice (that would revoke the whole session).
 */
export function runTokenFlow(rejectedAccess: string | null): Promise<void> {
  // Under the refresh lock (token-lock.ts): a second tab, or the background renewal, waits and
  // then sees the renewed tokens instead of presenting the spent refresh token again.
  running ??= withRefreshLock(() => refreshOrSignOut(rejectedAccess)).finally(() => {
    running = null;
  });
  return running;
}
