import type { ManagedInstruction } from "@nadoy/contract/instructions";
import { Role } from "@nadoy/contract/roles";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newEditor, newPerson } from "../../../test/content-editors.ts";
import { downloadFile, SAMPLE_FILES, uploaded } from "../../../test/files.ts";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { attachments, instructions } from "../../db/schema/index.ts";
import { ATTACHMENT_CLAIM_TEXT } from "../../platform/attachments/attachments.repository.ts";
import { instructionsApi, instructionsAudit, ok } from "./instructions.test-kit.ts";
import { INSTRUCTION_ORDER_TEXT } from "./instructions-manage.service.ts";

// Editors' articles (contract instructions.ts): create at the end, change, delete with files,
// reorder; sanitised bodies; files claimed, kept and dropped; every change audited; a refused
// request writes nothing.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

async function people() {
  const elena = await newEditor(t);
  const root = await newPerson(t, "root", { isSuperuser: true, firstName: "Главный", lastName: "Админ" });
  const reader = await newPerson(t, "reader", { roles: [Role.zootechnician] });
  return {
    elena,
    root,
    editor: instructionsApi(t, elena.token),
    superuser: instructionsApi(t, root.token),
    reader: instructionsApi(t, reader.token),
  };
}

const problem = (res: LightMyRequestResponse) => ({ status: res.statusCode, ...res.json() });

describe("instructions: creating and changing", () => {
  it("creates drafts for everyone at the end of the order, written by the caller", async () => {
    const { editor, superuser, elena } = await people();
    const first = await editor.created({ title: "Первая" });
    const second = await superuser.created({ title: "Вторая", body: "<p>Текст</p>", published: true });

    expect(first).toMatchObject({
      title: "Первая",
      body: "",
      attachments: [],
      position: 0,
      published: false,
      audience: { kind: "all" },
      updated_by: { id: elena.id, name: "Елена Редакторова" },
    });
    expect(second).toMatchObject({ position: 1, published: true, updated_by: { name: "Главный Админ" } });
    expect((await editor.managed()).map((a) => [a.title, a.position])).toEqual([
      ["Первая", 0],
      ["Вторая", 1],
    ]);
    // The editors' list carries no bodies or files.
    expect(Object.keys((await editor.managed())[0] ?? {}).sort()).toEqual(
      ["audience", "created_at", "position", "published", "title", "updated_at", "updated_by", "uuid"].sort(),
    );
  });

  it("changes only the fields given, marks who changed it and keeps plain text for search", async () => {
    const { editor, superuser, reader, root } = await people();
    const article = await editor.published({ title: "Кормление", body: "<p>Силос и сенаж.</p>" });

    const changed = ok<ManagedInstruction>(
      await superuser.update(article.uuid, {
        body: "<p>Комбикорм утром, <b>сено</b> вечером.</p>",
        audience: { kind: "roles", roles: [Role.zootechnician, Role.farmManager, Role.zootechnician] },
      }),
      200,
    );

    expect(changed).toMatchObject({
      title: "Кормление",
      published: true,
      body: "<p>Комбикорм утром, <b>сено</b> вечером.</p>",
      audience: { kind: "roles", roles: [Role.zootechnician, Role.farmManager] },
      updated_by: { id: root.id },
    });
    expect(Date.parse(changed.updated_at)).toBeGreaterThanOrEqual(Date.parse(article.updated_at));
    expect(await editor.get(article.uuid).then((r) => r.json())).toEqual(changed);
    expect(await reader.titles("комбикорма")).toEqual(["Кормление"]);
    expect(await reader.titles("силос")).toEqual([]);

    const back = ok<ManagedInstruction>(await editor.update(article.uuid, { audience: { kind: "all" } }), 200);
    expect(back.audience).toEqual({ kind: "all" });
  });

  it("audits every change with the article before and after", async () => {
    const { editor, elena } = await people();
    const a = await editor.created({ title: "Доение" });
    const b = await editor.created({ title: "Телята" });
    ok(await editor.update(a.uuid, { title: "Доение коров", published: true }), 200);
    ok(await editor.reorder([b.uuid, a.uuid]), 204);
    ok(await editor.remove(b.uuid), 204);

    const entries = await instructionsAudit(t);
    const [aRow] = await t.database.db.select().from(instructions).where(eq(instructions.uuid, a.uuid));
    expect(entries.map((e) => [e.action, e.userId])).toEqual([
      ["instruction_created", elena.id],
      ["instruction_created", elena.id],
      ["instruction_updated", elena.id],
      ["instructions_reordered", elena.id],
      ["instruction_deleted", elena.id],
    ]);
    expect(entries[0]?.details).toEqual({
      id: aRow?.id,
      before: null,
      after: {
        uuid: a.uuid,
        title: "Доение",
        body: "",
        published: false,
        audience: { kind: "all" },
        position: 0,
        attachments: [],
      },
    });
    expect(entries[2]?.details).toMatchObject({
      id: aRow?.id,
      before: { title: "Доение", published: false },
      after: { title: "Доение коров", published: true },
    });
    expect(entries[3]?.details).toEqual({
      id: null,
      before: [
        { uuid: a.uuid, title: "Доение коров" },
        { uuid: b.uuid, title: "Телята" },
      ],
      after: [
        { uuid: b.uuid, title: "Телята" },
        { uuid: a.uuid, title: "Доение коров" },
      ],
    });
    expect(entries[4]?.details).toMatchObject({ before: { uuid: b.uuid, title: "Телята", position: 0 }, after: null });
  });
});

