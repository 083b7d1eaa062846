import { Flex, Spin, theme } from "antd";

/** A centred spinner for a page or a region that is still loading (light: part of the first chunk). */
export function PageSpinner({ text, fullHeight = false }: { text?: string; fullHeight?: boolean }) {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap="small"
      style={{ padding: 24, minHeight: fullHeight ? "100vh" : undefined }}
      role="status"
      aria-live="polite"
    >
      <Spin size="large" />
      {text ? <span style={{ color: token.colorTextSecondary }}>{text}</span> : null}
    </Flex>
  );
}
