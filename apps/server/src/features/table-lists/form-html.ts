import { FORM_RICH_TEXT_TAGS, type FormBlockType } from "@nadoy/contract/table-lists";
import { richTextSanitizer, withoutMarkup } from "../../platform/rich-text.ts";

// What a form's editors type, as it is stored and as it is served (the public form_data and the
// builder alike, so that forms saved before the server sanitised are served clean too): a text
// block's and a field's description keep the form's formatting (contract FORM_RICH_TEXT_TAGS, as
// the browser's sanitiser: no scripts, handlers, pictures or javascript: links); the header and
// the conclusion are plain text without markup; a link block's address is a URL, checked on save.

const sanitize = richTextSanitizer({ baseTags: FORM_RICH_TEXT_TAGS });

/** Text without "<" holds no tag: it is left as it is (most labels), so serving stays cheap. */
const formRichText = (html: string) => (html.includes("<") ? sanitize(html) : html);

/** An element's label_data: rich text, unless it is a link block's address. */
export function formLabel(type: FormBlockType | null, labelData: string): string {
  return type === "link_block" ? labelData : formRichText(labelData);
}

/** The header and the conclusion: plain text. */
export const formPlainText = withoutMarkup;
