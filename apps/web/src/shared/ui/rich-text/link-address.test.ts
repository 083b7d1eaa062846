import { describe, expect, it } from "vitest";
import { isKeptLinkAddress, linkAddress } from "./link-address.ts";

describe("a link's address typed in the dialog", () => {
  it.each([
    ["example.ru", "https://example.ru"],
    ["  https://example.ru/page?a=1 ", "https://example.ru/page?a=1"],
    ["http://localhost:3000/x", "http://localhost:3000/x"],
    ["info@example.ru", "mailto:info@example.ru"],
    ["mailto:info@example.ru", "mailto:info@example.ru"],
  ])("%j is stored as %j", (typed, stored) => expect(linkAddress(typed)).toBe(stored));

  it.each(["", "отчёт", "javascript:alert(1)", "ftp://example.ru", "data:text/html,x", "два слова.ru"])(
    "%j is refused",
    (typed) => expect(linkAddress(typed)).toBeNull(),
  );
});

describe("links kept when stored text is opened", () => {
  it("keeps sites, e-mail and same-site paths; drops other schemes and other hosts' shorthand", () => {
    expect(["https://a.ru", "mailto:a@b.ru", "/reports"].every(isKeptLinkAddress)).toBe(true);
    expect(["javascript:alert(1)", "//evil.example", "/\\evil.example"].some(isKeptLinkAddress)).toBe(false);
  });
});
