import type { Attachment } from "@nadoy/contract/attachments";
import type { ChatLastMessage, ChatMessage, ChatPinnedMessage, ChatSummary, ChatUser } from "@nadoy/contract/chat";
import { displayName } from "@nadoy/contract/users";
import type { ChatRow, MemberState, MessageRow, PersonRow } from "./chat.repository.ts";

// Rows → the contract's chat objects. One place, so that a fetch and an event show a chat alike.

/** The author of a message whose account is gone. */
const GONE = { id: 0, username: "", name: "Пользователь удалён" };

const collator = new Intl.Collator("ru");

function nameOf(first: string | null, last: string | null, username: string | null): string {
  if (username === null) return GONE.name;
  return displayName({ username, first_name: first ?? "", last_name: last ?? "" });
}

export function chatUser(row: PersonRow): ChatUser {
  return {
    id: row.id,
    username: row.username,
    name: displayName({ username: row.username, first_name: row.firstName, last_name: row.lastName }),
  };
}

/** People by name, then id (contacts, members). */
export function byName(a: ChatUser, b: ChatUser): number {
  return collator.compare(a.name, b.name) || a.id - b.id;
}

const iso = (date: Date) => date.toISOString();

/** A message with its files (a deleted one shows none: they were deleted with its text). */
export function chatMessage(row: MessageRow, files: readonly Attachment[]): ChatMessage {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    chat: row.chatUuid,
    user_id: row.senderId ?? GONE.id,
    sender: row.senderUsername ?? GONE.username,
    sender_name: nameOf(row.senderFirstName, row.senderLastName, row.senderUsername),
    content: row.content,
    date: iso(row.createdAt),
    edited_at: row.editedAt ? iso(row.editedAt) : null,
    deleted,
    pinned: row.pinnedAt !== null,
    reply_to:
      row.replyId === null
        ? null
        : {
            id: row.replyId,
            content: row.replyContent ?? "",
            sender_name: nameOf(row.replyFirstName, row.replyLastName, row.replyUsername),
            deleted: row.replyDeletedAt !== null,
          },
    application: row.application,
    attachments: deleted ? [] : [...files],
  };
}

export function lastMessage(row: MessageRow | undefined, attachmentsCount: number): ChatLastMessage | null {
  if (!row) return null;
  const m = chatMessage(row, []);
  return {
    id: m.id,
    content: m.content,
    sender: m.sender,
    sender_name: m.sender_name,
    date: m.date,
    application: m.application,
    attachments_count: attachmentsCount,
  };
}

export function pinnedMessage(row: MessageRow): ChatPinnedMessage {
  const m = chatMessage(row, []);
  return { id: m.id, content: m.content, sender: m.sender, sender_name: m.sender_name, date: m.date };
}

/** What every member of a chat sees alike; the summary adds the member's own read state. */
export interface ChatView {
  chat: ChatRow;
  /** By name. */
  members: ChatUser[];
  lastMessage: ChatLastMessage | null;
  /** Newest pin first. */
  pinned: ChatPinnedMessage[];
}

/** Builds the views of several chats from the rows of one query each (`lastFiles`: by message id). */
export function chatViews(
  chats: readonly ChatRow[],
  members: readonly (PersonRow & { chatId: number })[],
  lasts: readonly MessageRow[],
  lastFiles: ReadonlyMap<number, readonly Attachment[]>,
  pins: readonly MessageRow[],
): Map<number, ChatView> {
  const views = new Map<number, ChatView>(
    chats.map((chat) => [chat.id, { chat, members: [], lastMessage: null, pinned: [] }]),
  );
  for (const m of members) views.get(m.chatId)?.members.push(chatUser(m));
  for (const view of views.values()) view.members.sort(byName);
  for (const row of lasts) {
    const view = views.get(row.chatId);
    if (view) view.lastMessage = lastMessage(row, lastFiles.get(row.id)?.length ?? 0);
  }
  for (const row of pins) views.get(row.chatId)?.pinned.push(pinnedMessage(row));
  return views;
}

/** A chat as one member sees it (contract chatSummarySchema). */
export function chatSummary(view: ChatView, state: MemberState, online: ReadonlySet<number>): ChatSummary {
  const { chat, members } = view;
  const other = members.find((m) => m.id !== state.userId);
  return {
    uuid: chat.uuid,
    kind: chat.kind,
    title: chat.kind === "group" ? chat.title : (other?.name ?? chat.title),
    application: chat.application,
    members,
    last_message: view.lastMessage,
    unread_count: state.unread,
    last_read_id: state.lastReadId,
    pinned_messages: view.pinned,
    online_users: members
      .map((m) => m.id)
      .filter((id) => online.has(id))
      .sort((a, b) => a - b),
  };
}
