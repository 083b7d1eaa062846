import { z } from "zod";
import { isValidPhone, normalizePhone } from "./phone.ts";
import { pluralRu } from "./plural.ts";

// ---- values of the public feedback form (spec §2 "Public feedback form", §3, §5) ----
// One module for the server (authoritative check before a row is written) and the web form.

/** Column types a list (and so a form field) can have (spec §2 "Field types"). */
export const COLUMN_TYPES = [
  "checkbox",
  "text",
  "date_picker",
  "number",
  "percent",
  "telephone",
  "ref",
  "tag",
  "select",
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];
export const columnTypeSchema = z.enum(COLUMN_TYPES);

export const TAG_NAME_MAX = 100;
export const TAG_COLOR_MAX = 32;
/** Longest text value of a text field. */
export const FORM_TEXT_MAX = 4000;
/** Longest value of a ref (link) field. */
export const FORM_REF_MAX = 2000;

/**
 * The largest percent a percent column takes (the form, the grid and imports alike) unless the
 * column allows more (`percent_over_100`: a herd's growth or a yield over plan can pass 100 %).
 */
export const PERCENT_MAX = 100;

/** A tag option of a tag or select column (spec §3 "Tag option"). */
export const tagOptionSchema = z.object({
  name: z.string().min(1).max(TAG_NAME_MAX),
  color: z.string().max(TAG_COLOR_MAX),
});
export type TagOption = z.infer<typeof tagOptionSchema>;

/** What the rules need to know about one field of a form. */
export interface FormFieldRule {
  column_uuid: string;
  type: ColumnType;
  mandatory_filling: boolean;
  not_empty: boolean;
  /** Tag and select columns: the options a value may pick from. */
  options?: readonly TagOption[];
  /** Percent columns: a value above PERCENT_MAX is taken (missing = refused). */
  percent_over_100?: boolean;
}

/** A value as stored in a row: numbers as numbers, tags as tag objects, an empty tag set as "". */
export type StoredValue = string | number | boolean | TagOption | TagOption[];

export const FormValueText = {
  mandatory: "Обязательное поле",
  blank: "Поле не может быть пустым",
  unknownColumn: "Такого поля нет в форме",
  number: "Введите число",
  percent: "Введите процент числом",
  percentMax: `Процент не может быть больше ${PERCENT_MAX}`,
  /** A date value as stored and sent (the form's and the grid's pickers send it so). */
  date: "Введите дату в формате ГГГГ-ММ-ДД",
  /** A date written as text (a cell of an imported file): list-cells.ts parseCell reads these two. */
  dateText: "Введите дату в формате ДД.ММ.ГГГГ (например, 28.11.2025) или ГГГГ-ММ-ДД",
  telephone: "Введите телефон, например +7 916 123-45-67 (другой страны — с «+» и её кодом)",
  text: "Введите текст",
  tooLong: (max: number) => `Не более ${max} ${pluralRu(max, ["символа", "символов", "символов"])}`,
  checkbox: "Ожидается да или нет",
  tag: "Выберите теги из списка",
  select: "Выберите значение из списка",
  /** Title and text of the notice when the form is not filled (spec §5). */
  noticeTitle: "Ошибка отправки формы",
  noticeText: "Заполните все обязательные поля",
} as const;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "YYYY-MM-DD" naming a real calendar date (no 2025-02-30). */
export function isRealDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999 and so refused 0001–0099.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export { normalizePhone } from "./phone.ts";

/** Spec §5: mandatory_filling refuses "" and false (and a missing value). */
export function violatesMandatory(value: unknown): boolean {
  return value === undefined || value === null || value === "" || value === false;
}

/** Spec §5: not_empty refuses false and anything blank after removing all whitespace (and a missing value). */
export function violatesNotEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === "string") return value.replace(/\s/g, "") === "";
  return false;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === "";

/**
 * `target[key] = value` as an own property whatever the key: a parsed JSON body can carry a
 * "__proto__" key, which plain assignment would take as the prototype (and so drop the error).
 */
function put<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The value sent for a key, never one inherited from Object.prototype ("constructor", "toString"). */
const sentValue = (data: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(data, key) ? data[key] : undefined;

function findOption(options: readonly TagOption[] | undefined, value: unknown): TagOption | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const { name, color } = value as Record<string, unknown>;
  if (Object.keys(value).some((k) => k !== "name" && k !== "color")) return undefined;
  return options?.find((o) => o.name === name && o.color === color);
}

export type Checked = { ok: true; value: StoredValue } | { ok: false; error: string };