describe("instructions: rich text", () => {
  const XSS =
    "<p>Инструкция<script>alert('xss')</script></p>" +
    '<img src="x" onerror="alert(1)">' +
    '<p><a href="javascript:alert(2)">ссылка</a> <a href="https://nadoy.example/help" onclick="steal()">справка</a></p>' +
    '<iframe src="https://evil.example/"></iframe>' +
    '<p style="color:red" onmouseover="alert(3)">Корова</p>';
  const BAD = [/<script/i, /onerror/i, /onclick/i, /onmouseover/i, /javascript:/i, /<iframe/i, /<img/i, /style=/i];

  const expectClean = (what: string, body: string) => {
    for (const pattern of BAD) expect(body, `${what}: ${pattern}`).not.toMatch(pattern);
  };

  it("never answers a script, event handler, javascript: link or frame on any route", async () => {
    const { editor, reader } = await people();
    const created = ok<ManagedInstruction>(await editor.create({ title: "Опасная", body: XSS, published: true }), 201);
    expect(created.body).toBe(
      "<p>Инструкция</p>" +
        '<p><a target="_blank" rel="noopener noreferrer">ссылка</a> ' +
        '<a href="https://nadoy.example/help" target="_blank" rel="noopener noreferrer">справка</a></p>' +
        "<p>Корова</p>",
    );
    const patched = await editor.update(created.uuid, { body: `${XSS}<p>ещё</p>` });
    expect(patched.statusCode).toBe(200);

    const answers: [string, LightMyRequestResponse][] = [
      ["create", await editor.create({ title: "Вторая", body: XSS, published: true })],
      ["patch", patched],
      ["manage get", await editor.get(created.uuid)],
      ["manage list", await editor.manageList()],
      ["read", await reader.read(created.uuid)],
      ["list", await reader.list()],
      ["search", await reader.list("инструкция")],
      ["search by title", await reader.list("Опасн")],
    ];
    for (const [what, res] of answers) {
      expect(res.statusCode, what).toBeLessThan(300);
      expectClean(what, res.body);
    }
    const [row] = await t.database.db.select().from(instructions).where(eq(instructions.uuid, created.uuid));
    expectClean("stored body", row?.body ?? "");
    expect(row?.plainText).toBe("Инструкция ссылка справка Корова ещё");
  });
});

describe("instructions: deleting", () => {
  it("deletes the article with its files; readers then get 404", async () => {
    const { editor, elena, reader } = await people();
    const file = await uploaded(t, elena.token, "памятка.pdf");
    const article = await editor.published({ title: "Памятка", attachment_uuids: [file.uuid] });
    expect((await downloadFile(t, elena.token, file.uuid)).statusCode).toBe(200);

    ok(await editor.remove(article.uuid), 204);

    expect((await reader.read(article.uuid)).statusCode).toBe(404);
    expect((await editor.get(article.uuid)).statusCode).toBe(404);
    expect(await t.database.db.select().from(attachments).where(eq(attachments.uuid, file.uuid))).toEqual([]);
  });
});

describe("instructions: order", () => {
  it("takes the full new order and readers see it", async () => {
    const { editor, reader } = await people();
    const [a, b, c] = [
      await editor.published({ title: "А" }),
      await editor.published({ title: "Б" }),
      await editor.published({ title: "В" }),
    ];
    if (!a || !b || !c) throw new Error("created");

    ok(await editor.reorder([c.uuid, a.uuid, b.uuid]), 204);

    expect((await editor.managed()).map((x) => [x.title, x.position])).toEqual([
      ["В", 0],
      ["А", 1],
      ["Б", 2],
    ]);
    expect(await reader.titles()).toEqual(["В", "А", "Б"]);
    // A new article still goes last.
    await editor.published({ title: "Г" });
    expect(await reader.titles()).toEqual(["В", "А", "Б", "Г"]);
  });

  it("refuses a partial list, a repeated uuid or an unknown one, and changes nothing", async () => {
    const { editor } = await people();
    const a = await editor.created({ title: "А" });
    const b = await editor.created({ title: "Б" });
    const c = await editor.created({ title: "В" });
    const before = await rowCounts(t.database.db);
    const order = await editor.managed();
    const unknown = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

    for (const uuids of [[c.uuid, a.uuid], [c.uuid, a.uuid, b.uuid, a.uuid], [c.uuid, a.uuid, unknown], []]) {
      expect(problem(await editor.reorder(uuids))).toEqual({
        status: 400,
        code: "validation_error",
        message: INSTRUCTION_ORDER_TEXT,
        fields: { uuids: INSTRUCTION_ORDER_TEXT },
      });
    }

    expect(await editor.managed()).toEqual(order);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });
});

