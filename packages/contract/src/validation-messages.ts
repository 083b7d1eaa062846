import { z } from "zod";
import { fieldLabel } from "./field-labels.ts";
import { pluralRu, type RuPluralForms } from "./plural.ts";

// ---- every zod issue as a Russian sentence for people ----
// Zod's own texts (even its Russian locale: «ожидалось, что string будет иметь >=1 символ») speak
// of types and operators. These name the field by its label (field-labels.ts) when the path has
// one — a server 400 body and a toast read «Заполните поле «Заголовок»» — and, for a lone field
// checked by a form rule (no path), say the same without the name: «Не длиннее 200 символов».
// A message written on the schema itself ({ error } / .refine(…, text)) still wins over these.

type RawIssue = z.core.$ZodRawIssue;

const SYMBOLS: RuPluralForms = ["символа", "символов", "символов"];
const ITEMS: RuPluralForms = ["элемента", "элементов", "элементов"];

const count = (n: number, forms: RuPluralForms) => `${n.toLocaleString("ru-RU")} ${pluralRu(n, forms)}`;
const numberText = (n: number | bigint) => (typeof n === "bigint" ? n.toString() : n.toLocaleString("ru-RU"));

/** «Поле «Заголовок»: <rule>» or, with no label, the rule with a capital letter. */
function about(label: string | undefined, rule: string): string {
  return label ? `Поле «${label}»: ${rule}` : rule.charAt(0).toUpperCase() + rule.slice(1);
}

function required(label: string | undefined): string {
  return label ? `Заполните поле «${label}»` : "Заполните это поле";
}

const TYPE_RULES: Record<string, string> = {
  string: "нужен текст",
  number: "нужно число",
  int: "нужно целое число",
  bigint: "нужно целое число",
  boolean: "нужно «да» или «нет»",
  array: "нужен список",
  date: "нужна дата",
};

function tooSmall(issue: Extract<RawIssue, { code: "too_small" }>, label: string | undefined): string {
  const min = Number(issue.minimum);
  switch (issue.origin) {
    case "string":
      return min <= 1 ? required(label) : about(label, `не короче ${count(min, SYMBOLS)}`);
    case "array":
    case "set":
      return min <= 1 ? about(label, "выберите хотя бы одно значение") : about(label, `не меньше ${count(min, ITEMS)}`);
    case "date":
      return about(label, "слишком ранняя дата");
    default:
      return about(label, issue.inclusive === false ? `больше ${numberText(min)}` : `не меньше ${numberText(min)}`);
  }
}

function tooBig(issue: Extract<RawIssue, { code: "too_big" }>, label: string | undefined): string {
  const max = Number(issue.maximum);
  switch (issue.origin) {
    case "string":
      return about(label, `не длиннее ${count(max, SYMBOLS)}`);
    case "array":
    case "set":
      return about(label, `не больше ${count(max, ITEMS)}`);
    case "date":
      return about(label, "слишком поздняя дата");
    default:
      return about(label, issue.inclusive === false ? `меньше ${numberText(max)}` : `не больше ${numberText(max)}`);
  }
}

const FORMAT_RULES: Record<string, string> = {
  email: "введите адрес электронной почты, например ivan@example.ru",
  url: "введите ссылку, начинающуюся с https://",
  date: "введите дату ДД.ММ.ГГГГ",
  datetime: "введите дату и время",
  time: "введите время ЧЧ:ММ",
};

function badFormat(issue: Extract<RawIssue, { code: "invalid_format" }>, label: string | undefined): string {
  if (issue.format === "email")
    return label ? `Поле «${label}»: ${FORMAT_RULES.email}` : "Введите адрес электронной почты";
  const rule = FORMAT_RULES[issue.format];
  // uuids, regexes and the like are chosen from lists, not typed: a person only needs to know it is wrong.
  return about(label, rule ?? "значение не подходит");
}

/** The message of an issue, for z.config({ customError }). */
export function russianIssueMessage(issue: RawIssue): string {
  const label = fieldLabel(issue.path);
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined || issue.input === null) return required(label);
      return about(label, TYPE_RULES[issue.expected] ?? "значение не подходит");
    }
    case "too_small":
      return tooSmall(issue, label);
    case "too_big":
      return tooBig(issue, label);
    case "invalid_format":
      return badFormat(issue, label);
    case "invalid_value":
      return about(label, "выберите значение из списка");
    case "not_multiple_of":
      return about(label, `нужно число, кратное ${numberText(issue.divisor as number | bigint)}`);
    case "unrecognized_keys":
      return "Неизвестное поле";
    default:
      return about(label, "значение не подходит");
  }
}

/** «Не длиннее 200 символов»: the limit of a text field, said as on the form. */
export const notLongerThan = (max: number) => `Не длиннее ${count(max, SYMBOLS)}`;

/** A title a person types: «Введите заголовок», «Не длиннее 200 символов». */
export const titleSchema = (max: number) => z.string().trim().min(1, "Введите заголовок").max(max, notLongerThan(max));

/** A name a person types: «Введите название», «Не длиннее 255 символов». */
export const nameSchema = (max: number) => z.string().trim().min(1, "Введите название").max(max, notLongerThan(max));
