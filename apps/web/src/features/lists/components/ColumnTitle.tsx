import type { CSSProperties } from "react";

/**
 * A grid column's name in its header: wraps only between words (never inside one, whatever antd's
 * table cells do), and a word too long for the column ends in an ellipsis; the full name is the
 * tooltip.
 */
const TITLE_STYLE: CSSProperties = {
  display: "block",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "normal",
  wordBreak: "normal",
  overflowWrap: "normal",
  hyphens: "none",
};

export function ColumnTitle({ name }: { name: string }) {
  return (
    <span className="list-column-title" title={name} style={TITLE_STYLE}>
      {name}
    </span>
  );
}
