import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COLUMN_TYPES,
  type ColumnType,
  checkType,
  FORM_REF_MAX,
  FORM_TEXT_MAX,
  FormValueText,
  PERCENT_MAX,
  type StoredValue,
  type TagOption,
} from "./form-values.ts";
import { type CellColumn, formatCell, parseCell, parseNumberText } from "./list-cells.ts";

// formatCell and parseCell are inverse for every valid stored value: that is what makes a file
// exported from a list re-import into it unchanged.

/**
 * Option names as the schema editor saves them (lists.ts columnOptionInputSchema): trimmed,
 * non-empty, without ";". Unique by exact name within a column; names differing only in case are allowed.
 */
const optionNameArb = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: 15 }),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 8 }),
    fc.constantFrom("Кормление", "кормление", "Доение", "ДОЕНИЕ", "Техника", "a b", "x,y"),
  )
  .map((n) => n.trim())
  .filter((n) => n !== "" && !n.includes(";"));
const optionsArb = fc.uniqueArray(
  fc.record({ name: optionNameArb, color: fc.constantFrom("red", "green", "", "#00ff00") }),
  { minLength: 1, maxLength: 6, selector: (o) => o.name },
);

const columnArb: fc.Arbitrary<CellColumn> = fc.record({
  type: fc.constantFrom(...COLUMN_TYPES),
  options: optionsArb,
  percent_over_100: fc.boolean(),
});

const realDateArb = fc
  .date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
