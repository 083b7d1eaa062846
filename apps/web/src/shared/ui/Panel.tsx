import { theme } from "antd";
import type { CSSProperties, ReactNode } from "react";

interface PanelProps {
  /** A header line above the body, as a small antd Card's title. */
  title?: ReactNode;
  /** A picture spanning the top edge, as a Card's cover. */
  cover?: ReactNode;
  children: ReactNode;
  role?: string;
  "aria-label"?: string;
  style?: CSSProperties;
}

/**
 * A bordered box that looks like a small antd Card. The shell's first page uses it instead of
 * Card, which brings Tabs and Skeleton with it (~17 KB gzipped) for features these boxes never use.
 */
export function Panel({ title, cover, children, style, ...aria }: PanelProps) {
  const { token } = theme.useToken();
  const edge = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <div
      {...aria}
      style={{
        background: token.colorBgContainer,
        border: edge,
        borderRadius: token.borderRadiusLG,
        overflow: "hidden",
        color: token.colorText,
        ...style,
      }}
    >
      {cover ? <div style={{ lineHeight: 0 }}>{cover}</div> : null}
      {title ? (
        <div
          style={{
            padding: `0 ${token.paddingSM}px`,
            minHeight: 38,
            display: "flex",
            alignItems: "center",
            borderBottom: edge,
            fontWeight: token.fontWeightStrong,
            fontSize: token.fontSize,
            color: token.colorTextHeading,
          }}
        >
          {title}
        </div>
      ) : null}
      <div style={{ padding: token.paddingSM }}>{children}</div>
    </div>
  );
}
