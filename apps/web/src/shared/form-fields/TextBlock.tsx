import { FormText } from "./placeholders.ts";
import { sanitizeRichText } from "./sanitize.ts";

/** Spec §2 text_block: its rich text (sanitised), or «Добавьте описание» while it is empty. */
export function TextBlock({ html }: { html: string }) {
  const safe = sanitizeRichText(html);
  if (safe.replace(/<[^>]*>/g, "").trim() === "") {
    return <p className="nf-rich nf-rich-empty">{FormText.emptyTextBlock}</p>;
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above.
  return <div className="nf-rich" dangerouslySetInnerHTML={{ __html: safe }} />;
}

/** A field's description under its title (sanitised rich text); nothing when empty. */
export function RichText({ html, className }: { html: string; className: string }) {
  const safe = sanitizeRichText(html);
  if (safe.trim() === "") return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above.
  return <div className={`nf-rich ${className}`} dangerouslySetInnerHTML={{ __html: safe }} />;
}
