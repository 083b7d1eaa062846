import { z } from "zod";
import { attachmentSchema, attachmentUuids } from "./attachments.ts";
import { defineRoute } from "./http.ts";

// ---- chat: /chat/:uuid? (spec §3 "Chat (client view)", "Chat socket message") ----
//
// Direct chats (two people, at most one per pair) and group chats (a title, members). A chat may be
// tied to an application (an integration that posts into it): its name shows with the messages it
// posted and in the last message. Every route is for signed-in users; who may do what:
// - a chat the caller is not a member of answers 404, exactly like a missing one;
// - people one can start a chat with: active members of a company the caller belongs to (superusers:
//   all active users). Naming anyone else (another company's user, a missing or inactive one) in a
//   new chat or in add_member_ids is a 400 with the field (user_id, member_ids, add_member_ids) and
//   the same text for all of them, so that the answer tells nothing about other companies (a direct
//   chat with oneself is a 400 too);
// - edit a message: its author; delete: its author, or an admin (role 1, superuser);
// - pin/unpin, rename a group, add members: any member (a direct chat has neither title nor
//   newcomers: 400). People added later see the history as read. A deleted message cannot be
//   edited or pinned (409 chat_message_deleted); deleting it again is a 204 that changes nothing;
// - bodies and queries with unknown fields are refused (400), like every route of the API.
// Realtime: every change is sent on the main socket of each member (contract realtime.ts, chat
// messages), numbered per user, so that the state of the first fetch plus every event received
// equals a fresh fetch (applyChatEvent in chat-state.ts does exactly that, in the browser and in
// the tests).

export const CHAT_MESSAGE_MAX = 4000;
export const CHAT_TITLE_MAX = 120;
export const CHAT_GROUP_MEMBERS_MAX = 200;
/** History page size (default and largest). */
export const CHAT_PAGE_DEFAULT = 50;
export const CHAT_PAGE_MAX = 200;
export const CHAT_SEARCH_MAX_RESULTS = 50;
export const CHAT_SEARCH_QUERY_MAX = 200;
/** How long a typing indicator stays without a new typing event. */
export const CHAT_TYPING_SHOWN_MS = 5_000;
/** A client sends at most one typing event per this interval. */
export const CHAT_TYPING_THROTTLE_MS = 2_500;

const userId = z.number().int();
const isoDate = z.iso.datetime();

/** A person as shown in chat: name is «Имя Фамилия», or the username when both are empty. */
export const chatUserSchema = z.object({ id: userId, username: z.string(), name: z.string() });
export type ChatUser = z.infer<typeof chatUserSchema>;

/** The message a reply quotes (a deleted one keeps its id, with empty content and deleted true). */
export const chatReplyRefSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  sender_name: z.string(),
  deleted: z.boolean(),
});

export const chatMessageSchema = z.object({
  id: z.number().int(),
  /** Uuid of the chat. */
  chat: z.uuid(),
  user_id: userId,
  /** Username of the author. */
  sender: z.string(),
  sender_name: z.string(),
  /** Empty when deleted. */
  content: z.string(),
  date: isoDate,
  edited_at: isoDate.nullable(),
  deleted: z.boolean(),
  pinned: z.boolean(),
  reply_to: chatReplyRefSchema.nullable(),
  /** Name of the application that posted it, or null for a person. */
  application: z.string().nullable(),
  /** Files sent with it, in the order given (empty when deleted); see attachments.ts. */
  attachments: z.array(attachmentSchema),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A pinned message of a chat (spec §3 pinned_messages), newest pin first. */
export const chatPinnedMessageSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  sender: z.string(),
  sender_name: z.string(),
  /** When the message was written. */
  date: isoDate,
});
export type ChatPinnedMessage = z.infer<typeof chatPinnedMessageSchema>;

/** Spec §3 last_message: the newest message that is not deleted, or null. */
export const chatLastMessageSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  /** Username of the author. */
  sender: z.string(),
  sender_name: z.string(),
  date: isoDate,
  application: z.string().nullable(),
  /** How many files it carries (its content may be empty then). */
  attachments_count: z.number().int().min(0),
});
export type ChatLastMessage = z.infer<typeof chatLastMessageSchema>;

export const CHAT_KINDS = ["direct", "group"] as const;

/** Spec §3 "Chat (client view)", for one member. */
export const chatSummarySchema = z.object({
  uuid: z.uuid(),
  kind: z.enum(CHAT_KINDS),
  /** Group chats: the title; direct chats: the other person's name. */
  title: z.string(),
  /** Name of the application the chat is tied to, or null. */
  application: z.string().nullable(),
  /** Every member, the caller included, by name. */
  members: z.array(chatUserSchema),
  last_message: chatLastMessageSchema.nullable(),
  /** Messages by others, not deleted, after the caller's read mark. */
  unread_count: z.number().int().min(0),
  /** Id of the newest message the caller has read (0 = none). */
  last_read_id: z.number().int().min(0),
  pinned_messages: z.array(chatPinnedMessageSchema),
  /** Ids of the members online now, ascending (the caller included when online). */
  online_users: z.array(userId),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

/**
 * The chat list. `seq` is the caller's main-channel sequence number read before the list: events
 * numbered above it may or may not be in the list already (applying them again changes nothing).
 * Sorted by last activity, newest first.
 */
export const chatListSchema = z.object({ seq: z.number().int().min(0), chats: z.array(chatSummarySchema) });
export type ChatList = z.infer<typeof chatListSchema>;

const chatParams = z.object({ uuid: z.uuid() });
const messageParams = z.object({ id: z.coerce.number().int().positive() });

export const listChats = defineRoute({
  method: "GET",
  path: "/api/chat/chats/",
  auth: "user",
  response: chatListSchema,
  summary: "Чаты вызывающего с последним сообщением и числом непрочитанных",
});

export const chatContacts = defineRoute({
  method: "GET",
  path: "/api/chat/contacts/",
  auth: "user",
  summary: "People the caller may start a chat with (not the caller), by name",
  response: z.array(chatUserSchema),
});

export const createChatBodySchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("direct"), user_id: userId }),
  z.strictObject({
    kind: z.literal("group"),
    title: z.string().trim().min(1).max(CHAT_TITLE_MAX),
    /** Besides the caller. */
    member_ids: z.array(userId).min(1).max(CHAT_GROUP_MEMBERS_MAX),
  }),
]);

