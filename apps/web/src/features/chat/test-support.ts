import type { ChatMessage, ChatSummary } from "@nadoy/contract/chat";
import type { UserData } from "@nadoy/contract/users";
import { act, waitFor } from "@testing-library/react";
import { expect, vi } from "vitest";
import { FakeWebSocket } from "../../test/fake-socket.ts";
import { userDataFixture } from "../../test/fixtures.ts";
import { mockSignedIn } from "../../test/signed-in.ts";

export { holdRequests } from "../../test/hold-requests.ts";
export { screenWidth } from "../../test/screen-width.ts";

// Chats, messages, a mocked server and the main socket for the chat page's component tests.

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

export const ME = { id: 42, username: "zootech", name: "Иван Петров" };
export const MARIA = { id: 7, username: "maria", name: "Мария Сидорова" };
export const PETR = { id: 8, username: "petr", name: "Пётр Орлов" };

export const DIRECT = uuid(1);
export const GROUP = uuid(2);
export const LIST_SEQ = 10;

const at = (minute: number) => new Date(Date.UTC(2026, 0, 10, 9, minute)).toISOString();

export function messageFixture(
  id: number,
  author: typeof ME,
  content: string,
  overrides: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    id,
    chat: DIRECT,
    user_id: author.id,
    sender: author.username,
    sender_name: author.name,
    content,
    date: at(id % 60),
    edited_at: null,
    deleted: false,
    pinned: false,
    reply_to: null,
    application: null,
    attachments: [],
    ...overrides,
  };
}

export const HISTORY: ChatMessage[] = [
  messageFixture(101, MARIA, "Добрый день! Как надои?"),
  messageFixture(102, ME, "Отлично, 32 литра в среднем"),
];

export function lastOf(message: ChatMessage): NonNullable<ChatSummary["last_message"]> {
  return {
    id: message.id,
    content: message.content,
    sender: message.sender,
    sender_name: message.sender_name,
    date: message.date,
    application: message.application,
    attachments_count: message.attachments.length,
  };
}

export function directChat(overrides: Partial<ChatSummary> = {}): ChatSummary {
  return {
    uuid: DIRECT,
    kind: "direct",
    title: MARIA.name,
    application: null,
    members: [ME, MARIA],
    last_message: lastOf(HISTORY[1] as ChatMessage),
    unread_count: 0,
    last_read_id: 102,
    pinned_messages: [],
    online_users: [MARIA.id],
    ...overrides,
  };
}

export function groupChat(overrides: Partial<ChatSummary> = {}): ChatSummary {
  const last = messageFixture(90, PETR, "Корма привезут в среду", { chat: GROUP, application: "Склад" });
  return {
    uuid: GROUP,
    kind: "group",
    title: "Ферма Заречная",
    application: null,
    members: [ME, MARIA, PETR],
    last_message: lastOf(last),
    unread_count: 3,
    last_read_id: 80,
    pinned_messages: [],
    online_users: [],
    ...overrides,
  };
}

type Handlers = Parameters<typeof mockSignedIn>[1];

/** A signed-in user whose chat list and direct-chat history are served; more routes in `extra`. */
export function serveChats(
  chats: ChatSummary[] = [directChat(), groupChat()],
  extra: NonNullable<Handlers> = {},
  user: UserData = userDataFixture(),
) {
  return mockSignedIn(user, {
    "GET /api/chat/chats/": { status: 200, body: { seq: LIST_SEQ, chats } },
    [`GET /api/chat/chats/${DIRECT}/messages/`]: {
      status: 200,
      body: { messages: [...HISTORY].reverse(), has_more: false },
    },
    [`POST /api/chat/chats/${DIRECT}/read/`]: (call) => ({
      status: 200,
      body: { last_read_id: (call.body as { last_read_id: number }).last_read_id, unread_count: 0 },
    }),
    [`POST /api/chat/chats/${DIRECT}/typing/`]: { status: 204 },
    ...extra,
  });
}

/** The shell's main socket, opened by the server and synced at `seq`. */
export async function openMainSocket(seq = LIST_SEQ): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.open()).toHaveLength(1));
  const socket = FakeWebSocket.open()[0] as FakeWebSocket;
  act(() => socket.serverOpen());
  act(() => socket.serverSend({ msg_type: "SYNC", seq, resync: false }));
  return socket;
}

/** A CHAT_MESSAGE event as the server numbers and sends it. */
export function chatMessageEvent(seq: number, message: ChatMessage, unreadCount: number) {
  return {
    msg_type: "CHAT_MESSAGE",
    seq,
    user_id: message.user_id,
    chat: message.chat,
    data: message.content,
    sender: message.sender,
    sender_name: message.sender_name,
    date: message.date,
    application: message.application,
    unread_count: unreadCount,
    message,
  };
}

/** The address (path and query) of every call from now on; mockApi records paths only. */
export function recordUrls(): string[] {
  const inner = globalThis.fetch;
  const urls: string[] = [];
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    urls.push(`${init?.method ?? "GET"} ${url.pathname}${url.search}`);
    return inner(input, init);
  });
  return urls;
}
