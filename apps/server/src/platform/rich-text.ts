import sanitizeHtml from "sanitize-html";

// HTML from the portal's rich-text editors (task descriptions, news bodies) is sanitised when it
// is saved: only the tags a profile lists are kept. Scripts (with their text), styles, event
// handlers and any URL scheme other than http, https and mailto are dropped (relative links stay);
// every link opens apart from the portal (noopener). Pictures are allowed only from the portal's
// own content images, so a page never loads anything from another host.

/** Formatting, lists and links: what every rich text keeps. */
const BASE_TAGS = [
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "h2",
  "h3",
  "h4",
] as const;

const TABLE_TAGS = ["table", "thead", "tbody", "tr", "th", "td"] as const;

/** The only pictures content may show: /api/content/images/<uuid>/ (contract content.ts). */
const CONTENT_IMAGE_SRC = /^\/api\/content\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/$/i;

export interface RichTextProfile {
  /** Tags kept besides formatting, lists and links. */
  extraTags?: readonly string[];
  /** Tables (table, thead, tbody, tr, th, td). */
  tables?: boolean;
  /** <img> whose src is a content image of the portal; any other picture is dropped whole. */
  contentImages?: boolean;
}

function optionsFor(profile: RichTextProfile): sanitizeHtml.IOptions {
  const tags: string[] = [...BASE_TAGS, ...(profile.extraTags ?? [])];
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
