import { and, asc, eq, exists, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { listColumns, listFormElements, listForms, listRows, lists, notifications } from "../../db/schema/index.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A published form by its link, with its list's name and owner (list_forms uuid_link unique index). */
export async function findPublishedForm(db: Db, uuidLink: string) {
  const [row] = await db
    .select({
      id: listForms.id,
      listId: listForms.listId,
      formHeader: listForms.formHeader,
      conclusion: listForms.conclusion,
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
 * Adds a row at the end of the list (order = max + 1). The list row is locked first, so that
 * concurrent submissions to one list take their turns instead of computing the same order.
 */
export async function appendRow(tx: Tx, listId: number, values: Record<string, unknown>) {
  await tx.select({ id: lists.id }).from(lists).where(eq(lists.id, listId)).for("update");
  const [row] = await tx
    .insert(listRows)
    .values({
      listId,
      values,
      order: sql`(select coalesce(max(${listRows.order}), 0) + 1 from ${listRows} where ${listRows.listId} = ${listId})`,
    })
    .returning({ id: listRows.id, uuid: listRows.uuid });
  if (!row) throw new Error("list row insert returned nothing");
  return row;
}

export async function insertNotification(tx: Tx, input: { userId: number; title: string; msg: string }) {
  await tx.insert(notifications).values({ userId: input.userId, title: input.title, msg: input.msg, link: null });
}
