import { href } from "../routes/href.ts";

// Always loaded (the sign-out and session checks build these links): kept to the link alone. What
// may be returned to is checked where the link is read (safe-return-path.ts).

/** /login?next=… : where a sign-in returns to; ?expired=1 : the session ran out (said on the page). */
export const NEXT_PARAM = "next";
export const EXPIRED_PARAM = "expired";

/** The sign-in page, returning to `next` (a path of this site) and saying whether the session expired. */
export function loginHref(next?: string, expired = false): string {
  const params = new URLSearchParams();
  // Never back to the sign-in page itself (a second sign-out while it is shown).
  if (next && next !== "/" && !isSignInPath(next)) params.set(NEXT_PARAM, next);
  if (expired) params.set(EXPIRED_PARAM, "1");
  const query = params.toString();
  return query ? `${href.login()}?${query}` : href.login();
}

/** The sign-in page's own address, with or without its query. */
export function isSignInPath(path: string): boolean {
  return path === href.login() || path.startsWith(`${href.login()}?`) || path.startsWith(`${href.login()}#`);
}
