import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COLUMN_TYPES,
  type ColumnType,
  checkType,
  FORM_REF_MAX,
  FORM_TEXT_MAX,
  type FormFieldRule,
  FormValueText,
  PERCENT_MAX,
  type StoredValue,
  type TagOption,
  validateCellValues,
  validateFormValues,
} from "./form-values.ts";

// Spec §5 "Feedback form submit" and "Tag set" as properties: generated forms (every column type,
// random flags and tag options) against generated submissions. form-values.test.ts holds the examples.

// ---- generators ----

const optionArb: fc.Arbitrary<TagOption> = fc.record({
  name: fc.string({ minLength: 1, maxLength: 12 }),
  color: fc.constantFrom("red", "green", "blue", "", "#ff8800"),
});
/** A column's options, unique by name (so a tag set deduplicates by name without ambiguity). */
const optionsArb = fc.uniqueArray(optionArb, { minLength: 1, maxLength: 5, selector: (o) => o.name });

const fieldArb: fc.Arbitrary<FormFieldRule> = fc.record({
  column_uuid: fc.uuid(),
  type: fc.constantFrom(...COLUMN_TYPES),
  mandatory_filling: fc.boolean(),
  not_empty: fc.boolean(),
  options: optionsArb,
  percent_over_100: fc.boolean(),
});
const fieldsArb = fc.uniqueArray(fieldArb, { minLength: 1, maxLength: 8, selector: (f) => f.column_uuid });

const WHITESPACE = [" ", "\t", "\n", "\r", "\u00a0", "\u2003", "\u3000", "\ufeff", "\u2028"];
const blankArb = fc.string({ unit: fc.constantFrom(...WHITESPACE), maxLength: 6 });
const hasNonBlank = (s: string) => s.replace(/\s/g, "") !== "";

/** Years 0001–9999: every "YYYY-MM-DD" of a real calendar date. */
const realDateArb = fc
  .date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** A phone as typed ("+7 (916) 123-45-67") and its stored form ("+79161234567"). */
const phoneArb = fc
  .array(fc.constantFrom(..."0123456789"), { minLength: 7, maxLength: 15 })
  // A +7 number has exactly ten digits after the 7 (phone.ts).
  .filter((digits) => digits[0] !== "7" || digits.length === 11)
  .chain((digits) =>
    fc
      .array(fc.constantFrom("", "", " ", "-", "(", ")", "\t"), {
        minLength: digits.length + 1,
        maxLength: digits.length + 1,
      })
      .map((gaps) => ({
        typed: `+${gaps[0]}${digits.map((d, i) => d + gaps[i + 1]).join("")}`,
        stored: `+${digits.join("")}`,
      })),
  );

const textArb = (max: number) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
    { weight: 1, arbitrary: fc.constant("я".repeat(max)) },
  );

const dedupeByName = (tags: readonly TagOption[]) => {
  const out: TagOption[] = [];
  for (const t of tags) if (!out.some((o) => o.name === t.name)) out.push({ name: t.name, color: t.color });
  return out;
};

interface Sample {
  /** What is submitted; undefined means the key is left out. */
  sent: unknown;
  /** Its stored form; undefined means it is not in the result's values. */
  stored: StoredValue | undefined;
}

/** A value the field accepts given its flags, with the stored form it must come back in. */
function validSample(field: FormFieldRule): fc.Arbitrary<Sample> {
  const options = field.options ?? [];
  const flagged = field.mandatory_filling || field.not_empty;
  const same = <T extends StoredValue>(arb: fc.Arbitrary<T>) => arb.map((v): Sample => ({ sent: v, stored: v }));
  const filled = ((): fc.Arbitrary<Sample> => {
    switch (field.type) {
      case "checkbox":
        return flagged ? same(fc.constant(true)) : same(fc.boolean());
      case "number":
        return same(fc.double({ noNaN: true, noDefaultInfinity: true }));
      case "percent":
        // Above PERCENT_MAX only where the column allows it.
        return same(
          fc.double({ noNaN: true, noDefaultInfinity: true, ...(field.percent_over_100 ? {} : { max: PERCENT_MAX }) }),
        );
      case "date_picker":
        return same(realDateArb);
      case "telephone":
        return phoneArb.map(({ typed, stored }) => ({ sent: typed, stored }));
      case "text":
      case "ref": {
        const arb = textArb(field.type === "text" ? FORM_TEXT_MAX : FORM_REF_MAX);
        if (field.not_empty) return same(arb.filter(hasNonBlank));
        if (field.mandatory_filling) return same(arb.filter((s) => s !== ""));
        return same(arb);
      }
      case "select":
        return fc.constantFrom(...options).map((o) => ({ sent: { color: o.color, name: o.name }, stored: o }));
      case "tag":
        return fc
          .array(fc.constantFrom(...options), { minLength: flagged ? 1 : 0, maxLength: 8 })
          .map((tags) => ({ sent: tags.map((t) => ({ ...t })), stored: tags.length === 0 ? "" : dedupeByName(tags) }));
    }
  })();
  if (flagged) return filled;
  // An optional field may also be left out, sent empty or null; an empty tag set may be [] or "".
  const empties: Sample[] = [
    { sent: undefined, stored: undefined },
    { sent: "", stored: "" },
    { sent: null, stored: "" },
  ];
  return fc.oneof({ weight: 4, arbitrary: filled }, fc.constantFrom(...empties));
}

