import type { ChatMessage, ChatSummary } from "./chat.ts";
import type { MainServerMessage } from "./realtime.ts";

// Applies main-socket chat events to what the chat page holds: the chat list (GET chats) and the
// loaded history of each open chat (GET messages, ascending by id). The one reducer of the browser
// and of the consistency tests (first fetch + every event = a fresh fetch). Pure.

export interface ChatState {
  /** The last main-channel event number applied. */
  seq: number;
  /** In the server's order (compareChats). */
  chats: ChatSummary[];
  /** Loaded histories by chat uuid, ascending by id. Chats not loaded are absent. */
  histories: Record<string, ChatMessage[]>;
}

/** The server's order of the chat list: latest message first, chats without messages last, then uuid. */
export function compareChats(a: ChatSummary, b: ChatSummary): number {
  const ai = a.last_message?.id ?? 0;
  const bi = b.last_message?.id ?? 0;
  if (ai !== bi) return bi - ai;
  return a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0;
}

/** Total unread messages over all chats (the navbar's chat badge). */
export function totalUnread(chats: readonly ChatSummary[]): number {
  return chats.reduce((sum, chat) => sum + chat.unread_count, 0);
}

function mapChat(state: ChatState, uuid: string, change: (chat: ChatSummary) => ChatSummary): ChatState {
  const index = state.chats.findIndex((c) => c.uuid === uuid);
  const current = state.chats[index];
  if (!current) return state;
  const chats = [...state.chats];
  chats[index] = change(current);
  return { ...state, chats: chats.sort(compareChats) };
}

function mapHistory(state: ChatState, uuid: string, change: (messages: ChatMessage[]) => ChatMessage[]): ChatState {
  const history = state.histories[uuid];
  if (!history) return state;
  return { ...state, histories: { ...state.histories, [uuid]: change(history) } };
}

function upsertMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const rest = messages.filter((m) => m.id !== message.id);
  return [...rest, message].sort((a, b) => a.id - b.id);
}

/** Quotes of `id` in replies follow the quoted message. */
function requote(messages: ChatMessage[], id: number, content: string, deleted: boolean): ChatMessage[] {
  return messages.map((m) => (m.reply_to?.id === id ? { ...m, reply_to: { ...m.reply_to, content, deleted } } : m));
}

function onlineMembers(chat: ChatSummary, online: ReadonlySet<number>): number[] {
  return chat.members
    .map((m) => m.id)
    .filter((id) => online.has(id))
    .sort((a, b) => a - b);
}

/**
 * The state after one main-socket message, for the user `me`. Numbered messages at or below the
 * state's `seq` are already in it and change nothing; presence updates each chat's online members.
 */
export function applyChatEvent(state: ChatState, message: MainServerMessage, me: number): ChatState {
  if (message.msg_type === "SITE_CONNECTED" || message.msg_type === "SITE_DISCONNECTED") {
    const online = new Set(message.users_online);
    return { ...state, chats: state.chats.map((chat) => ({ ...chat, online_users: onlineMembers(chat, online) })) };
  }
  if (!("seq" in message) || message.msg_type === "SYNC") return state;
  if (message.seq <= state.seq) return state;
  return { ...applyNumbered(state, message, me), seq: message.seq };
}

function applyNumbered(state: ChatState, message: MainServerMessage, me: number): ChatState {
  switch (message.msg_type) {
    case "CHAT_MESSAGE": {
      const m = message.message;
      const next = mapChat(state, message.chat, (chat) => ({
        ...chat,
        last_message:
          chat.last_message && chat.last_message.id > m.id
            ? chat.last_message
            : {
                id: m.id,
                content: m.content,
                sender: m.sender,
                sender_name: m.sender_name,
                date: m.date,
                application: m.application,
                attachments_count: m.attachments.length,
              },
        unread_count: message.unread_count,
        // Sending marks the chat read up to one's own message.
        last_read_id: m.user_id === me ? Math.max(chat.last_read_id, m.id) : chat.last_read_id,
      }));
      return mapHistory(next, message.chat, (messages) => upsertMessage(messages, m));
    }
    case "CHAT_MESSAGE_EDITED": {
      const m = message.message;
      const next = mapChat(state, message.chat, (chat) => ({ ...chat, last_message: message.last_message }));
      return mapHistory(next, message.chat, (messages) =>
        requote(
          messages.some((x) => x.id === m.id) ? upsertMessage(messages, m) : messages,
          m.id,
          m.content,
          m.deleted,
        ),
      );
    }
    case "CHAT_MESSAGE_DELETED": {
      const next = mapChat(state, message.chat, (chat) => ({
        ...chat,
        last_message: message.last_message,
        unread_count: message.unread_count,
      }));
      return mapHistory(next, message.chat, (messages) =>
        requote(
          messages.map((m) =>
            m.id === message.message_id ? { ...m, content: "", deleted: true, pinned: false, attachments: [] } : m,
          ),
          message.message_id,
          "",
          true,
        ),
      );
    }
    case "CHAT_PINNED_MESSAGES": {
      const pinned = new Set(message.data.map((p) => p.id));
      const next = mapChat(state, message.chat, (chat) => ({ ...chat, pinned_messages: message.data }));
      return mapHistory(next, message.chat, (messages) =>
        messages.map((m) => (m.pinned === pinned.has(m.id) ? m : { ...m, pinned: pinned.has(m.id) })),
      );
    }
    case "CHAT_READ":
      return mapChat(state, message.chat, (chat) => ({
        ...chat,
        last_read_id: message.last_read_id,
        unread_count: message.unread_count,
      }));
    case "CHAT_UPDATED": {
      const chats = [...state.chats.filter((c) => c.uuid !== message.chat.uuid), message.chat].sort(compareChats);
      return { ...state, chats };
    }
    default:
      return state;
  }
}
