import { Tag, type TagProps } from "antd";
import { useTheme } from "../hooks/use-theme.ts";
import { readableTagColors } from "../lib/tag-colors.ts";

/** antd's Tag, readable in both themes when its colour is a user's hex colour (see tag-colors.ts). */
export function ColorTag({ color, style, ...props }: TagProps) {
  const dark = useTheme() === "black";
  const custom = color ? readableTagColors(color, dark) : null;
  return <Tag {...props} color={custom ? undefined : color} style={custom ? { ...custom, ...style } : style} />;
}
