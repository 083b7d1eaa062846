import { ErrorCode } from "@nadoy/contract/errors";
import { FormValueText } from "@nadoy/contract/form-values";
import {
  type ColumnInput,
  LIST_COLUMNS_MAX,
  LIST_ROWS_MAX,
  type ListColumn,
  type ListDetail,
  type ListRow,
  listDetailSchema,
  listSummarySchema,
} from "@nadoy/contract/lists";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor, expectedStatuses, statusByCaller } from "../../../test/callers.ts";
import { createCompanyCallers, type ListApi, listApi } from "../../../test/lists.ts";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { listColumns, listRows, lists, users } from "../../db/schema/index.ts";
import { seedDemo } from "../../db/seed/demo.ts";
import { FEEDBACK_FORM_LINK, FEEDBACK_LIST_NAME, MILK_TABLE_NAME } from "../../db/seed/table-lists.ts";
import { seedUser } from "../../db/seed/users.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const FARMS = [
  { name: "МТФ «Заря-1»", color: "geekblue" },
  { name: "МТФ «Рассвет»", color: "purple" },
];
const TOPICS = [
  { name: "Кормление", color: "green" },
  { name: "Доение", color: "blue" },
  { name: "Техника", color: "orange" },
];

const COLUMNS: ColumnInput[] = [
  { name: "Корова", type: "text" },
  { name: "Надой, кг", type: "number" },
  { name: "Ферма", type: "select", options: FARMS },
  { name: "Темы", type: "tag", options: TOPICS },
  { name: "Дата", type: "date_picker" },
];

/** A company with a caller per role, and a list of five typed columns made by the zootechnician (role 3). */
async function setup() {
  const company = await createCompanyCallers(t);
  const api = listApi(t, company.byLabel("role 3").token);
  const res = await api.createList({ name: "Надои", company_uuid: company.company.uuid, columns: COLUMNS });
  expect(res.statusCode).toBe(201);
  const list = res.json<ListDetail>();
  const col = Object.fromEntries(list.columns.map((c) => [c.name, c.uuid])) as Record<string, string>;
  return { ...company, api, list, col };
}

async function rowsOf(api: ListApi, uuid: string): Promise<ListRow[]> {
  return (await api.list(uuid)).json<ListDetail>().rows;
}

