import { formatFileSize } from "@nadoy/contract/file-size";
import { Flex, Typography, theme } from "antd";
import type { ReactNode } from "react";

interface AttachmentRowProps {
  icon: ReactNode;
  name: string;
  size: number;
  /** A problem with the file (its upload failed): shown in red under the name. */
  error?: string | null;
  /** Icon buttons at the end (download, remove). */
  actions: ReactNode;
}

/** One file as a small chip: icon, name, size, actions; the same in a message, a task and the composer. */
export function AttachmentRow({ icon, name, size, error, actions }: AttachmentRowProps) {
  const { token } = theme.useToken();
  return (
    <Flex
      role="listitem"
      aria-label={name}
      align="center"
      gap={6}
      style={{
        border: `1px solid ${error ? token.colorErrorBorder : token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        padding: "2px 4px 2px 8px",
        background: token.colorBgContainer,
        maxWidth: "100%",
        minWidth: 0,
      }}
    >
      <span style={{ color: error ? token.colorError : token.colorTextSecondary }}>{icon}</span>
      <Flex vertical style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text ellipsis={{ tooltip: name }} style={{ fontSize: 13 }}>
          {name}
        </Typography.Text>
        {error ? (
          <Typography.Text type="danger" style={{ fontSize: 11 }}>
            {error}
          </Typography.Text>
        ) : null}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: "nowrap" }}>
        {formatFileSize(size)}
      </Typography.Text>
      {actions}
    </Flex>
  );
}
