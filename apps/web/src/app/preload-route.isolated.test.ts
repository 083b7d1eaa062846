import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REPOSITORY_ROOT } from "../../build-info.ts";
import { userDataQueryKey } from "../shared/hooks/use-user-data.ts";
import { createQueryClient } from "../shared/lib/query-client.ts";
import { userDataFixture } from "../test/fixtures.ts";
import { mockApi } from "../test/mock-api.ts";

// Which chunks the preload started.
const loaded = vi.hoisted(() => new Set<string>());
vi.mock("./layouts/load.ts", () => ({
  loadFullPageLayout: async () => loaded.add("FullPageLayout"),
  loadAppLayout: async () => loaded.add("AppLayout"),
}));
vi.mock("./pages.ts", () => ({ preloadPage: (key: string) => loaded.add(`page:${key}`) }));

const { preloadRoute } = await import("./preload-route.ts");

describe("preloadRoute (issue 16: the first page's chunks side by side)", () => {
  beforeEach(() => {
    loaded.clear();
    localStorage.clear();
  });
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("loads the full-page layout and the sign-in page together for /login", async () => {
    preloadRoute("/login", "login");
    expect(loaded).toEqual(new Set(["FullPageLayout", "page:login"]));
  });

  it("loads the shell and the home page together for / signed in", async () => {
    localStorage.setItem("access", "a.b.c");
    preloadRoute("/", "home");
    expect(loaded).toEqual(new Set(["AppLayout", "page:home"]));
  });

  it("signed in, asks for the user data and (on /) the news feed beside the chunks, into the app's cache", async () => {
    localStorage.setItem("access", "a.b.c");
    const api = mockApi({
      "GET /api/users/data/": { status: 200, body: userDataFixture() },
      "GET /api/news/": { status: 200, body: { items: [], total: 0, page: 1, page_size: 10 } },
    });
    const queryClient = createQueryClient();
    preloadRoute("/", "home", queryClient);
    await vi.waitFor(() => expect(queryClient.getQueryData(["content-news", "feed", 1])).toBeDefined());
    await vi.waitFor(() => expect(queryClient.getQueryData(userDataQueryKey)).toBeDefined());
    expect(api.calls.map((c) => `${c.path}${c.query.size ? `?${c.query}` : ""}`).sort()).toEqual([
      "/api/news/?page=1",
      "/api/users/data/",
    ]);
    expect(api.calls.every((c) => c.authorization === "Bearer a.b.c")).toBe(true);
  });

  it("signed out, loads the sign-in page a shell page sends the visitor to, not the shell", async () => {
    preloadRoute("/", "home");
    expect(loaded).toEqual(new Set(["FullPageLayout", "page:login"]));
  });

  it("loads nothing for an unknown path or /api", async () => {
    preloadRoute("/nowhere", undefined);
    preloadRoute("/api/users/data/", undefined);
    expect(loaded.size).toBe(0);
  });
});

describe("index.html's boot screen", () => {
  it("puts visible text in #root, painted before the JavaScript arrives and replaced by React", () => {
    const html = readFileSync(resolve(REPOSITORY_ROOT, "apps/web/index.html"), "utf8");
    const doc = new DOMParser().parseFromString(html, "text/html");
    const root = doc.getElementById("root");
    expect(root?.querySelector(".boot-name")?.textContent).toBe("Надой");
    expect(root?.textContent).toContain("Загружаем портал");
    // Styled by the page itself (an inline style: no request before the first paint).
    expect(doc.head.querySelector("style")?.textContent).toContain(".boot");
  });
});
