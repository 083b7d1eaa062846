import { CONTENT_IMAGE_SRC } from "@nadoy/contract/content";
import { CodeBlock } from "@tiptap/extension-code-block";
import { Image } from "@tiptap/extension-image";
import { Link } from "@tiptap/extension-link";
import type { Extensions } from "@tiptap/react";
import { StarterKit } from "@tiptap/starter-kit";
import { isKeptLinkAddress } from "./link-address.ts";
import type { RichTextFeatures } from "./rich-text-profiles.ts";
import { TABLE_NODES } from "./table-nodes.ts";

// The editor's schema for one place: only the nodes and marks whose tags the server keeps there
// (rich-text-profiles.ts), each rendered as the sanitiser writes it, so the saved HTML is stored
// unchanged.

/** A link as the server stores it: href, then target and rel (sanitize-html rewrites them so). */
const StoredLink = Link.extend({
  renderHTML({ HTMLAttributes }) {
    const href =
      typeof HTMLAttributes.href === "string" && isKeptLinkAddress(HTMLAttributes.href) ? HTMLAttributes.href : "";
    return ["a", { href, target: "_blank", rel: "noopener noreferrer" }, 0];
  },
}).configure({
  openOnClick: false,
  autolink: false,
  linkOnPaste: true,
  isAllowedUri: (url) => isKeptLinkAddress(url),
});

/**
 * A picture keeps its address and text only (the sanitiser drops title, width, height), and only a
 * content image is taken in: the server drops any other, and the editor should not load it.
 */
const StoredImage = Image.extend({
  addAttributes() {
    return { src: { default: null }, alt: { default: null } };
  },
  parseHTML() {
    return [
      { tag: "img[src]", getAttrs: (element) => CONTENT_IMAGE_SRC.test(element.getAttribute("src") ?? "") && null },
    ];
  },
});

/** Code blocks without a language: its class would not survive the sanitiser. */
const PlainCodeBlock = CodeBlock.extend({
  addAttributes() {
    return {};
  },
});

export function editorExtensions(features: RichTextFeatures): Extensions {
  const extensions: Extensions = [
    StarterKit.configure({
      heading: features.headingLevels.length ? { levels: features.headingLevels } : false,
      blockquote: features.blockquote ? {} : false,
      strike: features.strike ? {} : false,
      code: features.inlineCode ? {} : false,
      codeBlock: false,
      horizontalRule: features.horizontalRule ? {} : false,
      link: false,
      // It would add an empty paragraph after a heading or a list at the end of every text.
      trailingNode: false,
    }),
    StoredLink,
  ];
  if (features.codeBlock) extensions.push(PlainCodeBlock);
  if (features.images) extensions.push(StoredImage);
  if (features.tables) extensions.push(...TABLE_NODES);
  return extensions;
}
