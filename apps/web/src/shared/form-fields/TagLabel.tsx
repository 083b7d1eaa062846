import type { TagOption } from "@nadoy/contract/form-values";
import type { CSSProperties } from "react";

/** A tag in its colour, at most 200 px wide with an ellipsis (spec §9); the full name as its tooltip. */
export function TagLabel({ tag }: { tag: TagOption }) {
  const style = (tag.color ? { "--nf-tag-color": tag.color } : {}) as CSSProperties;
  return (
    <span className="nf-tag" style={style} title={tag.name} data-color={tag.color}>
      <span className="nf-tag-dot" aria-hidden="true" />
      <span className="nf-tag-text">{tag.name}</span>
    </span>
  );
}