describe("lists: catalogue and CRUD", () => {
  it("creates a list with its columns and answers it in full to its maker", async () => {
    const { list, company } = await setup();

    expect(listDetailSchema.strict().parse(list)).toBeTruthy();
    expect(list).toMatchObject({
      name: "Надои",
      kind: "list",
      company: { uuid: company.uuid, name: "Агрохолдинг Заря" },
      row_count: 0,
      column_count: 5,
      form_link: null,
      created_by: "Роль 3",
      can_edit_rows: true,
      can_manage: true,
      rows: [],
    });
    expect(list.columns.map((c) => [c.name, c.type, c.order])).toEqual([
      ["Корова", "text", 1],
      ["Надой, кг", "number", 2],
      ["Ферма", "select", 3],
      ["Темы", "tag", 4],
      ["Дата", "date_picker", 5],
    ]);
    expect(list.columns[2]?.options).toEqual(FARMS);
    expect(list.columns[0]?.options).toEqual([]);
  });

  it("lists the company's lists of one kind by name, with their counts", async () => {
    const { api, company, list } = await setup();
    await api.createList({ name: "Ветеринария", company_uuid: company.uuid });
    await api.createList({ name: "Учёт кормов", company_uuid: company.uuid, kind: "table" });
    await api.createRow(list.uuid, {});

    const res = await api.lists();

    expect(res.statusCode).toBe(200);
    const summaries = res.json<unknown[]>().map((s) => listSummarySchema.strict().parse(s));
    expect(summaries.map((s) => s.name)).toEqual(["Ветеринария", "Надои"]);
    expect(summaries[1]).toMatchObject({ row_count: 1, column_count: 5, kind: "list", form_link: null });
    const tables = (await api.lists("table")).json<{ name: string; kind: string }[]>();
    expect(tables).toEqual([expect.objectContaining({ name: "Учёт кормов", kind: "table" })]);
  });

  it("renames a list and deletes it with its rows", async () => {
    const { api, list } = await setup();
    await api.createRow(list.uuid, {});

    const renamed = await api.renameList(list.uuid, "  Надои за ноябрь ");
    expect(renamed.statusCode).toBe(200);
    expect(listSummarySchema.strict().parse(renamed.json())).toMatchObject({ name: "Надои за ноябрь", row_count: 1 });
    expect(Date.parse(renamed.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(list.updated_at));

    const deleted = await api.deleteList(list.uuid);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
    expect((await api.list(list.uuid)).statusCode).toBe(404);
    const left = await rowCounts(t.database.db);
    expect([left.lists, left.list_rows, left.list_columns]).toEqual([0, 0, 0]);
  });

  it("refuses a list in another company (404), for a viewer (403), and with doubled options (400)", async () => {
    const { api, byLabel, company } = await setup();
    const other = await createCompanyCallers(t, "Другая компания");

    expect((await api.createList({ name: "Чужой", company_uuid: other.company.uuid })).statusCode).toBe(404);
    const viewer = listApi(t, byLabel("role 6").token);
    expect((await viewer.createList({ name: "Мой", company_uuid: company.uuid })).statusCode).toBe(403);
    const doubled = await api.createList({
      name: "Теги",
      company_uuid: company.uuid,
      columns: [{ name: "Т", type: "tag", options: [FARMS[0] as never, { name: "мтф «заря-1»", color: "red" }] }],
    });
    expect(doubled.statusCode).toBe(400);
    expect(doubled.json().fields).toEqual({ "columns.0.options.1.name": "Такой вариант уже есть" });
    const superuser = listApi(t, byLabel("superuser").token);
    expect((await superuser.createList({ name: "Чужой", company_uuid: other.company.uuid })).statusCode).toBe(201);
  });
});

describe("lists: columns", () => {
  it("adds a column after the last one, and refuses one past the limit (409)", async () => {
    const { api, list } = await setup();

    const res = await api.createColumn(list.uuid, { name: "Примечание", type: "text" });
    expect(res.statusCode).toBe(201);
    expect(res.json<ListColumn>()).toMatchObject({ name: "Примечание", type: "text", order: 6, options: [] });

    const [ref] = await t.database.db.select().from(lists).where(eq(lists.uuid, list.uuid));
    await t.database.db.insert(listColumns).values(
      Array.from({ length: LIST_COLUMNS_MAX - 6 }, (_, i) => ({
        listId: ref?.id as number,
        name: `К${i}`,
        type: "text" as const,
        order: 10 + i,
      })),
    );
    const full = await api.createColumn(list.uuid, { name: "Лишний", type: "text" });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: ErrorCode.conflict, message: expect.stringContaining("100") });
  });

  it("percent_over_100: a percent column that allows it takes 150 from the grid and an import, another refuses it", async () => {
    const { api, list } = await setup();
    const allowing = await api.createColumn(list.uuid, { name: "Прирост", type: "percent", percent_over_100: true });
    expect(allowing.statusCode).toBe(201);
    expect(allowing.json<ListColumn>()).toMatchObject({ type: "percent", percent_over_100: true });
    const strict = (await api.createColumn(list.uuid, { name: "Жир", type: "percent" })).json<ListColumn>();
    expect(strict.percent_over_100).toBe(false);
    // Only a percent column keeps the flag.
    const text = await api.createColumn(list.uuid, { name: "Заметка", type: "text", percent_over_100: true });
    expect(text.json<ListColumn>().percent_over_100).toBe(false);
    const up = allowing.json<ListColumn>().uuid;

    const row = (await api.createRow(list.uuid, { [up]: 150 })).json<ListRow>();
    expect(row.values[up]).toBe(150);
    expect((await api.updateRow(row.uuid, { [up]: 250.5 })).json<ListRow>().values[up]).toBe(250.5);
    const refused = await api.updateRow(row.uuid, { [strict.uuid]: 150 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: ErrorCode.validation,
      fields: { [strict.uuid]: "Процент не может быть больше 100" },
    });

    const imported = await api.importList(list.uuid, "csv", "Прирост,Жир\n150,3.5\n120,101\n", {
      mode: "append",
      skip_invalid: true,
    });
    expect(imported.json()).toMatchObject({ rows_total: 2, rows_valid: 1, error_count: 1, written: 1 });
    const rows = await rowsOf(api, list.uuid);
    expect(rows.map((r) => [r.values[up], r.values[strict.uuid]])).toEqual([
      [250.5, undefined],
      [150, 3.5],
    ]);
    expect((await api.list(list.uuid)).json<ListDetail>().columns.map((c) => c.percent_over_100)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      false,
      false,
    ]);
  });

  it("percent_over_100 round-trips through a column update and a list's starter columns", async () => {
    const { api, list, company } = await setup();
    const fat = (await api.createColumn(list.uuid, { name: "Жир, %", type: "percent" })).json<ListColumn>();
    const row = (await api.createRow(list.uuid, {})).json<ListRow>();

    const on = await api.updateColumn(fat.uuid, { percent_over_100: true });
    expect(on.statusCode).toBe(200);
    expect(on.json<ListColumn>()).toMatchObject({ uuid: fat.uuid, percent_over_100: true });
    expect((await api.updateRow(row.uuid, { [fat.uuid]: 150 })).statusCode).toBe(200);

    // Off again: the 150 already stored stays, a new one is refused.
    const off = await api.updateColumn(fat.uuid, { percent_over_100: false });
    expect(off.json<ListColumn>().percent_over_100).toBe(false);
    expect((await rowsOf(api, list.uuid))[0]?.values[fat.uuid]).toBe(150);
    const refused = await api.updateRow(row.uuid, { [fat.uuid]: 151 });
    expect(refused.json()).toMatchObject({ fields: { [fat.uuid]: "Процент не может быть больше 100" } });

    // A change to another type drops it: it only means something for percents.
    await api.updateColumn(fat.uuid, { percent_over_100: true });
    expect((await api.updateColumn(fat.uuid, { type: "number" })).json<ListColumn>().percent_over_100).toBe(false);

    const created = await api.createList({
      name: "Приросты",
      company_uuid: company.uuid,
      columns: [{ name: "Прирост", type: "percent", percent_over_100: true }],
    });
    expect(created.json<ListDetail>().columns[0]).toMatchObject({ type: "percent", percent_over_100: true });
  });

  it("renames a column and converts its cells on a type change", async () => {
    const { api, list, col } = await setup();
    const text = col.Корова as string;
    await api.createRow(list.uuid, { [text]: "12,5" });
    await api.createRow(list.uuid, { [text]: " 7 " });
    await api.createRow(list.uuid, {});

    const res = await api.updateColumn(text, { name: "Удой", type: "number" });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ uuid: text, name: "Удой", type: "number", order: 1 });
    const rows = await rowsOf(api, list.uuid);
    expect(rows.map((r) => r.values[text])).toEqual([12.5, 7, undefined]);
  });

  it("refuses a type change that some cells do not fit (409 with their count), changing nothing", async () => {
    const { api, list, col } = await setup();
    const text = col.Корова as string;
    await api.createRow(list.uuid, { [text]: "Зорька" });
    await api.createRow(list.uuid, { [text]: "12" });
    await api.createRow(list.uuid, { [text]: "Марта" });
    const before = await rowsOf(api, list.uuid);

    const res = await api.updateColumn(text, { name: "Удой", type: "number" });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: ErrorCode.conflict, message: expect.stringContaining("2 строк") });
    const after = (await api.list(list.uuid)).json<ListDetail>();
    expect(after.rows).toEqual(before);
    expect(after.columns[0]).toMatchObject({ name: "Корова", type: "text" });
  });

  it("rewrites tag and select cells when options are renamed, recoloured or removed", async () => {
    const { api, list, col } = await setup();
    const farm = col.Ферма as string;
    const topics = col.Темы as string;
    const [zarya, rassvet] = FARMS as [(typeof FARMS)[0], (typeof FARMS)[0]];
    const [feeding, milking, machines] = TOPICS as [(typeof TOPICS)[0], (typeof TOPICS)[0], (typeof TOPICS)[0]];
    const a = (await api.createRow(list.uuid, { [farm]: zarya, [topics]: [feeding, milking] })).json<ListRow>();
    const b = (await api.createRow(list.uuid, { [farm]: rassvet, [topics]: [machines] })).json<ListRow>();

    const farms = await api.updateColumn(farm, {
      options: [{ name: "МТФ «Заря»", color: "cyan", previous_name: zarya.name }],
    });
    const tags = await api.updateColumn(topics, {
      options: [
        { name: "Корма", color: "green", previous_name: feeding.name },
        { name: machines.name, color: "red" },
        { name: "Новая", color: "gray" },
      ],
    });

    expect(farms.statusCode).toBe(200);
    expect(farms.json().options).toEqual([{ name: "МТФ «Заря»", color: "cyan" }]);
    expect(tags.statusCode).toBe(200);
    const rows = await rowsOf(api, list.uuid);
    const byUuid = new Map(rows.map((r) => [r.uuid, r.values]));
    expect(byUuid.get(a.uuid)).toEqual({
      [farm]: { name: "МТФ «Заря»", color: "cyan" },
      [topics]: [{ name: "Корма", color: "green" }],
    });
    expect(byUuid.get(b.uuid)).toEqual({ [topics]: [{ name: machines.name, color: "red" }] });
  });

  it("turns a select column into a tag column with renamed options, and refuses doubled names", async () => {
    const { api, list, col } = await setup();
    const farm = col.Ферма as string;
    await api.createRow(list.uuid, { [farm]: FARMS[0] });
    await api.createRow(list.uuid, { [farm]: FARMS[1] });
    const before = (await api.list(list.uuid)).json<ListDetail>();

    const doubled = await api.updateColumn(farm, {
      type: "tag",
      options: [
        { name: "Заря", color: "red", previous_name: FARMS[0]?.name },
        { name: "заря", color: "blue" },
      ],
    });
    expect(doubled.statusCode).toBe(400);
    expect(doubled.json().fields).toEqual({ "options.1.name": "Такой вариант уже есть" });
    expect((await api.list(list.uuid)).json<ListDetail>()).toEqual(before);

    const res = await api.updateColumn(farm, {
      type: "tag",
      options: [
        { name: "Заря", color: "red", previous_name: FARMS[0]?.name },
        { name: "Рассвет", color: "purple", previous_name: FARMS[1]?.name },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: "tag", options: [{ name: "Заря" }, { name: "Рассвет" }] });
    expect((await rowsOf(api, list.uuid)).map((r) => r.values[farm])).toEqual([
      [{ name: "Заря", color: "red" }],
      [{ name: "Рассвет", color: "purple" }],
    ]);
    const toText = await api.updateColumn(farm, { type: "text" });
    expect(toText.json()).toMatchObject({ type: "text", options: [] });
    expect((await rowsOf(api, list.uuid)).map((r) => r.values[farm])).toEqual(["Заря", "Рассвет"]);
  });

  it("deletes a column with its cells in every row", async () => {
    const { api, list, col } = await setup();
    const text = col.Корова as string;
    await api.createRow(list.uuid, { [text]: "Зорька", [col["Надой, кг"] as string]: 31 });

    const res = await api.deleteColumn(text);

    expect(res.statusCode).toBe(204);
    const after = (await api.list(list.uuid)).json<ListDetail>();
    expect(after.columns.map((c) => c.name)).toEqual(["Надой, кг", "Ферма", "Темы", "Дата"]);
    expect(after.rows[0]?.values).toEqual({ [col["Надой, кг"] as string]: 31 });
    expect((await api.deleteColumn(text)).statusCode).toBe(404);
  });

  it("reorders columns given each exactly once, and refuses anything else (400)", async () => {
    const { api, list } = await setup();
    const uuids = list.columns.map((c) => c.uuid).reverse();

    const res = await api.reorderColumns(list.uuid, uuids);
    expect(res.statusCode).toBe(200);
    expect(res.json<ListColumn[]>().map((c) => [c.uuid, c.order])).toEqual(uuids.map((u, i) => [u, i + 1]));

    for (const bad of [uuids.slice(1), [...uuids.slice(1), uuids[1] as string], [...uuids.slice(1), list.uuid]]) {
      const refused = await api.reorderColumns(list.uuid, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe(ErrorCode.validation);
    }
    expect((await api.list(list.uuid)).json<ListDetail>().columns.map((c) => c.uuid)).toEqual(uuids);
  });
});

