import { FIXED_REPORT_TAGS, reportTagName } from "@nadoy/contract/reports";

/** The tag as the form edits it: a kind, and the product for business_<product>. */
export type TagKind = "business" | (typeof FIXED_REPORT_TAGS)[number];

export const TAG_KIND_OPTIONS: { value: TagKind; label: string }[] = [
  { value: "business", label: "Бизнес: <продукт>" },
  ...FIXED_REPORT_TAGS.map((tag) => ({ value: tag, label: reportTagName(tag) })),
];

export const BUSINESS_PRODUCT = /^[a-z0-9_]{1,40}$/;

export function splitTag(tag: string): { tagKind: TagKind; product: string } {
  if (tag.startsWith("business_")) return { tagKind: "business", product: tag.slice("business_".length) };
  const fixed = FIXED_REPORT_TAGS.find((known) => known === tag);
  return { tagKind: fixed ?? "custom_reports", product: "" };
}

export function joinTag(tagKind: TagKind, product: string): string {
  return tagKind === "business" ? `business_${product.trim()}` : tagKind;
}
