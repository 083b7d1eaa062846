import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { chatMembers, chatMessages, chats, users } from "../../db/schema/index.ts";

// All SQL of chats, their members and messages. A transaction is a Db too (drizzle's PgTransaction).
// Every list query takes a set of chats, so that a page of any number of chats costs a fixed
// number of queries.

const sender = alias(users, "sender");
const reply = alias(chatMessages, "reply");
const replySender = alias(users, "reply_sender");

/** The columns of a person as chat shows them (name built by displayName). */
const personColumns = (u: typeof users) => ({
  id: u.id,
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
});
export type PersonRow = { id: number; username: string; firstName: string; lastName: string };

// ---- chats ----

const chatColumns = {
  id: chats.id,
  uuid: chats.uuid,
  kind: chats.kind,
  title: chats.title,
  application: chats.application,
};
export type ChatRow = { id: number; uuid: string; kind: "direct" | "group"; title: string; application: string | null };

/** A chat by uuid, its row locked until the transaction ends (every change to a chat takes this first). */
export async function lockChatByUuid(tx: Db, uuid: string): Promise<ChatRow | undefined> {
  const [row] = await tx.select(chatColumns).from(chats).where(eq(chats.uuid, uuid)).for("update");
  return row;
}

export async function lockChatById(tx: Db, id: number): Promise<ChatRow | undefined> {
  const [row] = await tx.select(chatColumns).from(chats).where(eq(chats.id, id)).for("update");
  return row;
}

export async function findChatByUuid(db: Db, uuid: string): Promise<ChatRow | undefined> {
  const [row] = await db.select(chatColumns).from(chats).where(eq(chats.uuid, uuid));
  return row;
}

export async function findDirectChat(db: Db, directKey: string): Promise<ChatRow | undefined> {
  const [row] = await db.select(chatColumns).from(chats).where(eq(chats.directKey, directKey));
  return row;
}

/** The chats a user is a member of. */
export async function chatsOfUser(db: Db, userId: number): Promise<ChatRow[]> {
  return db
    .select(chatColumns)
    .from(chats)
    .innerJoin(chatMembers, eq(chatMembers.chatId, chats.id))
    .where(eq(chatMembers.userId, userId));
}

export async function insertChat(
  tx: Db,
  values: { kind: "direct" | "group"; title: string; directKey: string | null; createdBy: number },
): Promise<ChatRow> {
  const [row] = await tx.insert(chats).values(values).returning(chatColumns);
  if (!row) throw new Error("chat insert returned nothing");
  return row;
}

export async function setChatTitle(tx: Db, chatId: number, title: string): Promise<void> {
  await tx.update(chats).set({ title }).where(eq(chats.id, chatId));
}

// ---- members ----

export async function isMember(db: Db, chatId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)));
  return row !== undefined;
}

/** Ids of a chat's members. */
export async function memberIdsOf(db: Db, chatId: number): Promise<number[]> {
  const rows = await db.select({ userId: chatMembers.userId }).from(chatMembers).where(eq(chatMembers.chatId, chatId));
  return rows.map((r) => r.userId);
}

/** Adds members (those already in are left as they are) with their read mark at `lastReadId`. */
export async function addMembers(tx: Db, chatId: number, userIds: readonly number[], lastReadId: number) {
  if (userIds.length === 0) return;
  await tx
    .insert(chatMembers)
    .values(userIds.map((userId) => ({ chatId, userId, lastReadId })))
    .onConflictDoNothing();
}

/** The people of these chats, per chat (unsorted). */
export async function membersOf(db: Db, chatIds: readonly number[]) {
  if (chatIds.length === 0) return [];
  return db
    .select({ chatId: chatMembers.chatId, ...personColumns(users) })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(inArray(chatMembers.chatId, [...chatIds]));
}

// Subqueries name their tables in full: drizzle leaves columns unqualified in single-table queries.
const unreadCount = sql<number>`(
  select count(*)::int from chat_messages m
  where m.chat_id = "chat_members"."chat_id"
    and m.id > "chat_members"."last_read_id"
    and m.sender_id is distinct from "chat_members"."user_id"
    and m.deleted_at is null)`;

export interface MemberState {
  chatId: number;
  userId: number;
  lastReadId: number;
  unread: number;
}

/**
 * Read mark and unread count of members of these chats: all of them, or only `userId`. Unread =
 * messages after the mark, by someone else, not deleted.
 */
export async function memberStates(db: Db, chatIds: readonly number[], userId?: number): Promise<MemberState[]> {
  if (chatIds.length === 0) return [];
  const rows = await db
    .select({
      chatId: chatMembers.chatId,
      userId: chatMembers.userId,
      lastReadId: chatMembers.lastReadId,
      unread: unreadCount,
    })
    .from(chatMembers)
    .where(
      and(inArray(chatMembers.chatId, [...chatIds]), userId === undefined ? undefined : eq(chatMembers.userId, userId)),
    );
  return rows.map((r) => ({ ...r, unread: Number(r.unread) }));
}

/** Moves a member's read mark forward to `lastReadId` (never back). */
export async function advanceReadMark(tx: Db, chatId: number, userId: number, lastReadId: number): Promise<void> {
  await tx
    .update(chatMembers)
    .set({ lastReadId: sql`greatest(${chatMembers.lastReadId}, ${lastReadId})` })
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)));
}

// ---- people ----

export async function findPerson(db: Db, userId: number): Promise<PersonRow | undefined> {
  const [row] = await db.select(personColumns(users)).from(users).where(eq(users.id, userId));
  return row;
}

/**
 * Active users the caller may start a chat with: members of a company the caller belongs to
 * (superusers: everyone), never the caller; only `among` when given.
 */
