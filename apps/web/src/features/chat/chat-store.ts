import type { Attachment } from "@nadoy/contract/attachments";
import {
  CHAT_PAGE_DEFAULT,
  CHAT_TYPING_SHOWN_MS,
  CHAT_TYPING_THROTTLE_MS,
  type ChatLastMessage,
  type ChatMessage,
  type ChatSummary,
  chatHistory,
  chatTyping,
  createChat,
  type createChatBodySchema,
  deleteChatMessage,
  editChatMessage,
  listChats,
  markChatRead,
  pinChatMessage,
  sendChatMessage,
} from "@nadoy/contract/chat";
import { applyChatEvent, type ChatState, compareChats } from "@nadoy/contract/chat-state";
import type { RouteResponse } from "@nadoy/contract/http";
import type { MainMessageOf, MainServerMessage } from "@nadoy/contract/realtime";
import type { z } from "zod";
import { callApi } from "../../shared/lib/api-client.ts";
import {
  isNumbered,
  lastMainSeq,
  type NumberedMainMessage,
  numberedMessagesAfter,
  subscribeToMainMessages,
} from "../../shared/realtime/main-messages.ts";
import { newClientId } from "./client-id.ts";

/** A message sent from this tab that the server has not confirmed (or refused). */
export interface PendingMessage {
  client_id: string;
  chat: string;
  content: string;
  reply_to: ChatMessage["reply_to"];
  /** Files uploaded for it (sent as attachment_uuids). */
  attachments: Attachment[];
  date: string;
  status: "sending" | "failed";
  /** Id of the server's message once its echo came on the socket: the history shows that one. */
  echoed_id: number | null;
}

export interface TypingPerson {
  user_id: number;
  name: string;
  /** Date.now() after which the indicator goes. */
  until: number;
}

export interface ChatStoreState {
  status: "idle" | "loading" | "ready" | "error";
  /** The chat list and loaded histories (contract chat-state.ts). */
  chat: ChatState;
  /** Per loaded history: whether older messages exist. */
  hasMore: Record<string, boolean>;
  historyStatus: Record<string, "loading" | "ready" | "error">;
  pending: Record<string, PendingMessage[]>;
  typing: Record<string, TypingPerson[]>;
}

export type CreateChatBody = z.input<typeof createChatBodySchema>;

const INITIAL: ChatStoreState = {
  status: "idle",
  chat: { seq: 0, chats: [], histories: {} },
  hasMore: {},
  historyStatus: {},
  pending: {},
  typing: {},
};

/** A fetch that resolves behind what the socket has received is retried this often, then taken. */
const CATCH_UP_ATTEMPTS = 2;

