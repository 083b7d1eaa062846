import type { ListColumn } from "@nadoy/contract/lists";
import { formatPhoneRu } from "@nadoy/contract/phone";
import { Checkbox, Flex, Typography } from "antd";
import { ColorTag } from "../../../shared/ui/ColorTag.tsx";
import { formatDateRu, formatNumberRu, formatPercentRu, safeHref, tagsOf } from "../lib/cells.ts";

const TAG_STYLE = {
  maxWidth: 200,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  marginInlineEnd: 0,
} as const;

export function ColoredTag({ name, color }: { name: string; color: string }) {
  return (
    <ColorTag color={color || undefined} title={name} style={TAG_STYLE}>
      {name}
    </ColorTag>
  );
}

interface CellViewProps {
  column: Pick<ListColumn, "name" | "type">;
  value: unknown;
  /** Checkbox cells toggle in place; absent when read-only. */
  onToggle?: (checked: boolean) => void;
}

/** A cell as the grid shows it: Russian number formatting, coloured tags, links. */
export function CellView({ column, value, onToggle }: CellViewProps) {
  switch (column.type) {
    case "checkbox":
      return (
        <Checkbox
          checked={value === true}
          disabled={!onToggle}
          aria-label={column.name}
          onClick={(event) => event.stopPropagation()}
          onChange={(event) => onToggle?.(event.target.checked)}
        />
      );
    case "number":
      return typeof value === "number" ? <span>{formatNumberRu(value)}</span> : null;
    case "percent":
      return typeof value === "number" ? <span>{formatPercentRu(value)}</span> : null;
    case "date_picker":
      return typeof value === "string" && value !== "" ? <span>{formatDateRu(value)}</span> : null;
    case "tag":
    case "select": {
      const tags = tagsOf(value);
      if (tags.length === 0) return null;
      return (
        <Flex gap={4} wrap>
          {tags.map((tag) => (
            <ColoredTag key={tag.name} name={tag.name} color={tag.color} />
          ))}
        </Flex>
      );
    }
    case "ref": {
      if (typeof value !== "string" || value === "") return null;
      const link = safeHref(value);
      if (!link) return <span>{value}</span>;
      return (
        <Typography.Link
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          ellipsis
          onClick={(event) => event.stopPropagation()}
        >
          {value}
        </Typography.Link>
      );
    }
    case "telephone":
      return typeof value === "string" && value !== "" ? (
        <span style={{ whiteSpace: "nowrap" }}>{formatPhoneRu(value)}</span>
      ) : null;
    default:
      return typeof value === "string" && value !== "" ? (
        <Typography.Text ellipsis={{ tooltip: value.length > 40 ? value : false }} style={{ maxWidth: "100%" }}>
          {value}
        </Typography.Text>
      ) : null;
  }
}
