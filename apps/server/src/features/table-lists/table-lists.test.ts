import { ErrorCode } from "@nadoy/contract/errors";
import { FormValueText } from "@nadoy/contract/form-values";
import { FORM_READS_PER_MINUTE, FORM_SUBMITS_PER_MINUTE, formElementSchema } from "@nadoy/contract/table-lists";
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowCounts } from "../../../test/row-counts.ts";
import { nextAddress, startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { listColumns, listForms, listRows, lists, notifications } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import {
  FEEDBACK_FARMS,
  FEEDBACK_FORM_CONCLUSION,
  FEEDBACK_FORM_HEADER,
  FEEDBACK_FORM_LINK,
  FEEDBACK_TOPICS,
  seedFeedbackList,
} from "../../db/seed/table-lists.ts";
import { seedUser } from "../../db/seed/users.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const HIDDEN_LINK = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee";

async function seedForms() {
  const db = t.database.db;
  const { company } = await seedCompany(db, { name: "Агрохолдинг Заря" });
  const owner = await seedUser(db, { username: "zootech" });
  const published = await seedFeedbackList(db, company.id, owner.id);
  const hidden = await seedFeedbackList(db, company.id, owner.id, { uuidLink: HIDDEN_LINK, published: false });
  return { owner, columns: published.columns, list: published.list, hiddenColumns: hidden.columns };
}

const formData = (uuidLink: string, remoteAddress?: string) =>
  t.request({ method: "GET", url: `/api/tableLists/form_data/?uuid_link=${uuidLink}`, remoteAddress });
const tags = (columnUuid: string) =>
  t.request({ method: "GET", url: `/api/tableLists/tags/?column_uuid=${columnUuid}` });
const submit = (payload: unknown, remoteAddress?: string) =>
  t.request({
    method: "POST",
    url: "/api/tableLists/link_uuid_form/",
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    headers: { "content-type": "application/json" },
    remoteAddress,
  });

function validValues(c: Record<string, string>) {
  return {
    [c.name as string]: "Иван Петрович",
    [c.phone as string]: "+7 916 123-45-67",
    [c.date as string]: "2025-11-28",
    [c.herd as string]: 412,
    [c.sick as string]: 3.5,
    [c.photo as string]: "https://example.com/korova.jpg",
    [c.topics as string]: [FEEDBACK_TOPICS[0], FEEDBACK_TOPICS[2]],
    [c.farm as string]: FEEDBACK_FARMS[1],
    [c.message as string]: "Упал надой в группе 3",
    [c.consent as string]: true,
  };
}

const rowsOf = (listId: number) =>
  t.database.db.select().from(listRows).where(eq(listRows.listId, listId)).orderBy(asc(listRows.order));

describe("GET /api/tableLists/form_data/", () => {
  it("answers the demo form's elements by order, in the shape of spec §3", async () => {
    const { columns } = await seedForms();

    const res = await formData(FEEDBACK_FORM_LINK);

    expect(res.statusCode).toBe(200);
    const elements = res.json() as unknown[];
    expect(elements).toHaveLength(12);
    for (const e of elements) expect(Object.keys(formElementSchema.strict().parse(e)).sort()).toHaveLength(12);
    const orders = elements.map((e) => (e as { order: number }).order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(elements[0]).toEqual({
      column_uuid: null,
      type: null,
      percent_over_100: false,
      name: "",
      label_data: expect.stringContaining("Расскажите"),
      mandatory_filling: false,
      not_empty: false,
      type_form_element: "text_block",
      place_holder: "",
      order: 5,
      form_header: FEEDBACK_FORM_HEADER,
      conclusion: FEEDBACK_FORM_CONCLUSION,
    });
    expect(elements[1]).toMatchObject({
      column_uuid: columns.name,
      type: "text",
      name: "Как к вам обращаться",
      mandatory_filling: true,
      not_empty: true,
      type_form_element: null,
      place_holder: "Введите текст",
    });
    const types = elements.map((e) => (e as { type: string | null }).type);
    expect(new Set(types)).toEqual(
      new Set([null, "checkbox", "text", "date_picker", "number", "percent", "telephone", "ref", "tag", "select"]),
    );
    expect(elements.map((e) => (e as { type_form_element: string | null }).type_form_element)).toContain("link_block");
  });

  it("answers 404 for an unknown or unpublished link, 400 for a malformed one", async () => {
    await seedForms();
    for (const link of ["99999999-2222-4333-8444-555555555555", HIDDEN_LINK]) {
      const res = await formData(link);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: ErrorCode.notFound });
    }
    expect((await formData("not-a-uuid")).statusCode).toBe(400);
  });

  it("limits reads per address (429 with Retry-After)", async () => {
    await seedForms();
    const address = nextAddress();
    for (let i = 0; i < FORM_READS_PER_MINUTE; i++) {
      expect((await formData(FEEDBACK_FORM_LINK, address)).statusCode).toBe(200);
    }
    const refused = await formData(FEEDBACK_FORM_LINK, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await formData(FEEDBACK_FORM_LINK)).statusCode).toBe(200);
  });
});