function lastMessageOf(message: ChatMessage): ChatLastMessage {
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

/** Merges histories by id (ascending); on the same id `preferred` wins. */
function mergeMessages(preferred: readonly ChatMessage[], other: readonly ChatMessage[]): ChatMessage[] {
  const ids = new Set(preferred.map((m) => m.id));
  return [...preferred, ...other.filter((m) => !ids.has(m.id))].sort((a, b) => a.id - b.id);
}

function chatOfEvent(message: NumberedMainMessage): string {
  return message.msg_type === "CHAT_UPDATED" ? message.chat.uuid : message.chat;
}

/**
 * The chat list and the loaded histories of one signed-in user, kept current by the main socket
 * with the contract's reducer (applyChatEvent): the first fetch (GET chats, with its `seq`), plus
 * the numbered messages received after that number, whether they came before or after the fetch
 * resolved. A SYNC with `resync` (or one that shows the list is behind) refetches.
 * Sends are optimistic: a pending message with its `client_id` shows at once; the server's answer
 * or its socket echo, whichever comes first, takes its place, without a duplicate.
 */
export class ChatStore {
  private state: ChatStoreState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;
  /** Bumped by every load and by stop: an answer for an older one is dropped. */
  private loadToken = 0;
  /** Bumped by stop: history answers of a stopped store are dropped. */
  private generation = 0;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly lastTypingSent = new Map<string, number>();
  /** The highest read mark posted per chat, so that one position is posted once. */
  private readonly readPosted = new Map<string, number>();

  constructor(readonly me: number) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): ChatStoreState => this.state;

  get running(): boolean {
    return this.unsubscribe !== null;
  }

  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = subscribeToMainMessages((message) => this.onMessage(message));
    void this.load(false);
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.loadToken += 1;
    this.generation += 1;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.lastTypingSent.clear();
    this.readPosted.clear();
    this.update(INITIAL);
  }

  private update(next: Partial<ChatStoreState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  // ---- the chat list ----

  /** GET chats, then the numbered messages received after its `seq`. */
  private async load(resync: boolean, attempt = 0): Promise<void> {
    const token = ++this.loadToken;
    if (this.state.status !== "ready") this.update({ status: "loading" });
    let list: RouteResponse<typeof listChats>;
    try {
      list = await callApi(listChats);
    } catch {
      if (token === this.loadToken && this.state.status !== "ready") this.update({ status: "error" });
      return;
    }
    if (token !== this.loadToken) return;
    const missed = numberedMessagesAfter(list.seq);
    // The socket's stream starts after this fetch's number: what came in between is unknown.
    if (missed === undefined && attempt < CATCH_UP_ATTEMPTS) return this.load(resync, attempt + 1);
    let chat: ChatState = {
      seq: list.seq,
      chats: [...list.chats].sort(compareChats),
      histories: this.state.chat.histories,
    };
    for (const message of missed ?? []) chat = applyChatEvent(chat, message, this.me);
    this.update({ status: "ready", chat });
    // After a resync the loaded histories may have missed changes too: their newest page again.
    if (resync) for (const uuid of Object.keys(chat.histories)) void this.loadHistory(uuid, "latest");
  }

  /** Refetches the list (the «Повторить» of a failed first load). */
  reload(): void {
    void this.load(false);
  }

  private onMessage(message: MainServerMessage): void {
    switch (message.msg_type) {
      case "SYNC":
        if (message.resync || (this.state.status === "ready" && this.state.chat.seq < message.seq))
          void this.load(true);
        return;
      case "CHAT_TYPING":
        // Spec §4: one's own typing (another tab) notifies nobody.
        if (message.user_id !== this.me) this.showTyping(message);
        return;
      case "SITE_CONNECTED":
      case "SITE_DISCONNECTED":
        if (this.state.status === "ready") this.update({ chat: applyChatEvent(this.state.chat, message, this.me) });
        return;
      default:
        break;
    }
    // Until the list is fetched, numbered messages wait in the main socket's buffer.
    if (!isNumbered(message) || this.state.status !== "ready") return;
    const chat = applyChatEvent(this.state.chat, message, this.me);
    if (message.msg_type !== "CHAT_MESSAGE") {
      this.update({ chat });
      return;
    }
    this.update({
      chat,
      typing: this.withoutTyping(message.chat, message.user_id),
      pending: message.user_id === this.me ? this.markEchoed(message) : this.state.pending,
    });
  }

  /** Applies a change the server has just answered, as its event would (the event follows). */
  private applyLocal(message: NumberedMainMessage): void {
    const chat = applyChatEvent({ ...this.state.chat, seq: 0 }, { ...message, seq: 1 }, this.me);
    this.update({ chat: { ...chat, seq: this.state.chat.seq } });
  }

  summary(uuid: string): ChatSummary | undefined {
    return this.state.chat.chats.find((c) => c.uuid === uuid);
  }

  async createChat(body: CreateChatBody): Promise<ChatSummary> {
    const chat = await callApi(createChat, { body });
    this.applyLocal({ msg_type: "CHAT_UPDATED", seq: 1, user_id: this.me, chat });
    return chat;
  }

  // ---- histories ----

  /**
   * The newest page of a chat's history ("latest": also after a resync) or the page before the
   * oldest loaded one ("older"). Messages received on the socket while it was on its way are
   * applied to it afterwards.
   */
  async loadHistory(uuid: string, mode: "latest" | "older"): Promise<void> {
    if (this.state.historyStatus[uuid] === "loading") return;
    const loaded = this.state.chat.histories[uuid];
    const beforeId = mode === "older" ? loaded?.[0]?.id : undefined;
    if (mode === "older" && beforeId === undefined) return;
    const generation = this.generation;
    const mark = lastMainSeq() ?? 0;
    this.update({ historyStatus: { ...this.state.historyStatus, [uuid]: "loading" } });
    let page: RouteResponse<typeof chatHistory>;
    try {
      page = await callApi(chatHistory, {
        params: { uuid },
        query: { before_id: beforeId, limit: CHAT_PAGE_DEFAULT },
      });
    } catch (error) {
      if (generation === this.generation)
        this.update({ historyStatus: { ...this.state.historyStatus, [uuid]: "error" } });
      throw error;
    }
    if (generation !== this.generation) return;
    const fetched = [...page.messages].reverse();
    const current = this.state.chat.histories[uuid] ?? [];
    const newestFetched = fetched.at(-1)?.id ?? 0;
    const merged =
      mode === "older"
        ? mergeMessages(current, fetched)
        : // The newest page replaces what was loaded, except messages the socket brought since.
          mergeMessages(
            current.filter((m) => m.id > newestFetched),
            fetched,
          );
    let replayed: ChatState = { seq: 0, chats: [], histories: { [uuid]: merged } };
    for (const message of numberedMessagesAfter(mark) ?? []) {
      if (chatOfEvent(message) === uuid)
        replayed = applyChatEvent({ ...replayed, seq: message.seq - 1 }, message, this.me);
    }
    const chat = this.state.chat;
    this.update({
      chat: { ...chat, histories: { ...chat.histories, [uuid]: replayed.histories[uuid] ?? merged } },
      hasMore: { ...this.state.hasMore, [uuid]: page.has_more },
      historyStatus: { ...this.state.historyStatus, [uuid]: "ready" },
    });
  }

  // ---- sending ----

  /** Sends text, uploaded files, or both (a message may be files only). */
  send(uuid: string, content: string, replyTo: ChatMessage | null, attachments: Attachment[] = []): void {
    const pending: PendingMessage = {
      client_id: newClientId(),
      chat: uuid,
      content: content.trim(),
      reply_to: replyTo
        ? { id: replyTo.id, content: replyTo.content, sender_name: replyTo.sender_name, deleted: replyTo.deleted }
        : null,
      attachments,
      date: new Date().toISOString(),
      status: "sending",
      echoed_id: null,
    };
    this.setPending(uuid, [...(this.state.pending[uuid] ?? []), pending]);
    void this.post(pending);
  }

  /** «Повторить»: the same client_id, so a first attempt that did arrive is not doubled. */
  retry(uuid: string, clientId: string): void {
    const pending = this.state.pending[uuid]?.find((p) => p.client_id === clientId);
    if (pending?.status !== "failed") return;
    this.changePending(uuid, clientId, { status: "sending" });
    void this.post(pending);
  }

  discard(uuid: string, clientId: string): void {
    this.setPending(
      uuid,
      (this.state.pending[uuid] ?? []).filter((p) => p.client_id !== clientId),
    );
  }

  private async post(pending: PendingMessage): Promise<void> {
    const generation = this.generation;
    const uuid = pending.chat;
    try {
      const message = await callApi(sendChatMessage, {
        params: { uuid },
        body: {
          content: pending.content,
          client_id: pending.client_id,
          reply_to_id: pending.reply_to?.id,
          ...(pending.attachments.length > 0 ? { attachment_uuids: pending.attachments.map((a) => a.uuid) } : {}),
        },
      });
      if (generation !== this.generation) return;
      this.discard(uuid, pending.client_id);
      this.applyLocal({
        msg_type: "CHAT_MESSAGE",
        seq: 1,
        user_id: message.user_id,
        chat: uuid,
        data: message.content,
        sender: message.sender,
        sender_name: message.sender_name,
        date: message.date,
        application: message.application,
        unread_count: this.summary(uuid)?.unread_count ?? 0,
        message,
      });
    } catch {
      if (generation !== this.generation) return;
      const current = this.state.pending[uuid]?.find((p) => p.client_id === pending.client_id);
      // Its echo came: the server has it, only the answer was lost.
      if (current?.echoed_id) this.discard(uuid, pending.client_id);
      else this.changePending(uuid, pending.client_id, { status: "failed" });
    }
  }

  private setPending(uuid: string, list: PendingMessage[]): void {
    this.update({ pending: { ...this.state.pending, [uuid]: list } });
  }

  private changePending(uuid: string, clientId: string, change: Partial<PendingMessage>): void {
    this.setPending(
      uuid,
      (this.state.pending[uuid] ?? []).map((p) => (p.client_id === clientId ? { ...p, ...change } : p)),
    );
  }

  /**
   * One's own message came on the socket before the answer to its POST: the oldest pending one of
   * that chat with the same text and files is that message (the event carries no client_id).
   */
  private markEchoed(message: MainMessageOf<"CHAT_MESSAGE">): Record<string, PendingMessage[]> {
    const list = this.state.pending[message.chat];
    const files = (attachments: readonly Attachment[]) => attachments.map((a) => a.uuid).join(",");
    const match = list?.find(
      (p) =>
        p.echoed_id === null &&
        p.content === message.message.content &&
        files(p.attachments) === files(message.message.attachments),
    );
    if (!list || !match) return this.state.pending;
    return {
      ...this.state.pending,
      [message.chat]: list.map((p) => (p === match ? { ...p, echoed_id: message.message.id } : p)),
    };
  }

  // ---- changes of messages ----

  async edit(message: ChatMessage, content: string): Promise<void> {
    const edited = await callApi(editChatMessage, { params: { id: message.id }, body: { content } });
    const last = this.summary(message.chat)?.last_message ?? null;
    this.applyLocal({
      msg_type: "CHAT_MESSAGE_EDITED",
      seq: 1,
      user_id: this.me,
      chat: message.chat,
      message: edited,
      last_message: last?.id === edited.id ? lastMessageOf(edited) : last,
    });
  }

  async remove(message: ChatMessage): Promise<void> {
    await callApi(deleteChatMessage, { params: { id: message.id } });
    const summary = this.summary(message.chat);
    this.applyLocal({
      msg_type: "CHAT_MESSAGE_DELETED",
      seq: 1,
      user_id: this.me,
      chat: message.chat,
      message_id: message.id,
      unread_count: summary?.unread_count ?? 0,
      // The one before it comes with the event.
      last_message: summary?.last_message ?? null,
    });
  }

  async pin(chat: string, id: number, pinned: boolean): Promise<void> {
    const data = await callApi(pinChatMessage, { params: { id }, body: { pinned } });
    this.applyLocal({ msg_type: "CHAT_PINNED_MESSAGES", seq: 1, user_id: this.me, chat, data });
  }

  /** Moves the read mark to `lastId` when it is ahead of it (once per position). */
  markRead(uuid: string, lastId: number): void {
    const summary = this.summary(uuid);
    if (!summary || lastId <= summary.last_read_id || lastId <= (this.readPosted.get(uuid) ?? 0)) return;
    this.readPosted.set(uuid, lastId);
    const generation = this.generation;
    callApi(markChatRead, { params: { uuid }, body: { last_read_id: lastId } }).then(
      (read) => {
        if (generation !== this.generation) return;
        this.applyLocal({ msg_type: "CHAT_READ", seq: 1, user_id: this.me, chat: uuid, ...read });
      },
      () => {
        if (generation === this.generation) this.readPosted.delete(uuid);
      },
    );
  }

  // ---- typing ----

  /** «печатает»: at most one POST per CHAT_TYPING_THROTTLE_MS and chat. */
  typing(uuid: string): void {
    const now = Date.now();
    if (now - (this.lastTypingSent.get(uuid) ?? Number.NEGATIVE_INFINITY) < CHAT_TYPING_THROTTLE_MS) return;
    this.lastTypingSent.set(uuid, now);
    callApi(chatTyping, { params: { uuid } }).catch(() => {});
  }

  private showTyping(message: MainMessageOf<"CHAT_TYPING">): void {
    const person = { user_id: message.user_id, name: message.sender_name, until: Date.now() + CHAT_TYPING_SHOWN_MS };
    const others = (this.state.typing[message.chat] ?? []).filter((p) => p.user_id !== message.user_id);
    this.update({ typing: { ...this.state.typing, [message.chat]: [...others, person] } });
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.pruneTyping();
    }, CHAT_TYPING_SHOWN_MS);
    this.timers.add(timer);
  }

  private pruneTyping(): void {
    const now = Date.now();
    const typing = Object.fromEntries(
      Object.entries(this.state.typing).map(([chat, people]) => [chat, people.filter((p) => p.until > now)]),
    );
    this.update({ typing });
  }

  private withoutTyping(chat: string, userId: number): Record<string, TypingPerson[]> {
    const people = this.state.typing[chat];
    if (!people?.some((p) => p.user_id === userId)) return this.state.typing;
    return { ...this.state.typing, [chat]: people.filter((p) => p.user_id !== userId) };
  }
}

// ---- one store per signed-in user, alive while something shows it ----

let current: ChatStore | null = null;
let holders = 0;

/** The store of `userId` (made on first use; started by acquireChatStore). */
export function chatStoreFor(userId: number): ChatStore {
  if (!current || current.me !== userId) {
    current?.stop();
    current = new ChatStore(userId);
    holders = 0;
  }
  return current;
}

/**
 * A component that shows chat data holds the store while mounted (the navbar badge does on every
 * signed-in page). The last one to let go stops it a moment later, so that StrictMode's remount
 * (and a page change that swaps holders) does not refetch.
 */
export function acquireChatStore(store: ChatStore): () => void {
  if (store !== current) {
    current?.stop();
    current = store;
    holders = 0;
  }
  holders += 1;
  store.start();
  let released = false;
  return () => {
    if (released || store !== current) return;
    released = true;
    holders -= 1;
    queueMicrotask(() => {
      if (holders === 0 && store === current) {
        store.stop();
        current = null;
      }
    });
  };
}
