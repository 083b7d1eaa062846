import sanitizeHtml from "sanitize-html";

// Task descriptions are HTML from the rich-text editor: only basic formatting, lists and links
// are kept. Scripts (with their text), styles, event handlers and any URL scheme other than
// http, https and mailto are dropped; every link opens apart from the portal (noopener).

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "del",
    "blockquote",
    "code",
    "pre",
    "ul",
    "ol",
    "li",
    "a",
    "h1",
    "h2",
    "h3",
    "h4",
    "hr",
  ],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
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
};

/** The description as it is stored and served. */
export function sanitizeTaskHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
