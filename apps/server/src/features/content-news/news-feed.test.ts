import { NEWS_PAGE_SIZE, type NewsDetail, type NewsPage } from "@nadoy/contract/content";
import { Role } from "@nadoy/contract/roles";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { SAMPLE_FILES } from "../../../test/files.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { seedUser } from "../../db/seed/users.ts";
import { hoursFromNow, newsApi, newsWorld, ok, readTitle } from "./content-news.test-kit.ts";

// The readers' feed (contract content.ts): published news whose audience includes the caller,
// newest first, a page at a time; anything else is 404 by id, like a missing item.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

describe("news feed: audiences", () => {
  it("shows each caller only everyone's news, its companies' and its role's; superusers see all", async () => {
    const w = await newsWorld(t);
    const ed = w.editor;
    const all = await ed.published({ title: "Для всех" }, hoursFromNow(-5));
    const zarya = await ed.published(
      { title: "Для Зари", audience: { kind: "companies", company_uuids: [w.company.uuid] } },
      hoursFromNow(-4),
    );
    const voskhod = await ed.published(
      { title: "Для Восхода", audience: { kind: "companies", company_uuids: [w.other.uuid] } },
      hoursFromNow(-3),
    );
    const clients = await ed.published(
      { title: "Для клиентов", audience: { kind: "roles", roles: [Role.client] } },
      hoursFromNow(-2),
    );
    const staff = await ed.published(
      {
        title: "Для зоотехников и агрономов",
        audience: { kind: "roles", roles: [Role.zootechnician, Role.agronomist] },
      },
      hoursFromNow(-1),
    );

    expect(await w.apiOf("role 7").feedTitles()).toEqual(["Для клиентов", "Для Зари", "Для всех"]);
    expect(await w.apiOf("role 3").feedTitles()).toEqual(["Для зоотехников и агрономов", "Для Зари", "Для всех"]);
    expect(await w.apiOf("role 6").feedTitles()).toEqual(["Для Зари", "Для всех"]);
    expect(await w.apiOf("other company").feedTitles()).toEqual(["Для Восхода", "Для всех"]);
    expect(await w.apiOf("superuser").feedTitles()).toEqual([
      "Для зоотехников и агрономов",
      "Для клиентов",
      "Для Восхода",
      "Для Зари",
      "Для всех",
    ]);

    // By id: the same rule, and 404 outside it.
    const client = w.apiOf("role 7");
    expect(await readTitle(client, clients.id)).toBe("Для клиентов");
    expect(await readTitle(client, zarya.id)).toBe("Для Зари");
    expect(await readTitle(client, all.id)).toBe("Для всех");
    expect(await readTitle(client, voskhod.id)).toBe(404);
    expect(await readTitle(client, staff.id)).toBe(404);
    expect((await client.item(staff.id)).json()).toEqual({ code: "not_found", message: "Не найдено" });
    expect(await readTitle(w.apiOf("other company"), zarya.id)).toBe(404);
    expect(await readTitle(w.apiOf("superuser"), voskhod.id)).toBe("Для Восхода");
  });

  it("reads the role from the first group only", async () => {
    const w = await newsWorld(t);
    await w.editor.published({ title: "Для клиентов", audience: { kind: "roles", roles: [Role.client] } });
    // A viewer who is also in the clients' group is a viewer (spec §6): no client news.
    const viewer = await seedUser(t.database.db, { username: "both", roles: [Role.viewer, Role.client] });
    const client = await seedUser(t.database.db, { username: "client2", roles: [Role.client, Role.viewer] });
    expect(await newsApi(t, await accessTokenFor(t, viewer.id)).feedTitles()).toEqual([]);
    expect(await newsApi(t, await accessTokenFor(t, client.id)).feedTitles()).toEqual(["Для клиентов"]);
  });

  it("never shows a draft or a scheduled item, in the feed or by id, even to superusers", async () => {
    const w = await newsWorld(t);
    const draft = await w.editor.newNews({ title: "Черновик" });
    const scheduled = await w.editor.published({ title: "Завтра" }, hoursFromNow(24));
    await w.editor.published({ title: "Вчера" }, hoursFromNow(-24));

    for (const who of ["role 3", "role 2", "superuser"] as const) {
      const api = w.apiOf(who);
      expect(await api.feedTitles()).toEqual(["Вчера"]);
      expect(ok<NewsPage>(await api.feed(), 200).total).toBe(1);
      expect(await readTitle(api, draft.id)).toBe(404);
      expect(await readTitle(api, scheduled.id)).toBe(404);
    }
    expect(await readTitle(w.apiOf("role 3"), 999_999)).toBe(404);
  });

  it("pages the feed newest first and counts every item the caller may read", async () => {
    const w = await newsWorld(t);
    const count = NEWS_PAGE_SIZE + 3;
    for (let i = 1; i <= count; i += 1) {
      await w.editor.published({ title: `Новость ${i}` }, hoursFromNow(-100 + i));
    }
    // Not the caller's: not counted.
    await w.editor.published({ title: "Чужая", audience: { kind: "companies", company_uuids: [w.other.uuid] } });

    const reader = w.apiOf("role 5");
    const first = ok<NewsPage>(await reader.feed(), 200);
    expect(first).toMatchObject({ total: count, page: 1, page_size: NEWS_PAGE_SIZE });
    expect(first.items.map((i) => i.title)).toEqual(
      Array.from({ length: NEWS_PAGE_SIZE }, (_, i) => `Новость ${count - i}`),
    );
    const second = ok<NewsPage>(await reader.feed(2), 200);
    expect(second).toMatchObject({ total: count, page: 2 });
    expect(second.items.map((i) => i.title)).toEqual(["Новость 3", "Новость 2", "Новость 1"]);
    expect(ok<NewsPage>(await reader.feed(3), 200)).toMatchObject({ items: [], total: count, page: 3 });
    expect((await reader.feed(0)).statusCode).toBe(400);
  });

  it("gives the cover as an image path and the body with the item", async () => {
    const w = await newsWorld(t);
    const cover = ok<{ uuid: string; url: string }>(await w.editor.upload("ферма.png", SAMPLE_FILES.png), 201);
    const item = await w.editor.published({
      title: "С обложкой",
      excerpt: "Коротко",
      body: "<p>Текст <b>новости</b></p>",
      cover_image_uuid: cover.uuid,
    });
    const reader = w.apiOf("role 4");
    const [entry] = ok<NewsPage>(await reader.feed(), 200).items;
    expect(entry).toEqual({
      id: item.id,
      title: "С обложкой",
      excerpt: "Коротко",
      cover_url: `/api/content/images/${cover.uuid}/`,
      publish_at: item.publish_at,
    });
    expect(ok<NewsDetail>(await reader.item(item.id), 200)).toEqual({ ...entry, body: "<p>Текст <b>новости</b></p>" });
    expect((await reader.image(cover.uuid)).statusCode).toBe(200);
  });
});
