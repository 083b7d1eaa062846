import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  numberOnBlur,
  percentOnBlur,
  percentText,
  percentValue,
  refusedInputHint,
  sanitizeNumberInput,
  sanitizePercentInput,
  takeNumberInput,
  takePercentInput,
} from "./form-input.ts";

// Spec §5 "Number input" and "Percent input" as properties over arbitrary typed or pasted text.

/** Text a user might type or paste: mostly the characters the rules care about, plus anything. */
const typed = fc.oneof(
  fc.string({ unit: fc.constantFrom(..."0123456789-.,+eE %a ") }),
  fc.string({ unit: "binary" }),
  fc.string({ unit: "grapheme" }),
);
const digitsOf = (text: string) => text.replace(/[^0-9]/g, "");
/** A finite double whose String() has no exponent ("1e+21", "5e-7" are left out). */
const plainDouble = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !String(d).includes("e"));

describe("sanitizeNumberInput", () => {
  it("keeps only an optional leading minus, digits and at most one dot", () => {
    fc.assert(fc.property(typed, (text) => /^-?\d*\.?\d*$/.test(sanitizeNumberInput(text))));
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(typed, (text) => {
        const once = sanitizeNumberInput(text);
        expect(sanitizeNumberInput(once)).toBe(once);
      }),
    );
  });

  it("keeps every ASCII digit of the input, in order", () => {
    fc.assert(fc.property(typed, (text) => digitsOf(sanitizeNumberInput(text)) === digitsOf(text)));
  });

  it.each([
    ["a-1.2.3", "-1.23"],
    ["-", "-"],
    ["--5", "-5"],
    ["5-", "5"],
    ["1.2.", "1.2"],
    ["٣", ""],
  ])("%j → %j", (text, clean) => expect(sanitizeNumberInput(text)).toBe(clean));
});

describe("numberOnBlur", () => {
  it('gives "" or the finite float of the sanitized text; "" when the text has no digit', () => {
    fc.assert(
      fc.property(typed, (text) => {
        const clean = sanitizeNumberInput(text);
        const value = numberOnBlur(text);
        if (!/\d/.test(clean)) {
          expect(value).toBe("");
          return;
        }
        const parsed = Number.parseFloat(clean);
        // With a digit, "" only when the float overflows (hundreds of digits); Infinity is not storable.
        // "-0" is kept as 0 (`+ 0`), by design: see numberOnBlur.
        expect(value).toBe(Number.isFinite(parsed) ? parsed + 0 : "");
      }),
    );
  });

  it("gives back every finite double written without an exponent", () => {
    fc.assert(fc.property(plainDouble, (d) => numberOnBlur(String(d)) === d));
  });

  it("is stable: the text of a blurred value blurs to the same value", () => {
    fc.assert(
      fc.property(typed, (text) => {
        const value = numberOnBlur(text);
        if (value === "" || String(value).includes("e")) return;
        expect(numberOnBlur(String(value))).toBe(value);
      }),
    );
  });

  it.each<[string, number | ""]>([
    ["-0", 0],
    ["-0.000", 0],
    ["a-1.2.3", -1.23],
    ["-", ""],
    [".", ""],
    ["-.", ""],
    ["", ""],
    ["abc", ""],
    [".5", 0.5],
    ["-.5", -0.5],
    ["12.", 12],
    ["007", 7],
    ["9".repeat(400), ""],
  ])("%j → %j", (text, value) => expect(numberOnBlur(text)).toBe(value));
});

