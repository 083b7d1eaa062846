import { describe, expect, it } from "vitest";
import { plainTextOf } from "../../platform/rich-text.ts";
import { cutAtWord, MATCH_START, MATCH_STOP, SNIPPET_LENGTH, snippetAround } from "./instruction-text.ts";

// The plain text kept for search and snippets, and the snippets themselves.

describe("plainTextOf", () => {
  it("drops tags, keeps words of separate blocks apart and joins inline formatting", () => {
    expect(plainTextOf("<h3>Шаг 1</h3><p>Нажмите <b>Загр</b>узить</p><ul><li>раз</li><li>два</li></ul>")).toBe(
      "Шаг 1 Нажмите Загрузить раз два",
    );
    expect(plainTextOf("<p>строка<br />ещё</p><table><tr><td>А</td><td>Б</td></tr></table>")).toBe("строка ещё А Б");
  });

  it("decodes entities and collapses whitespace", () => {
    expect(plainTextOf("<p>  жир &gt; 3,9&nbsp;% &amp; белок &lt; 3,3 &quot;ок&quot; &#171;да&#x00BB;\n\n</p>")).toBe(
      'жир > 3,9 % & белок < 3,3 "ок" «да»',
    );
  });
});

describe("snippets", () => {
  it("cuts the start of a long text at a word with «…»", () => {
    const text = "слово ".repeat(60).trim();
    const snippet = cutAtWord(text);
    expect(snippet.endsWith("слово…")).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 1);
    expect(cutAtWord("Коротко.")).toBe("Коротко.");
  });

  it("centres the snippet on the first match and marks what was left out", () => {
    const words = Array.from({ length: 40 }, (_, i) => `слово${i}`);
    const text = [...words, "корова", ...words].join(" ");
    const at = text.indexOf("слово20");
    const headline = text.slice(at).replace("корова", `${MATCH_START}корова${MATCH_STOP}`);
    const snippet = snippetAround(headline, at + 1, text.length, text.slice(0, 260));
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet).toContain("корова");
    expect(snippet.indexOf("корова")).toBeGreaterThan(40);
    expect(snippet.includes(MATCH_START) || snippet.includes(MATCH_STOP)).toBe(false);
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 2);
  });

  it("shows a short text whole, and the start when only the title matched", () => {
    const text = "Больную корову отделяют от стада.";
    expect(snippetAround(text.replace("корову", `${MATCH_START}корову${MATCH_STOP}`), 1, text.length, text)).toBe(text);
    expect(snippetAround("Больную корову", 1, text.length, text)).toBe(text);
  });
});
