import type { ManagedNews, NewsDetail } from "@nadoy/contract/content";
import { Role } from "@nadoy/contract/roles";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_FILES } from "../../../test/files.ts";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { hoursFromNow, newsAudit, newsWorld, ok, readTitle } from "./content-news.test-kit.ts";
import { NEWS_COMPANY_MISSING_TEXT, NEWS_COVER_MISSING_TEXT } from "./news-manage.service.ts";

// Editors' news (contract content.ts): drafts, changes, publishing and scheduling, the sanitised
// body, and the audit trail of every change.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const XSS = [
  '<p onclick="alert(1)">Надой <b>вырос</b><script>alert("xss")</script></p>',
  '<img src="x" onerror="alert(2)"><img src="http://evil.example/cow.png"><svg onload="alert(3)"></svg>',
  '<iframe src="https://evil.example"></iframe><a href="javascript:alert(4)">раз</a>',
  '<a href=" JaVaScRiPt:alert(5)">два</a><a href="//evil.example/x">три</a>',
  '<a href="/reports" onmouseover="alert(6)">отчёты</a><a href="mailto:zoo@zarya.example">почта</a>',
  '<table><tbody><tr><td style="color:red">31,4</td></tr></tbody></table><h2>Итоги</h2>',
].join("");

const DANGER = /script|onerror|onclick|onload|onmouseover|javascript:|evil|<svg|<iframe|style=/i;

describe("news editors: the body", () => {
  it("keeps formatting, links, tables and portal images, and never returns a script, handler or foreign URL", async () => {
    const w = await newsWorld(t);
    const image = ok<{ uuid: string; url: string }>(await w.editor.upload("корова.png", SAMPLE_FILES.png), 201);
    const body = `${XSS}<p><img src="${image.url}" alt="Корова"></p>`;
    const created = await w.editor.newNews({ title: "Надой вырос", body });

    const link = 'target="_blank" rel="noopener noreferrer"';
    expect(created.body).toBe(
      "<p>Надой <b>вырос</b></p>" +
        `<a ${link}>раз</a><a ${link}>два</a><a ${link}>три</a>` +
        `<a href="/reports" ${link}>отчёты</a><a href="mailto:zoo@zarya.example" ${link}>почта</a>` +
        "<table><tbody><tr><td>31,4</td></tr></tbody></table><h2>Итоги</h2>" +
        `<p><img src="${image.url}" alt="Корова" /></p>`,
    );
    const patched = ok<ManagedNews>(await w.editor.update(created.id, { body: `<em>ещё</em>${XSS}` }), 200);
    await w.editor.publish(created.id, hoursFromNow(-1));

    const seen = [
      created.body,
      patched.body,
      ok<ManagedNews>(await w.editor.get(created.id), 200).body,
      ok<NewsDetail>(await w.apiOf("role 7").item(created.id), 200).body,
      JSON.stringify(ok<unknown>(await w.editor.list(), 200)),
    ];
    for (const html of seen) expect(html).not.toMatch(DANGER);
    // The title is plain text, shown as text.
    const titled = await w.editor.published({ title: "Надой <script>alert(1)</script>" });
    expect(await readTitle(w.apiOf("role 7"), titled.id)).toBe("Надой <script>alert(1)</script>");
  });
});

