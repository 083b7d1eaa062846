import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/render-app.tsx";
import { mockSignedIn } from "../../../test/signed-in.ts";
import { COVER_UUID } from "../test-support.ts";

const item = (body: string) => ({
  id: 3,
  title: "Новый корм в продаже",
  excerpt: "Коротко",
  cover_url: `/api/content/images/${COVER_UUID}/`,
  publish_at: "2026-03-05T08:00:00.000Z",
  body,
});

describe("news item page", { timeout: 20_000 }, () => {
  it("shows the title, date, cover and formatted body with a link back to the feed", async () => {
    mockSignedIn(undefined, {
      "GET /api/news/3/": { status: 200, body: item("<h3>Подзаголовок</h3><p><b>Важно</b>: читайте</p>") },
    });
    renderApp("/news/3");

    const article = (await screen.findByRole("heading", { name: "Новый корм в продаже" })).closest(
      "article",
    ) as HTMLElement;
    expect(within(article).getByText("05.03.2026")).toBeTruthy();
    expect(within(article).getByRole("heading", { name: "Подзаголовок" }).tagName).toBe("H3");
    expect(within(article).getByText("Важно").tagName).toBe("B");
    expect(article.querySelector(`img[src="/api/content/images/${COVER_UUID}/"]`)).toBeTruthy();
    expect(
      within(article)
        .getByRole("link", { name: /Все новости/ })
        .getAttribute("href"),
    ).toBe("/");
  });

  it("never puts scripts, handlers or foreign images of a body into the page", async () => {
    const payload = [
      "<p>Текст</p>",
      '<img src=x onerror="window.__xss = 1">',
      "<script>window.__xss = 2</script>",
      '<a href="javascript:window.__xss=3">ссылка</a>',
      '<a href="//evil.example/">чужая</a>',
      `<img src="/api/content/images/${COVER_UUID}/" onerror="window.__xss = 4" alt="схема">`,
      '<svg><script>window.__xss = 5</script></svg><iframe src="https://evil.example"></iframe>',
      '<p style="position:fixed" onclick="window.__xss = 6">клик</p>',
    ].join("");
    mockSignedIn(undefined, { "GET /api/news/3/": { status: 200, body: item(payload) } });
    renderApp("/news/3");

    const body = (await screen.findByText("Текст")).closest(".news-body") as HTMLElement;
    expect(body.querySelector("script, svg, iframe")).toBeNull();
    expect(document.querySelector("[onerror], [onclick]")).toBeNull();
    expect(body.querySelector("[style]")).toBeNull();
    expect(within(body).getByText("ссылка").getAttribute("href")).toBeNull();
    expect(within(body).getByText("чужая").getAttribute("href")).toBeNull();
    const images = [...body.querySelectorAll("img")].map((image) => image.getAttribute("src"));
    expect(images).toEqual([`/api/content/images/${COVER_UUID}/`]);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it("says «Новость не найдена» for a missing item or one outside the reader's audience", async () => {
    mockSignedIn(undefined, {
      "GET /api/news/404/": { status: 404, body: { code: "not_found", message: "Не найдено" } },
    });
    renderApp("/news/404");
    expect(await screen.findByText("Новость не найдена")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Все новости" }).getAttribute("href")).toBe("/");
  });
});
