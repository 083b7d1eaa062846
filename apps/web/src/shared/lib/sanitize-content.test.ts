import { describe, expect, it } from "vitest";
import { sanitizeContentHtml } from "./sanitize-content.ts";

const IMAGE = "/api/content/images/3f2b8c1e-5d4a-4b6c-9e7f-1a2b3c4d5e6f/";
const APART = 'target="_blank" rel="noopener noreferrer"';

describe("sanitizeContentHtml", () => {
  it("keeps formatting, lists, tables and content images", () => {
    const html = `<h2>Итоги</h2><ol><li><em>раз</em></li></ol><table><tbody><tr><td colspan="2">ячейка</td></tr></tbody></table><img src="${IMAGE}" alt="схема">`;
    expect(sanitizeContentHtml(html)).toBe(html);
  });

  it("keeps http(s), mailto and portal links, each opening apart from the page", () => {
    const out = sanitizeContentHtml(
      '<a href="https://example.ru/">сайт</a><a href="/reports" target="_self">отчёты</a><a href="mailto:a@b.ru">почта</a>',
    );
    expect(out).toBe(
      `<a href="https://example.ru/" ${APART}>сайт</a><a href="/reports" ${APART}>отчёты</a><a href="mailto:a@b.ru" ${APART}>почта</a>`,
    );
  });

  it("drops scripts, handlers, styles, other schemes and images from elsewhere", () => {
    const out = sanitizeContentHtml(
      '<p style="color:red" onclick="x()">т</p><script>x()</script><a href="javascript:x()">j</a><a href="//evil.example/">e</a><img src="data:image/png;base64,AAAA"><img src="https://evil.example/a.png">',
    );
    expect(out).toBe(`<p>т</p><a ${APART}>j</a><a ${APART}>e</a>`);
  });
});
