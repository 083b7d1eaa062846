import "./news-body.css";
import { sanitizeContentHtml } from "../../../shared/lib/sanitize-content.ts";

/** A news body: the server sanitised it when saved; it goes through the same allow-list again here. */
export function NewsBody({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeContentHtml (DOMPurify, an allow-list)
  return <div className="news-body" dangerouslySetInnerHTML={{ __html: sanitizeContentHtml(html) }} />;
}
