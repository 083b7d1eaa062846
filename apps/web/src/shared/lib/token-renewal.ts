import { refreshRoute } from "@nadoy/contract/users";
import { accessTokenExpiry } from "./access-token-expiry.ts";
import { sendRequest } from "./api-request.ts";
import { readAccessToken, readRefreshToken, saveTokens, subscribeToStorage } from "./browser-storage.ts";
import { withRefreshLock } from "./token-lock.ts";

/** The access token is renewed this long before it expires. */
export const RENEW_BEFORE_EXPIRY_MS = 60_000;
/** After a renewal that did not succeed (offline, server down), the next try waits this long. */
export const RENEW_RETRY_MS = 30_000;

const needsRenewal = (token: string | null, now: number) => {
  const expiry = token ? accessTokenExpiry(token) : undefined;
  return expiry !== undefined && expiry - RENEW_BEFORE_EXPIRY_MS <= now;
};

/**
 * Renews the tokens in the background, without the reload of the spec §4 flow, so that an open
 * page never loses what the user is typing to an expiring token. A failure changes nothing: the
 * next call that gets a 401 runs the spec's flow.
 */
export function renewTokensQuietly(): Promise<void> {
  return withRefreshLock(async () => {
    // Another tab (or a 401 flow) may have renewed them while this one waited for the lock.
    if (!needsRenewal(readAccessToken(), Date.now())) return;
    const refresh = readRefreshToken();
    if (!refresh) return;
    try {
      saveTokens(await sendRequest(refreshRoute, { body: { refresh } }, null));
    } catch {
      // Left to the spec §4 flow on the next 401.
    }
  });
}

/**
 * Keeps the stored access token fresh while a signed-in page is open: a timer set to fire
 * RENEW_BEFORE_EXPIRY_MS before expiry, re-armed whenever the tokens change (this tab or
 * another), and a check when the page becomes visible again (timers stall while a laptop sleeps).
 * Returns the function that stops it.
 */
export function startTokenRenewal(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const renewThenArm = () => void renewTokensQuietly().then(() => arm(true));
  /** `afterAttempt`: a renewal just ran; if the token still needs one, wait before the next try. */
  const arm = (afterAttempt = false) => {
    clearTimeout(timer);
    if (stopped) return;
    const expiry = accessTokenExpiry(readAccessToken() ?? "");
    if (expiry === undefined) return;
    const due = Math.max(0, expiry - RENEW_BEFORE_EXPIRY_MS - Date.now());
    timer = setTimeout(renewThenArm, due === 0 && afterAttempt ? RENEW_RETRY_MS : due);
  };
  const onVisible = () => {
    if (document.visibilityState === "visible" && needsRenewal(readAccessToken(), Date.now())) renewThenArm();
  };

  const unsubscribe = subscribeToStorage(() => arm());
  document.addEventListener("visibilitychange", onVisible);
  arm();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener("visibilitychange", onVisible);
  };
}