/** The type rule of one non-empty value; the stored form on success (also used for grid edits and imports). */
export function checkType(
  field: Pick<FormFieldRule, "type" | "options" | "percent_over_100">,
  value: unknown,
): Checked {
  const fail = (error: string): Checked => ({ ok: false, error });
  switch (field.type) {
    case "checkbox":
      return typeof value === "boolean" ? { ok: true, value } : fail(FormValueText.checkbox);
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? { ok: true, value } : fail(FormValueText.number);
    case "percent":
      if (typeof value !== "number" || !Number.isFinite(value)) return fail(FormValueText.percent);
      return value <= PERCENT_MAX || field.percent_over_100 === true
        ? { ok: true, value }
        : fail(FormValueText.percentMax);
    case "date_picker":
      return typeof value === "string" && isRealDate(value) ? { ok: true, value } : fail(FormValueText.date);
    case "telephone": {
      if (typeof value !== "string") return fail(FormValueText.telephone);
      const phone = normalizePhone(value);
      return isValidPhone(phone) ? { ok: true, value: phone } : fail(FormValueText.telephone);
    }
    case "text":
    case "ref": {
      const max = field.type === "text" ? FORM_TEXT_MAX : FORM_REF_MAX;
      if (typeof value !== "string") return fail(FormValueText.text);
      return value.length <= max ? { ok: true, value } : fail(FormValueText.tooLong(max));
    }
    case "select": {
      const option = findOption(field.options, value);
      return option ? { ok: true, value: { name: option.name, color: option.color } } : fail(FormValueText.select);
    }
    case "tag": {
      if (!Array.isArray(value)) return fail(FormValueText.tag);
      const picked: TagOption[] = [];
      for (const item of value) {
        const option = findOption(field.options, item);
        if (!option) return fail(FormValueText.tag);
        if (!picked.some((p) => p.name === option.name)) picked.push({ name: option.name, color: option.color });
      }
      // Spec §5: an empty set becomes an empty string.
      return { ok: true, value: picked.length === 0 ? "" : picked };
    }
  }
}

/**
 * Checks values typed into a list's grid (no mandatory rules there): each key must be a column,
 * each non-empty value must pass its type rule; "" (or null) clears a cell. Errors keyed by column uuid.
 */
export function validateCellValues(
  columns: readonly Pick<FormFieldRule, "column_uuid" | "type" | "options" | "percent_over_100">[],
  data: Record<string, unknown>,
): FormValuesResult {
  const errors: Record<string, string> = {};
  const values: Record<string, StoredValue> = {};
  const byUuid = new Map(columns.map((c) => [c.column_uuid, c]));
  for (const [key, raw] of Object.entries(data)) {
    const column = byUuid.get(key);
    if (!column) {
      put(errors, key, FormValueText.unknownColumn);
      continue;
    }
    const value = column.type === "tag" && Array.isArray(raw) && raw.length === 0 ? "" : raw;
    if (isEmpty(value)) {
      put(values, key, "");
      continue;
    }
    const checked = checkType(column, value);
    if (checked.ok) put(values, key, checked.value);
    else put(errors, key, checked.error);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}

export type FormValuesResult =
  | { ok: true; values: Record<string, StoredValue> }
  | { ok: false; errors: Record<string, string> };

/**
 * Checks a submission against the form's fields: unknown column uuids, spec §5 mandatory_filling
 * and not_empty, then each type's rule. Errors are keyed by column_uuid; on success the values are
 * returned in their stored form (an empty optional value is stored as "", a checkbox as its boolean).
 */
export function validateFormValues(fields: readonly FormFieldRule[], data: Record<string, unknown>): FormValuesResult {
  const errors: Record<string, string> = {};
  const values: Record<string, StoredValue> = {};
  const byUuid = new Map(fields.map((f) => [f.column_uuid, f]));
  for (const key of Object.keys(data)) {
    if (!byUuid.has(key)) put(errors, key, FormValueText.unknownColumn);
  }
  for (const field of fields) {
    const raw = sentValue(data, field.column_uuid);
    // A tag field's empty set arrives as "" (spec §5) or, from other clients, as [].
    const value = field.type === "tag" && Array.isArray(raw) && raw.length === 0 ? "" : raw;
    if (field.mandatory_filling && violatesMandatory(value)) {
      put(errors, field.column_uuid, FormValueText.mandatory);
      continue;
    }
    if (field.not_empty && violatesNotEmpty(value)) {
      put(errors, field.column_uuid, FormValueText.blank);
      continue;
    }
    if (value === undefined) continue;
    if (isEmpty(value)) {
      put(values, field.column_uuid, "");
      continue;
    }
    const checked = checkType(field, value);
    if (checked.ok) put(values, field.column_uuid, checked.value);
    else put(errors, field.column_uuid, checked.error);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}
