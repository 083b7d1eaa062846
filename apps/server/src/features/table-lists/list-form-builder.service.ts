import type { FormDefinition, formElementInputSchema } from "@nadoy/contract/lists";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { validationError } from "../../platform/errors.ts";
import { formLabel, formPlainText } from "./form-html.ts";
import { assertMayManage } from "./list-access.ts";
import * as forms from "./list-forms.repository.ts";
import * as repo from "./lists.repository.ts";
import type { ListsService } from "./lists.service.ts";

type ElementInput = z.output<typeof formElementInputSchema>;

export const FormBuilderText = {
  blockWithColumn: "У текстового блока или ссылки не может быть столбца",
  fieldWithoutColumn: "Выберите столбец для поля",
  foreignColumn: "Такого столбца нет в этом списке",
  columnTwice: "Этот столбец уже есть в форме",
  badLink: "Укажите ссылку, начинающуюся с http:// или https://",
  noField: "Добавьте в форму хотя бы одно поле",
} as const;

/**
 * A link block's target: an absolute http(s) URL, or a path of this site ("/personal-data-agreement",
 * as the demo form has; never "//host", which leaves the site).
 */
export function isFormLink(text: string): boolean {
  const value = text.trim();
  if (/^\/(?!\/)[^\s\\]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Errors keyed `elements.<index>`: the rules of the contract's saveFormRoute. */
export function checkElements(elements: readonly ElementInput[], columnUuids: ReadonlySet<string>) {
  const errors: Record<string, string> = {};
  const used = new Set<string>();
  elements.forEach((e, i) => {
    const key = `elements.${i}`;
    if (e.type_form_element !== null) {
      if (e.column_uuid !== null) errors[key] = FormBuilderText.blockWithColumn;
      else if (e.type_form_element === "link_block" && !isFormLink(e.label_data)) errors[key] = FormBuilderText.badLink;
      return;
    }
    if (e.column_uuid === null) errors[key] = FormBuilderText.fieldWithoutColumn;
    else if (!columnUuids.has(e.column_uuid)) errors[key] = FormBuilderText.foreignColumn;
    else if (used.has(e.column_uuid)) errors[key] = FormBuilderText.columnTwice;
    else used.add(e.column_uuid);
  });
  return errors;
}

/** The form builder: read (any member), save and publish (those who manage lists). */
export function createFormBuilderService(db: Db, lists: ListsService) {
  /** The form as stored, its HTML sanitised as on save (a form saved before that is served clean too). */
  async function definition(tx: Db, form: forms.FormRecord): Promise<FormDefinition> {
    const elements = await forms.findElements(tx, form.id);
    return {
      uuid_link: form.uuidLink,
      published: form.published,
      form_header: formPlainText(form.formHeader),
      conclusion: formPlainText(form.conclusion),
      elements: elements.map((e, order) => ({
        column_uuid: e.columnUuid,
        type_form_element: e.typeFormElement,
        label_data: formLabel(e.typeFormElement, e.labelData),
        place_holder: e.placeHolder,
        mandatory_filling: e.mandatoryFilling,
        not_empty: e.notEmpty,
        order,
      })),
    };
  }

  return {
    async get(caller: AuthUser, listUuid: string): Promise<FormDefinition> {
      const ref = await lists.visibleList(caller, { listUuid });
      return definition(db, await forms.ensureForm(db, ref.id));
    },

    /**
     * Header, conclusion and every element replaced in one transaction; 400 keyed elements.<index>.
     * Stored sanitised (form-html.ts): plain header and conclusion, the form's formatting in text.
     */
    async save(
      caller: AuthUser,
      listUuid: string,
      body: { form_header: string; conclusion: string; elements: ElementInput[] },
    ): Promise<FormDefinition> {
      const ref = await lists.visibleList(caller, { listUuid });
      assertMayManage(caller);
      const { elements } = body;
      const saved = await db.transaction(async (tx) => {
        await repo.lockList(tx, ref.id);
        const columns = await repo.findColumns(tx, ref.id);
        const errors = checkElements(elements, new Set(columns.map((c) => c.uuid)));
        if (Object.keys(errors).length > 0) throw validationError(errors);
        const form = await forms.ensureForm(tx, ref.id);
        if (form.published && !elements.some((e) => e.column_uuid !== null)) {
          throw validationError({ elements: FormBuilderText.noField }, FormBuilderText.noField);
        }
        const [formHeader, conclusion] = [formPlainText(body.form_header), formPlainText(body.conclusion)];
        await forms.updateForm(tx, form.id, { formHeader, conclusion });
        await forms.replaceElements(
          tx,
          form.id,
          elements.map((e) => ({
            columnUuid: e.column_uuid,
            typeFormElement: e.type_form_element,
            labelData: e.type_form_element === "link_block" ? e.label_data.trim() : formLabel(null, e.label_data),
            placeHolder: e.place_holder,
            mandatoryFilling: e.mandatory_filling,
            notEmpty: e.not_empty,
          })),
        );
        await repo.touchList(tx, ref.id);
        return definition(tx, { ...form, formHeader, conclusion });
      });
      lists.changed(ref, caller.id);
      return saved;
    },

    /** Publishing needs at least one field; the link stays the same across unpublish and publish. */
    async publish(caller: AuthUser, listUuid: string, published: boolean): Promise<FormDefinition> {
      const ref = await lists.visibleList(caller, { listUuid });
      assertMayManage(caller);
      const result = await db.transaction(async (tx) => {
        await repo.lockList(tx, ref.id);
        const form = await forms.ensureForm(tx, ref.id);
        if (published) {
          const elements = await forms.findElements(tx, form.id);
          if (!elements.some((e) => e.columnUuid !== null)) {
            throw validationError({ published: FormBuilderText.noField }, FormBuilderText.noField);
          }
        }
        await forms.updateForm(tx, form.id, { published });
        await repo.touchList(tx, ref.id);
        return definition(tx, { ...form, published });
      });
      lists.changed(ref, caller.id);
      return result;
    },
  };
}
