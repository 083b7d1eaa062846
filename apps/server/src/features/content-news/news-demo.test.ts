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

  it("gives every published demo news a distinct 16:9 picture that an editor could have uploaded", async () => {
    await seedDemo(t.database.db);
    // The admin reads every audience's news: all, the demo company's and clients'.
    const feed = ok<NewsPage>(await (await apiOf("admin")).feed(), 200).items;
    expect(feed.map((i) => i.title)).toEqual([N.clients, N.cover, N.company]);
    const editor = await apiOf("editor");
    const pictures: Buffer[] = [];
    for (const item of feed) {
      expect(item.cover_url, item.title).toMatch(/^\/api\/content\/images\/[0-9a-f-]{36}\/$/);
      const image = await t.request({ method: "GET", url: item.cover_url ?? "" });
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/png");
      const png = image.rawPayload;
      // IHDR: width and height in the cover's shape, so the feed crops it and never stretches it.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], item.title).toEqual([640, 360]);
      expect(png.length, item.title).toBeLessThan(30 * 1024);
      // The server's own checks (extension, first bytes) take it as an upload.
      expect((await editor.upload("обложка.png", png)).statusCode, item.title).toBe(201);
      pictures.push(png);
    }
    expect(new Set(pictures.map((png) => png.toString("base64"))).size).toBe(3);
  });

  it("keeps the demo news bodies sanitised", async () => {
    await seedDemo(t.database.db);
    const client = await apiOf("client");
    const cover = ok<NewsPage>(await client.feed(), 200).items.find((i) => i.title === N.cover);
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
