import { PlusOutlined } from "@ant-design/icons";
import type { ChatSummary } from "@nadoy/contract/chat";
import { BELL_COUNTER_CAP } from "@nadoy/contract/constants";
import { Avatar, Badge, Button, Empty, Flex, Typography, theme } from "antd";
import { Link } from "react-router";
import { href } from "../../../shared/routes/href.ts";
import { chatListDate, lastMessageText, senderLabel, unreadText } from "../chat-format.ts";

interface ChatListProps {
  chats: readonly ChatSummary[];
  selected: string | undefined;
  me: { id: number; username: string };
  onNewChat: () => void;
}

/** The other person of a direct chat. */
export function directPartner(chat: ChatSummary, me: number) {
  return chat.kind === "direct" ? chat.members.find((m) => m.id !== me) : undefined;
}

/** The left column: «Новый чат» and every chat, latest activity first (the server's order). */
export function ChatList({ chats, selected, me, onNewChat }: ChatListProps) {
  return (
    <Flex vertical style={{ height: "100%", minHeight: 0 }}>
      <Flex justify="space-between" align="center" style={{ padding: "0 4px 12px" }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Чаты
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={onNewChat}>
          Новый чат
        </Button>
      </Flex>
      {chats.length === 0 ? (
        <Empty description="Чатов пока нет" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <nav aria-label="Чаты" style={{ overflowY: "auto", minHeight: 0, flex: 1 }}>
          {chats.map((chat) => (
            <ChatListItem key={chat.uuid} chat={chat} active={chat.uuid === selected} me={me} />
          ))}
        </nav>
      )}
    </Flex>
  );
}

function ChatListItem({ chat, active, me }: { chat: ChatSummary; active: boolean; me: ChatListProps["me"] }) {
  const { token } = theme.useToken();
  const partner = directPartner(chat, me.id);
  const online = partner !== undefined && chat.online_users.includes(partner.id);
  const last = chat.last_message;
  return (
    <Link
      to={href.chat({ uuid: chat.uuid })}
      aria-current={active ? "page" : undefined}
      data-chat={chat.uuid}
      style={{
        display: "flex",
        gap: 12,
        alignItems: "center",
        padding: "10px 8px",
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        background: active ? token.colorPrimaryBg : undefined,
        textDecoration: "none",
      }}
    >
      <Badge dot={online} color={token.colorSuccess} offset={[-4, 30]} title={online ? "В сети" : undefined}>
        <Avatar style={{ background: token.colorPrimary }}>{chat.title.slice(0, 1).toUpperCase()}</Avatar>
      </Badge>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Flex justify="space-between" gap={8}>
          <Typography.Text strong ellipsis>
            {chat.title}
          </Typography.Text>
          {last ? (
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: "nowrap" }}>
              {chatListDate(last.date)}
            </Typography.Text>
          ) : null}
        </Flex>
        <Flex justify="space-between" gap={8} align="center">
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 13 }}>
            {last
              ? `${senderLabel(last, last.sender === me.username)}: ${lastMessageText(last)}`
              : "Сообщений пока нет"}
          </Typography.Text>
          {chat.unread_count > 0 ? (
            <span role="img" aria-label={`Непрочитанных: ${unreadText(chat.unread_count)}`}>
              <Badge count={chat.unread_count} overflowCount={BELL_COUNTER_CAP} />
            </span>
          ) : null}
        </Flex>
      </div>
    </Link>
  );
}
