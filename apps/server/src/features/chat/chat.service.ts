import {
  CHAT_GROUP_MEMBERS_MAX,
  CHAT_SEARCH_MAX_RESULTS,
  type ChatList,
  type ChatMessage,
  type ChatPinnedMessage,
  type ChatSummary,
  type ChatUser,
  type createChatBodySchema,
  type sendChatMessageBodySchema,
} from "@nadoy/contract/chat";
import { compareChats } from "@nadoy/contract/chat-state";
import { ErrorText } from "@nadoy/contract/errors";
import type { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import type { Db } from "../../db/client.ts";
import {
  attachmentsOfMessages,
  claimForMessage,
  deleteMessageAttachments,
} from "../../platform/attachments/attachments.repository.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { validationError } from "../../platform/errors.ts";
import {
  currentSeq,
  type EventDraft,
  mainEvents,
  type NumberedMessage,
  recordEvents,
} from "../../platform/realtime/event-log.ts";
import { topicOf } from "../../platform/realtime/hub.ts";
import { violatedUniqueIndex } from "../../platform/unique-violation.ts";
import * as repo from "./chat.repository.ts";
import { assertMayDelete, assertMayEdit, assertMember, chatNotFound, messageDeleted } from "./chat-access.ts";
import {
  byName,
  type ChatView,
  chatMessage,
  chatSummary,
  chatUser,
  chatViews,
  lastMessage,
  pinnedMessage,
} from "./chat-dto.ts";

// Chat rules and transactions (contract chat.ts). Every change locks its chat's row first, then
// writes, then records its events (platform/realtime/event-log.ts) in the same transaction, so
// that the unread counts the events carry are exact; the events are published after the commit.

/** What a change returns, and the events it records for the members' main channels. */
interface Change<T> {
  result: T;
  events: EventDraft[];
}

type CreateChatBody = z.infer<typeof createChatBodySchema>;
type SendChatMessageBody = z.infer<typeof sendChatMessageBodySchema>;

const directKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);
const unique = (ids: readonly number[]) => [...new Set(ids)];

