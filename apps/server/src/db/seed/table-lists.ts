import type { ColumnType, TagOption } from "@nadoy/contract/form-values";
import type { FormBlockType } from "@nadoy/contract/table-lists";
import type { Db } from "../client.ts";
import { listColumns, listFormElements, listForms, lists } from "../schema/index.ts";

export const FEEDBACK_FORM_LINK = "11111111-2222-4333-8444-555555555555";
export const FEEDBACK_LIST_NAME = "Обратная связь с фермы";
export const FEEDBACK_FORM_HEADER = "Обратная связь с фермы";
export const FEEDBACK_FORM_CONCLUSION = "Спасибо! Ваше сообщение получено.";

export const FEEDBACK_TOPICS: TagOption[] = [
  { name: "Кормление", color: "green" },
  { name: "Здоровье стада", color: "red" },
  { name: "Доение", color: "blue" },
  { name: "Техника", color: "orange" },
];
export const FEEDBACK_FARMS: TagOption[] = [
  { name: "МТФ «Заря-1»", color: "geekblue" },
  { name: "МТФ «Рассвет»", color: "purple" },
];

/** The feedback form's fields, in form order; `key` names each for tests. */
const FIELDS: {
  key: string;
  name: string;
  type: ColumnType;
  placeHolder: string;
  mandatory?: boolean;
  notEmpty?: boolean;
  options?: TagOption[];
  label?: string;
}[] = [
  {
    key: "name",
    name: "Как к вам обращаться",
    type: "text",
    placeHolder: "Введите текст",
    mandatory: true,
    notEmpty: true,
  },
  { key: "phone", name: "Телефон", type: "telephone", placeHolder: "Введите телефон" },
  { key: "date", name: "Дата события", type: "date_picker", placeHolder: "Выберите дату" },
  { key: "herd", name: "Поголовье дойного стада, гол.", type: "number", placeHolder: "Введите число" },
  { key: "sick", name: "Доля коров с маститом, %", type: "percent", placeHolder: "Введите процент" },
  { key: "photo", name: "Ссылка на фото или видео", type: "ref", placeHolder: "Введите ссылку" },
  { key: "topics", name: "Темы обращения", type: "tag", placeHolder: "Выберите элемент", options: FEEDBACK_TOPICS },
  { key: "farm", name: "Ферма", type: "select", placeHolder: "Выберите элемент", options: FEEDBACK_FARMS },
  { key: "message", name: "Сообщение", type: "text", placeHolder: "Введите текст", notEmpty: true },
  {
    key: "consent",
    name: "Согласен на обработку персональных данных",
    type: "checkbox",
    placeHolder: "",
    mandatory: true,
  },
];

export interface SeedFeedbackListOptions {
  /** Default FEEDBACK_FORM_LINK (the demo link); tests give other lists links of their own. */
  uuidLink?: string;
  /** Default true. */
  published?: boolean;
  name?: string;
}

/**
 * A list «Обратная связь с фермы» with a form using every field type, a mandatory field, a text
 * block and a link block. Returns the list, the form and the column uuids by field key.
 */
export async function seedFeedbackList(
  db: Db,
  companyId: number,
  creatorId: number | null,
  options: SeedFeedbackListOptions = {},
) {
  return db.transaction(async (tx) => {
    const [list] = await tx
      .insert(lists)
      .values({ companyId, name: options.name ?? FEEDBACK_LIST_NAME, createdBy: creatorId })
      .returning();
    if (!list) throw new Error("list insert returned nothing");
    const columnRows = await tx
      .insert(listColumns)
      .values(
        FIELDS.map((f, i) => ({ listId: list.id, name: f.name, type: f.type, order: i + 1, options: f.options ?? [] })),
      )
      .returning();
    const columns: Record<string, string> = {};
    FIELDS.forEach((f, i) => {
      const row = columnRows[i];
      if (row) columns[f.key] = row.uuid;
    });
    const [form] = await tx
      .insert(listForms)
      .values({
        listId: list.id,
        uuidLink: options.uuidLink ?? FEEDBACK_FORM_LINK,
        published: options.published ?? true,
        formHeader: FEEDBACK_FORM_HEADER,
        conclusion: FEEDBACK_FORM_CONCLUSION,
      })
      .returning();
    if (!form) throw new Error("form insert returned nothing");
    const block = (type: FormBlockType, labelData: string, order: number) => ({
      formId: form.id,
      columnUuid: null,
      typeFormElement: type,
      labelData,
      order,
    });
    // Inserted out of order on purpose: the form answers them by `order`.
    await tx.insert(listFormElements).values([
      ...FIELDS.map((f, i) => ({
        formId: form.id,
        columnUuid: columns[f.key] ?? null,
        labelData: f.label ?? "",
        mandatoryFilling: f.mandatory ?? false,
        notEmpty: f.notEmpty ?? false,
        placeHolder: f.placeHolder,
        order: (i + 1) * 10,
      })),
      block(
        "text_block",
        "<p>Расскажите, что происходит на ферме: кормление, здоровье стада, доение или техника. Мы ответим в течение рабочего дня.</p>",
        5,
      ),
      block("link_block", "/personal-data-agreement", (FIELDS.length - 1) * 10 + 5),
    ]);
    return { list, form, columns };
  });
}
