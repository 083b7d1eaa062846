import type { QueryClient } from "@tanstack/react-query";
import { browserLocation } from "./browser-location.ts";
import { clearLocalData } from "./clear-local-data.ts";
import { isSignInPath, loginHref } from "./sign-in-return.ts";

/**
 * Clears everything this browser keeps for the user and loads the sign-in page afresh. When the
 * session expired (not a chosen sign-out), the page says so and signing in returns here.
 */
export async function signOutLocally(queryClient?: QueryClient, { expired = false } = {}): Promise<void> {
  await clearLocalData(queryClient);
  const { pathname, search, hash } = window.location;
  // Already on the sign-in page (a late 401 or socket close there): keep its return link and notice.
  if (expired && isSignInPath(pathname)) browserLocation.assign(`${pathname}${search}`);
  else browserLocation.assign(expired ? loginHref(`${pathname}${search}${hash}`, true) : loginHref());
}
