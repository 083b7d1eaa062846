import { SENT_NOTIFICATIONS_PAGE_SIZE } from "@nadoy/contract/content";
import { ErrorCode } from "@nadoy/contract/errors";
import { Role } from "@nadoy/contract/roles";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contentEditorsApi, newEditor, newPerson, statementsThatWroteSend } from "../../../test/content-editors.ts";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { auditLog, companies, notificationSends, notifications, users } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";

let t: TestApp;
let api: ReturnType<typeof contentEditorsApi>;

beforeAll(async () => {
  t = await startTestApp();
  api = contentEditorsApi(t);
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const titles = async (token: string) => (await api.bell(token)).map((n) => n.title);

/** A farm company with two members (a client and a zootechnician), another with one, and outsiders. */
async function world() {
  const editor = await newEditor(t);
  const { company: niva } = await seedCompany(t.database.db, { name: "Агрофирма «Нива»" });
  const { company: rassvet } = await seedCompany(t.database.db, { name: "СПК «Рассвет»" });
  const client = await newPerson(t, "client", { roles: [Role.client], companyIds: [niva.id] });
  const zootech = await newPerson(t, "zootech", {
    roles: [Role.zootechnician, Role.client],
    companyIds: [niva.id, rassvet.id],
  });
  const agronomist = await newPerson(t, "agronomist", { roles: [Role.agronomist], companyIds: [rassvet.id] });
  // Role 7 as a second group only: not a client (the role is the first group).
  const viewer = await newPerson(t, "viewer", { roles: [Role.viewer, Role.client] });
  const retired = await newPerson(t, "retired", { roles: [Role.client], companyIds: [niva.id], isActive: false });
  return { editor, niva, rassvet, client, zootech, agronomist, viewer, retired };
}

describe("POST /api/manage/notifications/", () => {
  it("sends to chosen users: their bells show it, nobody else's", async () => {
    const w = await world();

    const res = await api.send(w.editor.token, {
      title: "Сверка поголовья",
      msg: "Проверьте данные до пятницы",
      link: "/reports",
      audience: { kind: "users", user_ids: [w.client.id, w.agronomist.id, w.client.id] },
    });

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), recipients: 2 });
    const [first] = await api.bell(w.client.token);
    expect(first).toMatchObject({ title: "Сверка поголовья", read: false });
    expect(await titles(w.agronomist.token)).toEqual(["Сверка поголовья"]);
    expect(await titles(w.zootech.token)).toEqual([]);
    expect(await titles(w.viewer.token)).toEqual([]);
    expect(await titles(w.editor.token)).toEqual([]);
  });

  it("sends to roles by the first group only", async () => {
    const w = await world();

    const res = await api.send(w.editor.token, {
      title: "Клиентам",
      msg: "Новые отчёты",
      audience: { kind: "roles", roles: [Role.client, Role.agronomist] },
    });

    expect(res.json().recipients).toBe(2);
    expect(await titles(w.client.token)).toEqual(["Клиентам"]);
    expect(await titles(w.agronomist.token)).toEqual(["Клиентам"]);
    expect(await titles(w.zootech.token)).toEqual([]);
    expect(await titles(w.viewer.token)).toEqual([]);
  });

  it("sends to the active members of companies, each once", async () => {
    const w = await world();

    const res = await api.send(w.editor.token, {
      title: "Хозяйствам",
      msg: "Обновлён справочник кормов",
      audience: { kind: "companies", company_uuids: [w.niva.uuid, w.rassvet.uuid] },
    });

    expect(res.json().recipients).toBe(3);
    expect(await titles(w.client.token)).toEqual(["Хозяйствам"]);
    expect(await titles(w.zootech.token)).toEqual(["Хозяйствам"]);
    expect(await titles(w.agronomist.token)).toEqual(["Хозяйствам"]);
    expect(await titles(w.viewer.token)).toEqual([]);
  });

  it("sends to every active user", async () => {
    const w = await world();

    const res = await api.send(w.editor.token, { title: "Всем", msg: "Портал обновлён", audience: { kind: "all" } });

    expect(res.json().recipients).toBe(5);
    for (const person of [w.editor, w.client, w.zootech, w.agronomist, w.viewer]) {
      expect(await titles(person.token)).toEqual(["Всем"]);
    }
  });

  it.each([
    ["all", () => ({ kind: "all" as const })],
    ["chosen users", (w: Awaited<ReturnType<typeof world>>) => ({ kind: "users" as const, user_ids: [w.retired.id] })],
    ["roles", () => ({ kind: "roles" as const, roles: [Role.client] })],
    [
      "companies",
      (w: Awaited<ReturnType<typeof world>>) => ({ kind: "companies" as const, company_uuids: [w.niva.uuid] }),
    ],
  ])("never writes to an inactive user (%s)", async (_name, audience) => {
    const w = await world();

    await api.send(w.editor.token, { title: "Проверка", msg: "…", audience: audience(w) });

    const retiredRows = await t.database.db.select().from(notifications).where(eq(notifications.userId, w.retired.id));
    expect(retiredRows).toEqual([]);
  });

  it.each([
    [
      "chosen users that do not exist or are inactive",
      async (w: Awaited<ReturnType<typeof world>>) => ({ kind: "users" as const, user_ids: [w.retired.id, 999_999] }),
    ],
    ["a role nobody has", async () => ({ kind: "roles" as const, roles: [Role.farmManager] })],
    [
      "a company without active members",
      async () => {
        const { company } = await seedCompany(t.database.db, { name: "Пустая" });
        return { kind: "companies" as const, company_uuids: [company.uuid] };
      },
    ],
    [
      "an unknown company",
      async () => ({ kind: "companies" as const, company_uuids: ["00000000-0000-4000-8000-000000000000"] }),
    ],
  ])("answers 400 fields.audience and writes nothing for %s", async (_name, audience) => {
    const w = await world();
    const body = { title: "Никому", msg: "…", audience: await audience(w) };
    const before = await rowCounts(t.database.db);

    const res = await api.send(w.editor.token, body);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.validation, fields: { audience: expect.any(String) } });
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it.each([
    ["an empty title", { title: " ", msg: "…", audience: { kind: "all" } }],
    ["a protocol-relative link", { title: "x", msg: "…", link: "//evil.example", audience: { kind: "all" } }],
    ["a javascript: link", { title: "x", msg: "…", link: "javascript:alert(1)", audience: { kind: "all" } }],
    ["an unknown role", { title: "x", msg: "…", audience: { kind: "roles", roles: [8] } }],
    ["no users", { title: "x", msg: "…", audience: { kind: "users", user_ids: [] } }],
    ["an unknown field", { title: "x", msg: "…", audience: { kind: "all" }, urgent: true }],
  ])("refuses %s with 400 and writes nothing", async (_name, body) => {
    const w = await world();
    const before = await rowCounts(t.database.db);

    const res = await api.send(w.editor.token, body);

    expect(res.statusCode).toBe(400);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("keeps markup in the title and message exactly as typed: JSON strings the web shows as text", async () => {
    const w = await world();
    // The design: notification text is plain text end to end. The server stores and answers it
    // untouched (no HTML sanitiser runs on it) and the web renders it as React text, never as HTML.
    const title = "Сверка <script>alert(1)</script>";
    const msg = 'Проверьте данные <img src=x onerror=alert(1)> до пятницы\n<script>alert("msg")</script>';

    expect(
      (await api.send(w.editor.token, { title, msg, audience: { kind: "users", user_ids: [w.client.id] } })).statusCode,
    ).toBe(201);

    const poll = await t.request({
      method: "POST",
      url: "/api/news/user_notifications/",
      token: w.client.token,
      payload: {},
    });
    expect(poll.statusCode).toBe(200);
    expect(poll.headers["content-type"]).toMatch(/^application\/json/);
    expect(poll.json()).toEqual([{ pk: expect.any(Number), fields: expect.objectContaining({ title, msg }) }]);

    const sent = await api.sent(w.editor.token);
    expect(sent.statusCode).toBe(200);
    expect(sent.headers["content-type"]).toMatch(/^application\/json/);
    expect(sent.json().items).toEqual([expect.objectContaining({ title, msg })]);
  });

  it("writes the recipients' rows in one statement and audits the send", async () => {
    const w = await world();

    const { id } = (await api.send(w.editor.token, { title: "Всем", msg: "…", audience: { kind: "all" } })).json();

    expect(await statementsThatWroteSend(t, id)).toBe(1);
    const [send] = await t.database.db.select().from(notificationSends).where(eq(notificationSends.id, id));
    expect(send).toMatchObject({ recipients: 5, createdBy: w.editor.id, audience: JSON.stringify({ kind: "all" }) });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "notification_sent"), eq(auditLog.userId, w.editor.id)));
    expect(entries.map((e) => JSON.parse(e.details ?? "null"))).toEqual([{ id, recipients: 5, title: "Всем" }]);
  });
});

