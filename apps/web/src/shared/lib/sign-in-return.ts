import { href } from "../routes/href.ts";

/** /login?next=… : where a sign-in returns to; ?expired=1 : the session ran out (said on the page). */
export const NEXT_PARAM = "next";
export const EXPIRED_PARAM = "expired";

/**
 * `raw` when it is a path of this site ("/lists/5?tab=x"), else null: no other origin ("https://…",
 * "//evil", "/\evil" — browsers read a backslash as a slash), no scheme, no control characters, and
 * not the sign-in or sign-out pages themselves.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (!raw?.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  const base = "https://nadoy.invalid";
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base || raw.startsWith("//")) return null;
  if (url.pathname === href.login() || url.pathname === href.logout()) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, returning to `next` (when it is safe) and saying whether the session expired. */
export function loginHref({ next, expired = false }: { next?: string; expired?: boolean } = {}): string {
  const params = new URLSearchParams();
  const path = safeReturnPath(next);
  if (path && path !== "/") params.set(NEXT_PARAM, path);
  if (expired) params.set(EXPIRED_PARAM, "1");
  const query = params.toString();
  return query ? `${href.login()}?${query}` : href.login();
}
