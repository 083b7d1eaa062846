import { ATTACHMENT_UNCLAIMED_HOURS, ATTACHMENTS_PER_ITEM_MAX, type Attachment } from "@nadoy/contract/attachments";
import { and, asc, count, eq, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { attachments } from "../../db/schema/index.ts";
import { validationError } from "../errors.ts";

// The SQL of files on chat messages, tasks and instructions that chat, boards and instructions share
// (contract attachments.ts): claiming uploaded files inside the caller's transaction, listing them
// for many owners at once, removing them. Who may download a file is features/attachments' business.

/** One answer for every file that cannot be claimed: missing, someone else's, already attached. */
export const ATTACHMENT_CLAIM_TEXT = "Файл не найден или уже прикреплён: загрузите его ещё раз";
export const ATTACHMENTS_TOO_MANY_TEXT = `Можно прикрепить не больше ${ATTACHMENTS_PER_ITEM_MAX} файлов`;

/** The field is no input the user sees: the message says it all. */
const refused = (text: string) => validationError({ attachment_uuids: text }, text);

const fileColumns = { uuid: attachments.uuid, name: attachments.name, size: attachments.size, mime: attachments.mime };

/** Attached to nothing yet: no message, no task, no instruction (attachments_unclaimed_idx). */
const unclaimed = and(isNull(attachments.chatMessageId), isNull(attachments.taskId), isNull(attachments.instructionId));

/**
 * Sets the owner of the caller's own unattached files `uuids`, placed in the order given from
 * `firstPosition` on. Any uuid that is not such a file → 400 on attachment_uuids; the caller's
 * transaction then rolls back, so nothing is written. Two claims of one file at once: the row lock
 * makes the second see it attached.
 */
async function claim(
  tx: Db,
  uploaderId: number,
  uuids: readonly string[],
  owner: { chatMessageId: number } | { taskId: number } | { instructionId: number },
  firstPosition: number,
): Promise<void> {
  const wanted = [...new Set(uuids)];
  if (wanted.length === 0) return;
  const position = sql<number>`case ${attachments.uuid} ${sql.join(
    wanted.map((uuid, i) => sql`when ${uuid}::uuid then ${firstPosition + i}::int`),
    sql` `,
  )} end`;
  const claimed = await tx
    .update(attachments)
    .set({ ...owner, position })
    .where(and(inArray(attachments.uuid, wanted), eq(attachments.uploaderId, uploaderId), unclaimed))
    .returning({ id: attachments.id });
  if (claimed.length !== wanted.length) throw refused(ATTACHMENT_CLAIM_TEXT);
}

/** Attaches the sender's uploaded files to a new message, in the order given. */
export function claimForMessage(tx: Db, uploaderId: number, messageId: number, uuids: readonly string[]) {
  return claim(tx, uploaderId, uuids, { chatMessageId: messageId }, 0);
}

/**
 * Attaches the caller's uploaded files to a task after the ones it has; at most
 * ATTACHMENTS_PER_ITEM_MAX in all (400 beyond). Call with the task's board locked.
 */
export async function claimForTask(tx: Db, uploaderId: number, taskId: number, uuids: readonly string[]) {
  const [row] = await tx
    .select({ n: count(), last: sql<number | null>`max(${attachments.position})` })
    .from(attachments)
    .where(eq(attachments.taskId, taskId));
  const has = Number(row?.n ?? 0);
  if (has + new Set(uuids).size > ATTACHMENTS_PER_ITEM_MAX) {
    throw refused(ATTACHMENTS_TOO_MANY_TEXT);
  }
  const next = row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
  await claim(tx, uploaderId, uuids, { taskId }, next);
}

/**
 * Makes `uuids` the instruction's files, in that order: the ones it has stay, the caller's own
 * unattached uploads are claimed (anything else → 400 on attachment_uuids, nothing written once the
 * caller's transaction rolls back), and the files it had that are not named are deleted. Call with
 * the instruction locked.
 */
export async function setInstructionAttachments(
  tx: Db,
  uploaderId: number,
  instructionId: number,
  uuids: readonly string[],
): Promise<void> {
  const wanted = [...new Set(uuids)];
  const current = await tx
    .select({ uuid: attachments.uuid })
    .from(attachments)
    .where(eq(attachments.instructionId, instructionId));
  const had = new Set(current.map((row) => row.uuid));
  const dropped = [...had].filter((uuid) => !wanted.includes(uuid));
  if (dropped.length > 0) {
    await tx
      .delete(attachments)
      .where(and(eq(attachments.instructionId, instructionId), inArray(attachments.uuid, dropped)));
  }
  const added = wanted.filter((uuid) => !had.has(uuid));
  await claim(tx, uploaderId, added, { instructionId }, 0);
  if (wanted.length === 0) return;
  const position = sql<number>`case ${attachments.uuid} ${sql.join(
    wanted.map((uuid, i) => sql`when ${uuid}::uuid then ${i}::int`),
    sql` `,
  )} end`;
  await tx
    .update(attachments)
    .set({ position })
    .where(and(eq(attachments.instructionId, instructionId), inArray(attachments.uuid, wanted)));
}

type OwnerColumn = typeof attachments.chatMessageId | typeof attachments.taskId | typeof attachments.instructionId;

/** The files of many owners in one query, each owner's in place order (then upload order). */
async function filesOf(db: Db, column: OwnerColumn, ids: number[]) {
  const byOwner = new Map<number, Attachment[]>();
  if (ids.length === 0) return byOwner;
  const rows = await db
    .select({ ownerId: column, ...fileColumns })
    .from(attachments)
    .where(inArray(column, ids))
    .orderBy(asc(attachments.position), asc(attachments.id));
  for (const { ownerId, ...file } of rows) {
    if (ownerId === null) continue;
    const list = byOwner.get(ownerId);
    if (list) list.push(file);
    else byOwner.set(ownerId, [file]);
  }
  return byOwner;
}

/** Files of these messages, by message id (messages without files are absent). */
export function attachmentsOfMessages(db: Db, messageIds: readonly number[]): Promise<Map<number, Attachment[]>> {
  return filesOf(db, attachments.chatMessageId, [...new Set(messageIds)]);
}

/** Files of these tasks, by task id, oldest first (tasks without files are absent). */
export function attachmentsOfTasks(db: Db, taskIds: readonly number[]): Promise<Map<number, Attachment[]>> {
  return filesOf(db, attachments.taskId, [...new Set(taskIds)]);
}

/** Files of these instructions, by instruction id, in the editor's order (those without files are absent). */
export function attachmentsOfInstructions(
  db: Db,
  instructionIds: readonly number[],
): Promise<Map<number, Attachment[]>> {
  return filesOf(db, attachments.instructionId, [...new Set(instructionIds)]);
}

/** How many files a task has, as SQL over the task id (for a card's count in the same query). */
export function taskAttachmentsCount(taskId: SQL): SQL<number> {
  return sql<number>`(select count(*)::int from attachments a where a.task_id = ${taskId})`.mapWith(Number);
}

/** A deleted message keeps no files: they are gone with its text. */
export async function deleteMessageAttachments(tx: Db, messageId: number): Promise<void> {
  await tx.delete(attachments).where(eq(attachments.chatMessageId, messageId));
}

/** Removes a file from the task (and the database); false when the task has no such file. */
export async function deleteTaskAttachment(tx: Db, taskId: number, uuid: string): Promise<boolean> {
  const deleted = await tx
    .delete(attachments)
    .where(and(eq(attachments.taskId, taskId), eq(attachments.uuid, uuid)))
    .returning({ id: attachments.id });
  return deleted.length > 0;
}

/** Deletes files nobody attached within ATTACHMENT_UNCLAIMED_HOURS; answers how many. */
export async function pruneUnclaimedAttachments(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ATTACHMENT_UNCLAIMED_HOURS * 3600_000);
  const deleted = await db
    .delete(attachments)
    .where(and(unclaimed, lt(attachments.createdAt, before)))
    .returning({ id: attachments.id });
  return deleted.length;
}
