import { TASK_DESCRIPTION_EXTRA_TAGS } from "@nadoy/contract/boards";
import { RICH_TEXT_BASE_TAGS, RICH_TEXT_TABLE_TAGS } from "@nadoy/contract/content";
import { FORM_RICH_TEXT_TAGS } from "@nadoy/contract/table-lists";

// Where a rich text is edited decides what it may hold: the editor's schema is built from the same
// tag lists the server's sanitiser keeps for that place (apps/server platform/rich-text.ts and its
// profiles), so that nothing typed is lost when it is saved.

export const RICH_TEXT_PROFILES = {
  /** News and instruction bodies (server sanitizeContentHtml): formatting, tables, content images. */
  content: [...RICH_TEXT_BASE_TAGS, ...RICH_TEXT_TABLE_TAGS, "img"],
  /** Task descriptions (server sanitizeTaskHtml): formatting, code, a top heading and rules. */
  task: [...RICH_TEXT_BASE_TAGS, ...TASK_DESCRIPTION_EXTRA_TAGS],
  /** A public form's text block and field descriptions (server form-html.ts). */
  form: [...FORM_RICH_TEXT_TAGS],
} as const satisfies Record<string, readonly string[]>;

export type RichTextProfile = keyof typeof RICH_TEXT_PROFILES;

/** The editor's features that the tags of a profile allow. */
export interface RichTextFeatures {
  headingLevels: (1 | 2 | 3 | 4 | 5 | 6)[];
  blockquote: boolean;
  strike: boolean;
  inlineCode: boolean;
  codeBlock: boolean;
  horizontalRule: boolean;
  images: boolean;
  tables: boolean;
}

export function featuresOf(profile: RichTextProfile): RichTextFeatures {
  const tags = new Set<string>(RICH_TEXT_PROFILES[profile]);
  return {
    headingLevels: ([1, 2, 3, 4, 5, 6] as const).filter((level) => tags.has(`h${level}`)),
    blockquote: tags.has("blockquote"),
    strike: tags.has("s"),
    inlineCode: tags.has("code"),
    codeBlock: tags.has("pre") && tags.has("code"),
    horizontalRule: tags.has("hr"),
    images: tags.has("img"),
    tables: RICH_TEXT_TABLE_TAGS.every((tag) => tags.has(tag)),
  };
}
