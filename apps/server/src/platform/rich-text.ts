import { CONTENT_IMAGE_SRC, RICH_TEXT_BASE_TAGS, RICH_TEXT_TABLE_TAGS } from "@nadoy/contract/content";
import sanitizeHtml from "sanitize-html";

// HTML from the portal's rich-text editors (task descriptions, news bodies) is sanitised when it
// is saved: only the tags a profile lists are kept. Scripts (with their text), styles, event
// handlers and any URL scheme other than http, https and mailto are dropped (relative links stay);
// every link opens apart from the portal (noopener). Pictures are allowed only from the portal's
// own content images, so a page never loads anything from another host.

/** Formatting, lists and links: what every rich text keeps (contract content.ts, as the browser's sanitiser). */
const BASE_TAGS = RICH_TEXT_BASE_TAGS;
const TABLE_TAGS = RICH_TEXT_TABLE_TAGS;

export interface RichTextProfile {
  /** The formatting, lists and links kept, when not RICH_TEXT_BASE_TAGS (a public form's own list). */
  baseTags?: readonly string[];
  /** Tags kept besides formatting, lists and links. */
  extraTags?: readonly string[];
  /** Tables (table, thead, tbody, tr, th, td). */
  tables?: boolean;
  /** <img> whose src is a content image of the portal; any other picture is dropped whole. */
  contentImages?: boolean;
}

function optionsFor(profile: RichTextProfile): sanitizeHtml.IOptions {
  const tags: string[] = [...(profile.baseTags ?? BASE_TAGS), ...(profile.extraTags ?? [])];
  if (profile.tables) tags.push(...TABLE_TAGS);
  if (profile.contentImages) tags.push("img");
  return {
    allowedTags: tags,
    allowedAttributes: {
      a: ["href", "target", "rel"],
      ...(profile.contentImages && { img: ["src", "alt"] }),
      ...(profile.tables && { th: ["colspan", "rowspan"], td: ["colspan", "rowspan"] }),
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: [] },
    allowedSchemesAppliedToAttributes: ["href", "src"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    transformTags: {
      a: (_tagName, attribs) => ({
        tagName: "a",
        attribs: {
          ...(attribs.href !== undefined && { href: attribs.href }),
          target: "_blank",
          rel: "noopener noreferrer",
        },
      }),
    },
    // Runs on the attributes that survived: an image without a content-image src goes entirely.
    exclusiveFilter: (frame) => frame.tag === "img" && !CONTENT_IMAGE_SRC.test(frame.attribs.src ?? ""),
  };
}

/** A sanitiser for one kind of rich text. */
export function richTextSanitizer(profile: RichTextProfile = {}): (html: string) => string {
  const options = optionsFor(profile);
  return (html) => sanitizeHtml(html, options);
}

/** News bodies (contract content.ts): formatting, lists, links, content images and tables. */
export const sanitizeContentHtml = richTextSanitizer({ tables: true, contentImages: true });

// ---- plain text that no HTML reader takes for markup (a form's header, say) ----

/** "<" followed by a letter, "/", "!" or "?": where an HTML reader starts a tag or a comment. */
const MARKUP_START = /<(?=[a-z/!?])/gi;
const NO_TAGS: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: "discard" };

/**
 * Text meant as plain text, without markup: tags go (scripts and styles with their text), the rest
 * of the text stays as typed ("1 < 2 & 3"), and no "<" is left that could open a tag, even once
 * entities are decoded. Shown as text or put into a page as HTML, it is the same inert text.
 */
export function withoutMarkup(text: string): string {
  if (!text.includes("<") && !text.includes("&")) return text;
  return decodeEntities(sanitizeHtml(text, NO_TAGS)).replace(MARKUP_START, "");
}

// ---- the text of sanitised HTML (search and snippets of instructions) ----

/** Tags that end a block of text: a word never runs on across them. Inline ones (b, i, a …) join. */
const BLOCK_TAG = /<\/?(?:p|br|blockquote|ul|ol|li|h[1-6]|table|thead|tbody|tr|th|td|div|hr|img)\b[^>]*>/gi;
const ANY_TAG = /<[^>]*>/g;

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/**
 * The text of sanitised HTML (the server's sanitiser escapes `<`, `>`, `&` and quotes in text, so
 * every `<` left is a tag): tags dropped, entities decoded, whitespace collapsed.
 */
export function plainTextOf(html: string): string {
  const text = html.replace(BLOCK_TAG, " ").replace(ANY_TAG, "");
  return decodeEntities(text)
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim();
}
