import { theme } from "antd";
import type { CSSProperties, ReactNode } from "react";

// Headings and text in antd's Typography style for the shell's first page: Typography brings
// Input, TextArea and Tooltip along for editing and copying (~20 KB gzipped) that these never do.

const HEADINGS = { 1: "h1", 2: "h2", 3: "h3", 4: "h4", 5: "h5" } as const;

export function Title({
  level,
  children,
  style,
}: {
  level: 1 | 2 | 3 | 4 | 5;
  children: ReactNode;
  style?: CSSProperties;
}) {
  const { token } = theme.useToken();
  const Heading = HEADINGS[level];
  return (
    <Heading
      style={{
        margin: 0,
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token[`fontSizeHeading${level}`],
        lineHeight: token[`lineHeightHeading${level}`],
        ...style,
      }}
    >
      {children}
    </Heading>
  );
}

interface TextProps {
  children: ReactNode;
  type?: "secondary";
  /** One line, cut with «…» when it does not fit (the full text stays in the title tooltip). */
  ellipsis?: boolean;
  style?: CSSProperties;
}

export function Text({ children, type, ellipsis, style }: TextProps) {
  const { token } = theme.useToken();
  return (
    <span
      style={{
        color: type === "secondary" ? token.colorTextSecondary : token.colorText,
        ...(ellipsis && {
          display: "inline-block",
          overflow: "hidden",
          whiteSpace: "nowrap",
          textOverflow: "ellipsis",
          verticalAlign: "bottom",
        }),
        ...style,
      }}
      title={ellipsis && typeof children === "string" ? children : undefined}
    >
      {children}
    </span>
  );
}

export function Paragraph({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const { token } = theme.useToken();
  return <p style={{ margin: 0, color: token.colorText, ...style }}>{children}</p>;
}