describe("GET /api/tableLists/tags/", () => {
  it("answers a published form's tag and select options", async () => {
    const { columns } = await seedForms();
    expect((await tags(columns.topics as string)).json()).toEqual(FEEDBACK_TOPICS);
    expect((await tags(columns.farm as string)).json()).toEqual(FEEDBACK_FARMS);
  });

  it("answers 404 for a column of an unpublished form, a non-tag column and an unknown one", async () => {
    const { columns, hiddenColumns } = await seedForms();
    for (const uuid of [hiddenColumns.topics, columns.name, "99999999-2222-4333-8444-555555555555"]) {
      const res = await tags(uuid as string);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: ErrorCode.notFound });
    }
  });
});

describe("POST /api/tableLists/link_uuid_form/", () => {
  it("adds exactly one row per answer with typed values and tells the list's owner in one notice", async () => {
    const { columns, list, owner } = await seedForms();
    const before = await rowCounts(t.database.db);

    const first = await submit({ uuid_link: FEEDBACK_FORM_LINK, form_data: validValues(columns) });
    const second = await submit({
      uuid_link: FEEDBACK_FORM_LINK,
      form_data: {
        [columns.name as string]: "Ольга",
        [columns.message as string]: "Всё хорошо",
        [columns.consent as string]: true,
        [columns.topics as string]: "",
      },
    });

    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ detail: expect.any(String) });
    expect(second.statusCode).toBe(201);
    const after = await rowCounts(t.database.db);
    expect(after.list_rows).toBe((before.list_rows ?? 0) + 2);
    expect(after.notifications).toBe((before.notifications ?? 0) + 1);
    const rows = await rowsOf(list.id);
    expect(rows.map((r) => Number(r.order))).toEqual([1, 2]);
    expect(rows[0]?.createdBy).toBeNull();
    expect(rows[0]?.values).toEqual({
      ...validValues(columns),
      [columns.phone as string]: "+79161234567",
    });
    expect(typeof rows[0]?.values[columns.herd as string]).toBe("number");
    expect(rows[1]?.values).toEqual({
      [columns.name as string]: "Ольга",
      [columns.message as string]: "Всё хорошо",
      [columns.consent as string]: true,
      [columns.topics as string]: "",
    });
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: "Новые ответы на форму",
      msg: "В список «Обратная связь с фермы» добавлены 2 строки из формы «Обратная связь с фермы».",
      link: `/lists/${list.uuid}`,
      read: false,
    });
  });

  it.each<
    [string, (c: Record<string, string>) => Record<string, unknown>, (c: Record<string, string>) => string, string]
  >([
    [
      "a missing mandatory value",
      (c) => ({ [c.name as string]: undefined }),
      (c) => c.name as string,
      FormValueText.mandatory,
    ],
    [
      "an unticked mandatory checkbox",
      (c) => ({ [c.consent as string]: false }),
      (c) => c.consent as string,
      FormValueText.mandatory,
    ],
    [
      "a blank not_empty value",
      (c) => ({ [c.message as string]: " \n " }),
      (c) => c.message as string,
      FormValueText.blank,
    ],
    ["a bad date", (c) => ({ [c.date as string]: "2025-02-30" }), (c) => c.date as string, FormValueText.date],
    [
      "an unknown tag",
      (c) => ({ [c.topics as string]: [{ name: "Погода", color: "gray" }] }),
      (c) => c.topics as string,
      FormValueText.tag,
    ],
    [
      "an unknown select option",
      (c) => ({ [c.farm as string]: { name: "МТФ «Север»", color: "red" } }),
      (c) => c.farm as string,
      FormValueText.select,
    ],
    ["a number sent as text", (c) => ({ [c.herd as string]: "412" }), (c) => c.herd as string, FormValueText.number],
    ["a bad phone", (c) => ({ [c.phone as string]: "12345" }), (c) => c.phone as string, FormValueText.telephone],
    [
      "a +7 phone one digit short",
      (c) => ({ [c.phone as string]: "+7 916 123-45-6" }),
      (c) => c.phone as string,
      FormValueText.telephone,
    ],
    ["a percent above 100", (c) => ({ [c.sick as string]: 120.5 }), (c) => c.sick as string, FormValueText.percentMax],
    [
      "an unknown column",
      () => ({ "99999999-2222-4333-8444-555555555555": "x" }),
      () => "99999999-2222-4333-8444-555555555555",
      FormValueText.unknownColumn,
    ],
  ])("refuses %s with 400 naming the column, writing nothing", async (_name, change, key, message) => {
    const { columns } = await seedForms();
    const before = await rowCounts(t.database.db);
    const formValues: Record<string, unknown> = { ...validValues(columns), ...change(columns) };
    for (const [k, v] of Object.entries(formValues)) if (v === undefined) delete formValues[k];

    const res = await submit({ uuid_link: FEEDBACK_FORM_LINK, form_data: formValues });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.validation, fields: { [key(columns)]: message } });
    expect(Object.keys(res.json().fields)).toEqual([key(columns)]);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("takes a percent above 100 where the column allows it (and form_data says so), refuses it elsewhere", async () => {
    const { columns, list } = await seedForms();
    const sick = columns.sick as string;
    const values = { ...validValues(columns), [sick]: 150 };

    const refused = await submit({ uuid_link: FEEDBACK_FORM_LINK, form_data: values });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { [sick]: "Процент не может быть больше 100" } });
    const field = () =>
      formData(FEEDBACK_FORM_LINK).then((res) =>
        (res.json() as { column_uuid: string | null; percent_over_100: boolean }[]).find((e) => e.column_uuid === sick),
      );
    expect((await field())?.percent_over_100).toBe(false);

    await t.database.db.update(listColumns).set({ percentOver100: true }).where(eq(listColumns.uuid, sick));
    expect((await field())?.percent_over_100).toBe(true);
    const taken = await submit({ uuid_link: FEEDBACK_FORM_LINK, form_data: values });
    expect(taken.statusCode).toBe(201);
    expect((await rowsOf(list.id)).map((r) => (r.values as Record<string, unknown>)[sick])).toEqual([150]);
  });

  it("stores a Russian phone typed with 8 and a decimal as +7… and the number", async () => {
    const { columns, list } = await seedForms();
    const res = await submit({
      uuid_link: FEEDBACK_FORM_LINK,
      form_data: {
        ...validValues(columns),
        [columns.phone as string]: "8 (916) 123-45-67",
        [columns.sick as string]: 31.5,
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await rowsOf(list.id);
    expect(row?.values[columns.phone as string]).toBe("+79161234567");
    expect(row?.values[columns.sick as string]).toBe(31.5);
  });

  it("writes a resent submission (same client_id) once, also when both sends arrive together", async () => {
    const { columns, list } = await seedForms();
    const rowsOfList = () => t.database.db.select().from(listRows).where(eq(listRows.listId, list.id));
    const body = (clientId: string) => ({
      uuid_link: FEEDBACK_FORM_LINK,
      client_id: clientId,
      form_data: validValues(columns),
    });
    const lost = "0f9e8d7c-6b5a-4321-8fed-cba987654321";
    expect((await submit(body(lost))).statusCode).toBe(201);
    // The answer was lost on the way back: the browser sends the same submission again.
    expect((await submit(body(lost))).statusCode).toBe(201);
    expect(await rowsOfList()).toHaveLength(1);

    const twice = "1a2b3c4d-5e6f-4a1b-9c2d-3e4f5a6b7c8d";
    const answers = await Promise.all([submit(body(twice)), submit(body(twice))]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(await rowsOfList()).toHaveLength(2);

    // Another submission (its own id, or none) is a row of its own.
    expect((await submit(body("2b3c4d5e-6f70-4b1c-8d2e-3f4a5b6c7d8e"))).statusCode).toBe(201);
    expect((await submit({ uuid_link: FEEDBACK_FORM_LINK, form_data: validValues(columns) })).statusCode).toBe(201);
    expect(await rowsOfList()).toHaveLength(4);
  });

  it("answers 404 for an unpublished form and writes nothing", async () => {
    const { hiddenColumns } = await seedForms();
    const before = await rowCounts(t.database.db);
    const res = await submit({ uuid_link: HIDDEN_LINK, form_data: validValues(hiddenColumns) });
    expect(res.statusCode).toBe(404);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("refuses malformed JSON, unknown body fields and an oversized body", async () => {
    await seedForms();
    const bad = await submit('{"uuid_link": ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: ErrorCode.invalidJson });
    const extra = await submit({ uuid_link: FEEDBACK_FORM_LINK, form_data: {}, more: 1 });
    expect(extra.statusCode).toBe(400);
    const huge = await submit({ uuid_link: FEEDBACK_FORM_LINK, form_data: { x: "я".repeat(40_000) } });
    expect(huge.statusCode).toBe(413);
  });

  it("limits submissions per address (429 with Retry-After)", async () => {
    await seedForms();
    const address = nextAddress();
    for (let i = 0; i < FORM_SUBMITS_PER_MINUTE; i++) {
      expect((await submit({ uuid_link: FEEDBACK_FORM_LINK, form_data: {} }, address)).statusCode).toBe(400);
    }
    const refused = await submit({ uuid_link: FEEDBACK_FORM_LINK, form_data: {} }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCode.tooManyRequests });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("owner notices about form answers", () => {
  const answer = (c: Record<string, string>, link = FEEDBACK_FORM_LINK) =>
    submit({ uuid_link: link, form_data: validValues(c) });
  const noticesOf = (userId: number) =>
    t.database.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id));

  it("counts further answers in the owner's unread notice of the last 10 minutes", async () => {
    const { columns, owner, list } = await seedForms();

    for (let i = 0; i < 5; i++) expect((await answer(columns)).statusCode).toBe(201);

    const notices = await noticesOf(owner.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: "Новые ответы на форму",
      msg: "В список «Обратная связь с фермы» добавлено 5 строк из формы «Обратная связь с фермы».",
      link: `/lists/${list.uuid}`,
    });
    expect(await rowsOf(list.id)).toHaveLength(5);
  });

  it("starts a new notice once the last one is read, dismissed or older than 10 minutes", async () => {
    const { columns, owner } = await seedForms();
    const db = t.database.db;

    await answer(columns);
    await db.update(notifications).set({ read: true }).where(eq(notifications.userId, owner.id));
    await answer(columns);
    await db
      .update(notifications)
      .set({ dismissedAt: new Date() })
      .where(and(eq(notifications.userId, owner.id), eq(notifications.read, false)));
    await answer(columns);
    await db
      .update(notifications)
      .set({ dt: new Date(Date.now() - 11 * 60_000) })
      .where(and(eq(notifications.userId, owner.id), isNull(notifications.dismissedAt), eq(notifications.read, false)));
    await answer(columns);
    await answer(columns);

    const notices = await noticesOf(owner.id);
    expect(notices.map((n) => n.title)).toEqual([
      "Новый ответ на форму",
      "Новый ответ на форму",
      "Новый ответ на форму",
      "Новые ответы на форму",
    ]);
    expect(notices[3]?.msg).toContain("добавлены 2 строки");
  });

  it("keeps one notice per list, also under concurrent answers", async () => {
    const { columns, owner, hiddenColumns } = await seedForms();
    await t.database.db.update(listForms).set({ published: true }).where(eq(listForms.uuidLink, HIDDEN_LINK));

    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => answer(columns)),
      answer(hiddenColumns, HIDDEN_LINK),
    ]);

    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 201));
    const notices = await noticesOf(owner.id);
    expect(notices).toHaveLength(2);
    expect(notices.map((n) => n.msg).sort()).toEqual([
      "В список «Обратная связь с фермы» добавлена строка из формы «Обратная связь с фермы».",
      "В список «Обратная связь с фермы» добавлено 6 строк из формы «Обратная связь с фермы».",
    ]);
  });

  it("marks the list changed with each answer", async () => {
    const { columns, list } = await seedForms();
    const old = new Date("2024-01-01T00:00:00Z");
    await t.database.db.update(lists).set({ updatedAt: old }).where(eq(lists.id, list.id));

    await answer(columns);

    const [after] = await t.database.db.select().from(lists).where(eq(lists.id, list.id));
    expect(after?.updatedAt.getTime()).toBeGreaterThan(old.getTime());
  });
});
