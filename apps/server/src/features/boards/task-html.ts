import { TASK_DESCRIPTION_EXTRA_TAGS } from "@nadoy/contract/boards";
import { richTextSanitizer } from "../../platform/rich-text.ts";

// Task descriptions are HTML from the rich-text editor: the shared rules of platform/rich-text.ts
// (formatting, lists, links that open apart from the portal; no scripts, handlers or javascript:
// URLs), plus code blocks, strikes, a top heading and rules. No pictures: files go as attachments.

const sanitize = richTextSanitizer({ extraTags: TASK_DESCRIPTION_EXTRA_TAGS });

/** The description as it is stored and served. */
export function sanitizeTaskHtml(html: string): string {
  return sanitize(html);
}