describe("GET /api/manage/notifications/", () => {
  it("lists sends newest first, with whom they went to in Russian and how many read them", async () => {
    const w = await world();
    const send = async (title: string, audience: object) =>
      (await api.send(w.editor.token, { title, msg: "…", audience } as never)).json().id as number;
    const toAll = await send("Всем", { kind: "all" });
    const toRoles = await send("Ролям", { kind: "roles", roles: [Role.client, Role.zootechnician] });
    const toCompanies = await send("Компаниям", { kind: "companies", company_uuids: [w.niva.uuid, w.rassvet.uuid] });
    const toUsers = await send("Людям", { kind: "users", user_ids: [w.client.id, w.viewer.id, 999_999] });

    const list = await api.sentList(w.editor.token);

    expect(list.map((s) => [s.id, s.audience_text, s.recipients, s.read_count])).toEqual([
      [toUsers, "Пользователи: 3", 2, 0],
      [toCompanies, "Компании: Агрофирма «Нива», СПК «Рассвет»", 3, 0],
      [toRoles, "Роли: Клиент, Зоотехник", 2, 0],
      [toAll, "Все пользователи", 5, 0],
    ]);
    expect(list[0]).toMatchObject({
      title: "Людям",
      msg: "…",
      link: null,
      created_by: { id: w.editor.id, name: "Елена Редакторова" },
      created_at: expect.any(String),
    });
  });

  it("counts as read what recipients dismissed or read, per send", async () => {
    const w = await world();
    const first = (await api.send(w.editor.token, { title: "Первое", msg: "…", audience: { kind: "all" } })).json().id;
    const second = (await api.send(w.editor.token, { title: "Второе", msg: "…", audience: { kind: "all" } })).json().id;
    const readCounts = async () =>
      Object.fromEntries((await api.sentList(w.editor.token)).map((s) => [s.id, s.read_count]));
    expect(await readCounts()).toEqual({ [first]: 0, [second]: 0 });

    const pkOf = async (token: string, title: string) =>
      (await api.bell(token)).find((n) => n.title === title)?.pk ?? 0;
    await api.dismiss(w.client.token, [await pkOf(w.client.token, "Первое")]);
    await api.dismiss(w.zootech.token, [await pkOf(w.zootech.token, "Первое"), await pkOf(w.zootech.token, "Второе")]);

    expect(await readCounts()).toEqual({ [first]: 2, [second]: 1 });
  });

  it("pages the sends, 20 at a time, newest first", async () => {
    const w = await world();
    const ids: number[] = [];
    for (let i = 1; i <= SENT_NOTIFICATIONS_PAGE_SIZE + 2; i++) {
      ids.push((await api.send(w.editor.token, { title: `№${i}`, msg: "…", audience: { kind: "all" } })).json().id);
    }
    const first = await api.sentPage(w.editor.token, 1);
    const second = await api.sentPage(w.editor.token, 2);
    expect(first).toMatchObject({ total: ids.length, page: 1, page_size: SENT_NOTIFICATIONS_PAGE_SIZE });
    expect([...first.items, ...second.items].map((s) => s.id)).toEqual([...ids].reverse());
    expect(second.items.map((s) => s.title)).toEqual(["№2", "№1"]);
  });

  it("names a company deleted since, and an editor who is gone", async () => {
    const w = await world();
    const { company } = await seedCompany(t.database.db, { name: "Временная" });
    const member = await newPerson(t, "member", { companyIds: [company.id] });
    await api.send(w.editor.token, {
      title: "x",
      msg: "…",
      audience: { kind: "companies", company_uuids: [company.uuid] },
    });
    expect(await titles(member.token)).toEqual(["x"]);
    const superuser = await newPerson(t, "root", { isSuperuser: true });
    await t.database.db.delete(companies).where(eq(companies.id, company.id));
    await t.database.db.delete(users).where(eq(users.id, w.editor.id));

    const [sent] = await api.sentList(superuser.token);

    expect(sent).toMatchObject({ audience_text: "Компании: удалённая компания", created_by: null, recipients: 1 });
  });
});