export async function findContacts(
  db: Db,
  caller: { id: number; isSuperuser: boolean },
  among?: readonly number[],
): Promise<PersonRow[]> {
  if (among !== undefined && among.length === 0) return [];
  const sharesCompany = sql`exists (
    select 1 from company_memberships theirs
    join company_memberships mine on mine.company_id = theirs.company_id and mine.user_id = ${caller.id}
    where theirs.user_id = "users"."id")`;
  return db
    .select(personColumns(users))
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        ne(users.id, caller.id),
        caller.isSuperuser ? undefined : sharesCompany,
        among === undefined ? undefined : inArray(users.id, [...among]),
      ),
    );
}

// ---- messages ----

const messageColumns = {
  id: chatMessages.id,
  chatId: chatMessages.chatId,
  chatUuid: chats.uuid,
  senderId: chatMessages.senderId,
  senderUsername: sender.username,
  senderFirstName: sender.firstName,
  senderLastName: sender.lastName,
  content: chatMessages.content,
  createdAt: chatMessages.createdAt,
  editedAt: chatMessages.editedAt,
  deletedAt: chatMessages.deletedAt,
  pinnedAt: chatMessages.pinnedAt,
  application: chatMessages.application,
  replyId: reply.id,
  replyContent: reply.content,
  replyDeletedAt: reply.deletedAt,
  replyUsername: replySender.username,
  replyFirstName: replySender.firstName,
  replyLastName: replySender.lastName,
};

function selectMessages(db: Db) {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .leftJoin(sender, eq(sender.id, chatMessages.senderId))
    .leftJoin(reply, eq(reply.id, chatMessages.replyToId))
    .leftJoin(replySender, eq(replySender.id, reply.senderId));
}
export type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

export async function findMessage(db: Db, id: number): Promise<MessageRow | undefined> {
  const [row] = await selectMessages(db).where(eq(chatMessages.id, id));
  return row;
}

/** A page of history, newest first: at most `limit` messages with id below `beforeId`. */
export async function historyPage(db: Db, chatId: number, beforeId: number | undefined, limit: number) {
  return selectMessages(db)
    .where(and(eq(chatMessages.chatId, chatId), beforeId === undefined ? undefined : lt(chatMessages.id, beforeId)))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
}

/** The newest message that is not deleted, per chat. */
export async function lastMessages(db: Db, chatIds: readonly number[]): Promise<MessageRow[]> {
  if (chatIds.length === 0) return [];
  const newest = db
    .selectDistinctOn([chatMessages.chatId], { id: chatMessages.id })
    .from(chatMessages)
    .where(and(inArray(chatMessages.chatId, [...chatIds]), isNull(chatMessages.deletedAt)))
    .orderBy(chatMessages.chatId, desc(chatMessages.id));
  return selectMessages(db).where(inArray(chatMessages.id, newest));
}

/** Pinned messages of these chats, newest pin first. */
export async function pinnedMessages(db: Db, chatIds: readonly number[]): Promise<MessageRow[]> {
  if (chatIds.length === 0) return [];
  return selectMessages(db)
    .where(and(inArray(chatMessages.chatId, [...chatIds]), isNotNull(chatMessages.pinnedAt)))
    .orderBy(desc(chatMessages.pinnedAt), desc(chatMessages.id));
}

/** Russian full-text search in one chat: best rank first, newest on ties (deleted messages have no words). */
export async function searchMessages(db: Db, chatId: number, q: string, limit: number): Promise<MessageRow[]> {
  const query = sql`websearch_to_tsquery('russian', ${q})`;
  return selectMessages(db)
    .where(and(eq(chatMessages.chatId, chatId), sql`${chatMessages.search} @@ ${query}`))
    .orderBy(sql`ts_rank(${chatMessages.search}, ${query}) desc`, desc(chatMessages.id))
    .limit(limit);
}

/** The message a sender sent with this client id, if any. */
export async function findByClientId(db: Db, senderId: number, clientId: string): Promise<MessageRow | undefined> {
  const [row] = await selectMessages(db).where(
    and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientId, clientId)),
  );
  return row;
}

/** Id of a chat's newest message (0 when it has none). */
export async function newestMessageId(db: Db, chatId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${chatMessages.id})` })
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chatId));
  return Number(row?.id ?? 0);
}

export async function insertMessage(
  tx: Db,
  values: {
    chatId: number;
    senderId: number;
    content: string;
    replyToId: number | null;
    clientId: string | null;
    application?: string | null;
    createdAt?: Date;
  },
): Promise<number> {
  const [row] = await tx.insert(chatMessages).values(values).returning({ id: chatMessages.id });
  if (!row) throw new Error("message insert returned nothing");
  return row.id;
}

export async function editMessage(tx: Db, id: number, content: string): Promise<void> {
  await tx.update(chatMessages).set({ content, editedAt: sql`now()` }).where(eq(chatMessages.id, id));
}

/** Soft delete: the text goes, the row stays (replies keep their place), and it is unpinned. */
export async function softDeleteMessage(tx: Db, id: number): Promise<void> {
  await tx
    .update(chatMessages)
    .set({ content: "", deletedAt: sql`now()`, pinnedAt: null })
    .where(eq(chatMessages.id, id));
}

/** Pins (now) or unpins a message; answers whether it changed. */
export async function setPinned(tx: Db, id: number, pinned: boolean): Promise<boolean> {
  const changed = await tx
    .update(chatMessages)
    .set({ pinnedAt: pinned ? sql`clock_timestamp()` : null })
    .where(and(eq(chatMessages.id, id), pinned ? isNull(chatMessages.pinnedAt) : isNotNull(chatMessages.pinnedAt)))
    .returning({ id: chatMessages.id });
  return changed.length > 0;
}
