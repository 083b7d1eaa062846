import type { ColumnInput, ListDetail, ListRow } from "@nadoy/contract/lists";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCompanyCallers, listApi } from "../../../test/lists.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";

// Issue 15 item 7: a list export never hands a spreadsheet a formula — not in a cell, not in a
// column name. CSV writes every text field that starts with = + - @ (tab, CR) with an apostrophe;
// XLSX writes text as text. Re-importing the CSV still gives back the very names and values.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const FORMULA = '=HYPERLINK("http://x","y")';
const COLUMNS: ColumnInput[] = [
  { name: FORMULA, type: "text" },
  { name: "@SUM(A1)", type: "ref" },
  { name: "Телефон", type: "telephone" },
  { name: "Надой, кг", type: "number" },
];

async function setup() {
  const company = await createCompanyCallers(t);
  const api = listApi(t, company.byLabel("role 3").token);
  const list = (
    await api.createList({ name: "Опасные имена", company_uuid: company.company.uuid, columns: COLUMNS })
  ).json<ListDetail>();
  const [text, ref, phone, number] = list.columns.map((c) => c.uuid) as [string, string, string, string];
  const row = { [text]: "-2+3", [ref]: FORMULA, [phone]: "+79161234567", [number]: -0.25 };
  expect((await api.createRow(list.uuid, row)).statusCode).toBe(201);
  return { api, list, row };
}

const valuesOf = async (api: ReturnType<typeof listApi>, uuid: string) =>
  (await api.list(uuid)).json<ListDetail>().rows.map((r: ListRow) => r.values);

describe("GET /lists/:uuid/export/ (CSV)", () => {
  it("guards a column named like a formula, and every text cell; numbers stay numbers", async () => {
    const { api, list } = await setup();

    const res = await api.exportList(list.uuid, "csv");

    expect(res.statusCode).toBe(200);
    const [header, line] = res.rawPayload.toString("utf8").slice(1).split("\r\n");
    expect(header).toBe(`"'=HYPERLINK(""http://x"",""y"")";'@SUM(A1);Телефон;"Надой, кг"`);
    expect(line).toBe(`'-2+3;"'=HYPERLINK(""http://x"",""y"")";'+79161234567;-0,25`);
  });

  it("reads its own file back: the guarded names match their columns, the values come back as typed", async () => {
    const { api, list } = await setup();
    const before = await valuesOf(api, list.uuid);
    const file = await api.exportList(list.uuid, "csv");

    const res = await api.importList(list.uuid, "csv", file.rawPayload, { mode: "replace" });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ unknown_columns: [], error_count: 0, written: 1 });
    expect(await valuesOf(api, list.uuid)).toEqual(before);
  });
});

describe("GET /lists/:uuid/export/ (XLSX)", () => {
  it("writes the formula-like name and cells as text, never as formulas", async () => {
    const { api, list } = await setup();

    const res = await api.exportList(list.uuid, "xlsx");

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const cells = [1, 2].flatMap((r) => [1, 2, 3].map((c) => sheet?.getRow(r).getCell(c)));
    expect(cells.map((cell) => cell?.value)).toEqual([FORMULA, "@SUM(A1)", "Телефон", "-2+3", FORMULA, "+79161234567"]);
    for (const cell of cells) expect(cell?.type).toBe(ExcelJS.ValueType.String);
    expect(sheet?.getRow(2).getCell(4).value).toBe(-0.25);
  });
});
