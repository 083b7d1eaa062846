import type { ManagedNews, NewsDetail, NewsPage } from "@nadoy/contract/content";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { users } from "../../db/schema/index.ts";
import { DEMO_NEWS_TITLES, seedDemoNews } from "../../db/seed/content.ts";
import { seedDemo } from "../../db/seed/demo.ts";
import { newsApi, ok } from "./content-news.test-kit.ts";

// The demo news (db/seed/content.ts) as each demo user sees it on the home page.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

async function apiOf(username: string) {
  const all = await t.database.db.select({ id: users.id, username: users.username }).from(users);
  const user = all.find((u) => u.username === username);
  if (!user) throw new Error(`no demo user ${username}`);
  return newsApi(t, await accessTokenFor(t, user.id));
}

const N = DEMO_NEWS_TITLES;

describe("demo news", () => {
  it("shows each demo user the news of its audience; drafts and scheduled news only to editors", async () => {
    await seedDemo(t.database.db);

    expect(await (await apiOf("client")).feedTitles()).toEqual([N.clients, N.cover, N.company]);
    expect(await (await apiOf("zootech")).feedTitles()).toEqual([N.cover, N.company]);
    expect(await (await apiOf("viewer")).feedTitles()).toEqual([N.cover, N.company]);
    // The editor works for the portal, not for the farm.
    expect(await (await apiOf("editor")).feedTitles()).toEqual([N.cover]);
    expect(await (await apiOf("admin")).feedTitles()).toEqual([N.clients, N.cover, N.company]);

    const editor = await apiOf("editor");
    const managed = ok<Omit<ManagedNews, "body">[]>(await editor.list(), 200);
    expect(Object.fromEntries(managed.map((n) => [n.title, n.status]))).toEqual({
      [N.cover]: "published",
      [N.company]: "published",
      [N.clients]: "published",
      [N.scheduled]: "scheduled",
      [N.draft]: "draft",
    });
    expect(managed.every((n) => n.created_by?.name === "Елена Редакторова")).toBe(true);
  });

  it("gives the cover news a real PNG and a sanitised body", async () => {
    await seedDemo(t.database.db);
    const client = await apiOf("client");
    const cover = ok<NewsPage>(await client.feed(), 200).items.find((i) => i.title === N.cover);
    expect(cover?.cover_url).toMatch(/^\/api\/content\/images\/[0-9a-f-]{36}\/$/);
    const image = await t.request({ method: "GET", url: cover?.cover_url ?? "" });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.rawPayload.subarray(1, 4).toString("latin1")).toBe("PNG");

    const detail = ok<NewsDetail>(await client.item(cover?.id ?? 0), 200);
    expect(detail.body).toContain("<table>");
    expect(detail.body).toContain('rel="noopener noreferrer"');
  });

  it("seeds the news once", async () => {
    await seedDemo(t.database.db);
    const editor = await apiOf("editor");
    const before = ok<unknown[]>(await editor.list(), 200).length;
    await seedDemoNews(t.database.db, { companyId: 1, editorId: null });
    expect(ok<unknown[]>(await editor.list(), 200)).toHaveLength(before);
  });
});
