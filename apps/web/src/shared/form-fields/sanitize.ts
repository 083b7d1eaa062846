import { FORM_RICH_TEXT_TAGS } from "@nadoy/contract/table-lists";
import DOMPurify from "dompurify";

/** The formatting a label or text block may keep; everything else (scripts, handlers, styles) goes. */
const ALLOWED_TAGS = [...FORM_RICH_TEXT_TAGS];
const ALLOWED_ATTR = ["href", "target", "rel"];

let hooked = false;

/** Links of a label open in a new tab without handing it this page (rel noopener). */
function ensureLinkHook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName === "A") {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer");
    }
  });
}

/** Rich text of a form element as safe HTML (only basic formatting and http(s)/mailto links). */
export function sanitizeRichText(html: string): string {
  ensureLinkHook();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  });
}

/**
 * A link block's address, when it is an http(s) URL or a same-site path ("/personal-data-agreement");
 * null otherwise ("//host", other schemes: then no link is rendered). As the server accepts them.
 */
export function safeLinkUrl(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed.startsWith("/") && !trimmed.startsWith("//") && !trimmed.startsWith("/\\")) return trimmed;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}