describe("lists: rows", () => {
  it("adds rows at the end or right after another, with typed values and their author", async () => {
    const { api, list, col } = await setup();
    const first = await api.createRow(list.uuid, {
      [col.Корова as string]: "Зорька",
      [col["Надой, кг"] as string]: 31.5,
    });
    const second = (await api.createRow(list.uuid)).json<ListRow>();

    const between = await api.createRow(list.uuid, { [col.Дата as string]: "2025-11-28" }, first.json<ListRow>().uuid);

    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      order: "1",
      values: { [col.Корова as string]: "Зорька", [col["Надой, кг"] as string]: 31.5 },
      created_by: "Роль 3",
      updated_by: "Роль 3",
    });
    expect(second.order).toBe("2");
    expect(between.statusCode).toBe(201);
    expect(between.json<ListRow>().order).toBe("1.5");
    const rows = await rowsOf(api, list.uuid);
    expect(rows.map((r) => r.order)).toEqual(["1", "1.5", "2"]);
    expect((await api.createRow(list.uuid, {}, "99999999-2222-4333-8444-555555555555")).statusCode).toBe(400);
  });

  it("refuses invalid values with 400 keyed by column uuid and writes nothing", async () => {
    const { api, list, col } = await setup();
    const before = await rowCounts(t.database.db);

    const res = await api.createRow(list.uuid, {
      [col["Надой, кг"] as string]: "много",
      [col.Дата as string]: "2025-02-30",
      [col.Корова as string]: "Зорька",
    });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: ErrorCode.validation,
      fields: { [col["Надой, кг"] as string]: FormValueText.number, [col.Дата as string]: FormValueText.date },
    });
    expect(Object.keys(res.json().fields)).toHaveLength(2);
    expect(await rowCounts(t.database.db)).toEqual(before);
    const unknown = await api.createRow(list.uuid, { "99999999-2222-4333-8444-555555555555": "x" });
    expect(unknown.json().fields).toEqual({ "99999999-2222-4333-8444-555555555555": FormValueText.unknownColumn });
  });

  it("changes only the cells given, clears a cell with an empty value, and names the editor", async () => {
    const { api, list, col, byLabel } = await setup();
    const row = (
      await api.createRow(list.uuid, { [col.Корова as string]: "Зорька", [col["Надой, кг"] as string]: 30 })
    ).json<ListRow>();
    const editor = listApi(t, byLabel("role 5").token);

    const res = await editor.updateRow(row.uuid, { [col["Надой, кг"] as string]: 32.5, [col.Корова as string]: "" });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      uuid: row.uuid,
      order: "1",
      values: { [col["Надой, кг"] as string]: 32.5 },
      created_by: "Роль 3",
      updated_by: "Роль 5",
    });
    const bad = await editor.updateRow(row.uuid, { [col["Надой, кг"] as string]: "32" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ [col["Надой, кг"] as string]: FormValueText.number });
    expect((await rowsOf(api, list.uuid))[0]?.values).toEqual({ [col["Надой, кг"] as string]: 32.5 });
  });

  it("moves a row by changing only its own order", async () => {
    const { api, list, col } = await setup();
    const name = col.Корова as string;
    const made: ListRow[] = [];
    for (const cow of ["А", "Б", "В", "Г"])
      made.push((await api.createRow(list.uuid, { [name]: cow })).json<ListRow>());
    const [a, b, c, d] = made as [ListRow, ListRow, ListRow, ListRow];

    const toMiddle = await api.moveRow(d.uuid, a.uuid);
    const toFirst = await api.moveRow(c.uuid, null);

    expect(toMiddle.statusCode).toBe(200);
    expect(toMiddle.json<ListRow>().order).toBe("1.5");
    expect(toFirst.json<ListRow>().order).toBe("0");
    const rows = await rowsOf(api, list.uuid);
    expect(rows.map((r) => r.values[name])).toEqual(["В", "А", "Г", "Б"]);
    const orders = new Map(rows.map((r) => [r.uuid, r.order]));
    expect([orders.get(a.uuid), orders.get(b.uuid)]).toEqual(["1", "2"]);
    // Many moves into the same gap stay exact and distinct.
    for (let i = 0; i < 40; i++) {
      const moved = await api.moveRow(i % 2 === 0 ? b.uuid : d.uuid, a.uuid);
      expect(moved.statusCode).toBe(200);
    }
    expect((await rowsOf(api, list.uuid)).map((r) => r.values[name])).toEqual(["В", "А", "Г", "Б"]);
    expect((await api.moveRow(a.uuid, "99999999-2222-4333-8444-555555555555")).statusCode).toBe(400);
  });

  it("deletes several rows at once, ignoring other lists' rows", async () => {
    const { api, list, company } = await setup();
    const other = (await api.createList({ name: "Другой", company_uuid: company.uuid })).json<ListDetail>();
    const foreign = (await api.createRow(other.uuid)).json<ListRow>();
    const mine = [];
    for (let i = 0; i < 3; i++) mine.push((await api.createRow(list.uuid)).json<ListRow>());

    const res = await api.deleteRows(list.uuid, [mine[0]?.uuid as string, mine[2]?.uuid as string, foreign.uuid]);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    expect((await rowsOf(api, list.uuid)).map((r) => r.uuid)).toEqual([mine[1]?.uuid]);
    expect(await rowsOf(api, other.uuid)).toHaveLength(1);
  });

  it("refuses a row past LIST_ROWS_MAX (409)", async () => {
    const { api, list } = await setup();
    const [ref] = await t.database.db.select().from(lists).where(eq(lists.uuid, list.uuid));
    await t.database.db.execute(
      sql`insert into list_rows (list_id, "order") select ${ref?.id}, g from generate_series(1, ${LIST_ROWS_MAX}) g`,
    );

    const res = await api.createRow(list.uuid, {});

    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(ErrorCode.conflict);
    const [n] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(listRows)
      .where(eq(listRows.listId, ref?.id as number));
    expect(Number(n?.n)).toBe(LIST_ROWS_MAX);
  });

  it("keeps rows by order in the detail, whatever order they were written in", async () => {
    const { api, list } = await setup();
    const [ref] = await t.database.db.select().from(lists).where(eq(lists.uuid, list.uuid));
    await t.database.db.insert(listRows).values([
      { listId: ref?.id as number, order: "3" },
      { listId: ref?.id as number, order: "-1.25" },
      { listId: ref?.id as number, order: "2.5" },
    ]);
    const ordered = await t.database.db.select().from(listRows).orderBy(asc(listRows.order));
    expect((await rowsOf(api, list.uuid)).map((r) => r.order)).toEqual(ordered.map((r) => r.order));
    expect(ordered.map((r) => r.order)).toEqual(["-1.25", "2.5", "3"]);
  });
});

