import type { ColumnType } from "@nadoy/contract/form-values";

/** Spec §2 "Default placeholders" of a field without one of its own. */
export const DEFAULT_PLACEHOLDER: Record<ColumnType, string> = {
  checkbox: "",
  text: "Введите текст",
  number: "Введите число",
  percent: "Введите процент",
  telephone: "Введите телефон",
  ref: "Введите ссылку",
  tag: "Выберите элемент",
  select: "Выберите элемент",
  date_picker: "Выберите дату",
};

export const FormText = {
  defaultHeader: "Форма обратной связи",
  defaultConclusion: "Спасибо",
  send: "Отправить",
  mandatory: "Обязательно для заполнения",
  emptyTextBlock: "Добавьте описание",
  selectAll: "Выбрать все",
  clear: "Очистить",
  noOptions: "Нет вариантов",
  checkFields: "Проверьте выделенные поля",
} as const;

/** The placeholder a field shows: its own, else the default of its type. */
export function placeholderOf(type: ColumnType, own: string): string {
  return own.trim() !== "" ? own : DEFAULT_PLACEHOLDER[type];
}