/** A value of the wrong shape for the field's type (never empty, never whitespace-only). */
function invalidValue(field: FormFieldRule): fc.Arbitrary<unknown> {
  const options = field.options ?? [];
  const notOption = fc.string({ minLength: 1 }).filter((n) => !options.some((o) => o.name === n));
  const nonNumbers = fc.oneof(
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, true, "12", "5,5", {}, [1]),
    fc.string({ minLength: 1 }),
  );
  switch (field.type) {
    case "checkbox":
      return fc.oneof(fc.constantFrom("true", "да", 1, 0, [], {}), fc.string({ minLength: 1 }));
    case "number":
    case "percent":
      return nonNumbers;
    case "date_picker":
      return fc.oneof(
        fc.constantFrom("2025-02-30", "2023-02-29", "2025-04-31", "2025-13-01", "2025-00-10", "2025-1-01"),
        fc.constantFrom("31.12.2025", "2025/01/01", " 2025-01-01", "2025-01-01T00:00:00Z", 20250101, true),
        realDateArb.map((d) => `${d}x`),
      );
    case "telephone":
      return fc.oneof(
        fc.constantFrom(
          "916123456",
          "+7916123456",
          "+123456",
          "+1234567890123456",
          "+7916abc4567",
          "+",
          "++79161234567",
          79161234567,
        ),
        // Without a plus only a Russian number (10 digits, or 11 from 7 or 8) is read.
        fc
          .stringMatching(/^\d{7,15}$/)
          .filter((d) => d.length !== 10 && !(d.length === 11 && (d[0] === "7" || d[0] === "8"))),
      );
    case "text":
    case "ref": {
      const max = field.type === "text" ? FORM_TEXT_MAX : FORM_REF_MAX;
      return fc.constantFrom(5, true, { text: "a" }, ["a"], "x".repeat(max + 1));
    }
    case "select":
      return fc.oneof(
        notOption.map((name) => ({ name, color: options[0]?.color ?? "" })),
        fc.constantFrom(...options).map((o) => ({ ...o, extra: 1 })),
        fc.constantFrom(...options).map((o) => ({ name: o.name, color: `${o.color}!` })),
        fc.constantFrom(...options).map((o) => [o]),
        fc.constantFrom(...options).map((o) => o.name),
        fc.constantFrom(...options).map((o) => ({ name: o.name })),
        fc.constantFrom(true, 1),
      );
    case "tag":
      return fc.oneof(
        fc.constantFrom(...options).map((o) => ({ ...o })),
        fc.constantFrom(...options).map((o) => [o, { ...o, extra: 1 }]),
        fc.tuple(fc.constantFrom(...options), notOption).map(([o, name]) => [o, { name, color: o.color }]),
        fc.constantFrom(...options).map((o) => [o.name]),
        fc.constantFrom(...options).map((o) => [o, null]),
        fc.constantFrom(true, 1, "тег"),
      );
  }
}

/** A form and, for each of its fields, what to submit (via `pick`). */
function formWith<T>(pick: (field: FormFieldRule) => fc.Arbitrary<T>) {
  return fieldsArb.chain((fields) => fc.tuple(fc.constant(fields), fc.tuple(...fields.map(pick))));
}

/** The submitted body: left-out (undefined) values are not sent at all. */
function body(fields: readonly FormFieldRule[], sent: readonly unknown[]): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  fields.forEach((f, i) => {
    if (sent[i] !== undefined) data[f.column_uuid] = sent[i];
  });
  return data;
}

/** Keys a client could send that are not column uuids, including the ones an object has built in. */
const strangeKeyArb = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty", "", "0", "length"),
  fc.string({ maxLength: 40 }),
  fc.uuid(),
);

// ---- properties ----