describe("GET /api/manage/recipients/", () => {
  it("finds up to 20 active users by username or names, any letter case, and lists every company", async () => {
    const w = await world();
    await newPerson(t, "petrov", { firstName: "Пётр", lastName: "Иванов" });
    await newPerson(t, "Smirnova", { firstName: "Иванна", lastName: "Смирнова" });
    await newPerson(t, "gone", { firstName: "Иван", lastName: "Ушедший", isActive: false });
    await newPerson(t, "kozlov", { firstName: "Олег", lastName: "Козлов" });
    const usernames = async (q: string) =>
      (await api.recipients(w.editor.token, q)).json().users.map((u: { username: string }) => u.username);

    const res = await api.recipients(w.editor.token, "ИВАН");

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users).toEqual([
      { id: expect.any(Number), username: "petrov", name: "Пётр Иванов" },
      { id: expect.any(Number), username: "Smirnova", name: "Иванна Смирнова" },
    ]);
    expect(await usernames("smirNOVA")).toEqual(["Smirnova"]);
    expect(await usernames("олег")).toEqual(["kozlov"]);
    expect(body.companies).toEqual([
      { uuid: w.niva.uuid, name: "Агрофирма «Нива»" },
      { uuid: w.rassvet.uuid, name: "СПК «Рассвет»" },
    ]);
  });

  it("matches % and _ literally", async () => {
    const w = await world();
    await newPerson(t, "abcdef");
    await newPerson(t, "under_score");
    const found = async (q: string) =>
      (await api.recipients(w.editor.token, q)).json().users.map((u: { username: string }) => u.username);

    expect(await found("b_d")).toEqual([]);
    expect(await found("a%f")).toEqual([]);
    expect(await found("%")).toEqual([]);
    expect(await found("r_s")).toEqual(["under_score"]);
  });

  it("answers at most 20 users", async () => {
    const w = await world();
    for (let i = 0; i < 22; i++) await newPerson(t, `milker${i}`);

    const body = (await api.recipients(w.editor.token, "milker")).json();

    expect(body.users).toHaveLength(20);
  });
});
