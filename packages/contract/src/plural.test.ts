import { describe, expect, it } from "vitest";
import { pluralRu, type RuPluralForms } from "./plural.ts";

const NOTIFICATION: RuPluralForms = ["уведомление", "уведомления", "уведомлений"];
const form = (n: number) => pluralRu(n, NOTIFICATION);

describe("pluralRu", () => {
  it.each([1, 21, 31, 101, 121, 1001, 1_000_001])("%d → the one form", (n) => {
    expect(form(n)).toBe("уведомление");
  });

  it.each([2, 3, 4, 22, 23, 24, 34, 102, 104, 1002])("%d → the few form", (n) => {
    expect(form(n)).toBe("уведомления");
  });

  it.each([0, 5, 6, 9, 10, 11, 12, 13, 14, 15, 19, 20, 25, 30, 100, 111, 112, 113, 114, 211, 1000])(
    "%d → the many form",
    (n) => {
      expect(form(n)).toBe("уведомлений");
    },
  );

  it("gives negatives the form of their absolute value", () => {
    expect(form(-1)).toBe("уведомление");
    expect(form(-3)).toBe("уведомления");
    expect(form(-11)).toBe("уведомлений");
    expect(form(-0)).toBe("уведомлений");
  });

  it("gives fractions the few form («1,5 уведомления», «0,5 уведомления»)", () => {
    expect(form(1.5)).toBe("уведомления");
    expect(form(0.5)).toBe("уведомления");
    expect(form(21.25)).toBe("уведомления");
    expect(form(-2.5)).toBe("уведомления");
  });

  it("gives NaN and infinities the many form instead of throwing", () => {
    expect(form(Number.NaN)).toBe("уведомлений");
    expect(form(Number.POSITIVE_INFINITY)).toBe("уведомлений");
    expect(form(Number.NEGATIVE_INFINITY)).toBe("уведомлений");
  });

  it("works for any word", () => {
    expect(pluralRu(2, ["корова", "коровы", "коров"])).toBe("коровы");
    expect(pluralRu(5, ["корова", "коровы", "коров"])).toBe("коров");
  });
});
