import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import { type FormFieldRule, FormValueText, validateFormValues } from "@nadoy/contract/form-values";
import { LIST_ROWS_MAX, type ListKind } from "@nadoy/contract/lists";
import { pluralRu } from "@nadoy/contract/plural";
import type { FormElement, FormSubmitBody, TagOption } from "@nadoy/contract/table-lists";
import type { Db } from "../../db/client.ts";
import { ApiError, validationError } from "../../platform/errors.ts";
import { violatedUniqueIndex } from "../../platform/unique-violation.ts";
import { formLabel, formPlainText } from "./form-html.ts";
import type { ListChanged } from "./list-hints.ts";
import { countRows, lockList } from "./lists.repository.ts";
import { tooManyRows } from "./lists.service.ts";
import * as repo from "./table-lists.repository.ts";

const notFound = () => new ApiError(404, ErrorCode.notFound, ErrorText.notFound);

export const FORM_SUBMITTED = "Форма отправлена";

/** The app page of a list or a table (web route registry: list, tablesEdit). */
export const listPagePath = (kind: ListKind, uuid: string) =>
  kind === "table" ? `/services/tables-edit/${uuid}` : `/lists/${uuid}`;

/** The owner's notification about `answers` form answers to a list. */
export function formAnswersNotice(answers: number, listName: string, formName: string) {
  if (answers === 1) {
    return {
      title: "Новый ответ на форму",
      msg: `В список «${listName}» добавлена строка из формы «${formName}».`,
    };
  }
  const added = pluralRu(answers, ["добавлена", "добавлены", "добавлено"]);
  const rows = pluralRu(answers, ["строка", "строки", "строк"]);
  return {
    title: "Новые ответы на форму",
    msg: `В список «${listName}» ${added} ${answers} ${rows} из формы «${formName}».`,
  };
}

export function createTableListsService(db: Db, changed: ListChanged) {
  /** One new row and the owner's (batched) notice, in one transaction; nothing for a resent submission. */
  async function addAnswer(
    form: NonNullable<Awaited<ReturnType<typeof repo.findPublishedForm>>>,
    values: Record<string, unknown>,
    clientId: string | undefined,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      await lockList(tx, form.listId);
      if (clientId !== undefined && (await repo.hasSubmission(tx, clientId))) return;
      if ((await countRows(tx, form.listId)) >= LIST_ROWS_MAX) throw tooManyRows();
      await repo.appendRow(tx, form.listId, values, clientId);
      if (form.ownerId === null) return;
      const formName = formPlainText(form.formHeader) || form.listName;
      const open = await repo.findOpenFormNotification(tx, form.listId, form.ownerId);
      if (open) {
        const answers = open.answers + 1;
        await repo.updateFormNotification(tx, {
          notificationId: open.id,
          answers,
          ...formAnswersNotice(answers, form.listName, formName),
        });
      } else {
        await repo.insertFormNotification(tx, {
          listId: form.listId,
          userId: form.ownerId,
          link: listPagePath(form.listKind, form.listUuid),
          ...formAnswersNotice(1, form.listName, formName),
        });
      }
    });
    changed({ uuid: form.listUuid, companyId: form.companyId, kind: form.listKind }, null);
  }

  return {
    /**
     * Spec §3 "Form element" for each element of a published form, by order; its HTML sanitised
     * as it is on save (form-html.ts), so that a form stored before that is served clean too.
     */
    async formData(uuidLink: string): Promise<FormElement[]> {
      const form = await repo.findPublishedForm(db, uuidLink);
      if (!form) throw notFound();
      const elements = await repo.findFormElements(db, form.id);
      const [header, conclusion] = [formPlainText(form.formHeader), formPlainText(form.conclusion)];
      return elements.map((e) => ({
        column_uuid: e.columnUuid,
        type: e.columnType,
        percent_over_100: e.percentOver100 ?? false,
        name: e.columnName ?? "",
        label_data: formLabel(e.typeFormElement, e.labelData),
        mandatory_filling: e.mandatoryFilling,
        not_empty: e.notEmpty,
        type_form_element: e.typeFormElement,
        place_holder: e.placeHolder,
        order: e.order,
        form_header: header,
        conclusion,
      }));
    },

    async tags(columnUuid: string): Promise<TagOption[]> {
      const column = await repo.findPublishedTagColumn(db, columnUuid);
      if (!column) throw notFound();
      return column.options.map((o) => ({ name: o.name, color: o.color }));
    },

    /**
     * Checks every value (spec §5 and the type rules), then adds one row and tells the list's
     * owner: while the owner's last notice about this list is unread and under 10 minutes old, it
     * is updated with the new count instead of adding another (the list lock orders submissions).
     */
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
          percent_over_100: e.percentOver100 ?? false,
        });
      }
      const result = validateFormValues(fields, body.form_data);
      if (!result.ok) {
        const missing = Object.values(result.errors).some(
          (m) => m === FormValueText.mandatory || m === FormValueText.blank,
        );
        throw validationError(result.errors, missing ? FormValueText.noticeText : ErrorText.validation);
      }
      try {
        await addAnswer(form, result.values, body.client_id);
      } catch (error) {
        // The same submission sent twice at once: the other send added the row.
        if (violatedUniqueIndex(error) === undefined || body.client_id === undefined) throw error;
      }
      return { detail: FORM_SUBMITTED };
    },
  };
}
