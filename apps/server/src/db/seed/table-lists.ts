import type { ColumnType, TagOption } from "@nadoy/contract/form-values";
import type { ListKind } from "@nadoy/contract/lists";
import type { FormBlockType } from "@nadoy/contract/table-lists";
import type { Db } from "../client.ts";
import { listColumns, listFormElements, listForms, listRows, lists } from "../schema/index.ts";

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
    /** `text`: a link block's visible text (its place_holder). */
    const block = (type: FormBlockType, labelData: string, order: number, text = "") => ({
      formId: form.id,
      columnUuid: null,
      typeFormElement: type,
      labelData,
      placeHolder: text,
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
      block(
        "link_block",
        "/personal-data-agreement",
        (FIELDS.length - 1) * 10 + 5,
        "Согласие на обработку персональных данных",
      ),
    ]);
    return { list, form, columns };
  });
}

/** Three answers as if sent through the demo form, so that the list's grid is not empty. */
export async function seedFeedbackExamples(db: Db, listId: number, columns: Record<string, string>) {
  const c = (key: string) => columns[key] ?? key;
  const [feeding, health, milking] = FEEDBACK_TOPICS;
  const [zarya, rassvet] = FEEDBACK_FARMS;
  await seedListRows(db, listId, null, [
    {
      [c("name")]: "Ольга Сергеевна",
      [c("phone")]: "+79161234567",
      [c("date")]: "2025-11-24",
      [c("herd")]: 412,
      [c("sick")]: 3.5,
      [c("topics")]: [health, milking].filter((t) => t !== undefined),
      ...(zarya && { [c("farm")]: zarya }),
      [c("message")]: "В группе 3 выросли соматические клетки, просим проверить доильное оборудование.",
      [c("consent")]: true,
    },
    {
      [c("name")]: "Николай",
      [c("date")]: "2025-11-26",
      [c("herd")]: 268,
      [c("topics")]: [feeding].filter((t) => t !== undefined),
      ...(rassvet && { [c("farm")]: rassvet }),
      [c("message")]: "Закончился силос в траншее №2, переходим на сенаж. Нужна корректировка рациона.",
      [c("consent")]: true,
    },
    {
      [c("name")]: "Анна Викторовна",
      [c("phone")]: "+79035550123",
      [c("photo")]: "https://example.com/doilny-zal.jpg",
      ...(zarya && { [c("farm")]: zarya }),
      [c("message")]: "Спасибо за обучение операторов — время доения сократилось.",
      [c("consent")]: true,
    },
  ]);
}

/** Rows in the order given (orders 1, 2, 3 ...), after any the list has. */
export async function seedListRows(db: Db, listId: number, creatorId: number | null, rows: Record<string, unknown>[]) {
  if (rows.length === 0) return;
  await db
    .insert(listRows)
    .values(
      rows.map((values, i) => ({ listId, order: String(i + 1), values, createdBy: creatorId, updatedBy: creatorId })),
    );
}

export const MILK_TABLE_NAME = "Надои по фермам";

/** A table (kind "table", not shown to clients) of daily milk yields per farm. */
export async function seedMilkTable(db: Db, companyId: number, creatorId: number | null, farmNames: string[]) {
  const farmOptions: TagOption[] = farmNames.map((name, i) => ({ name, color: i % 2 === 0 ? "geekblue" : "purple" }));
  const columns: { name: string; type: ColumnType; options?: TagOption[] }[] = [
    { name: "Дата", type: "date_picker" },
    { name: "Ферма", type: "select", options: farmOptions },
    { name: "Дойных коров, гол.", type: "number" },
    { name: "Надой на корову, кг", type: "number" },
    { name: "Жир, %", type: "percent" },
    { name: "Белок, %", type: "percent" },
    { name: "Проверено", type: "checkbox" },
    { name: "Комментарий", type: "text" },
  ];
  const kind: ListKind = "table";
  const { list, uuids } = await db.transaction(async (tx) => {
    const [list] = await tx
      .insert(lists)
      .values({ companyId, name: MILK_TABLE_NAME, kind, createdBy: creatorId })
      .returning();
    if (!list) throw new Error("list insert returned nothing");
    const inserted = await tx
      .insert(listColumns)
      .values(
        columns.map((col, i) => ({
          listId: list.id,
          name: col.name,
          type: col.type,
          order: i + 1,
          options: col.options ?? [],
        })),
      )
      .returning({ uuid: listColumns.uuid });
    return { list, uuids: inserted.map((r) => r.uuid) };
  });
  const [date, farm, cows, yieldKg, fat, protein, checked, comment] = uuids as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const comments = [
    "",
    "",
    "Промывка молокопровода",
    "",
    "Новый рацион с 20 ноября",
    "",
    "",
    "Отёлы в группе 1",
    "",
    "",
  ];
  const rows = Array.from({ length: 10 }, (_, i) => {
    const day = 21 + Math.floor(i / 2);
    const option = farmOptions[i % Math.max(farmOptions.length, 1)];
    const values: Record<string, unknown> = {
      [date]: `2025-11-${String(day).padStart(2, "0")}`,
      [cows]: i % 2 === 0 ? 412 : 268,
      [yieldKg]: Math.round((i % 2 === 0 ? 31.4 : 27.9) * 10 + ((i * 7) % 9) - 4) / 10,
      [fat]: Math.round((3.8 + ((i * 3) % 5) / 10) * 100) / 100,
      [protein]: Math.round((3.2 + ((i * 2) % 4) / 10) * 100) / 100,
      [checked]: i < 8,
    };
    if (option) values[farm] = option;
    const note = comments[i];
    if (note) values[comment] = note;
    return values;
  });
  await seedListRows(db, list.id, creatorId, rows);
  return { list, columns: uuids };
}
