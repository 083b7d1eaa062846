import type { FormBlockType } from "@nadoy/contract/table-lists";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { listFormElements, listForms } from "../../db/schema/index.ts";

// SQL of the form builder: a list's one form (list_forms_list_idx is unique) and its elements.

const formFields = {
  id: listForms.id,
  uuidLink: listForms.uuidLink,
  published: listForms.published,
  formHeader: listForms.formHeader,
  conclusion: listForms.conclusion,
};

export async function findForm(db: Db, listId: number) {
  const [row] = await db.select(formFields).from(listForms).where(eq(listForms.listId, listId)).limit(1);
  return row;
}
export type FormRecord = NonNullable<Awaited<ReturnType<typeof findForm>>>;

/** The list's form, created empty and unpublished (with its link uuid fixed from then on) when it has none. */
export async function ensureForm(db: Db, listId: number): Promise<FormRecord> {
  await db.insert(listForms).values({ listId }).onConflictDoNothing({ target: listForms.listId });
  const form = await findForm(db, listId);
  if (!form) throw new Error("form of the list is missing after its insert");
  return form;
}

export async function findElements(db: Db, formId: number) {
  return db
    .select({
      columnUuid: listFormElements.columnUuid,
      typeFormElement: listFormElements.typeFormElement,
      labelData: listFormElements.labelData,
      placeHolder: listFormElements.placeHolder,
      mandatoryFilling: listFormElements.mandatoryFilling,
      notEmpty: listFormElements.notEmpty,
      order: listFormElements.order,
    })
    .from(listFormElements)
    .where(eq(listFormElements.formId, formId))
    .orderBy(asc(listFormElements.order), asc(listFormElements.id));
}

export async function updateForm(
  tx: Db,
  formId: number,
  set: Partial<{ formHeader: string; conclusion: string; published: boolean }>,
): Promise<void> {
  await tx.update(listForms).set(set).where(eq(listForms.id, formId));
}

/** Replaces all elements of the form; each one's order is its index. */
export async function replaceElements(
  tx: Db,
  formId: number,
  elements: {
    columnUuid: string | null;
    typeFormElement: FormBlockType | null;
    labelData: string;
    placeHolder: string;
    mandatoryFilling: boolean;
    notEmpty: boolean;
  }[],
): Promise<void> {
  await tx.delete(listFormElements).where(eq(listFormElements.formId, formId));
  if (elements.length === 0) return;
  await tx.insert(listFormElements).values(elements.map((e, order) => ({ ...e, formId, order })));
}
