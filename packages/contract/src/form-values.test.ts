import { describe, expect, it } from "vitest";
import { importColumnsLimitText } from "./errors.ts";
import {
  checkType,
  FORM_REF_MAX,
  FORM_TEXT_MAX,
  type FormFieldRule,
  FormValueText,
  isRealDate,
  PERCENT_MAX,
  validateFormValues,
  violatesMandatory,
  violatesNotEmpty,
} from "./form-values.ts";

const TAGS = [
  { name: "Кормление", color: "green" },
  { name: "Доение", color: "blue" },
];
const field = (type: FormFieldRule["type"], extra: Partial<FormFieldRule> = {}): FormFieldRule => ({
  column_uuid: "c",
  type,
  mandatory_filling: false,
  not_empty: false,
  options: TAGS,
  ...extra,
});
const check = (f: FormFieldRule, value: unknown) => validateFormValues([f], { c: value });

describe("spec §5 mandatory_filling and not_empty", () => {
  it.each([
    ["", true],
    [false, true],
    [undefined, true],
    [null, true],
    [" ", false],
    [0, false],
    [true, false],
    ["a", false],
  ])("mandatory refuses %j: %s", (value, refused) => {
    expect(violatesMandatory(value)).toBe(refused);
  });

  it.each([
    ["", true],
    [" \t\n ", true],
    [false, true],
    [undefined, true],
    [" a ", false],
    [0, false],
    [true, false],
  ])("not_empty refuses %j: %s", (value, refused) => {
    expect(violatesNotEmpty(value)).toBe(refused);
  });

  it("names the column of a missing mandatory value and a blank not_empty one", () => {
    const result = validateFormValues(
      [
        field("text", { column_uuid: "a", mandatory_filling: true }),
        field("text", { column_uuid: "b", not_empty: true }),
      ],
      { b: "   " },
    );
    expect(result).toEqual({ ok: false, errors: { a: FormValueText.mandatory, b: FormValueText.blank } });
  });

  it("refuses an unchecked mandatory checkbox", () => {
    expect(check(field("checkbox", { mandatory_filling: true }), false).ok).toBe(false);
    expect(check(field("checkbox", { mandatory_filling: true }), true)).toEqual({ ok: true, values: { c: true } });
  });
});

