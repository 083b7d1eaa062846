import type { UserData } from "@nadoy/contract/users";
import { Button, Empty, Flex, Grid, Result, theme } from "antd";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { href } from "../../../shared/routes/href.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { ChatList } from "../components/ChatList.tsx";
import { ChatView } from "../components/ChatView.tsx";
import { NewChatDialog } from "../components/NewChatDialog.tsx";
import { useChatStore } from "../use-chat-store.ts";

/** /chat/:uuid? — the chat list beside the open chat; on a phone one or the other. */
export function ChatPage() {
  const user = useUserData().data;
  if (!user) return <PageSpinner />;
  return <ChatScreen user={user} />;
}

function ChatScreen({ user }: { user: UserData }) {
  const { uuid } = useParams();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const { store, state } = useChatStore(user.id);
  const narrow = !Grid.useBreakpoint().md;
  const [newChatOpen, setNewChatOpen] = useState(false);

  if (state.status === "error") {
    return (
      <Result
        status="error"
        title="Не удалось загрузить чаты"
        extra={<Button onClick={() => store.reload()}>Повторить</Button>}
      />
    );
  }
  if (state.status !== "ready") return <PageSpinner />;

  const selected = uuid ? state.chat.chats.find((c) => c.uuid === uuid) : undefined;
  const showList = !narrow || !uuid;
  const showChat = !narrow || uuid !== undefined;
  return (
    <Flex gap={16} style={{ height: "calc(100dvh - 170px)", minHeight: 420 }}>
      {showList ? (
        <div
          style={{
            width: narrow ? "100%" : 320,
            flexShrink: 0,
            borderInlineEnd: narrow ? undefined : `1px solid ${token.colorBorderSecondary}`,
            paddingInlineEnd: narrow ? 0 : 12,
          }}
        >
          <ChatList
            chats={state.chat.chats}
            selected={uuid}
            me={{ id: user.id, username: user.username }}
            onNewChat={() => setNewChatOpen(true)}
          />
        </div>
      ) : null}
      {showChat ? (
        <section aria-label="Переписка" style={{ flex: 1, minWidth: 0, height: "100%" }}>
          {selected ? (
            <ChatView key={selected.uuid} store={store} state={state} chat={selected} user={user} narrow={narrow} />
          ) : (
            <Flex align="center" justify="center" style={{ height: "100%" }}>
              <Empty description={uuid ? "Чат не найден" : "Выберите чат или начните новый"} />
            </Flex>
          )}
        </section>
      ) : null}
      <NewChatDialog
        open={newChatOpen}
        onClose={() => setNewChatOpen(false)}
        onCreate={(body) => store.createChat(body)}
        onCreated={(chat) => {
          setNewChatOpen(false);
          navigate(href.chat({ uuid: chat.uuid }));
        }}
      />
    </Flex>
  );
}
