import { ErrorCode } from "@nadoy/contract/errors";
import { FormValueText } from "@nadoy/contract/form-values";
import {
  type ColumnInput,
  importResultSchema,
  LIST_FILE_TYPES,
  LIST_IMPORT_BYTES_MAX,
  LIST_ROWS_MAX,
  type ListDetail,
  type ListRow,
} from "@nadoy/contract/lists";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectedStatuses, statusByCaller } from "../../../test/callers.ts";
import { createCompanyCallers, listApi } from "../../../test/lists.ts";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { lists } from "../../db/schema/index.ts";

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
];

const COLUMNS: ColumnInput[] = [
  { name: "Кличка", type: "text" },
  { name: "Надой, кг", type: "number" },
  { name: "Жир, %", type: "percent" },
  { name: "Дата", type: "date_picker" },
  { name: "Ферма", type: "select", options: FARMS },
  { name: "Темы", type: "tag", options: TOPICS },
  { name: "Проверено", type: "checkbox" },
  { name: "Телефон", type: "telephone" },
  { name: "Ссылка", type: "ref" },
];

const LIST_NAME = "Надои «Заря», ноябрь";

async function setup() {
  const company = await createCompanyCallers(t);
  const api = listApi(t, company.byLabel("role 3").token);
  const list = (
    await api.createList({ name: LIST_NAME, company_uuid: company.company.uuid, columns: COLUMNS })
  ).json<ListDetail>();
  const col = Object.fromEntries(list.columns.map((c) => [c.name, c.uuid])) as Record<string, string>;
  return { ...company, api, list, col };
}

/** Rows with every type, empty cells, and text that needs CSV quoting. */
async function fillRows(api: ReturnType<typeof listApi>, listUuid: string, col: Record<string, string>) {
  const rows: Record<string, unknown>[] = [
    {
      [col.Кличка as string]: 'Зорька, "первая"\nвторая строка',
      [col["Надой, кг"] as string]: 31.5,
      [col["Жир, %"] as string]: 3.85,
      [col.Дата as string]: "2025-11-28",
      [col.Ферма as string]: FARMS[0],
      [col.Темы as string]: TOPICS,
      [col.Проверено as string]: true,
      [col.Телефон as string]: "+79161234567",
      [col.Ссылка as string]: "https://example.com/a?b=1,2",
    },
    { [col.Кличка as string]: "Марта", [col["Надой, кг"] as string]: -0.25, [col.Проверено as string]: false },
    { [col["Надой, кг"] as string]: 1e21, [col.Темы as string]: [TOPICS[1]] },
    { [col.Кличка as string]: "  пробелы по краям  ", [col.Ферма as string]: FARMS[1] },
  ];
  for (const values of rows) expect((await api.createRow(listUuid, values)).statusCode).toBe(201);
}

const rowValues = async (api: ReturnType<typeof listApi>, uuid: string) =>
  (await api.list(uuid)).json<ListDetail>().rows.map((r) => r.values);

async function readXlsx(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: ExcelJS.CellValue[][] = [];
  sheet?.eachRow({ includeEmpty: true }, (row) => {
    const cells: ExcelJS.CellValue[] = [];
    for (let i = 1; i <= COLUMNS.length; i++) cells.push(row.getCell(i).value);
    rows.push(cells);
  });
  // The day of the first row (column «Дата»): its cell type and number format.
  const day = sheet?.getRow(2).getCell(4);
  return { name: sheet?.name, rows, day: { type: day?.type, numFmt: day?.numFmt } };
}