describe("type rules", () => {
  it.each<[FormFieldRule["type"], unknown, unknown]>([
    ["number", 12.5, 12.5],
    ["number", -3, -3],
    ["percent", 7.25, 7.25],
    ["percent", 100, 100],
    ["date_picker", "2024-02-29", "2024-02-29"],
    ["telephone", "+7 916 123-45-67", "+79161234567"],
    ["telephone", "+44 (20) 7946-0958", "+442079460958"],
    ["telephone", "8 916 123-45-67", "+79161234567"],
    ["telephone", "8(916)123-45-67", "+79161234567"],
    ["telephone", "916 123 45 67", "+79161234567"],
    ["ref", "https://example.com/photo.jpg", "https://example.com/photo.jpg"],
    ["text", "Коровы здоровы", "Коровы здоровы"],
    ["checkbox", false, false],
    ["select", { name: "Доение", color: "blue" }, { name: "Доение", color: "blue" }],
    ["tag", [{ name: "Доение", color: "blue" }], [{ name: "Доение", color: "blue" }]],
    ["tag", [TAGS[0], TAGS[0], TAGS[1]], TAGS],
    ["tag", [], ""],
    ["tag", "", ""],
    ["number", "", ""],
    ["select", "", ""],
  ])("%s accepts %j, stored as %j", (type, value, stored) => {
    expect(check(field(type), value)).toEqual({ ok: true, values: { c: stored } });
  });

  it.each<[FormFieldRule["type"], unknown, string]>([
    ["number", "12", FormValueText.number],
    ["number", Number.NaN, FormValueText.number],
    ["number", true, FormValueText.number],
    ["percent", "5,5", FormValueText.percent],
    ["percent", 100.5, FormValueText.percentMax],
    ["percent", 150, FormValueText.percentMax],
    ["date_picker", "2025-02-30", FormValueText.date],
    ["date_picker", "2025-13-01", FormValueText.date],
    ["date_picker", "01.02.2025", FormValueText.date],
    ["date_picker", 20250101, FormValueText.date],
    ["telephone", "916123456", FormValueText.telephone],
    ["telephone", "+7 916 123-45-6", FormValueText.telephone],
    ["telephone", "+12345", FormValueText.telephone],
    ["telephone", "+7916abc4567", FormValueText.telephone],
    ["text", 5, FormValueText.text],
    ["text", "я".repeat(FORM_TEXT_MAX + 1), FormValueText.tooLong(FORM_TEXT_MAX)],
    ["ref", "h".repeat(FORM_REF_MAX + 1), FormValueText.tooLong(FORM_REF_MAX)],
    ["checkbox", "true", FormValueText.checkbox],
    ["select", { name: "Техника", color: "orange" }, FormValueText.select],
    ["select", { name: "Доение", color: "red" }, FormValueText.select],
    ["select", [TAGS[0]], FormValueText.select],
    ["tag", [{ name: "Техника", color: "orange" }], FormValueText.tag],
    ["tag", [{ ...TAGS[0], extra: 1 }], FormValueText.tag],
    ["tag", TAGS[0], FormValueText.tag],
  ])("%s refuses %j", (type, value, error) => {
    expect(check(field(type), value)).toEqual({ ok: false, errors: { c: error } });
  });

  it("refuses unknown column uuids", () => {
    expect(validateFormValues([field("text")], { c: "a", other: "b" })).toEqual({
      ok: false,
      errors: { other: FormValueText.unknownColumn },
    });
  });

  it("leaves out values not sent and stores optional empties as empty strings", () => {
    const result = validateFormValues([field("text"), field("number", { column_uuid: "n" })], { n: null });
    expect(result).toEqual({ ok: true, values: { n: "" } });
  });

  it.each(["2024-02-29", "2025-12-31", "2000-01-01"])("%s is a real date", (d) => expect(isRealDate(d)).toBe(true));
  it.each(["2023-02-29", "2025-04-31", "2025-1-01", ""])("%s is not", (d) => expect(isRealDate(d)).toBe(false));
});

describe("length and column limits read as Russian", () => {
  it("counts characters and columns with the plural helper", () => {
    expect(FormValueText.tooLong(1)).toBe("Не более 1 символа");
    expect(FormValueText.tooLong(21)).toBe("Не более 21 символа");
    expect(FormValueText.tooLong(200)).toBe("Не более 200 символов");
    expect(importColumnsLimitText(4, 1)).toBe("В строке 4 файла больше 1 столбца");
    expect(importColumnsLimitText(4, 500)).toBe("В строке 4 файла больше 500 столбцов");
  });
});

describe("percent columns and percent_over_100", () => {
  it.each([100, 100.5, 150, 1e6])(
    "%j: refused by default and by percent_over_100 false, taken when it is true",
    (value) => {
      const refused = value > PERCENT_MAX ? { ok: false, error: FormValueText.percentMax } : { ok: true, value };
      expect(checkType({ type: "percent" }, value)).toEqual(refused);
      expect(checkType({ type: "percent", percent_over_100: false }, value)).toEqual(refused);
      expect(checkType({ type: "percent", percent_over_100: true }, value)).toEqual({ ok: true, value });
    },
  );

  it("a form submission follows the field's setting", () => {
    expect(check(field("percent"), 150)).toEqual({ ok: false, errors: { c: "Процент не может быть больше 100" } });
    expect(check(field("percent", { percent_over_100: true }), 150)).toEqual({ ok: true, values: { c: 150 } });
  });

  it("the flag does not loosen other types", () => {
    expect(checkType({ type: "number", percent_over_100: true }, "12")).toEqual({
      ok: false,
      error: FormValueText.number,
    });
  });
});
