import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { listNews, type NewsPage } from "@nadoy/contract/content";
import { userDataRoute } from "@nadoy/contract/users";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { userDataFixture } from "../../test/fixtures.ts";
import { callApi } from "./api-client.ts";
import { dismissFirstView } from "./first-view.ts";

// public/first-view.js (issue 16 item 13): on a slow link the boot script asks for the user data
// and the home page's news before it starts the app, and shows them over the boot screen; the app
// then takes those answers instead of asking again, and removes the first view.

const script = readFileSync(resolve(__dirname, "../../../public/first-view.js"), "utf8");

const feed: NewsPage = {
  items: [1, 2, 3, 4].map((id) => ({
    id,
    title: id === 1 ? '<img src=x onerror="alert(1)">Отёл в ноябре' : `Новость ${id}`,
    excerpt: `Кратко ${id}`,
    cover_url: id === 1 ? "/api/content/images/5b1e8f0e-8f7e-4d53-9a55-0d7a3c1f2b10/" : null,
    publish_at: "2026-11-20T09:00:00.000Z",
  })),
  total: 4,
  page: 1,
  page_size: 10,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function runBootScript() {
  new Function(script)();
}

const shown = () => document.getElementById("first-view");
const appScripts = () => [...document.head.querySelectorAll("script[type=module], link[rel=modulepreload]")];

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Covers asked for through `new Image()`, in order; they load at once unless `coversHang`. */
let coversAsked: string[] = [];
let coversHang = false;
class CoverImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  fetchPriority = "";
  set src(url: string) {
    coversAsked.push(url);
    if (!coversHang) queueMicrotask(() => this.onload?.());
  }
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  coversAsked = [];
  coversHang = false;
  vi.stubGlobal("Image", CoverImage);
  // Other test files may have run in this page before (and the app may have marked itself shown).
  delete window.__nadoyAppShown;
  const list = document.createElement("script");
  list.type = "application/json";
  list.id = "app-scripts";
  list.textContent = '{"entry":"/assets/index-1.js","preload":["/assets/react-1.js","/assets/router-1.js"]}';
  document.head.append(list);
  const root = document.createElement("div");
  root.id = "root";
  root.innerHTML = '<div class="boot" role="status">Загружаем портал…</div>';
  document.body.append(root);
  window.history.replaceState(null, "", "/");
  localStorage.setItem("access", "token-1");
  fetchMock = vi.fn(async (url: string) => {
    if (url === "/api/users/data/") return json(userDataFixture());
    if (url === "/api/news/?page=1") return json(feed);
    return json({ code: "not_found", message: "Не найдено" }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  delete window.__nadoyEarly;
  delete window.__nadoyAppShown;
  // Only what these tests added: the page is shared with the other test files of this worker.
  for (const added of appScripts()) added.remove();
  for (const id of ["app-scripts", "root", "first-view"]) document.getElementById(id)?.remove();
});

describe("the first view of the home page", () => {
  it("shows the greeting and the first three news over the boot screen, as text, with links", async () => {
    runBootScript();
    await vi.waitFor(() => expect(shown()).not.toBeNull());
    expect(shown()?.querySelector("h2")?.textContent).toBe("Здравствуйте, Иван Петров");
    const cards = [...document.querySelectorAll(".boot-card")];
    expect(cards.map((c) => c.querySelector("h4")?.textContent)).toEqual([
      '<img src=x onerror="alert(1)">Отёл в ноябре',
      "Новость 2",
      "Новость 3",
    ]);
    expect(cards.map((c) => c.querySelector("a")?.getAttribute("href"))).toEqual(["/news/1", "/news/2", "/news/3"]);
    // The title is text: the only picture is the cover, from the portal's own images.
    const images = [...document.querySelectorAll("img")].map((i) => i.getAttribute("src"));
    expect(images).toEqual([feed.items[0]?.cover_url]);
    expect(cards[0]?.querySelector(".boot-card-date")?.textContent).toBe("20.11.2026");
    // The boot screen stays in #root for React to replace.
    expect(document.querySelector("#root > .boot")).not.toBeNull();
  });

  it("starts the app only once the news have answered, so they are not queued behind its scripts", async () => {
    const news = deferred<Response>();
    fetchMock.mockImplementation(async (url: string) =>
      url === "/api/news/?page=1" ? news.promise : json(userDataFixture()),
    );
    runBootScript();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(["/api/users/data/", "/api/news/?page=1"]);
    await Promise.resolve();
    expect(appScripts()).toEqual([]);
    news.resolve(json(feed));
    await vi.waitFor(() => expect(appScripts()).toHaveLength(3));
    expect(appScripts().map((e) => e.getAttribute("href") ?? e.getAttribute("src"))).toEqual([
      "/assets/react-1.js",
      "/assets/router-1.js",
      "/assets/index-1.js",
    ]);
  });

  it("asks for the first cover before the app's scripts, and starts the app if the cover never comes", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      coversHang = true;
      runBootScript();
      await vi.waitFor(() => expect(coversAsked).toEqual([feed.items[0]?.cover_url]));
      expect(appScripts()).toEqual([]);
      await vi.advanceTimersByTimeAsync(800);
      expect(appScripts()).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("hands its answers to the app, which does not ask again (and reads them whole)", async () => {
    runBootScript();
    await vi.waitFor(() => expect(shown()).not.toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(callApi(userDataRoute)).resolves.toMatchObject({ username: "zootech" });
    await expect(callApi(listNews, { query: { page: 1 } })).resolves.toEqual(feed);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Taken once: the next call asks the server.
    await callApi(listNews, { query: { page: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("is removed by the app, and not shown when the app came first", async () => {
    runBootScript();
    await vi.waitFor(() => expect(shown()).not.toBeNull());
    dismissFirstView();
    expect(shown()).toBeNull();

    const news = deferred<Response>();
    fetchMock.mockImplementation(async (url: string) =>
      url === "/api/news/?page=1" ? news.promise : json(userDataFixture()),
    );
    runBootScript();
    dismissFirstView();
    news.resolve(json(feed));
    await vi.waitFor(() => expect(appScripts().length).toBeGreaterThan(3));
    // Every promise callback of the script has run once a task has passed (no timer is waited on).
    await new Promise((resolve) => setTimeout(resolve));
    expect(shown()).toBeNull();
  });

  it("is not taken with another access token (signed in again meanwhile)", async () => {
    runBootScript();
    localStorage.setItem("access", "token-2");
    await callApi(userDataRoute);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls.at(-1)?.[1]).toMatchObject({ headers: { authorization: "Bearer token-2" } });
  });

  it("asks only for the user data on another page, starts the app at once and shows nothing", async () => {
    window.history.replaceState(null, "", "/boards");
    runBootScript();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(["/api/users/data/"]);
    expect(appScripts()).toHaveLength(3);
    await callApi(userDataRoute);
    expect(shown()).toBeNull();
  });

  it("signed out, only starts the app; refused answers leave the boot screen alone", async () => {
    localStorage.removeItem("access");
    runBootScript();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(appScripts()).toHaveLength(3);

    for (const added of appScripts()) added.remove();
    localStorage.setItem("access", "expired");
    fetchMock.mockImplementation(async () => json({ code: "not_authenticated", message: "Нужен вход" }, 401));
    runBootScript();
    await vi.waitFor(() => expect(appScripts()).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve));
    expect(shown()).toBeNull();
    expect(document.querySelector(".boot")?.textContent).toBe("Загружаем портал…");
  });
});