async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Лист1");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe("export", () => {
  it("writes CSV for a Russian Excel by default: BOM, «;» between fields, decimal commas, DD.MM.YYYY days", async () => {
    const { api, list, col } = await setup();
    await fillRows(api, list.uuid, col);

    const res = await api.exportList(list.uuid, "csv");

    expect(res.statusCode).toBe(200);
    const text = res.rawPayload.toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    // A field holding ";" (or ",") is quoted, so it stays one cell.
    expect(lines[0]).toBe('Кличка;"Надой, кг";"Жир, %";Дата;Ферма;Темы;Проверено;Телефон;Ссылка');
    expect(text).toContain(
      '"Зорька, ""первая""\nвторая строка";31,5;3,85;28.11.2025;МТФ «Заря-1»;"Кормление; Доение";да;\'+79161234567;"https://example.com/a?b=1,2"\r\n',
    );
    expect(text).toContain("\r\nМарта;-0,25;;;;;нет;;\r\n");
    expect(text).toContain("\r\n;1e+21;;;;Доение;;;\r\n");
  });

  it("writes CSV with commas on csv=comma: BOM, RFC 4180 quoting, the list's name and cells as the grid shows them", async () => {
    const { api, list, col } = await setup();
    await fillRows(api, list.uuid, col);

    const res = await api.exportList(list.uuid, "csv", undefined, "comma");

    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="list.csv"; filename*=UTF-8''${encodeURIComponent(`${LIST_NAME}.csv`)}`,
    );
    const text = res.rawPayload.toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe('Кличка,"Надой, кг","Жир, %",Дата,Ферма,Темы,Проверено,Телефон,Ссылка');
    expect(text).toContain(
      '"Зорька, ""первая""\nвторая строка",31.5,3.85,2025-11-28,МТФ «Заря-1»,"Кормление; Доение",да,\'+79161234567,"https://example.com/a?b=1,2"\r\n',
    );
    expect(text).toContain("\r\nМарта,-0.25,,,,,нет,,\r\n");
    expect(text).toContain("\r\n,1e+21,,,,Доение,,,\r\n");
    expect(text.endsWith('"  пробелы по краям  ",,,,МТФ «Рассвет»,,,,\r\n')).toBe(true);
  });

  it("exports only what the view shows: filtered, sorted, hidden columns left out", async () => {
    const { api, list, col } = await setup();
    await fillRows(api, list.uuid, col);
    const view = {
      sort: { column_uuid: col["Надой, кг"], dir: "asc" },
      filters: [{ column_uuid: col["Надой, кг"], op: "not_empty", value: "" }],
      hidden_columns: list.columns.map((c) => c.uuid).filter((u) => u !== col.Кличка && u !== col["Надой, кг"]),
    };

    const csv = await api.exportList(list.uuid, "csv", view, "comma");
    const xlsx = await api.exportList(list.uuid, "xlsx", view);

    expect(csv.rawPayload.toString("utf8")).toBe(
      '\uFEFFКличка,"Надой, кг"\r\nМарта,-0.25\r\n"Зорька, ""первая""\nвторая строка",31.5\r\n,1e+21\r\n',
    );
    const sheet = await readXlsx(xlsx.rawPayload);
    expect(sheet.rows.map((r) => r.slice(0, 3))).toEqual([
      ["Кличка", "Надой, кг", null],
      ["Марта", -0.25, null],
      ['Зорька, "первая"\nвторая строка', 31.5, null],
      [null, 1e21, null],
    ]);
    const bad = await api.call("GET", `/lists/${list.uuid}/export/?format=csv&view=not-json`);
    expect(bad.statusCode).toBe(400);
  });

  it("writes XLSX with numbers as numbers and days as Excel dates shown DD.MM.YYYY", async () => {
    const { api, list, col } = await setup();
    await fillRows(api, list.uuid, col);

    const res = await api.exportList(list.uuid, "xlsx");

    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(LIST_FILE_TYPES.xlsx);
    expect(res.headers["content-disposition"]).toContain(`filename*=UTF-8''${encodeURIComponent(`${LIST_NAME}.xlsx`)}`);
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet.name).toBe("Надои «Заря», ноябрь");
    expect(sheet.rows[0]).toEqual(COLUMNS.map((c) => c.name));
    expect(sheet.rows[1]).toEqual([
      'Зорька, "первая"\nвторая строка',
      31.5,
      3.85,
      new Date("2025-11-28T00:00:00Z"),
      "МТФ «Заря-1»",
      "Кормление; Доение",
      "да",
      "+79161234567",
      "https://example.com/a?b=1,2",
    ]);
    expect(sheet.rows[2]).toEqual(["Марта", -0.25, null, null, null, null, "нет", null, null]);
    expect(sheet.rows).toHaveLength(5);
    expect(sheet.day).toEqual({ type: ExcelJS.ValueType.Date, numFmt: "dd.mm.yyyy" });
  });

  it("is open to every member (viewers and clients too), not to others", async () => {
    const { callers, list } = await setup();
    const statuses = await statusByCaller(
      callers,
      async (c) => (await listApi(t, c.token).exportList(list.uuid, "csv")).statusCode,
    );
    expect(statuses).toEqual(expectedStatuses(200));
  });
});

describe("import", () => {
  it("previews a file without writing: matched columns, unknown ones, errors with lines, stored values", async () => {
    const { api, list, col } = await setup();
    const before = await rowCounts(t.database.db);
    const csv = [
      "\uFEFFкличка;Надой, кг;Дата;Порода;Проверено",
      "Зорька;31,5;28.11.2025;Голштинская;да",
      ";;;;",
      "Марта;много;2025-02-30;;нет",
      '"Ночка; ""вторая""";12;;;',
    ].join("\r\n");

    const res = await api.importList(list.uuid, "csv", csv);

    expect(res.statusCode).toBe(200);
    const result = importResultSchema.strict().parse(res.json());
    expect(result).toEqual({
      rows_total: 3,
      rows_valid: 2,
      unknown_columns: ["Порода"],
      errors: [
        { line: 4, column: "Надой, кг", message: FormValueText.number },
        { line: 4, column: "Дата", message: FormValueText.dateText },
      ],
      error_count: 2,
      preview: [
        {
          [col.Кличка as string]: "Зорька",
          [col["Надой, кг"] as string]: 31.5,
          [col.Дата as string]: "2025-11-28",
          [col.Проверено as string]: true,
        },
        { [col.Кличка as string]: 'Ночка; "вторая"', [col["Надой, кг"] as string]: 12 },
      ],
      written: 0,
    });
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("refuses a file with errors (400, nothing written) unless invalid rows are skipped", async () => {
    const { api, list, col } = await setup();
    const csv = "Кличка,Надой, кг\nЗорька,31\nМарта,много\nНочка,\n";
    const quoted = 'Кличка,"Надой, кг"\nЗорька,31\nМарта,много\nНочка,\n';
    const before = await rowCounts(t.database.db);

    const refused = await api.importList(list.uuid, "csv", quoted, { mode: "append" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: ErrorCode.validation,
      fields: { file: expect.stringContaining("1") },
    });
    expect(await rowCounts(t.database.db)).toEqual(before);

    const skipped = await api.importList(list.uuid, "csv", quoted, { mode: "append", skip_invalid: true });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json()).toMatchObject({ rows_total: 3, rows_valid: 2, error_count: 1, written: 2 });
    const rows = (await api.list(list.uuid)).json<ListDetail>().rows;
    expect(rows.map((r) => r.values)).toEqual([
      { [col.Кличка as string]: "Зорька", [col["Надой, кг"] as string]: 31 },
      { [col.Кличка as string]: "Ночка" },
    ]);
    expect(rows[0]?.created_by).toBe("Роль 3");
    // An unquoted comma in the header splits it: "Надой" and " кг" match no column.
    const split = await api.importList(list.uuid, "csv", csv);
    expect(split.json().unknown_columns).toEqual(["Надой", "кг"]);
  });

  it("appends after the last row and replaces all rows, in file order", async () => {
    const { api, list, col } = await setup();
    const name = col.Кличка as string;
    await api.createRow(list.uuid, { [name]: "Старая" });

    const appended = await api.importList(list.uuid, "csv", "Кличка\nА\nБ\n", { mode: "append" });
    expect(appended.json()).toMatchObject({ written: 2 });
    const afterAppend = (await api.list(list.uuid)).json<ListDetail>().rows;
    expect(afterAppend.map((r) => [r.values[name], r.order])).toEqual([
      ["Старая", "1"],
      ["А", "2"],
      ["Б", "3"],
    ]);

    const replaced = await api.importList(list.uuid, "csv", "Кличка\nВ\nГ\n", { mode: "replace" });
    expect(replaced.json()).toMatchObject({ written: 2 });
    expect((await rowValues(api, list.uuid)).map((v) => v[name])).toEqual(["В", "Г"]);
  });

  it("reads XLSX: numeric and date cells, header case ignored", async () => {
    const { api, list, col } = await setup();
    const file = await xlsxOf([
      ["КЛИЧКА", "Надой, кг", "Дата", "Проверено", "Жир, %"],
      ["Зорька", 31.5, new Date(Date.UTC(2025, 10, 28)), true, "3,9"],
      [],
      ["Марта", "нет числа", "2025-11-29", "нет", 4],
    ]);

    const res = await api.importList(list.uuid, "xlsx", file, { mode: "append", skip_invalid: true });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      rows_total: 2,
      written: 1,
      errors: [{ line: 4, column: "Надой, кг", message: FormValueText.number }],
    });
    expect(await rowValues(api, list.uuid)).toEqual([
      {
        [col.Кличка as string]: "Зорька",
        [col["Надой, кг"] as string]: 31.5,
        [col.Дата as string]: "2025-11-28",
        [col.Проверено as string]: true,
        [col["Жир, %"] as string]: 3.9,
      },
    ]);
  });

  it("refuses unreadable files, files without a known column, a wrong type (415) and oversized bodies (413)", async () => {
    const { api, list, byLabel } = await setup();
    const before = await rowCounts(t.database.db);

    const garbage = await api.importList(list.uuid, "xlsx", Buffer.from("это не xlsx"), { mode: "append" });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().fields).toEqual({ file: "Не удалось прочитать файл" });
    const unknown = await api.importList(list.uuid, "csv", "Порода,Масть\nГолштинская,чёрно-пёстрая\n");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.file).toBe("В заголовке файла нет ни одного столбца списка");
    const unclosed = await api.importList(list.uuid, "csv", 'Кличка\n"Зорька\n');
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().fields.file).toContain("кавычка");
    const mismatch = await t.request({
      method: "POST",
      url: `/api/tableLists/lists/${list.uuid}/import/?format=xlsx&mode=append`,
      token: byLabel("role 3").token,
      payload: "Кличка\nЗорька\n",
      headers: { "content-type": "text/csv" },
    });
    expect(mismatch.statusCode).toBe(415);
    const json = await api.call("POST", `/lists/${list.uuid}/import/?format=csv&mode=append`, { file: "x" });
    expect(json.statusCode).toBe(415);
    const huge = await api.importList(list.uuid, "csv", Buffer.alloc(LIST_IMPORT_BYTES_MAX + 1, 0x41), {
      mode: "append",
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe(ErrorCode.payloadTooLarge);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("reads a Windows-1251 CSV from an old Excel", async () => {
    const { api, list, col } = await setup();
    const cp1251 = Buffer.from([0xca, 0xeb, 0xe8, 0xf7, 0xea, 0xe0, 0x0a, 0xc7, 0xee, 0xf0, 0xfc, 0xea, 0xe0, 0x0a]);
    const res = await api.importList(list.uuid, "csv", cp1251);
    expect(res.json().preview).toEqual([{ [col.Кличка as string]: "Зорька" }]);
  });

  it("refuses rows past LIST_ROWS_MAX (409) and imports only for those who may edit rows", async () => {
    const { api, list, callers } = await setup();
    const statuses = await statusByCaller(
      callers,
      async (c) => (await listApi(t, c.token).importList(list.uuid, "csv", "Кличка\nА\n")).statusCode,
    );
    expect(statuses).toEqual(expectedStatuses(200, { "role 6": 403 }));

    const [ref] = await t.database.db.select().from(lists).where(eq(lists.uuid, list.uuid));
    await t.database.db.execute(
      sql`insert into list_rows (list_id, "order") select ${ref?.id}, g from generate_series(1, ${LIST_ROWS_MAX}) g`,
    );
    const full = await api.importList(list.uuid, "csv", "Кличка\nА\n", { mode: "append" });
    expect(full.statusCode).toBe(409);
    const replace = await api.importList(list.uuid, "csv", "Кличка\nА\n", { mode: "replace" });
    expect(replace.statusCode).toBe(200);
    expect((await api.list(list.uuid)).json<ListDetail>().row_count).toBe(1);
  });
});

describe("export → import round trip", () => {
  it.each(["csv", "xlsx"] as const)("re-imports a %s export with mode=replace unchanged", async (format) => {
    const { api, list, col } = await setup();
    await fillRows(api, list.uuid, col);
    const valuesBefore = await rowValues(api, list.uuid);
    const first = await api.exportList(list.uuid, format);

    const res = await api.importList(list.uuid, format, first.rawPayload, { mode: "replace" });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rows_total: 4, rows_valid: 4, error_count: 0, unknown_columns: [], written: 4 });
    const after = (await api.list(list.uuid)).json<ListDetail>();
    expect(after.rows.map((r: ListRow) => r.values)).toEqual(valuesBefore);
    const second = await api.exportList(list.uuid, format);
    if (format === "csv") {
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    } else {
      expect(await readXlsx(second.rawPayload)).toEqual(await readXlsx(first.rawPayload));
    }
  });

  it("writes text that a spreadsheet would run as a formula with an apostrophe, and reads it back as typed", async () => {
    const { api, list, col } = await setup();
    const texts = ['=HYPERLINK("http://evil.example","Открыть")', "+7 доп.", "-минус", "@кто", "'=уже с апострофом"];
    for (const text of texts) {
      expect(
        (await api.createRow(list.uuid, { [col.Кличка as string]: text, [col.Ссылка as string]: text })).statusCode,
      ).toBe(201);
    }
    const first = await api.exportList(list.uuid, "csv");
    const lines = first.rawPayload.toString("utf8").slice(1).split("\r\n");
    // No cell of the file starts with a formula sign.
    for (const line of lines.slice(1, -1)) expect(line).toMatch(/^("?')/);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""Открыть"")"`);
    expect(lines[5]?.startsWith("''=уже с апострофом")).toBe(true);

    const before = await rowValues(api, list.uuid);
    expect((await api.importList(list.uuid, "csv", first.rawPayload, { mode: "replace" })).statusCode).toBe(200);
    expect(await rowValues(api, list.uuid)).toEqual(before);
    expect((await rowValues(api, list.uuid)).map((v) => v[col.Кличка as string])).toEqual(texts);
  });
});
