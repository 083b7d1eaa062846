import { and, asc, desc, eq, exists, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  listColumns,
  listFormElements,
  listFormNotifications,
  listForms,
  listRows,
  lists,
  notifications,
} from "../../db/schema/index.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A published form by its link, with its list's name and owner (list_forms uuid_link unique index). */
export async function findPublishedForm(db: Db, uuidLink: string) {
  const [row] = await db
    .select({
      id: listForms.id,
      listId: listForms.listId,
      formHeader: listForms.formHeader,
      conclusion: listForms.conclusion,
      listUuid: lists.uuid,
      companyId: lists.companyId,
      listKind: lists.kind,
      listName: lists.name,
      ownerId: lists.createdBy,
    })
    .from(listForms)
    .innerJoin(lists, eq(lists.id, listForms.listId))
    .where(and(eq(listForms.uuidLink, uuidLink), eq(listForms.published, true)))
    .limit(1);
  return row;
}

/** A form's elements with their columns, by order (list_form_elements_form_order_idx). */
export async function findFormElements(db: Db, formId: number) {
  return db
    .select({
      columnUuid: listFormElements.columnUuid,
      typeFormElement: listFormElements.typeFormElement,
      labelData: listFormElements.labelData,
      mandatoryFilling: listFormElements.mandatoryFilling,
      notEmpty: listFormElements.notEmpty,
      placeHolder: listFormElements.placeHolder,
      order: listFormElements.order,
      columnName: listColumns.name,
      columnType: listColumns.type,
      options: listColumns.options,
      percentOver100: listColumns.percentOver100,
    })
    .from(listFormElements)
    .leftJoin(listColumns, eq(listColumns.uuid, listFormElements.columnUuid))
    .where(eq(listFormElements.formId, formId))
    .orderBy(asc(listFormElements.order), asc(listFormElements.id));
}

/** The options of a tag or select column that is a field of some published form. */
export async function findPublishedTagColumn(db: Db, columnUuid: string) {
  const [row] = await db
    .select({ options: listColumns.options })
    .from(listColumns)
    .where(
      and(
        eq(listColumns.uuid, columnUuid),
        inArray(listColumns.type, ["tag", "select"]),
        exists(
          db
            .select({ one: sql`1` })
            .from(listFormElements)
            .innerJoin(listForms, eq(listForms.id, listFormElements.formId))
            .where(and(eq(listFormElements.columnUuid, listColumns.uuid), eq(listForms.published, true))),
        ),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Adds a row at the end of the list (order = max + 1) and marks the list changed. Call with the
 * list locked (lists.repository lockList), so that concurrent submissions to one list take their
 * turns instead of computing the same order.
 */
export async function appendRow(tx: Tx, listId: number, values: Record<string, unknown>, clientSubmissionId?: string) {
  await tx.update(lists).set({ updatedAt: sql`now()` }).where(eq(lists.id, listId));
  const [row] = await tx
    .insert(listRows)
    .values({
      listId,
      values,
      clientSubmissionId,
      order: sql`(select coalesce(max(${listRows.order}), 0) + 1 from ${listRows} where ${listRows.listId} = ${listId})`,
    })
    .returning({ id: listRows.id, uuid: listRows.uuid });
  if (!row) throw new Error("list row insert returned nothing");
  return row;
}

/** A row already added by the submission with this browser id (list_rows_client_submission_idx). */
export async function hasSubmission(tx: Tx, clientSubmissionId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: listRows.id })
    .from(listRows)
    .where(eq(listRows.clientSubmissionId, clientSubmissionId))
    .limit(1);
  return row !== undefined;
}

/** How long further answers update the owner's notification instead of adding one. */
export const FORM_NOTIFICATION_BATCH_MS = 10 * 60_000;

/**
 * The owner's notification about this list's answers that is still unread, not dismissed and
 * younger than FORM_NOTIFICATION_BATCH_MS, locked for the update that follows.
 */
export async function findOpenFormNotification(tx: Tx, listId: number, userId: number) {
  const [row] = await tx
    .select({ id: notifications.id, answers: listFormNotifications.answers })
    .from(listFormNotifications)
    .innerJoin(notifications, eq(notifications.id, listFormNotifications.notificationId))
    .where(
      and(
        eq(listFormNotifications.listId, listId),
        eq(notifications.userId, userId),
        eq(notifications.read, false),
        isNull(notifications.dismissedAt),
        gt(notifications.dt, sql`now() - make_interval(secs => ${FORM_NOTIFICATION_BATCH_MS / 1000})`),
      ),
    )
    .orderBy(desc(notifications.dt), desc(notifications.id))
    .limit(1)
    .for("update");
  return row;
}

export async function insertFormNotification(
  tx: Tx,
  input: { listId: number; userId: number; title: string; msg: string; link: string },
) {
  const [row] = await tx
    .insert(notifications)
    .values({ userId: input.userId, title: input.title, msg: input.msg, link: input.link })
    .returning({ id: notifications.id });
  if (!row) throw new Error("notification insert returned nothing");
  await tx.insert(listFormNotifications).values({ notificationId: row.id, listId: input.listId, answers: 1 });
}

export async function updateFormNotification(
  tx: Tx,
  input: { notificationId: number; answers: number; title: string; msg: string },
) {
  await tx
    .update(notifications)
    .set({ title: input.title, msg: input.msg })
    .where(eq(notifications.id, input.notificationId));
  await tx
    .update(listFormNotifications)
    .set({ answers: input.answers })
    .where(eq(listFormNotifications.notificationId, input.notificationId));
}
