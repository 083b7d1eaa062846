import { percentText } from "@nadoy/contract/form-input";
import type { ColumnType, TagOption } from "@nadoy/contract/form-values";
import type { ListColumn } from "@nadoy/contract/lists";

/** Russian names of the column types, in the order the type menus offer them. */
export const COLUMN_TYPE_LABELS: Record<ColumnType, string> = {
  text: "Текст",
  number: "Число",
  percent: "Процент",
  date_picker: "Дата",
  checkbox: "Флажок",
  select: "Выбор из списка",
  tag: "Теги",
  telephone: "Телефон",
  ref: "Ссылка",
};

export const hasOptions = (type: ColumnType) => type === "tag" || type === "select";

/** Colours offered for tag options (any CSS colour is accepted too). */
export const TAG_PRESET_COLORS = [
  "#1677ff",
  "#13c2c2",
  "#52c41a",
  "#a0d911",
  "#faad14",
  "#fa8c16",
  "#f5222d",
  "#eb2f96",
  "#722ed1",
  "#8c8c8c",
] as const;

/** The preset colour for the n-th option, round the palette. */
export const presetColor = (index: number): string => TAG_PRESET_COLORS[index % TAG_PRESET_COLORS.length] ?? "#1677ff";

const numberFormat = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 10 });

/** 1234.5 → «1 234,5» (display only: editors and files keep the raw value). */
export function formatNumberRu(value: number): string {
  return numberFormat.format(value).replace(/\u202f/g, "\u00a0");
}

/** 12.5 → «12,5 %». */
export function formatPercentRu(value: number): string {
  return `${percentText(value)}\u00a0%`;
}

/** "2025-03-08" → «08.03.2025». */
export function formatDateRu(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : value;
}

/** A ref worth opening: http(s) only (never javascript: and the like). */
export function safeHref(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export const isTagValue = (v: unknown): v is TagOption =>
  typeof v === "object" && v !== null && !Array.isArray(v) && typeof (v as TagOption).name === "string";

/** The tags of a tag cell (or the one of a select cell) as stored. */
export function tagsOf(value: unknown): TagOption[] {
  if (Array.isArray(value)) return value.filter(isTagValue);
  return isTagValue(value) ? [value] : [];
}

/** What the rules of form-values.ts need to know about the list's columns. */
export function cellRules(columns: readonly ListColumn[]) {
  return columns.map((c) => ({ column_uuid: c.uuid, type: c.type, options: c.options }));
}

/** The column's option with this name, in its current colour. */
export function optionNamed(column: Pick<ListColumn, "options">, name: string): TagOption | undefined {
  const option = column.options.find((o) => o.name === name);
  return option ? { name: option.name, color: option.color } : undefined;
}