describe("news editors: changes", () => {
  it("creates a draft with its audience and names who made and changed it", async () => {
    const w = await newsWorld(t);
    const created = await w.editor.newNews({
      title: "  Итоги года  ",
      excerpt: "Коротко",
      audience: { kind: "companies", company_uuids: [w.company.uuid, w.other.uuid, w.company.uuid] },
    });
    expect(created).toMatchObject({
      title: "Итоги года",
      excerpt: "Коротко",
      body: "",
      status: "draft",
      publish_at: null,
      cover_url: null,
      cover_image_uuid: null,
      audience: {
        kind: "companies",
        companies: [
          { uuid: w.company.uuid, name: "Агрохолдинг Заря" },
          { uuid: w.other.uuid, name: "Колхоз «Восход»" },
        ],
      },
      created_by: { id: w.idOf("role 2"), name: "Елена Редакторова" },
      updated_by: { id: w.idOf("role 2"), name: "Елена Редакторова" },
    });

    // A superuser without names is named by username.
    const changed = ok<ManagedNews>(
      await w.apiOf("superuser").update(created.id, { audience: { kind: "roles", roles: [Role.client, Role.viewer] } }),
      200,
    );
    expect(changed.audience).toEqual({ kind: "roles", roles: [Role.viewer, Role.client] });
    expect(changed.updated_by).toEqual({ id: w.idOf("superuser"), name: "superuser" });
    expect(changed.created_by?.name).toBe("Елена Редакторова");
  });

  it("changes only the fields a PATCH sends", async () => {
    const w = await newsWorld(t);
    const cover = ok<{ uuid: string }>(await w.editor.upload("обложка.png", SAMPLE_FILES.png), 201);
    const created = await w.editor.newNews({
      title: "Заголовок",
      excerpt: "Анонс",
      body: "<p>Текст</p>",
      cover_image_uuid: cover.uuid,
      audience: { kind: "roles", roles: [Role.client] },
    });
    const patched = ok<ManagedNews>(await w.editor.update(created.id, { title: "Новый заголовок" }), 200);
    expect(patched).toMatchObject({
      title: "Новый заголовок",
      excerpt: "Анонс",
      body: "<p>Текст</p>",
      cover_image_uuid: cover.uuid,
      audience: { kind: "roles", roles: [Role.client] },
    });
    const uncovered = ok<ManagedNews>(await w.editor.update(created.id, { cover_image_uuid: null }), 200);
    expect(uncovered).toMatchObject({ title: "Новый заголовок", cover_image_uuid: null, cover_url: null });
  });

  it("publishes, schedules and takes back news; the list shows each status, latest change first", async () => {
    const w = await newsWorld(t);
    const reader = w.apiOf("role 3");
    const item = await w.editor.newNews({ title: "Отёлы" });
    await w.editor.newNews({ title: "Другая" });
    expect(await readTitle(reader, item.id)).toBe(404);

    const scheduled = ok<ManagedNews>(await w.editor.publish(item.id, hoursFromNow(2)), 200);
    expect(scheduled.status).toBe("scheduled");
    expect(await reader.feedTitles()).toEqual([]);
    expect(await readTitle(reader, item.id)).toBe(404);

    const now = new Date().toISOString();
    const published = ok<ManagedNews>(await w.editor.publish(item.id, now), 200);
    expect(published).toMatchObject({ status: "published", publish_at: now });
    expect(await reader.feedTitles()).toEqual(["Отёлы"]);

    const list = ok<Omit<ManagedNews, "body">[]>(await w.editor.list(), 200);
    expect(list.map((n) => [n.title, n.status])).toEqual([
      ["Отёлы", "published"],
      ["Другая", "draft"],
    ]);
    expect(list[0]).not.toHaveProperty("body");

    const unpublished = ok<ManagedNews>(await w.editor.publish(item.id, null), 200);
    expect(unpublished).toMatchObject({ status: "draft", publish_at: null });
    expect(await reader.feedTitles()).toEqual([]);
    expect(await readTitle(reader, item.id)).toBe(404);
  });

  it("deletes news: gone for editors and readers", async () => {
    const w = await newsWorld(t);
    const item = await w.editor.published({ title: "Устарело" });
    ok(await w.editor.remove(item.id), 204);
    expect((await w.editor.get(item.id)).statusCode).toBe(404);
    expect(await readTitle(w.apiOf("role 3"), item.id)).toBe(404);
    expect((await w.editor.remove(item.id)).statusCode).toBe(404);
  });
});

