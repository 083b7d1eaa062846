// Addresses a link in the editor may get: the schemes the server's sanitiser keeps (http, https,
// mailto). What an editor types without a scheme is completed: "name@host" becomes mailto:,
// "site.ru/page" becomes https://.

const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The address to store for what was typed, or null when it is not an http(s) or mailto address. */
export function linkAddress(typed: string): string | null {
  const text = typed.trim();
  if (!text || /\s/.test(text)) return null;
  if (EMAIL.test(text)) return `mailto:${text}`;
  const typedScheme = HAS_SCHEME.test(text);
  const address = typedScheme ? text : `https://${text.replace(/^\/+/, "")}`;
  try {
    const url = new URL(address);
    if (url.protocol === "mailto:") return url.pathname.includes("@") ? address : null;
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    // A completed address needs a dot ("отчёт" is a word, not a site); a typed scheme is trusted.
    return typedScheme || url.hostname.includes(".") ? address : null;
  } catch {
    return null;
  }
}

/**
 * Links the editor keeps when it opens stored text: what the dialog gives, and the same-site paths
 * ("/reports") the server keeps too; anything else ("javascript:") loses its link.
 */
export function isKeptLinkAddress(href: string): boolean {
  if (href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\")) return true;
  return /^(?:https?:|mailto:)/i.test(href);
}