describe("lists: access", () => {
  it("answers each role as the contract says: read, row writes, schema changes", async () => {
    const { callers, list } = await setup();

    const read = await statusByCaller(callers, async (c) => (await listApi(t, c.token).list(list.uuid)).statusCode);
    const write = await statusByCaller(
      callers,
      async (c) => (await listApi(t, c.token).createRow(list.uuid)).statusCode,
    );
    const manage = await statusByCaller(
      callers,
      async (c) =>
        (await listApi(t, c.token).createColumn(list.uuid, { name: `С ${c.label}`, type: "text" })).statusCode,
    );
    const catalogue = await statusByCaller(callers, async (c) => (await listApi(t, c.token).lists()).statusCode);

    expect(read).toEqual(expectedStatuses(200));
    expect(write).toEqual(expectedStatuses(201, { "role 6": 403 }));
    expect(manage).toEqual(expectedStatuses(201, { "role 6": 403, "role 7": 403 }));
    expect(catalogue).toEqual(expectedStatuses(200));
  });

  it("tells each role what it may do in the list's detail", async () => {
    const { callers, list } = await setup();
    const flags = await Promise.all(
      callers
        .filter((c) => c.token)
        .map(async (c) => {
          const detail = (await listApi(t, c.token).list(list.uuid)).json<ListDetail>();
          return [c.label, detail.can_edit_rows, detail.can_manage];
        }),
    );
    expect(flags).toEqual([
      ["role 1", true, true],
      ["role 2", true, true],
      ["role 3", true, true],
      ["role 4", true, true],
      ["role 5", true, true],
      ["role 6", false, false],
      ["role 7", true, false],
      ["superuser", true, true],
    ]);
  });

  it("answers 404 on every route for another company's list, its columns and rows", async () => {
    const { list, col, api } = await setup();
    const row = (await api.createRow(list.uuid)).json<ListRow>();
    const outsider = await createCompanyCallers(t, "Соседи");
    const o = listApi(t, outsider.byLabel("role 1").token);
    const before = await rowCounts(t.database.db);

    const statuses = [
      (await o.list(list.uuid)).statusCode,
      (await o.renameList(list.uuid, "Моё")).statusCode,
      (await o.deleteList(list.uuid)).statusCode,
      (await o.createColumn(list.uuid, { name: "X", type: "text" })).statusCode,
      (await o.updateColumn(col.Корова as string, { name: "X" })).statusCode,
      (await o.deleteColumn(col.Корова as string)).statusCode,
      (
        await o.reorderColumns(
          list.uuid,
          list.columns.map((c) => c.uuid),
        )
      ).statusCode,
      (await o.createRow(list.uuid)).statusCode,
      (await o.updateRow(row.uuid, {})).statusCode,
      (await o.moveRow(row.uuid, null)).statusCode,
      (await o.deleteRows(list.uuid, [row.uuid])).statusCode,
      (await o.exportList(list.uuid, "csv")).statusCode,
      (await o.exportList(list.uuid, "xlsx")).statusCode,
      (await o.importList(list.uuid, "csv", "Корова\nЗорька\n", { mode: "append" })).statusCode,
      (await o.form(list.uuid)).statusCode,
      (await o.saveForm(list.uuid, { elements: [] })).statusCode,
      (await o.publish(list.uuid, true)).statusCode,
    ];

    expect(statuses).toEqual(statuses.map(() => 404));
    expect((await o.lists()).json()).toEqual([]);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("hides tables from clients: not listed, and 404 like a missing one", async () => {
    const { api, company, byLabel } = await setup();
    const table = (
      await api.createList({
        name: "Учёт",
        company_uuid: company.uuid,
        kind: "table",
        columns: [COLUMNS[0] as ColumnInput],
      })
    ).json<ListDetail>();
    const row = (await api.createRow(table.uuid)).json<ListRow>();
    const client = listApi(t, byLabel("role 7").token);

    expect((await client.lists("table")).json()).toEqual([]);
    expect((await client.list(table.uuid)).statusCode).toBe(404);
    expect((await client.updateRow(row.uuid, {})).statusCode).toBe(404);
    expect((await client.exportList(table.uuid, "csv")).statusCode).toBe(404);
    expect((await listApi(t, byLabel("role 6").token).lists("table")).json()).toHaveLength(1);
    expect((await listApi(t, byLabel("role 6").token).list(table.uuid)).statusCode).toBe(200);
  });
});

describe("user data flags for lists and tables", () => {
  it("turns lists on for members and superusers, tables for members but clients", async () => {
    const { callers } = await setup();
    const loner = await seedUser(t.database.db, { username: "loner", roles: [3] });
    const lonerToken = await accessTokenFor(t, loner.id);
    const flagsOf = async (token: string | undefined) => {
      const data = (await t.request({ method: "GET", url: "/api/users/data/", token })).json();
      return [data.table_lists, data.tables_enabled];
    };

    const flags: Record<string, unknown> = {};
    for (const c of callers.filter((c) => c.token)) flags[c.label] = await flagsOf(c.token);

    expect(flags).toEqual({
      "role 1": [true, true],
      "role 2": [true, true],
      "role 3": [true, true],
      "role 4": [true, true],
      "role 5": [true, true],
      "role 6": [true, true],
      "role 7": [true, false],
      superuser: [true, true],
    });
    expect(await flagsOf(lonerToken)).toEqual([false, false]);
  });
});

describe("lists: demo data", () => {
  it("gives the demo company a feedback list with answers and a milk table hidden from the client", async () => {
    await seedDemo(t.database.db);
    const tokenOf = async (username: string) => {
      const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
      return accessTokenFor(t, user?.id as number);
    };
    const zootech = listApi(t, await tokenOf("zootech"));
    const client = listApi(t, await tokenOf("client"));

    const [feedback] = (await zootech.lists()).json<ListDetail[]>();
    const [table] = (await zootech.lists("table")).json<ListDetail[]>();

    expect(feedback).toMatchObject({ name: FEEDBACK_LIST_NAME, row_count: 3, form_link: FEEDBACK_FORM_LINK });
    expect(table).toMatchObject({ name: MILK_TABLE_NAME, kind: "table", row_count: 10, column_count: 8 });
    const detail = (await zootech.list(table?.uuid as string)).json<ListDetail>();
    expect(listDetailSchema.strict().parse(detail).rows).toHaveLength(10);
    expect((await client.lists("table")).json()).toEqual([]);
    expect((await client.list(table?.uuid as string)).statusCode).toBe(404);
    expect((await client.lists()).json()).toHaveLength(1);
  });
});