describe("news editors: audit and refusals", () => {
  it("audits every change with who, before and after", async () => {
    const w = await newsWorld(t);
    const editorId = w.idOf("role 2");
    const item = await w.editor.newNews({ title: "Первая" });
    await w.editor.update(item.id, { title: "Вторая", body: "<p>Текст<script>x</script></p>" });
    const at = hoursFromNow(-1);
    await w.editor.publish(item.id, at);
    await w.editor.remove(item.id);

    const entries = (await newsAudit(t)).filter((e) => e.action.startsWith("news_"));
    expect(entries.map((e) => [e.action, e.userId, e.details?.id])).toEqual([
      ["news_created", editorId, item.id],
      ["news_updated", editorId, item.id],
      ["news_published", editorId, item.id],
      ["news_deleted", editorId, item.id],
    ]);
    const [created, updated, published, deleted] = entries.map((e) => e.details);
    const draft = {
      title: "Первая",
      excerpt: "",
      body: "",
      cover_image_uuid: null,
      publish_at: null,
      audience: { kind: "all" },
    };
    expect(created).toEqual({ id: item.id, before: null, after: draft });
    expect(updated).toEqual({
      id: item.id,
      before: draft,
      after: { ...draft, title: "Вторая", body: "<p>Текст</p>" },
    });
    expect(published?.before).toMatchObject({ publish_at: null });
    expect(published?.after).toMatchObject({ publish_at: at, title: "Вторая" });
    expect(deleted).toEqual({
      id: item.id,
      before: { ...draft, title: "Вторая", body: "<p>Текст</p>", publish_at: at },
      after: null,
    });
  });

  it("writes no audit entry for a save or a publish that changes nothing", async () => {
    const w = await newsWorld(t);
    const item = await w.editor.newNews({ title: "Без правок", excerpt: "Кратко" });
    const at = hoursFromNow(-2);
    ok(await w.editor.publish(item.id, at), 200);
    const entriesBefore = (await newsAudit(t)).length;

    ok(await w.editor.update(item.id, { title: "Без правок", excerpt: "Кратко" }), 200);
    ok(await w.editor.publish(item.id, at), 200);
    expect((await newsAudit(t)).length).toBe(entriesBefore);

    ok(await w.editor.update(item.id, { title: "С правкой", excerpt: "Кратко" }), 200);
    const last = (await newsAudit(t)).at(-1);
    expect(last?.action).toBe("news_updated");
    expect(last?.details).toMatchObject({ before: { title: "Без правок" }, after: { title: "С правкой" } });
  });

  it("refuses unknown images, companies, items and bad input with 4xx and writes nothing", async () => {
    const w = await newsWorld(t);
    const item = await w.editor.newNews({ title: "Есть" });
    const before = await rowCounts(t.database.db);
    const missing = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

    const badCover = await w.editor.create({ title: "С обложкой", cover_image_uuid: missing });
    expect(badCover.statusCode).toBe(400);
    expect(badCover.json()).toMatchObject({
      code: "validation_error",
      fields: { cover_image_uuid: NEWS_COVER_MISSING_TEXT },
    });
    const badCompany = await w.editor.update(item.id, {
      title: "Иначе",
      audience: { kind: "companies", company_uuids: [w.company.uuid, missing] },
    });
    expect(badCompany.statusCode).toBe(400);
    expect(badCompany.json()).toMatchObject({ fields: { audience: NEWS_COMPANY_MISSING_TEXT } });
    expect((await w.editor.update(item.id, { cover_image_uuid: missing })).statusCode).toBe(400);
    expect((await w.editor.create({ title: "  " })).statusCode).toBe(400);
    expect((await w.editor.create({ title: "Роль", audience: { kind: "roles", roles: [9 as 1] } })).statusCode).toBe(
      400,
    );
    expect((await w.editor.update(item.id + 100, { title: "Нет" })).statusCode).toBe(404);
    expect((await w.editor.publish(item.id + 100, null)).statusCode).toBe(404);
    expect((await w.editor.remove(item.id + 100)).statusCode).toBe(404);
    expect((await w.apiOf("role 1").create({ title: "Не редактор" })).statusCode).toBe(403);
    expect((await w.apiOf("role 1").remove(item.id)).statusCode).toBe(403);

    expect(await rowCounts(t.database.db)).toEqual(before);
    expect(ok<ManagedNews>(await w.editor.get(item.id), 200).title).toBe("Есть");
  });
});
