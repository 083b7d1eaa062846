import {
  ClockCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  MoreOutlined,
  PushpinFilled,
  PushpinOutlined,
  RollbackOutlined,
} from "@ant-design/icons";
import type { ChatMessage } from "@nadoy/contract/chat";
import { Button, Dropdown, Flex, type MenuProps, Typography, theme } from "antd";
import type { ReactNode } from "react";
import { AttachmentList } from "../../../shared/attachments/AttachmentList.tsx";
import { FILES_ONLY_TEXT, messageFullDate, messageTime, senderLabel } from "../chat-format.ts";
import type { PendingMessage } from "../chat-store.ts";

export type MessageAction = "reply" | "edit" | "delete" | "pin" | "unpin";

/** The element id of a message in the history (search results and pins scroll to it). */
export function messageDomId(id: number): string {
  return `chat-message-${id}`;
}

function Quote({ quote }: { quote: NonNullable<ChatMessage["reply_to"]> }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        borderInlineStart: `3px solid ${token.colorPrimary}`,
        paddingInlineStart: 8,
        marginBottom: 4,
        fontSize: 12,
        color: token.colorTextSecondary,
      }}
      data-quote={quote.id}
    >
      <div style={{ fontWeight: 600 }}>{quote.sender_name}</div>
      <Typography.Text
        type="secondary"
        ellipsis
        style={{ fontSize: 12, fontStyle: quote.deleted ? "italic" : undefined }}
      >
        {quote.deleted ? "Сообщение удалено" : quote.content || FILES_ONLY_TEXT}
      </Typography.Text>
    </div>
  );
}

function MessageText({ text }: { text: string }) {
  return <div style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>{text}</div>;
}

function Bubble({
  own,
  id,
  highlighted,
  children,
}: {
  own: boolean;
  id?: string;
  highlighted?: boolean;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <div id={id} style={{ alignSelf: own ? "flex-end" : "flex-start", maxWidth: "min(75%, 640px)", minWidth: 120 }}>
      <div
        style={{
          background: own ? token.colorPrimaryBg : token.colorFillTertiary,
          borderRadius: 12,
          padding: "6px 10px",
          outline: highlighted ? `2px solid ${token.colorWarning}` : undefined,
        }}
      >
        {children}
      </div>
    </div>
  );
}

interface MessageBubbleProps {
  message: ChatMessage;
  own: boolean;
  /** What the user may do with it (reply, edit, delete, pin/unpin). */
  actions: MessageAction[];
  highlighted: boolean;
  onAction: (action: MessageAction, message: ChatMessage) => void;
}

const ACTION_ITEMS: Record<MessageAction, { label: string; icon: ReactNode; danger?: boolean }> = {
  reply: { label: "Ответить", icon: <RollbackOutlined /> },
  edit: { label: "Изменить", icon: <EditOutlined /> },
  pin: { label: "Закрепить", icon: <PushpinOutlined /> },
  unpin: { label: "Открепить", icon: <PushpinOutlined /> },
  delete: { label: "Удалить", icon: <DeleteOutlined />, danger: true },
};

/** One message of the history: author, text (or «Сообщение удалено»), files, the quote, time, «изменено». */
export function MessageBubble({ message, own, actions, highlighted, onAction }: MessageBubbleProps) {
  const items: MenuProps["items"] = actions.map((action) => ({ key: action, ...ACTION_ITEMS[action] }));
  return (
    <Bubble own={own} id={messageDomId(message.id)} highlighted={highlighted}>
      <article aria-label={`Сообщение ${message.sender_name}`} data-message={message.id}>
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text strong style={{ fontSize: 13 }}>
            {senderLabel(message, own)}
          </Typography.Text>
          {actions.length > 0 ? (
            <Dropdown
              trigger={["click"]}
              menu={{ items, onClick: ({ key }) => onAction(key as MessageAction, message) }}
            >
              <Button type="text" size="small" icon={<MoreOutlined />} aria-label="Действия с сообщением" />
            </Dropdown>
          ) : null}
        </Flex>
        {message.reply_to ? <Quote quote={message.reply_to} /> : null}
        {message.deleted ? (
          <Typography.Text type="secondary" italic>
            Сообщение удалено
          </Typography.Text>
        ) : (
          <>
            {message.content ? <MessageText text={message.content} /> : null}
            <AttachmentList attachments={message.attachments} label="Файлы сообщения" />
          </>
        )}
        <Flex justify="flex-end" gap={6} style={{ fontSize: 11 }}>
          {message.pinned ? <PushpinFilled aria-label="Закреплено" /> : null}
          {message.edited_at && !message.deleted ? <Typography.Text type="secondary">изменено</Typography.Text> : null}
          <Typography.Text type="secondary" title={messageFullDate(message.date)}>
            {messageTime(message.date)}
          </Typography.Text>
        </Flex>
      </article>
    </Bubble>
  );
}

interface PendingBubbleProps {
  pending: PendingMessage;
  onRetry: () => void;
  onDiscard: () => void;
}

/** A message of this tab on its way, or refused: «Не отправлено» with «Повторить». */
export function PendingBubble({ pending, onRetry, onDiscard }: PendingBubbleProps) {
  const failed = pending.status === "failed";
  return (
    <Bubble own>
      <article
        aria-label={failed ? "Не отправленное сообщение" : "Отправляемое сообщение"}
        data-pending={pending.client_id}
      >
        <Typography.Text strong style={{ fontSize: 13 }}>
          Вы
        </Typography.Text>
        {pending.reply_to ? <Quote quote={pending.reply_to} /> : null}
        {pending.content ? <MessageText text={pending.content} /> : null}
        <AttachmentList attachments={pending.attachments} label="Файлы сообщения" />
        <Flex justify="flex-end" align="center" gap={6} style={{ fontSize: 11 }}>
          {failed ? (
            <>
              <Typography.Text type="danger">Не отправлено</Typography.Text>
              <Button type="link" size="small" onClick={onRetry} style={{ padding: 0, height: "auto" }}>
                Повторить
              </Button>
              <Button type="link" size="small" danger onClick={onDiscard} style={{ padding: 0, height: "auto" }}>
                Убрать
              </Button>
            </>
          ) : (
            <Typography.Text type="secondary">
              <ClockCircleOutlined /> Отправляется…
            </Typography.Text>
          )}
        </Flex>
      </article>
    </Bubble>
  );
}
