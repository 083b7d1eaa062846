import { href } from "../routes/href.ts";

/**
 * `raw` when it is a path of this site ("/lists/5?tab=x"), else null: no other origin ("https://…",
 * "//evil", "/\evil" — browsers read a backslash as a slash), no scheme, no control characters, and
 * not the sign-in or sign-out pages themselves. Read from the address bar or storage, the return
 * path of a sign-in is anyone's to write: this keeps it from being an open redirect.
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
