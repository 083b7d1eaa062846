import { ArrowLeftOutlined, SearchOutlined } from "@ant-design/icons";
import type { ChatMessage, ChatSummary } from "@nadoy/contract/chat";
import { canModerateChat } from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import { App, Button, Flex, Spin, Typography, theme } from "antd";
import { Fragment, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { useFailureToast } from "../../../shared/hooks/use-error-toast.ts";
import { href } from "../../../shared/routes/href.ts";
import { RouterButtonLink } from "../../../shared/ui/RouterButtonLink.tsx";
import { startsDay } from "../chat-days.ts";
import { membersText, typingText } from "../chat-format.ts";
import type { ChatStore, ChatStoreState } from "../chat-store.ts";
import { directPartner } from "./ChatList.tsx";
import { ChatSearch } from "./ChatSearch.tsx";
import { Composer } from "./Composer.tsx";
import { DaySeparator } from "./DaySeparator.tsx";
import { type MessageAction, MessageBubble, messageDomId, PendingBubble } from "./MessageBubble.tsx";
import { PinnedBar } from "./PinnedBar.tsx";

/** Within this many pixels of the end the history counts as read to the bottom. */
const BOTTOM_SLACK_PX = 40;
/** Within this many pixels of the top the older page is fetched. */
const TOP_SLACK_PX = 40;
/** A jump to a found or pinned message loads at most this many older pages. */
const JUMP_MAX_PAGES = 20;
const HIGHLIGHT_MS = 2_000;

function subscribeToVisibility(listener: () => void): () => void {
  document.addEventListener("visibilitychange", listener);
  return () => document.removeEventListener("visibilitychange", listener);
}

/** Whether the tab is shown (a hidden tab reads nothing). */
function usePageVisible(): boolean {
  return useSyncExternalStore(subscribeToVisibility, () => document.visibilityState !== "hidden");
}

interface ChatViewProps {
  store: ChatStore;
  state: ChatStoreState;
  chat: ChatSummary;
  user: UserData;
  /** Phone width: the list is not beside it, so a way back to it is shown. */
  narrow: boolean;
}

/** The right column: header, pinned messages, the history (older pages upward), typing, the composer. */
export function ChatView({ store, state, chat, user, narrow }: ChatViewProps) {
  const { token } = theme.useToken();
  const { modal } = App.useApp();
  const showFailure = useFailureToast();
  const uuid = chat.uuid;
  const history = state.chat.histories[uuid];
  const historyStatus = state.historyStatus[uuid];
  const hasMore = state.hasMore[uuid] ?? false;
  const pending = (state.pending[uuid] ?? []).filter((p) => p.echoed_id === null);
  const typing = state.typing[uuid] ?? [];
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const [searchOpen, setSearchOpen] = useState(false);
  const [highlight, setHighlight] = useState<number | null>(null);
  const [atBottom, setAtBottom] = useState(true);
  const atBottomRef = useRef(true);
  const scrollRef = useRef<HTMLDivElement>(null);
  const visible = usePageVisible();

  useEffect(() => {
    if (!history && historyStatus === undefined) store.loadHistory(uuid, "latest").catch(showFailure);
  }, [history, historyStatus, store, uuid, showFailure]);

  // Keep the view where the reader is: at the end for a first page or a new message (when they
  // were at the end), in place when an older page comes in above.
  const firstId = history?.[0]?.id;
  const lastId = history?.at(-1)?.id;
  const previous = useRef<{ first: number | undefined; height: number }>({ first: undefined, height: 0 });
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the content at either end changes
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const before = previous.current;
    if (before.first === undefined) element.scrollTop = element.scrollHeight;
    else if (firstId !== undefined && firstId < before.first) element.scrollTop += element.scrollHeight - before.height;
    else if (atBottomRef.current) element.scrollTop = element.scrollHeight;
    previous.current = { first: firstId, height: element.scrollHeight };
  }, [firstId, lastId, pending.length, typing.length]);

  // Spec: read when the chat is shown and scrolled to its end.
  useEffect(() => {
    if (visible && atBottom && lastId !== undefined) store.markRead(uuid, lastId);
  }, [visible, atBottom, lastId, store, uuid]);

  useEffect(() => {
    if (highlight === null) return;
    document.getElementById(messageDomId(highlight))?.scrollIntoView?.({ block: "center" });
    const timer = setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlight]);

  const loadOlder = () => {
    store.loadHistory(uuid, "older").catch(showFailure);
  };

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    const bottom = element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_SLACK_PX;
    atBottomRef.current = bottom;
    setAtBottom(bottom);
    if (element.scrollTop < TOP_SLACK_PX && hasMore && historyStatus !== "loading") loadOlder();
  };

  /** Loads older pages until the message is in the history, then shows it. */
  const jumpTo = async (id: number) => {
    for (let page = 0; page < JUMP_MAX_PAGES; page += 1) {
      const current = store.getState();
      if (current.chat.histories[uuid]?.some((m) => m.id === id) || !current.hasMore[uuid]) break;
      try {
        await store.loadHistory(uuid, "older");
      } catch (error) {
        showFailure(error);
        return;
      }
    }
    setHighlight(id);
  };

  const actionsFor = (message: ChatMessage): MessageAction[] => {
    if (message.deleted) return [];
    const own = message.user_id === user.id;
    const actions: MessageAction[] = ["reply"];
    if (own) actions.push("edit");
    actions.push(message.pinned ? "unpin" : "pin");
    if (own || canModerateChat(user)) actions.push("delete");
    return actions;
  };

  const onAction = (action: MessageAction, message: ChatMessage) => {
    switch (action) {
      case "reply":
        setEditing(null);
        setReplyTo(message);
        return;
      case "edit":
        setReplyTo(null);
        setEditing(message);
        return;
      case "pin":
      case "unpin":
        store.pin(uuid, message.id, action === "pin").catch(showFailure);
        return;
      case "delete":
        modal.confirm({
          title: "Удалить сообщение?",
          content: "Вместо него все увидят «Сообщение удалено».",
          okText: "Удалить",
          okButtonProps: { danger: true },
          cancelText: "Отмена",
          onOk: () => store.remove(message).catch(showFailure),
        });
        return;
    }
  };

  const partner = directPartner(chat, user.id);
  const subtitle =
    typing.length > 0
      ? typingText(typing)
      : partner
        ? chat.online_users.includes(partner.id)
          ? "в сети"
          : "не в сети"
        : membersText(chat.members.length);

  return (
    <Flex vertical style={{ height: "100%", minHeight: 0 }}>
      <Flex
        align="center"
        gap={8}
        style={{ paddingBottom: 8, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        {narrow ? (
          <RouterButtonLink type="text" to={href.chat()} icon={<ArrowLeftOutlined />} aria-label="К списку чатов" />
        ) : null}
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Title level={5} style={{ margin: 0 }} ellipsis>
            {chat.title}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-chat-subtitle>
            {chat.application ? `${chat.application} · ${subtitle}` : subtitle}
          </Typography.Text>
        </div>
        <Button
          type={searchOpen ? "primary" : "text"}
          icon={<SearchOutlined />}
          aria-label="Поиск в чате"
          aria-pressed={searchOpen}
          onClick={() => setSearchOpen((open) => !open)}
        />
      </Flex>
      {searchOpen ? <ChatSearch uuid={uuid} onOpen={(message) => void jumpTo(message.id)} /> : null}
      <PinnedBar
        pinned={chat.pinned_messages}
        onOpen={(id) => void jumpTo(id)}
        onUnpin={(id) => store.pin(uuid, id, false).catch(showFailure)}
      />
      <div
        ref={scrollRef}
        onScroll={onScroll}
        role="log"
        aria-label="Сообщения"
        style={{ flex: 1, minHeight: 0, overflowY: "auto", padding: "8px 4px" }}
      >
        <Flex vertical gap={8}>
          {hasMore ? (
            <Button
              type="link"
              onClick={loadOlder}
              loading={historyStatus === "loading"}
              style={{ alignSelf: "center" }}
            >
              Показать более ранние
            </Button>
          ) : null}
          {historyStatus === "error" && !history ? (
            <Flex vertical align="center" gap={8}>
              <Typography.Text type="danger">Не удалось загрузить сообщения</Typography.Text>
              <Button onClick={() => store.loadHistory(uuid, "latest").catch(showFailure)}>Повторить</Button>
            </Flex>
          ) : !history ? (
            <Spin style={{ alignSelf: "center" }} />
          ) : history.length === 0 && pending.length === 0 ? (
            <Typography.Text type="secondary" style={{ alignSelf: "center" }}>
              Сообщений пока нет
            </Typography.Text>
          ) : null}
          {history?.map((message, index) => (
            <Fragment key={message.id}>
              {startsDay(message.date, history[index - 1]?.date) ? <DaySeparator iso={message.date} /> : null}
              <MessageBubble
                message={message}
                own={message.user_id === user.id}
                actions={actionsFor(message)}
                highlighted={highlight === message.id}
                onAction={onAction}
              />
            </Fragment>
          ))}
          {/* Messages being sent are today's. */}
          {pending.length > 0 && startsDay(new Date().toISOString(), history?.at(-1)?.date) ? (
            <DaySeparator iso={new Date().toISOString()} />
          ) : null}
          {pending.map((p) => (
            <PendingBubble
              key={p.client_id}
              pending={p}
              onRetry={() => store.retry(uuid, p.client_id)}
              onDiscard={() => store.discard(uuid, p.client_id)}
            />
          ))}
        </Flex>
      </div>
      <div aria-live="polite" style={{ minHeight: 18, fontSize: 12, color: token.colorTextSecondary }}>
        {typingText(typing)}
      </div>
      <Composer
        userId={user.id}
        chatUuid={uuid}
        replyTo={replyTo}
        editing={editing}
        onSend={(text, attachments) => {
          atBottomRef.current = true;
          store.send(uuid, text, replyTo, attachments);
          setReplyTo(null);
        }}
        onSaveEdit={(message, text) => {
          setEditing(null);
          if (text !== message.content) store.edit(message, text).catch(showFailure);
        }}
        onCancel={() => {
          setReplyTo(null);
          setEditing(null);
        }}
        onTyping={() => store.typing(uuid)}
      />
    </Flex>
  );
}
