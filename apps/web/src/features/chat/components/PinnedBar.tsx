import { CloseOutlined, PushpinOutlined } from "@ant-design/icons";
import type { ChatPinnedMessage } from "@nadoy/contract/chat";
import { Button, Flex, Typography, theme } from "antd";
import { useState } from "react";
import { FILES_ONLY_TEXT } from "../chat-format.ts";

interface PinnedBarProps {
  pinned: readonly ChatPinnedMessage[];
  onOpen: (id: number) => void;
  onUnpin: (id: number) => void;
}

/** The chat's pinned messages above the history: the newest pin; a click shows it and moves to the next. */
export function PinnedBar({ pinned, onOpen, onUnpin }: PinnedBarProps) {
  const { token } = theme.useToken();
  const [index, setIndex] = useState(0);
  if (pinned.length === 0) return null;
  const shown = pinned[index % pinned.length] ?? pinned[0];
  if (!shown) return null;
  return (
    <Flex
      role="region"
      aria-label="Закреплённые сообщения"
      align="center"
      gap={8}
      style={{
        padding: "6px 8px",
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorFillQuaternary,
      }}
    >
      <PushpinOutlined style={{ color: token.colorPrimary }} />
      <button
        type="button"
        onClick={() => {
          onOpen(shown.id);
          setIndex((i) => (i + 1) % pinned.length);
        }}
        style={{ all: "unset", cursor: "pointer", flex: 1, minWidth: 0 }}
        aria-label={`Перейти к закреплённому сообщению ${shown.sender_name}`}
      >
        <Typography.Text strong style={{ fontSize: 12, display: "block" }}>
          {pinned.length > 1 ? `Закреплено (${(index % pinned.length) + 1} из ${pinned.length})` : "Закреплено"}
        </Typography.Text>
        <Typography.Text ellipsis style={{ fontSize: 13 }}>
          {`${shown.sender_name}: ${shown.content || FILES_ONLY_TEXT}`}
        </Typography.Text>
      </button>
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined />}
        aria-label="Открепить"
        onClick={() => onUnpin(shown.id)}
      />
    </Flex>
  );
}