describe("instructions: files", () => {
  it("claims the caller's uploads, keeps the named ones in the given order and deletes the dropped ones", async () => {
    const { editor, elena, reader } = await people();
    const scheme = await uploaded(t, elena.token, "схема.png", SAMPLE_FILES.png);
    const act = await uploaded(t, elena.token, "акт.pdf");
    const table = await uploaded(t, elena.token, "таблица.xlsx", SAMPLE_FILES.xlsx);
    const article = await editor.published({ title: "Доильный зал", attachment_uuids: [scheme.uuid, act.uuid] });
    expect(article.attachments).toEqual([scheme, act]);

    const changed = ok<ManagedInstruction>(
      await editor.update(article.uuid, { attachment_uuids: [table.uuid, scheme.uuid] }),
      200,
    );

    expect(changed.attachments).toEqual([table, scheme]);
    expect((await reader.article(article.uuid)).attachments).toEqual([table, scheme]);
    expect(await t.database.db.select().from(attachments).where(eq(attachments.uuid, act.uuid))).toEqual([]);
    expect((await downloadFile(t, elena.token, act.uuid)).statusCode).toBe(404);
    // A change without attachment_uuids leaves the files alone.
    const renamed = ok<ManagedInstruction>(await editor.update(article.uuid, { title: "Зал" }), 200);
    expect(renamed.attachments).toEqual([table, scheme]);
    const cleared = ok<ManagedInstruction>(await editor.update(article.uuid, { attachment_uuids: [] }), 200);
    expect(cleared.attachments).toEqual([]);
    expect(await t.database.db.select().from(attachments)).toEqual([]);
  });

  it("refuses another user's upload, another article's file or an unknown one with 400, writing nothing", async () => {
    const { editor, superuser, root, elena } = await people();
    const others = await uploaded(t, root.token, "чужой.pdf");
    const onOther = await uploaded(t, elena.token, "чужая статья.pdf");
    const mine = await uploaded(t, elena.token, "мой.pdf");
    const otherArticle = await editor.created({ title: "Другая", attachment_uuids: [onOther.uuid] });
    const article = await editor.created({ title: "Статья" });
    const before = await rowCounts(t.database.db);
    const refused = {
      status: 400,
      code: "validation_error",
      message: ATTACHMENT_CLAIM_TEXT,
      fields: { attachment_uuids: ATTACHMENT_CLAIM_TEXT },
    };

    for (const uuids of [[mine.uuid, others.uuid], [onOther.uuid], ["7c9e6679-7425-40de-944b-e07fc1f90ae7"]]) {
      expect(problem(await editor.create({ title: "Новая", attachment_uuids: uuids }))).toEqual(refused);
      expect(problem(await editor.update(article.uuid, { title: "Изменена", attachment_uuids: uuids }))).toEqual(
        refused,
      );
    }
    // A superuser may not take the editor's upload either.
    expect(problem(await superuser.update(article.uuid, { attachment_uuids: [mine.uuid] }))).toEqual(refused);

    expect(await rowCounts(t.database.db)).toEqual(before);
    expect((await editor.get(otherArticle.uuid)).json().attachments).toEqual([onOther]);
    expect((await editor.get(article.uuid)).json()).toMatchObject({ title: "Статья", attachments: [] });
  });
});

describe("instructions: refused requests", () => {
  it("writes nothing for bad input, a missing article or a caller who may not", async () => {
    const { editor, reader } = await people();
    const article = await editor.created({ title: "Статья" });
    const before = await rowCounts(t.database.db);
    const missing = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

    const statuses = [
      (await editor.create({ title: "  " })).statusCode,
      (await editor.create({ title: "Т".repeat(201) })).statusCode,
      (await editor.create({ title: "Роли", audience: { kind: "roles", roles: [] } })).statusCode,
      (await editor.create({ title: "Роли", audience: { kind: "roles", roles: [8] } })).statusCode,
      (await editor.create({ title: "Лишнее", position: 5 })).statusCode,
      (await editor.update(article.uuid, { published: "да" })).statusCode,
      (await editor.update(missing, { title: "Нет" })).statusCode,
      (await editor.remove(missing)).statusCode,
      (await reader.create({ title: "Читатель" })).statusCode,
      (await reader.update(article.uuid, { title: "Читатель" })).statusCode,
      (await reader.remove(article.uuid)).statusCode,
      (await reader.reorder([article.uuid])).statusCode,
    ];

    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 404, 404, 403, 403, 403, 403]);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });
});
