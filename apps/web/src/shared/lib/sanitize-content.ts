import { CONTENT_IMAGE_SRC, RICH_TEXT_BASE_TAGS, RICH_TEXT_TABLE_TAGS } from "@nadoy/contract/content";
import createDOMPurify from "dompurify";

// Editors' rich text (news bodies; contract content.ts header) is sanitised by the server when
// saved and once more here before it is put into the page: formatting, headings, lists, quotes,
// tables, links with http(s)/mailto/same-site targets (each in a new tab) and images uploaded for
// content (/api/content/images/<uuid>/). Scripts, event handlers, styles and other URLs go.
// An instance of its own, so that the hooks here and those of shared/form-fields/sanitize.ts
// (every link in a new tab) do not mix.

/** As the server's news profile (apps/server platform/rich-text.ts): the lists are the contract's. */
const ALLOWED_TAGS = [...RICH_TEXT_BASE_TAGS, ...RICH_TEXT_TABLE_TAGS, "img"];
const ALLOWED_ATTR = ["href", "target", "rel", "src", "alt", "colspan", "rowspan"];
/** http(s), mailto, or a same-site path ("/reports"; not "//host" nor "/\host"). */
const ALLOWED_URI_REGEXP = /^(?:https?:|mailto:|\/(?![/\\]))/i;

let purifier: ReturnType<typeof createDOMPurify> | null = null;

function contentPurifier() {
  if (purifier) return purifier;
  const instance = createDOMPurify(window);
  instance.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName === "IMG" && !CONTENT_IMAGE_SRC.test(node.getAttribute("src") ?? "")) {
      node.remove();
      return;
    }
    // As the server stores them: every link opens apart from the portal, with no handle on this page.
    if (node.tagName === "A") {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer");
    }
  });
  purifier = instance;
  return instance;
}

/**
 * Content HTML as safe HTML (see the allow-list above); `extraTags` are kept too where the server
 * keeps more (task descriptions: contract boards.ts TASK_DESCRIPTION_EXTRA_TAGS).
 */
export function sanitizeContentHtml(html: string, extraTags: readonly string[] = []): string {
  return contentPurifier().sanitize(html, {
    ALLOWED_TAGS: extraTags.length ? [...ALLOWED_TAGS, ...extraTags] : ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
    // DOMPurify checks every other attribute's value against the URI rule; spans are numbers.
    ADD_URI_SAFE_ATTR: ["colspan", "rowspan"],
  });
}
