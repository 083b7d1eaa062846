import { describe, expect, it } from "vitest";
import { inlineParts, markdownBlocks } from "./markdown-blocks.ts";

describe("markdownBlocks", () => {
  it("reads headings, lists and paragraphs", () => {
    const source = [
      "# История изменений",
      "",
      "Вступление в две",
      "строки.",
      "",
      "## 0.1.0 — 2026-11-23",
      "### Вход",
      "- первый пункт",
      "  продолжение",
      "* второй пункт",
      "",
      "Итог.",
    ].join("\n");
    expect(markdownBlocks(source)).toEqual([
      { kind: "heading", level: 1, text: "История изменений" },
      { kind: "paragraph", text: "Вступление в две строки." },
      { kind: "heading", level: 2, text: "0.1.0 — 2026-11-23" },
      { kind: "heading", level: 3, text: "Вход" },
      { kind: "list", items: ["первый пункт продолжение", "второй пункт"] },
      { kind: "paragraph", text: "Итог." },
    ]);
  });

  it("splits bold and code out of a line", () => {
    expect(inlineParts("Пароль **не короче** 8 символов, `npm test`.")).toEqual([
      { kind: "text", text: "Пароль " },
      { kind: "strong", text: "не короче" },
      { kind: "text", text: " 8 символов, " },
      { kind: "code", text: "npm test" },
      { kind: "text", text: "." },
    ]);
  });
});