describe("percent input", () => {
  it("keeps only digits and at most one comma (a dot counts as the comma)", () => {
    fc.assert(fc.property(typed, (text) => /^\d*(,\d*)?$/.test(sanitizePercentInput(text))));
  });

  it("sanitizing is idempotent and keeps every digit in order", () => {
    fc.assert(
      fc.property(typed, (text) => {
        const once = sanitizePercentInput(text);
        expect(sanitizePercentInput(once)).toBe(once);
        expect(digitsOf(once)).toBe(digitsOf(text));
      }),
    );
  });

  it('percentValue is "" exactly for an empty text or a lone comma, else the float with the comma read as a dot', () => {
    fc.assert(
      fc.property(typed, (text) => {
        const clean = sanitizePercentInput(text);
        const value = percentValue(text);
        if (clean === "" || clean === ",") {
          expect(value).toBe("");
          return;
        }
        const parsed = Number.parseFloat(`0${clean}`.replace(",", "."));
        expect(value).toBe(Number.isFinite(parsed) ? parsed : "");
      }),
    );
  });

  it("percentValue(percentText(x)) gives back every non-negative finite double without an exponent", () => {
    fc.assert(
      fc.property(
        plainDouble.map((d) => Math.abs(d)),
        (x) => percentValue(percentText(x)) === x,
      ),
    );
  });

  it("percentOnBlur never ends with a comma, is idempotent and keeps the value", () => {
    fc.assert(
      fc.property(typed, (text) => {
        const blurred = percentOnBlur(text);
        expect(blurred.endsWith(",")).toBe(false);
        expect(percentOnBlur(blurred)).toBe(blurred);
        expect(percentValue(blurred)).toBe(percentValue(text));
      }),
    );
  });

  it.each([
    ["12,", "12"],
    [",", ""],
    ["", ""],
    ["12.5%", "12,5"],
    [",5", ",5"],
    ["1,2,3", "1,23"],
  ])("percentOnBlur(%j) → %j", (text, blurred) => expect(percentOnBlur(text)).toBe(blurred));

  it.each<[string, number | ""]>([
    ["", ""],
    [",", ""],
    ["12,5", 12.5],
    ["12,", 12],
    [",5", 0.5],
    ["-3", 3],
  ])("percentValue(%j) → %j", (text, value) => expect(percentValue(text)).toBe(value));

  it.each<[number | "", string]>([
    ["", ""],
    [12.5, "12,5"],
    [100, "100"],
  ])("percentText(%j) → %j", (value, text) => expect(percentText(value)).toBe(text));
});

describe("decimal comma: every number and percent input (takeDecimalInput)", () => {
  const inputs = [
    ["number", takeNumberInput, "."],
    ["percent", takePercentInput, ","],
  ] as const;

  it.each(inputs)("%s: nothing is silently dropped — what is not taken is refused, in order", (_, take) => {
    fc.assert(
      fc.property(typed, (text) => {
        const { text: kept, refused } = take(text);
        expect([...kept].length + [...refused].length).toBe([...text].length);
        // Only digits, separators and a minus can be kept, so everything else is in `refused`, in order.
        const other = (s: string) => [...s].filter((ch) => !/[0-9.,-]/.test(ch)).join("");
        expect(other(refused)).toBe(other(text));
      }),
    );
  });

  it.each(inputs)("%s: holds digits and at most one decimal mark, and keeps every digit", (_, take, mark) => {
    fc.assert(
      fc.property(typed, (text) => {
        const { text: kept } = take(text);
        expect(kept.split(mark).length).toBeLessThanOrEqual(2);
        expect(kept.includes(mark === "." ? "," : ".")).toBe(false);
        expect(digitsOf(kept)).toBe(digitsOf(text));
      }),
    );
  });

  it("a number written with a decimal comma reads back as itself", () => {
    fc.assert(fc.property(plainDouble, (d) => numberOnBlur(String(d).replace(".", ",")) === d));
  });

  it.each<[string, string, string]>([
    ["31,5", "31.5", ""],
    ["412,5", "412.5", ""],
    ["-0,25", "-0.25", ""],
    ["1 234,5", "1234.5", " "],
    ["1,2,3", "1.23", ","],
    ["12а", "12", "а"],
    ["5-", "5", "-"],
  ])("number %j → %j, refusing %j", (text, kept, refused) => {
    expect(takeNumberInput(text)).toEqual({ text: kept, refused });
  });

  it("the hint names what was refused, in Russian", () => {
    expect(refusedInputHint("number", "а а ")).toBe(
      "Можно вводить только цифры, минус в начале и одну запятую; не принято: «а», пробел",
    );
    expect(refusedInputHint("percent", "-")).toBe("Можно вводить только цифры и одну запятую; не принято: «-»");
  });
});
