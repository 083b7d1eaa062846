import type { HerdUploadCreated } from "@nadoy/contract/herd";
import { HERD_SPREADSHEET_FIELDS, HERD_SPREADSHEET_KINDS } from "@nadoy/contract/herd-spreadsheet";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { ok } from "../herd.test-kit.ts";
import { counts, seedUploadWorld } from "../upload/herd-upload.test-kit.ts";
import { sheetApi } from "./spreadsheet.test-kit.ts";

// The XLSX templates: what a user downloads, and that the template, uploaded as it is, imports
// with the guessed mapping and no errors.

let t: TestApp;
let w: Awaited<ReturnType<typeof seedUploadWorld>>;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  w = await seedUploadWorld(t);
});

async function sheets(bytes: Buffer): Promise<Record<string, unknown[][]>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: Record<string, unknown[][]> = {};
  for (const sheet of book.worksheets) {
    out[sheet.name] = [];
    sheet.eachRow((row) => out[sheet.name]?.push((row.values as unknown[]).slice(1)));
  }
  return out;
}

describe("templates", () => {
  it("gives the test days template: the columns, an example row with real dates and numbers, and explanations", async () => {
    const res = await sheetApi(t, w.viewer.token, w.herd.uuid).template("test_days");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="template.xlsx"; filename*=UTF-8''${encodeURIComponent("Шаблон — Контрольные дойки.xlsx")}`,
    );
    const book = await sheets(res.rawPayload);
    const loaded = new ExcelJS.Workbook();
    await loaded.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const data = loaded.getWorksheet("Данные");
    expect(data?.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(data?.getRow(1).font?.bold).toBe(true);
    expect(Object.keys(book)).toEqual(["Данные", "Пояснения"]);
    expect(book.Данные).toEqual([
      [
        "Номер животного",
        "Бирка",
        "Дата рождения",
        "Дата контрольной дойки",
        "Лактация",
        "Удой, кг",
        "Жир, %",
        "Белок, %",
        "СКС, тыс./мл",
      ],
      [
        "1234",
        "RU123456789",
        new Date("2021-03-15T00:00:00Z"),
        new Date("2026-11-10T00:00:00Z"),
        2,
        38.5,
        3.85,
        3.21,
        180,
      ],
    ]);
    expect(book.Пояснения?.[0]).toEqual(["Столбец", "Обязательный", "Формат", "Пояснение", "Пример"]);
    expect(book.Пояснения?.[1]).toEqual([
      "Номер животного",
      "да",
      "текст",
      HERD_SPREADSHEET_FIELDS.test_days[0]?.hint,
      "1234",
    ]);
    expect(book.Пояснения?.[4]?.slice(0, 3)).toEqual(["Дата контрольной дойки", "да", "дата (ДД.ММ.ГГГГ)"]);
    expect(book.Пояснения).toHaveLength(1 + HERD_SPREADSHEET_FIELDS.test_days.length);
  });

  it.each(HERD_SPREADSHEET_KINDS)("imports the %s template as it is: every column guessed, no errors", async (kind) => {
    const api = sheetApi(t, w.zoo.token, w.herd.uuid);
    // Test days are of the herd's animals: the animals template's example cow first.
    if (kind === "test_days") {
      const animals = (await api.template("animals")).rawPayload;
      ok(
        await api.commit(ok<HerdUploadCreated>(await api.upload(animals, "animals", "животные.xlsx"), 201).upload_uuid),
      );
    }
    const template = (await api.template(kind)).rawPayload;
    const created = ok<HerdUploadCreated>(await api.upload(template, kind, "шаблон.xlsx"), 201);
    expect(created.spreadsheet).toMatchObject({ file_type: "xlsx", mapping_source: "guessed", missing: [] });
    expect(created.spreadsheet?.columns.map((c) => c.field)).toEqual(HERD_SPREADSHEET_FIELDS[kind].map((f) => f.key));
    const expected = {
      animals: counts({ rows: 1, animals_new: 1 }),
      events: counts({ rows: 1, animals_new: 1, events_new: 1 }),
      test_days: counts({ rows: 1, animals_unchanged: 1, test_days_new: 1 }),
    }[kind];
    expect(created.preview).toMatchObject({ ...expected, errors: [] });
    expect(ok(await api.commit(created.upload_uuid))).toMatchObject(expected);
  });
});