describe("validateFormValues: valid submissions", () => {
  it('always pass and come back in stored form (numbers unchanged, phones normalized, tags deduplicated, [] → "")', () => {
    fc.assert(
      fc.property(formWith(validSample), ([fields, samples]) => {
        const result = validateFormValues(
          fields,
          body(
            fields,
            samples.map((s) => s.sent),
          ),
        );
        const expected: Record<string, StoredValue> = {};
        fields.forEach((f, i) => {
          const stored = samples[i]?.stored;
          if (stored !== undefined) expected[f.column_uuid] = stored;
        });
        expect(result).toEqual({ ok: true, values: expected });
      }),
    );
  });

  it("a percent above PERCENT_MAX is taken exactly when the column allows it", () => {
    fc.assert(
      fc.property(
        fieldArb.map((f) => ({ ...f, type: "percent" as const })),
        fc.double({ noNaN: true, noDefaultInfinity: true, min: PERCENT_MAX, minExcluded: true }),
        (field, value) => {
          const expected = field.percent_over_100
            ? { ok: true, value }
            : { ok: false, error: FormValueText.percentMax };
          expect(checkType(field, value)).toEqual(expected);
          expect(validateCellValues([field], { [field.column_uuid]: value })).toEqual(
            field.percent_over_100
              ? { ok: true, values: { [field.column_uuid]: value } }
              : { ok: false, errors: { [field.column_uuid]: FormValueText.percentMax } },
          );
        },
      ),
    );
  });

  it("a stored value is a fixed point of its type rule (a saved row re-validates unchanged)", () => {
    fc.assert(
      fc.property(
        fieldArb.chain((f) => fc.tuple(fc.constant(f), validSample(f))),
        ([field, { stored }]) => {
          if (stored === undefined || stored === "") return;
          expect(checkType(field, stored)).toEqual({ ok: true, value: stored });
        },
      ),
    );
  });

  it("validateCellValues stores the same values as an optional form would", () => {
    fc.assert(
      fc.property(formWith(validSample), ([fields, samples]) => {
        const data = body(
          fields,
          samples.map((s) => s.sent),
        );
        const optional = fields.map((f) => ({ ...f, mandatory_filling: false, not_empty: false }));
        expect(validateCellValues(fields, data)).toEqual(validateFormValues(optional, data));
      }),
    );
  });
});

describe("validateFormValues: refusals", () => {
  it("(a) refuses every key that is not a column of the form, by that key", () => {
    fc.assert(
      fc.property(
        formWith(validSample),
        fc.uniqueArray(fc.tuple(strangeKeyArb, fc.jsonValue()), { minLength: 1, maxLength: 4, selector: ([k]) => k }),
        ([fields, samples], extra) => {
          const known = new Set(fields.map((f) => f.column_uuid));
          const unknown = extra.filter(([k]) => !known.has(k));
          fc.pre(unknown.length > 0);
          const data = {
            ...body(
              fields,
              samples.map((s) => s.sent),
            ),
            ...Object.fromEntries(unknown),
          };
          const result = validateFormValues(fields, data);
          expect(result.ok).toBe(false);
          if (result.ok) return;
          for (const [key] of unknown)
            expect(Object.hasOwn(result.errors, key) && result.errors[key]).toBe(FormValueText.unknownColumn);
          // The known columns were valid: the unknown keys are the only errors.
          expect(Object.keys(result.errors).sort()).toEqual(unknown.map(([k]) => k).sort());
        },
      ),
    );
  });

  it('(b) a mandatory field sent as "", false, null, [] (tag) or left out is refused as mandatory', () => {
    const missing = (f: FormFieldRule) =>
      fc.constantFrom<unknown>("", false, null, undefined, ...(f.type === "tag" ? [[]] : []));
    fc.assert(
      fc.property(
        formWith((f) =>
          f.mandatory_filling
            ? fc.tuple(fc.constant(true), missing(f))
            : fc.tuple(
                fc.boolean(),
                validSample(f).map((s) => s.sent),
              ),
        ),
        ([fields, picks]) => {
          const mandatory = fields.filter((f) => f.mandatory_filling);
          fc.pre(mandatory.length > 0);
          const result = validateFormValues(
            fields,
            body(
              fields,
              picks.map(([, v]) => v),
            ),
          );
          expect(result.ok).toBe(false);
          if (result.ok) return;
          const expected = Object.fromEntries(mandatory.map((f) => [f.column_uuid, FormValueText.mandatory]));
          expect(result.errors).toEqual(expected);
        },
      ),
    );
  });

  it("(c) a not_empty field sent blank (whitespace only, any Unicode space) is refused", () => {
    fc.assert(
      fc.property(
        fieldsArb.chain((fields) =>
          fc.tuple(
            fc.constant(fields),
            fc.tuple(...fields.map((f) => (f.not_empty ? blankArb : validSample(f).map((s) => s.sent)))),
          ),
        ),
        ([fields, sent]) => {
          const blank = fields.filter((f) => f.not_empty);
          fc.pre(blank.length > 0);
          const result = validateFormValues(fields, body(fields, sent));
          expect(result.ok).toBe(false);
          if (result.ok) return;
          const expected = Object.fromEntries(
            blank.map((f) => {
              const value = sent[fields.indexOf(f)];
              // mandatory_filling is checked first and only refuses "" among blank strings.
              return [
                f.column_uuid,
                f.mandatory_filling && value === "" ? FormValueText.mandatory : FormValueText.blank,
              ];
            }),
          );
          expect(result.errors).toEqual(expected);
        },
      ),
    );
  });

  it("(e) a value of the wrong type always fails, with an error on that field only", () => {
    fc.assert(
      fc.property(
        fieldsArb.chain((fields) =>
          fc.tuple(
            fc.constant(fields),
            fc.nat({ max: fields.length - 1 }),
            fc.tuple(
              ...fields.map((f) =>
                fc.tuple(
                  validSample(f).map((s) => s.sent),
                  invalidValue(f),
                ),
              ),
            ),
          ),
        ),
        ([fields, bad, pairs]) => {
          const sent = pairs.map(([valid, invalid], i) => (i === bad ? invalid : valid));
          const result = validateFormValues(fields, body(fields, sent));
          const uuid = fields[bad]?.column_uuid ?? "";
          expect(result.ok).toBe(false);
          if (result.ok) return;
          expect(Object.keys(result.errors)).toEqual([uuid]);
          expect(typeof result.errors[uuid]).toBe("string");
          // The same rule refuses it in a grid edit.
          expect(validateCellValues(fields, { [uuid]: sent[bad] }).ok).toBe(false);
        },
      ),
    );
  });
});

