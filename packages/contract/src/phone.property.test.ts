import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPhoneRu, isValidPhone, normalizePhone } from "./phone.ts";

/** Ten digits of a Russian number after the 7 (a mobile starts with 9, a city code with 3, 4 or 8). */
const tenDigits = fc.stringMatching(/^[3489]\d{9}$/);
/** What people put between digits: nothing, spaces, dashes, brackets, dots. */
const gap = fc.constantFrom("", "", " ", "-", "(", ")", ".", "\u00a0");

/** The digits with a random gap after each one. */
const spaced = (digits: string) =>
  fc
    .array(gap, { minLength: digits.length, maxLength: digits.length })
    .map((gaps) => [...digits].map((d, i) => d + gaps[i]).join(""));

describe("normalizePhone: a Russian number typed the usual way becomes +7…", () => {
  it.each([
    ["8 916 123-45-67", "+79161234567"],
    ["8(916)123-45-67", "+79161234567"],
    ["+7 (916) 123-45-67", "+79161234567"],
    ["7 916 123 45 67", "+79161234567"],
    ["916 123 45 67", "+79161234567"],
    ["+44 (20) 7946-0958", "+442079460958"],
  ])("%j → %j", (typed, stored) => {
    expect(normalizePhone(typed)).toBe(stored);
    expect(isValidPhone(normalizePhone(typed))).toBe(true);
  });

  it("with 8, with +7, with 7 or with nothing in front, in any spacing, gives the same +7 number", () => {
    const typedRussian = tenDigits.chain((digits) =>
      fc
        .tuple(fc.constantFrom("8", "+7", "7", ""), gap, spaced(digits))
        .map(([front, after, body]) => ({ digits, typed: `${front}${after}${body}` })),
    );
    fc.assert(
      fc.property(typedRussian, ({ digits, typed }) => {
        const stored = normalizePhone(typed);
        expect(stored).toBe(`+7${digits}`);
        expect(isValidPhone(stored)).toBe(true);
      }),
    );
  });

  it("is idempotent, and a stored number's display form reads back to it", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."+0123456789 -()8") }), (typed) => {
        const once = normalizePhone(typed);
        expect(normalizePhone(once)).toBe(once);
        if (isValidPhone(once)) expect(normalizePhone(formatPhoneRu(once))).toBe(once);
      }),
    );
  });

  it("never keeps a +7 number without exactly ten digits after the 7", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,14}$/), (digits) => {
        expect(isValidPhone(`+7${digits}`)).toBe(digits.length === 10);
      }),
    );
  });

  it.each(["916 123-45-6", "+7 916 123-45-678", "12345", "+7916abc4567", ""])("refuses %j", (typed) => {
    expect(isValidPhone(normalizePhone(typed))).toBe(false);
  });

  it("shows a Russian number in the usual way", () => {
    expect(formatPhoneRu("+79161234567")).toBe("+7 916 123-45-67");
    expect(formatPhoneRu("+442079460958")).toBe("+442079460958");
  });
});
