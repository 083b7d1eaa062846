import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import { type FormFieldRule, FormValueText, validateFormValues } from "@nadoy/contract/form-values";
import type { FormElement, FormSubmitBody, TagOption } from "@nadoy/contract/table-lists";
import type { Db } from "../../db/client.ts";
import { ApiError, validationError } from "../../platform/errors.ts";
import * as repo from "./table-lists.repository.ts";

const notFound = () => new ApiError(404, ErrorCode.notFound, ErrorText.notFound);

export const FORM_SUBMITTED = "Форма отправлена";

export function createTableListsService(db: Db) {
  return {
    /** Spec §3 "Form element" for each element of a published form, by order. */
    async formData(uuidLink: string): Promise<FormElement[]> {
      const form = await repo.findPublishedForm(db, uuidLink);
      if (!form) throw notFound();
      const elements = await repo.findFormElements(db, form.id);
      return elements.map((e) => ({
        column_uuid: e.columnUuid,
        type: e.columnType,
        name: e.columnName ?? "",
        label_data: e.labelData,
        mandatory_filling: e.mandatoryFilling,
        not_empty: e.notEmpty,
        type_form_element: e.typeFormElement,
        place_holder: e.placeHolder,
        order: e.order,
        form_header: form.formHeader,
        conclusion: form.conclusion,
      }));
    },

    async tags(columnUuid: string): Promise<TagOption[]> {
      const column = await repo.findPublishedTagColumn(db, columnUuid);
      if (!column) throw notFound();
      return column.options.map((o) => ({ name: o.name, color: o.color }));
    },

    /** Checks every value (spec §5 and the type rules), then adds one row and tells the list's owner. */
    async submit(body: FormSubmitBody): Promise<{ detail: string }> {
      const form = await repo.findPublishedForm(db, body.uuid_link);
      if (!form) throw notFound();
      const elements = await repo.findFormElements(db, form.id);
      const fields: FormFieldRule[] = [];
      for (const e of elements) {
        if (!e.columnUuid || !e.columnType) continue;
        fields.push({
          column_uuid: e.columnUuid,
          type: e.columnType,
          mandatory_filling: e.mandatoryFilling,
          not_empty: e.notEmpty,
          options: e.options ?? [],
        });
      }
      const result = validateFormValues(fields, body.form_data);
      if (!result.ok) {
        const missing = Object.values(result.errors).some(
          (m) => m === FormValueText.mandatory || m === FormValueText.blank,
        );
        throw validationError(result.errors, missing ? FormValueText.noticeText : ErrorText.validation);
      }
      await db.transaction(async (tx) => {
        await repo.appendRow(tx, form.listId, result.values);
        if (form.ownerId !== null) {
          await repo.insertNotification(tx, {
            userId: form.ownerId,
            title: "Новый ответ на форму",
            msg: `В список «${form.listName}» добавлена строка из формы «${form.formHeader || form.listName}».`,
          });
        }
      });
      return { detail: FORM_SUBMITTED };
    },
  };
}