describe("validateFormValues: arbitrary input", () => {
  const keysArb = (fields: readonly FormFieldRule[]) =>
    fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...fields.map((f) => f.column_uuid)) }, strangeKeyArb);

  const checkShape = (fields: readonly FormFieldRule[], data: Record<string, unknown>) => {
    const result = validateFormValues(fields, data);
    const formKeys = new Set(fields.map((f) => f.column_uuid));
    const sentKeys = Object.keys(data);
    if (result.ok) {
      for (const key of Object.keys(result.values)) expect(formKeys.has(key)).toBe(true);
      for (const key of sentKeys) expect(formKeys.has(key)).toBe(true);
      for (const field of fields) {
        if (!Object.hasOwn(result.values, field.column_uuid)) continue;
        const stored = result.values[field.column_uuid];
        if (stored !== "") expect(checkType(field, stored)).toEqual({ ok: true, value: stored });
      }
    } else {
      expect(Object.keys(result.errors).length).toBeGreaterThan(0);
      for (const key of Object.keys(result.errors)) expect(formKeys.has(key) || sentKeys.includes(key)).toBe(true);
      for (const key of sentKeys) if (!formKeys.has(key)) expect(result.errors[key]).toBe(FormValueText.unknownColumn);
      for (const message of Object.values(result.errors)) expect(typeof message).toBe("string");
    }
  };

  it("(f) never throws on any JSON body; errors are keyed only by sent or form keys", () => {
    fc.assert(
      fc.property(
        fieldsArb.chain((fields) =>
          fc.tuple(fc.constant(fields), fc.dictionary(keysArb(fields), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 10 })),
        ),
        ([fields, data]) => checkShape(fields, data),
      ),
    );
  });

  it("(f) never throws on any JS value either (fc.anything, null-prototype objects included)", () => {
    fc.assert(
      fc.property(
        fieldsArb.chain((fields) =>
          fc.tuple(fc.constant(fields), fc.dictionary(keysArb(fields), fc.anything({ maxDepth: 2 }), { maxKeys: 10 })),
        ),
        ([fields, data]) => {
          expect(() => validateCellValues(fields, data)).not.toThrow();
          checkShape(fields, data);
        },
      ),
    );
  });

  it("a JSON body's __proto__ key is an unknown column, not a prototype", () => {
    const fields: FormFieldRule[] = [
      { column_uuid: "6f1c2a4e-8b7d-4c3e-9a1b-2d3e4f5a6b7c", type: "text", mandatory_filling: false, not_empty: false },
    ];
    const data = JSON.parse('{"__proto__": "x"}') as Record<string, unknown>;
    expect(validateFormValues(fields, data)).toEqual({
      ok: false,
      errors: { ["__proto__"]: FormValueText.unknownColumn },
    });
    expect(validateCellValues(fields, data).ok).toBe(false);
  });

  it("a field whose uuid names a built-in property is not filled from the prototype", () => {
    const types: ColumnType[] = ["text", "number"];
    for (const type of types) {
      const fields: FormFieldRule[] = [
        { column_uuid: "constructor", type, mandatory_filling: false, not_empty: false },
      ];
      expect(validateFormValues(fields, {})).toEqual({ ok: true, values: {} });
    }
  });
});