export function createChatService(deps: AppDeps) {
  const { db, realtime } = deps;

  /** Runs a change in a transaction, records its events there, and publishes them after the commit. */
  async function change<T>(work: (tx: Db) => Promise<Change<T>>): Promise<T> {
    const { result, recorded } = await db.transaction(async (tx) => {
      const { result, events } = await work(tx);
      return { result, recorded: await recordEvents(tx, events) };
    });
    await realtime.publishRecorded(recorded);
    return result;
  }

  const onlineSet = async () => new Set(await realtime.onlineUsers());

  /** Members, last message (with its files) and pins of several chats: four queries whatever their number. */
  async function loadViews(q: Db, chats: readonly repo.ChatRow[]): Promise<Map<number, ChatView>> {
    const ids = chats.map((c) => c.id);
    const members = await repo.membersOf(q, ids);
    const lasts = await repo.lastMessages(q, ids);
    const lastFiles = await attachmentsOfMessages(
      q,
      lasts.map((m) => m.id),
    );
    const pins = await repo.pinnedMessages(q, ids);
    return chatViews(chats, members, lasts, lastFiles, pins);
  }

  /** Messages with their files: one query for the files of all of them. */
  async function messagesOf(q: Db, rows: readonly repo.MessageRow[]): Promise<ChatMessage[]> {
    const files = await attachmentsOfMessages(
      q,
      rows.map((r) => r.id),
    );
    return rows.map((row) => chatMessage(row, files.get(row.id) ?? []));
  }

  async function messageOf(q: Db, row: repo.MessageRow): Promise<ChatMessage> {
    const [message] = await messagesOf(q, [row]);
    if (!message) throw chatNotFound();
    return message;
  }

  /** The chat as each of its members sees it now, by member id. */
  async function summariesOf(q: Db, chat: repo.ChatRow): Promise<Map<number, ChatSummary>> {
    const view = (await loadViews(q, [chat])).get(chat.id);
    if (!view) throw chatNotFound();
    const online = await onlineSet();
    const states = await repo.memberStates(q, [chat.id]);
    return new Map(states.map((s) => [s.userId, chatSummary(view, s, online)]));
  }

  async function summaryFor(q: Db, chat: repo.ChatRow, userId: number): Promise<ChatSummary> {
    const summary = (await summariesOf(q, chat)).get(userId);
    if (!summary) throw chatNotFound();
    return summary;
  }

  /** CHAT_UPDATED to every member, each with their own summary. */
  function updatedEvents(summaries: Map<number, ChatSummary>, actorId: number): EventDraft[] {
    return mainEvents(
      [...summaries].map(([userId, chat]) => ({
        userId,
        message: { msg_type: "CHAT_UPDATED", user_id: actorId, chat },
      })),
    );
  }

  /** The same message to every member. */
  function toMembers(memberIds: readonly number[], message: NumberedMessage<"main">): EventDraft<"main">[] {
    return mainEvents(memberIds.map((userId) => ({ userId, message })));
  }

  async function pinnedList(q: Db, chatId: number): Promise<ChatPinnedMessage[]> {
    return (await repo.pinnedMessages(q, [chatId])).map(pinnedMessage);
  }

  async function newLastMessage(q: Db, chatId: number) {
    const [row] = await repo.lastMessages(q, [chatId]);
    if (!row) return null;
    const files = await attachmentsOfMessages(q, [row.id]);
    return lastMessage(row, files.get(row.id)?.length ?? 0);
  }

  /** Locks a chat the caller is a member of (404 otherwise). */
  async function lockMemberChat(tx: Db, uuid: string, callerId: number): Promise<repo.ChatRow> {
    const chat = await repo.lockChatByUuid(tx, uuid);
    return assertMember(chat, chat !== undefined && (await repo.isMember(tx, chat.id, callerId)));
  }

  /** A chat the caller is a member of, unlocked (reads). */
  async function memberChat(uuid: string, callerId: number): Promise<repo.ChatRow> {
    const chat = await repo.findChatByUuid(db, uuid);
    return assertMember(chat, chat !== undefined && (await repo.isMember(db, chat.id, callerId)));
  }

  /** Locks the chat of a message the caller can see, then reads the message as it is under the lock. */
  async function lockMessage(tx: Db, id: number, callerId: number) {
    const found = await repo.findMessage(tx, id);
    const chat = found && (await repo.lockChatById(tx, found.chatId));
    assertMember(chat, chat !== undefined && (await repo.isMember(tx, chat.id, callerId)));
    const message = await repo.findMessage(tx, id);
    if (!chat || !message) throw chatNotFound();
    return { chat, message };
  }

  /** The people among `ids` the caller may chat with; throws a 400 on `field` when any is not one. */
  async function assertContacts(caller: AuthUser, ids: readonly number[], field: string, q: Db = db) {
    const found = await repo.findContacts(q, caller, ids);
    if (found.length !== ids.length) throw validationError({ [field]: ErrorText.chatNotContact });
  }

  async function createDirect(caller: AuthUser, otherId: number): Promise<ChatSummary> {
    if (otherId === caller.id) throw validationError({ user_id: ErrorText.chatSelf });
    await assertContacts(caller, [otherId], "user_id");
    const key = directKey(caller.id, otherId);
    const existing = await repo.findDirectChat(db, key);
    if (existing) return summaryFor(db, existing, caller.id);
    try {
      return await change(async (tx) => {
        const chat = await repo.insertChat(tx, { kind: "direct", title: "", directKey: key, createdBy: caller.id });
        await repo.addMembers(tx, chat.id, [caller.id, otherId], 0);
        const summaries = await summariesOf(tx, chat);
        return { result: await summaryFor(tx, chat, caller.id), events: updatedEvents(summaries, caller.id) };
      });
    } catch (error) {
      // Both people opened the chat at once: the other request made it.
      const made = violatedUniqueIndex(error) !== undefined && (await repo.findDirectChat(db, key));
      if (!made) throw error;
      return summaryFor(db, made, caller.id);
    }
  }

  async function createGroup(caller: AuthUser, title: string, memberIds: number[]): Promise<ChatSummary> {
    const others = unique(memberIds).filter((id) => id !== caller.id);
    if (others.length === 0) throw validationError({ member_ids: ErrorText.chatNoMembers });
    await assertContacts(caller, others, "member_ids");
    return change(async (tx) => {
      const chat = await repo.insertChat(tx, { kind: "group", title, directKey: null, createdBy: caller.id });
      await repo.addMembers(tx, chat.id, [caller.id, ...others], 0);
      const summaries = await summariesOf(tx, chat);
      const mine = summaries.get(caller.id);
      if (!mine) throw chatNotFound();
      return { result: mine, events: updatedEvents(summaries, caller.id) };
    });
  }

  return {
    /** GET chats: the caller's channel number first, then the chats, in a fixed number of queries. */
    async list(caller: AuthUser): Promise<ChatList> {
      const seq = await currentSeq(db, "main", String(caller.id));
      const chats = await repo.chatsOfUser(db, caller.id);
      const views = await loadViews(db, chats);
      const states = await repo.memberStates(
        db,
        chats.map((c) => c.id),
        caller.id,
      );
      const online = await onlineSet();
      const summaries: ChatSummary[] = [];
      for (const state of states) {
        const view = views.get(state.chatId);
        if (view) summaries.push(chatSummary(view, state, online));
      }
      return { seq, chats: summaries.sort(compareChats) };
    },

    async contacts(caller: AuthUser): Promise<ChatUser[]> {
      return (await repo.findContacts(db, caller)).map(chatUser).sort(byName);
    },

    create(caller: AuthUser, body: CreateChatBody): Promise<ChatSummary> {
      return body.kind === "direct"
        ? createDirect(caller, body.user_id)
        : createGroup(caller, body.title, body.member_ids);
    },

    /** Rename a group, add members to it (any member may); CHAT_UPDATED to every member when it changed. */
    update(caller: AuthUser, uuid: string, body: { title?: string; add_member_ids?: number[] }): Promise<ChatSummary> {
      return change(async (tx) => {
        let chat = await lockMemberChat(tx, uuid, caller.id);
        const adding = body.add_member_ids ?? [];
        if (chat.kind === "direct" && (body.title !== undefined || adding.length > 0)) {
          throw validationError({ [body.title !== undefined ? "title" : "add_member_ids"]: ErrorText.chatDirectFixed });
        }
        let changed = false;
        if (body.title !== undefined && body.title !== chat.title) {
          await repo.setChatTitle(tx, chat.id, body.title);
          chat = { ...chat, title: body.title };
          changed = true;
        }
        if (adding.length > 0) {
          const current = new Set(await repo.memberIdsOf(tx, chat.id));
          const newcomers = unique(adding).filter((id) => !current.has(id));
          await assertContacts(caller, newcomers, "add_member_ids", tx);
          if (current.size + newcomers.length > CHAT_GROUP_MEMBERS_MAX + 1) {
            throw validationError({ add_member_ids: ErrorText.chatTooManyMembers });
          }
          // Newcomers see the history, but as read: their unread count starts at 0.
          await repo.addMembers(tx, chat.id, newcomers, await repo.newestMessageId(tx, chat.id));
          changed ||= newcomers.length > 0;
        }
        const summaries = await summariesOf(tx, chat);
        const mine = summaries.get(caller.id);
        if (!mine) throw chatNotFound();
        return { result: mine, events: changed ? updatedEvents(summaries, caller.id) : [] };
      });
    },

    async history(caller: AuthUser, uuid: string, beforeId: number | undefined, limit: number) {
      const chat = await memberChat(uuid, caller.id);
      const rows = await repo.historyPage(db, chat.id, beforeId, limit + 1);
      return { messages: await messagesOf(db, rows.slice(0, limit)), has_more: rows.length > limit };
    },

    async search(caller: AuthUser, uuid: string, q: string): Promise<ChatMessage[]> {
      const chat = await memberChat(uuid, caller.id);
      return messagesOf(db, await repo.searchMessages(db, chat.id, q, CHAT_SEARCH_MAX_RESULTS));
    },

    /**
     * A new message: CHAT_MESSAGE to every member with their unread count after it; sending marks
     * the chat read for its author. A resend with the same client_id returns the first message.
     */
    async send(caller: AuthUser, uuid: string, body: SendChatMessageBody): Promise<ChatMessage> {
      const clientId = body.client_id;
      try {
        return await change(async (tx) => {
          const chat = await lockMemberChat(tx, uuid, caller.id);
          const first = clientId === undefined ? undefined : await repo.findByClientId(tx, caller.id, clientId);
          if (first) return { result: await messageOf(tx, first), events: [] };
          if (body.reply_to_id !== undefined) {
            const quoted = await repo.findMessage(tx, body.reply_to_id);
            if (!quoted || quoted.chatId !== chat.id || quoted.deletedAt !== null) {
              throw validationError({ reply_to_id: ErrorText.chatReplyMissing });
            }
          }
          const id = await repo.insertMessage(tx, {
            chatId: chat.id,
            senderId: caller.id,
            content: body.content,
            replyToId: body.reply_to_id ?? null,
            clientId: clientId ?? null,
          });
          // Another's file or one already attached: 400, and the whole send rolls back.
          await claimForMessage(tx, caller.id, id, body.attachment_uuids);
          await repo.advanceReadMark(tx, chat.id, caller.id, id);
          const row = await repo.findMessage(tx, id);
          if (!row) throw chatNotFound();
          const message = await messageOf(tx, row);
          const states = await repo.memberStates(tx, [chat.id]);
          const events = mainEvents(
            states.map((s) => ({
              userId: s.userId,
              message: {
                msg_type: "CHAT_MESSAGE",
                user_id: caller.id,
                chat: chat.uuid,
                data: message.content,
                sender: message.sender,
                sender_name: message.sender_name,
                date: message.date,
                application: message.application,
                unread_count: s.unread,
                message,
              },
            })),
          );
          return { result: message, events };
        });
      } catch (error) {
        // The same send arrived twice at once (in another chat's lock): the first one stands.
        const first =
          clientId !== undefined &&
          violatedUniqueIndex(error) !== undefined &&
          (await repo.findByClientId(db, caller.id, clientId));
        if (!first) throw error;
        return messageOf(db, first);
      }
    },

    /** The author edits: CHAT_MESSAGE_EDITED to every member (and the pinned list when it is pinned). */
    edit(caller: AuthUser, id: number, content: string): Promise<ChatMessage> {
      return change(async (tx) => {
        const { chat, message: before } = await lockMessage(tx, id, caller.id);
        assertMayEdit(caller, before.senderId);
        if (before.deletedAt !== null) throw messageDeleted();
        await repo.editMessage(tx, id, content);
        const row = await repo.findMessage(tx, id);
        if (!row) throw chatNotFound();
        const message = await messageOf(tx, row);
        const memberIds = await repo.memberIdsOf(tx, chat.id);
        const events = toMembers(memberIds, {
          msg_type: "CHAT_MESSAGE_EDITED",
          user_id: caller.id,
          chat: chat.uuid,
          message,
          last_message: await newLastMessage(tx, chat.id),
        });
        if (message.pinned) {
          const data = await pinnedList(tx, chat.id);
          events.push(
            ...toMembers(memberIds, { msg_type: "CHAT_PINNED_MESSAGES", user_id: caller.id, chat: chat.uuid, data }),
          );
        }
        return { result: message, events };
      });
    },

    /** Soft delete by the author or a moderator: CHAT_MESSAGE_DELETED per member (and the pinned list). */
    async remove(caller: AuthUser, id: number): Promise<void> {
      await change(async (tx) => {
        const { chat, message } = await lockMessage(tx, id, caller.id);
        assertMayDelete(caller, message.senderId);
        if (message.deletedAt !== null) return { result: undefined, events: [] };
        await repo.softDeleteMessage(tx, id);
        // Its files go with its text: nobody downloads them any more.
        await deleteMessageAttachments(tx, id);
        const last = await newLastMessage(tx, chat.id);
        const states = await repo.memberStates(tx, [chat.id]);
        const events = mainEvents(
          states.map((s) => ({
            userId: s.userId,
            message: {
              msg_type: "CHAT_MESSAGE_DELETED",
              user_id: caller.id,
              chat: chat.uuid,
              message_id: id,
              unread_count: s.unread,
              last_message: last,
            },
          })),
        );
        if (message.pinnedAt !== null) {
          const data = await pinnedList(tx, chat.id);
          events.push(
            ...toMembers(
              states.map((s) => s.userId),
              { msg_type: "CHAT_PINNED_MESSAGES", user_id: caller.id, chat: chat.uuid, data },
            ),
          );
        }
        return { result: undefined, events };
      });
    },

    /** Any member pins or unpins: the full pinned list, newest pin first, to every member when it changed. */
    pin(caller: AuthUser, id: number, pinned: boolean): Promise<ChatPinnedMessage[]> {
      return change(async (tx) => {
        const { chat, message } = await lockMessage(tx, id, caller.id);
        if (pinned && message.deletedAt !== null) throw messageDeleted();
        const changed = await repo.setPinned(tx, id, pinned);
        const data = await pinnedList(tx, chat.id);
        const events = changed
          ? toMembers(await repo.memberIdsOf(tx, chat.id), {
              msg_type: "CHAT_PINNED_MESSAGES",
              user_id: caller.id,
              chat: chat.uuid,
              data,
            })
          : [];
        return { result: data, events };
      });
    },

    /**
     * Moves the caller's read mark forward (never back, never past the newest message); CHAT_READ
     * to the caller's own channel, so that their other tabs and devices follow.
     */
    read(caller: AuthUser, uuid: string, lastReadId: number) {
      return change(async (tx) => {
        const chat = await lockMemberChat(tx, uuid, caller.id);
        const [before] = await repo.memberStates(tx, [chat.id], caller.id);
        if (!before) throw chatNotFound();
        const target = Math.min(lastReadId, await repo.newestMessageId(tx, chat.id));
        if (target <= before.lastReadId) {
          return { result: { last_read_id: before.lastReadId, unread_count: before.unread }, events: [] };
        }
        await repo.advanceReadMark(tx, chat.id, caller.id, target);
        const [after] = await repo.memberStates(tx, [chat.id], caller.id);
        if (!after) throw chatNotFound();
        const result = { last_read_id: after.lastReadId, unread_count: after.unread };
        const events = mainEvents([
          { userId: caller.id, message: { msg_type: "CHAT_READ", user_id: caller.id, chat: chat.uuid, ...result } },
        ]);
        return { result, events };
      });
    },

    /** «печатает…» to the other members' main sockets; not stored, not numbered. */
    async typing(caller: AuthUser, uuid: string): Promise<void> {
      const chat = await memberChat(uuid, caller.id);
      const person = await repo.findPerson(db, caller.id);
      if (!person) throw chatNotFound();
      const { name } = chatUser(person);
      const others = (await repo.memberIdsOf(db, chat.id)).filter((id) => id !== caller.id);
      await Promise.all(
        others.map((id) =>
          realtime.publish(
            "main",
            { msg_type: "CHAT_TYPING", user_id: caller.id, chat: chat.uuid, sender_name: name },
            topicOf("main", id),
          ),
        ),
      );
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