/** Direct: the existing chat with that person when there is one (still 201), else a new one. */
export const createChat = defineRoute({
  method: "POST",
  path: "/api/chat/chats/",
  auth: "user",
  status: 201,
  body: createChatBodySchema,
  response: chatSummarySchema,
  summary: "Создать личный или групповой чат",
});

export const updateChat = defineRoute({
  method: "PATCH",
  path: "/api/chat/chats/:uuid/",
  auth: "user",
  params: chatParams,
  body: z.strictObject({
    title: z.string().trim().min(1).max(CHAT_TITLE_MAX).optional(),
    add_member_ids: z.array(userId).max(CHAT_GROUP_MEMBERS_MAX).optional(),
  }),
  response: chatSummarySchema,
  summary: "Изменить чат",
});

/** History, newest first: messages with id < before_id (all when absent). */
export const chatHistory = defineRoute({
  method: "GET",
  path: "/api/chat/chats/:uuid/messages/",
  auth: "user",
  params: chatParams,
  query: z.strictObject({
    before_id: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_DEFAULT),
  }),
  response: z.object({ messages: z.array(chatMessageSchema), has_more: z.boolean() }),
  summary: "История сообщений (постранично)",
});

/** Russian full-text search (PostgreSQL `russian`) in one chat, best matches first, newest on ties. */
export const searchChat = defineRoute({
  method: "GET",
  path: "/api/chat/chats/:uuid/search/",
  auth: "user",
  params: chatParams,
  query: z.strictObject({ q: z.string().trim().min(1).max(CHAT_SEARCH_QUERY_MAX) }),
  response: z.array(chatMessageSchema),
  summary: "Поиск по сообщениям чата",
});

/**
 * Text, files, or both: an empty text needs at least one file. `attachment_uuids` are files the
 * caller uploaded and has not attached yet (anything else: 400 with fields.attachment_uuids).
 */
export const sendChatMessageBodySchema = z
  .strictObject({
    content: z.string().trim().max(CHAT_MESSAGE_MAX).default(""),
    attachment_uuids: attachmentUuids.default([]),
    reply_to_id: z.number().int().positive().optional(),
    /** Set by the browser: a resend with the same id returns the first message instead of a copy. */
    client_id: z.uuid().optional(),
  })
  .refine((body) => body.content.length > 0 || body.attachment_uuids.length > 0, {
    path: ["content"],
    message: "Напишите сообщение или прикрепите файл",
  });

export const sendChatMessage = defineRoute({
  method: "POST",
  path: "/api/chat/chats/:uuid/messages/",
  auth: "user",
  status: 201,
  params: chatParams,
  body: sendChatMessageBodySchema,
  rateLimit: { max: 120, timeWindowMs: 60_000 },
  response: chatMessageSchema,
  summary: "Отправить сообщение",
});

export const editChatMessage = defineRoute({
  method: "PATCH",
  path: "/api/chat/messages/:id/",
  auth: "user",
  params: messageParams,
  body: z.strictObject({ content: z.string().trim().min(1).max(CHAT_MESSAGE_MAX) }),
  response: chatMessageSchema,
  summary: "Изменить сообщение",
});

/** Soft delete: the message stays as «Сообщение удалено» so replies keep their place. */
export const deleteChatMessage = defineRoute({
  method: "DELETE",
  path: "/api/chat/messages/:id/",
  auth: "user",
  status: 204,
  params: messageParams,
  response: z.void(),
  summary: "Удалить сообщение",
});

export const pinChatMessage = defineRoute({
  method: "PUT",
  path: "/api/chat/messages/:id/pin/",
  auth: "user",
  params: messageParams,
  body: z.strictObject({ pinned: z.boolean() }),
  response: z.array(chatPinnedMessageSchema),
  summary: "Закрепить или открепить сообщение",
});

/** Moves the caller's read mark forward (never back) to `last_read_id`. */
export const markChatRead = defineRoute({
  method: "POST",
  path: "/api/chat/chats/:uuid/read/",
  auth: "user",
  params: chatParams,
  body: z.strictObject({ last_read_id: z.number().int().min(0) }),
  response: z.object({ last_read_id: z.number().int().min(0), unread_count: z.number().int().min(0) }),
  summary: "Отметить прочитанным",
});

/** «печатает…»: sent to the other members' main sockets, not stored. */
export const chatTyping = defineRoute({
  method: "POST",
  path: "/api/chat/chats/:uuid/typing/",
  auth: "user",
  status: 204,
  params: chatParams,
  rateLimit: { max: 60, timeWindowMs: 60_000 },
  response: z.void(),
  summary: "Сообщить, что пользователь печатает",
});
