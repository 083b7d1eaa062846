import "./instruction-body.css";
import { sanitizeContentHtml } from "../../../shared/lib/sanitize-content.ts";

/** An article's text: the server sanitised it when saved; it goes through the same allow-list again here. */
export function InstructionBody({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeContentHtml (DOMPurify, an allow-list)
  return <div className="instruction-body" dangerouslySetInnerHTML={{ __html: sanitizeContentHtml(html) }} />;
}
