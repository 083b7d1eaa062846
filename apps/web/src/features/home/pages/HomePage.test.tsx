import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userDataFixture } from "../../../test/fixtures.ts";
import { mockApi } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { mockSignedIn } from "../../../test/signed-in.ts";

const COVER = "/api/content/images/3f2b8c1e-5d4a-4b6c-9e7f-1a2b3c4d5e6f/";

const newsItem = (id: number, overrides: object = {}) => ({
  id,
  title: `Новость ${id}`,
  excerpt: `Кратко о новости ${id}`,
  cover_url: null,
  publish_at: "2026-03-05T08:00:00.000Z",
  ...overrides,
});

const feedPage = (page: number, total: number, ids: number[]) => ({
  items: ids.map((id) => newsItem(id)),
  total,
  page,
  page_size: 10,
});

/** The feed's cards (the page has other <article>s: antd Typography renders one). */
const cards = () => within(screen.getByRole("region", { name: "Новости" })).queryAllByRole("article");

const feedUrls = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith("/api/news/?"));

describe("start page", { timeout: 20_000 }, () => {
  it("removes the boot script's first view when its own greeting is there, never showing two", async () => {
    const firstView = document.createElement("div");
    firstView.id = "first-view";
    firstView.innerHTML = "<h2>Здравствуйте, Иван Петров</h2>";
    document.body.append(firstView);
    // The most greetings ever seen on the page at once, after each batch of DOM changes.
    let most = 0;
    const greetings = () => [...document.querySelectorAll("h2")].filter((h) => h.textContent?.includes("Здравствуйте"));
    const observer = new MutationObserver(() => {
      most = Math.max(most, greetings().length);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      mockSignedIn(undefined, { "GET /api/news/": { status: 200, body: feedPage(1, 1, [1]) } });
      renderApp("/");

      await waitFor(() => expect(document.getElementById("first-view")).toBeNull());
      expect(screen.getByRole("heading", { name: "Здравствуйте, Иван Петров" }).closest("#first-view")).toBeNull();
      expect(most).toBe(1);
    } finally {
      observer.disconnect();
      firstView.remove();
      delete window.__nadoyAppShown;
    }
  });

  it("greets the user inside the shell, with companies, farms and the news feed", async () => {
    mockSignedIn(undefined, {
      "GET /api/news/": {
        status: 200,
        body: {
          items: [newsItem(1, { title: "Новый корм в продаже", cover_url: COVER }), newsItem(2)],
          total: 2,
          page: 1,
          page_size: 10,
        },
      },
    });
    renderApp("/");

    expect(await screen.findByRole("heading", { name: "Здравствуйте, Иван Петров" })).toBeTruthy();
    expect(screen.getByText("АО Молочный край")).toBeTruthy();
    expect(screen.getByText("Ферма Заречная")).toBeTruthy();
    expect(screen.getByRole("banner")).toBeTruthy();

    const card = await within(screen.getByRole("region", { name: "Новости" })).findByRole("article", {
      name: "Новый корм в продаже",
    });
    expect(within(card).getByRole("link", { name: "Новый корм в продаже" }).getAttribute("href")).toBe("/news/1");
    expect(within(card).getByText("05.03.2026")).toBeTruthy();
    expect(within(card).getByText("Кратко о новости 1")).toBeTruthy();
    const cover = card.querySelector("img");
    expect(cover?.getAttribute("src")).toBe(COVER);
    // Cropped to the card's 16:9 box, never stretched to it.
    expect([cover?.style.objectFit, cover?.style.aspectRatio]).toEqual(["cover", "16 / 9"]);
    expect(cards()).toHaveLength(2);
    expect(document.querySelector(".ant-pagination")).toBeNull();
  });

  it("pages through the feed with the page in the URL", async () => {
    const api = mockSignedIn(undefined, {
      "GET /api/news/": () => {
        const url = feedUrls(api.fetchMock).at(-1) ?? "";
        return url.endsWith("page=2")
          ? { status: 200, body: feedPage(2, 12, [11, 12]) }
          : { status: 200, body: feedPage(1, 12, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) };
      },
    });
    const { router } = renderApp("/");

    expect(await screen.findByRole("link", { name: "Новость 1" })).toBeTruthy();
    expect(cards()).toHaveLength(10);
    // The pager loads after the first page of news.
    fireEvent.click(await screen.findByTitle("2"));

    expect(await screen.findByRole("link", { name: "Новость 11" })).toBeTruthy();
    expect(router.state.location.search).toBe("?page=2");
    expect(cards()).toHaveLength(2);
    expect(feedUrls(api.fetchMock)).toEqual(["/api/news/?page=1", "/api/news/?page=2"]);
  });

  it("opens the page named in the URL", async () => {
    const api = mockSignedIn(undefined, { "GET /api/news/": { status: 200, body: feedPage(3, 25, [21]) } });
    renderApp("/?page=3");
    expect(await screen.findByRole("link", { name: "Новость 21" })).toBeTruthy();
    expect(feedUrls(api.fetchMock)).toEqual(["/api/news/?page=3"]);
    expect(document.querySelector(".ant-pagination-item-active")?.textContent).toBe("3");
  });

  it("says «Новостей пока нет» when the feed is empty", async () => {
    mockSignedIn(undefined, { "GET /api/news/": { status: 200, body: feedPage(1, 0, []) } });
    renderApp("/");
    expect(await screen.findByText("Новостей пока нет")).toBeTruthy();
    expect(cards()).toHaveLength(0);
  });

  it("offers to load the feed again when it fails", async () => {
    let answer: { status: number; body: unknown } = {
      status: 500,
      body: { code: "internal_error", message: "Что-то пошло не так..." },
    };
    mockSignedIn(undefined, { "GET /api/news/": () => answer });
    renderApp("/");

    expect(await screen.findByText("Новости не загрузились.")).toBeTruthy();
    answer = { status: 200, body: feedPage(1, 1, [1]) };
    fireEvent.click(screen.getByRole("button", { name: "Повторить" }));
    expect(await screen.findByRole("link", { name: "Новость 1" })).toBeTruthy();
  });

  it("shows the error toast when user data cannot be loaded, and loads it again on request", async () => {
    let answer = { status: 500, body: { code: "internal_error", message: "Что-то пошло не так..." } as unknown };
    mockApi({
      "GET /api/users/verify_token/": { status: 200, body: { user_id: 42 } },
      "GET /api/users/data/": () => answer,
      "GET /api/news/": { status: 200, body: feedPage(1, 0, []) },
    });
    localStorage.setItem("access", "access-1");
    localStorage.setItem("refresh", "refresh-1");
    renderApp("/");

    expect(await screen.findByText("Что-то пошло не так...")).toBeTruthy();
    expect(screen.getByText("Данные пользователя не загрузились.")).toBeTruthy();

    answer = { status: 200, body: userDataFixture() };
    fireEvent.click(screen.getByRole("button", { name: "Повторить" }));
    await waitFor(() => expect(screen.getByText("Здравствуйте, Иван Петров")).toBeTruthy());
  });
});