/** Stored numbers: any finite double, exponent forms included; -0 is stored (as JSON) as 0. */
const finiteArb = fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? 0 : d));
/** Stored texts: any string within the limit except a whitespace-only one (see the limitation test). */
const textArb = (max: number) =>
  fc
    .oneof(
      { weight: 6, arbitrary: fc.string({ maxLength: 40 }) },
      { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
      { weight: 1, arbitrary: fc.constant(`  ${"я".repeat(max - 4)}\t\n`) },
    )
    .filter((s) => s.trim() !== "");

/** A valid stored value of the column, other than the empty "". */
function storedArb(column: CellColumn): fc.Arbitrary<StoredValue> {
  switch (column.type) {
    case "checkbox":
      return fc.boolean();
    case "number":
      return finiteArb;
    case "percent":
      return column.percent_over_100 ? finiteArb : finiteArb.filter((d) => d <= PERCENT_MAX);
    case "date_picker":
      return realDateArb;
    case "telephone":
      // A +7 number has exactly ten digits after the 7 (phone.ts).
      return fc
        .stringMatching(/^\d{7,15}$/)
        .filter((d) => d[0] !== "7" || d.length === 11)
        .map((d) => `+${d}`);
    case "text":
      return textArb(FORM_TEXT_MAX);
    case "ref":
      return textArb(FORM_REF_MAX);
    case "select":
      return fc.constantFrom(...column.options).map((o) => ({ name: o.name, color: o.color }));
    case "tag":
      return fc
        .shuffledSubarray([...column.options], { minLength: 1 })
        .map((tags) => tags.map((o) => ({ name: o.name, color: o.color })));
  }
}

const columnWithValue = columnArb.chain((column) => fc.tuple(fc.constant(column), storedArb(column)));
const of = (type: ColumnType, options: readonly TagOption[] = []): CellColumn => ({ type, options });

describe("formatCell / parseCell round trip", () => {
  it("parseCell(formatCell(v)) gives back every valid stored value of every column type", () => {
    fc.assert(
      fc.property(columnWithValue, ([column, value]) => {
        expect(parseCell(column, formatCell(column, value))).toEqual({ ok: true, value });
      }),
      { numRuns: 300 },
    );
  });

  it("the empty cell round-trips as empty", () => {
    fc.assert(
      fc.property(columnArb, (column) => {
        expect(formatCell(column, "")).toBe("");
        expect(parseCell(column, "")).toEqual({ ok: true, value: "" });
      }),
    );
  });

  it("limitation: a whitespace-only text is read back as an empty cell", () => {
    fc.assert(
      fc.property(fc.constantFrom(of("text"), of("ref")), fc.stringMatching(/^\s+$/), (column, blank) => {
        expect(parseCell(column, formatCell(column, blank))).toEqual({ ok: true, value: "" });
      }),
    );
  });

  it("any text parseCell accepts gives a valid stored value that then round-trips", () => {
    const cellText = (column: CellColumn) =>
      fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom("да", "Нет", "TRUE", "0", "+", "1 234,5", "-3", "12,5%", ".5", "1e3", "31.12.2025"),
        fc.constantFrom("2025-12-31T21:00:00.000Z", " 2024-02-29 ", "2025-02-30", "+7 916 123-45-67"),
        fc.constantFrom(...column.options).map((o) => ` ${o.name.toUpperCase()} `),
        fc
          .shuffledSubarray([...column.options], { minLength: 1 })
          .map((tags) => tags.map((t) => t.name.toLowerCase()).join(";")),
      );
    fc.assert(
      fc.property(
        columnArb.chain((column) => fc.tuple(fc.constant(column), cellText(column))),
        ([column, text]) => {
          const parsed = parseCell(column, text);
          if (!parsed.ok) {
            expect(typeof parsed.error).toBe("string");
            return;
          }
          if (parsed.value !== "") expect(checkType(column, parsed.value)).toEqual(parsed);
          expect(parseCell(column, formatCell(column, parsed.value))).toEqual(parsed);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("parseCell never throws on arbitrary text", () => {
    fc.assert(
      fc.property(
        columnArb,
        fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: "grapheme", maxLength: 30 })),
        (column, text) => {
          const parsed = parseCell(column, text);
          expect(typeof parsed.ok).toBe("boolean");
        },
      ),
    );
  });
});

describe("parseCell: Russian and spreadsheet input", () => {
  it.each<[string, number]>([
    ["12,5", 12.5],
    ["12,5%", 12.5],
    ["-3", -3],
    ["99.5", 99.5],
    [".5", 0.5],
  ])("number %j → %j", (text, value) => {
    expect(parseCell(of("number"), text)).toEqual({ ok: true, value });
    expect(parseCell(of("percent"), text)).toEqual({ ok: true, value });
  });

  it.each<[string, number]>([
    ["1 234,5", 1234.5],
    ["1\u00a0234,5", 1234.5],
    ["1234.5", 1234.5],
    ["1e3", 1000],
  ])("number %j → %j (a percent refuses it: above 100)", (text, value) => {
    expect(parseCell(of("number"), text)).toEqual({ ok: true, value });
    expect(parseCell(of("percent"), text)).toEqual({ ok: false, error: FormValueText.percentMax });
    // A column that allows more takes it as is (an import into such a column).
    expect(parseCell({ ...of("percent"), percent_over_100: true }, text)).toEqual({ ok: true, value });
  });

  it.each(["1,234.5", "12 a", "Infinity", "1e400", "--1", "1.2.3"])("number refuses %j", (text) => {
    expect(parseCell(of("number"), text)).toEqual({ ok: false, error: FormValueText.number });
    expect(parseNumberText(text)).toBeUndefined();
  });

  it.each([
    ["31.12.2025", "2025-12-31"],
    ["29.02.2024", "2024-02-29"],
    ["2025-12-31", "2025-12-31"],
    ["2025-12-31T00:00:00.000Z", "2025-12-31"],
  ])("date %j → %j", (text, value) => expect(parseCell(of("date_picker"), text)).toEqual({ ok: true, value }));

  it.each(["31.02.2025", "29.02.2023", "2025-13-01", "1.1.2025", "завтра"])("date refuses %j", (text) => {
    expect(parseCell(of("date_picker"), text)).toEqual({ ok: false, error: FormValueText.dateText });
  });

  it("reads every real day written as the refusal says: ДД.ММ.ГГГГ or ГГГГ-ММ-ДД", () => {
    expect(FormValueText.dateText).toMatch(/ДД\.ММ\.ГГГГ.*ГГГГ-ММ-ДД/);
    fc.assert(
      fc.property(realDateArb, (iso) => {
        const [year, month, day] = iso.split("-");
        expect(parseCell(of("date_picker"), `${day}.${month}.${year}`)).toEqual({ ok: true, value: iso });
        expect(parseCell(of("date_picker"), ` ${iso} `)).toEqual({ ok: true, value: iso });
      }),
    );
  });

  it("refuses any other date text with that hint, never the stored form's alone", () => {
    const dateLike = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc
        .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 9999 }))
        .map(([d, m, y]) => `${d}.${m}.${y}`),
    );
    fc.assert(
      fc.property(dateLike, (text) => {
        const parsed = parseCell(of("date_picker"), text);
        if (!parsed.ok) expect(parsed.error).toBe(FormValueText.dateText);
      }),
    );
  });

  it.each<[string, boolean]>([
    ["да", true],
    ["Да", true],
    ["нет", false],
    ["НЕТ", false],
    ["true", true],
    ["false", false],
    ["1", true],
    ["0", false],
  ])("checkbox %j → %j", (text, value) => expect(parseCell(of("checkbox"), text)).toEqual({ ok: true, value }));

  it("checkbox refuses other words", () => {
    expect(parseCell(of("checkbox"), "может быть")).toEqual({ ok: false, error: FormValueText.checkbox });
  });

  it("formats checkboxes in Russian and numbers with a dot", () => {
    expect(formatCell(of("checkbox"), true)).toBe("да");
    expect(formatCell(of("checkbox"), false)).toBe("нет");
    expect(formatCell(of("number"), 1234.5)).toBe("1234.5");
  });

  const TAGS = [
    { name: "Кормление", color: "green" },
    { name: "Доение", color: "blue" },
  ];

  it("reads tag names case-insensitively, in the cell's order, without duplicates", () => {
    expect(parseCell(of("tag", TAGS), "доение;  КОРМЛЕНИЕ ; Доение")).toEqual({
      ok: true,
      value: [TAGS[1], TAGS[0]],
    });
  });

  it("refuses an unknown tag or select name", () => {
    fc.assert(
      fc.property(optionsArb, optionNameArb, (options, name) => {
        fc.pre(!options.some((o) => o.name.toLowerCase() === name.toLowerCase()));
        const known = options[0]?.name ?? "";
        expect(parseCell(of("tag", options), `${known}; ${name}`)).toEqual({ ok: false, error: FormValueText.tag });
        expect(parseCell(of("select", options), name)).toEqual({ ok: false, error: FormValueText.select });
      }),
    );
  });
});
