import { describe, expect, it } from "vitest";
import type { Dc305RowRecord } from "../dc305/records.ts";
import {
  REFUSE_1C_BANK,
  REFUSE_DC305_GRAPH,
  REFUSE_EMPTY_SHEET,
  REFUSE_HEADER_ONLY,
  REFUSE_PDF,
  REFUSE_XLS,
  REFUSE_XML,
} from "./read-spreadsheet.ts";
import { readAll, summary, utf8Bom, win1251, xlsxOf, zipOf } from "./spreadsheet.test-kit.ts";
import { CORRUPT_XLSX } from "./xlsx-rows.ts";

// The spreadsheet reader on its own: files in, the records staging takes out.

const rows = (records: Awaited<ReturnType<typeof readAll>>["records"]) =>
  records.filter((r): r is Dc305RowRecord => r.type === "row");

describe("CSV", () => {
  it("reads a Windows-1251 CSV with «;» and decimal commas (Russian Excel's CSV)", async () => {
    const text = [
      "Номер;Дата рождения;Дата контрольной дойки;Удой, кг;Жир, %;Белок, %;СКС;Кормление",
      "101;15.03.2021;10.11.2026;38,5;3,85;3,21;1 180;рацион 2",
      "102;2.4.22;10.11.2026;41;4,1;3,3;95;",
    ].join("\r\n");
    const { records, result } = await readAll(win1251(text), "test_days");
    expect(records[0]).toMatchObject({
      type: "header",
      line: 1,
      kind: "test_days",
      kept: ["Кормление"],
    });
    const [a, b] = rows(records);
    expect(a).toMatchObject({
      line: 2,
      animal: { barn_number: "101", birth_date: "2021-03-15" },
      testDay: { date: "2026-11-10", milk_kg: 38.5, fat_pct: 3.85, protein_pct: 3.21, scc: 1180 },
      attributes: { Кормление: "рацион 2" },
    });
    expect(b).toMatchObject({
      line: 3,
      animal: { birth_date: "2022-04-02" },
      testDay: { milk_kg: 41 },
      attributes: {},
    });
    expect(result?.preview).toMatchObject({
      file_type: "csv",
      mapping_source: "guessed",
      missing: [],
      columns: [
        { column: "Номер", field: "barn_number", sample: "101" },
        { column: "Дата рождения", field: "birth_date", sample: "15.03.2021" },
        { column: "Дата контрольной дойки", field: "test_date", sample: "10.11.2026" },
        { column: "Удой, кг", field: "milk_kg", sample: "38,5" },
        { column: "Жир, %", field: "fat_pct", sample: "3,85" },
        { column: "Белок, %", field: "protein_pct", sample: "3,21" },
        { column: "СКС", field: "scc", sample: "1 180" },
        { column: "Кормление", field: null, sample: "рацион 2" },
      ],
    });
  });

  it("reads a UTF-8 CSV with a BOM and «,»: quotes, a line break inside quotes, rows numbered as Excel shows them", async () => {
    const text = [
      'Номер,Бирка,Дата рождения,Порода,"Масть, окрас"',
      '7,RU001,2020-05-01,"Голштинская ""чёрно-пёстрая""","чёрная,',
      'с белым"',
      "",
      "8,RU002,01.06.2020,Джерсейская,рыжая",
    ].join("\n");
    const { records, result } = await readAll(utf8Bom(text), "animals");
    expect(rows(records)).toEqual([
      expect.objectContaining({
        line: 2,
        animal: expect.objectContaining({
          barn_number: "7",
          ear_tag: "RU001",
          birth_date: "2020-05-01",
          breed: 'Голштинская "чёрно-пёстрая"',
        }),
        attributes: { "Масть, окрас": "чёрная,\nс белым" },
      }),
      // Row 3 is blank (skipped but counted), so this is row 4.
      expect.objectContaining({
        line: 4,
        animal: expect.objectContaining({ barn_number: "8", birth_date: "2020-06-01" }),
      }),
    ]);
    expect(result?.preview.columns.map((c) => c.column)).toEqual([
      "Номер",
      "Бирка",
      "Дата рождения",
      "Порода",
      "Масть, окрас",
    ]);
  });

  it("finds a tab separator and reads Excel's «sep=» line", async () => {
    const tab = await readAll(Buffer.from("Номер\tБирка\tДата рождения\n5\tE5\t01.01.2020\n"), "animals");
    expect(rows(tab.records).map((r) => [r.line, r.animal.ear_tag])).toEqual([[2, "E5"]]);
    const hinted = await readAll(Buffer.from("sep=,\nНомер,Бирка\n5,E5\n"), "animals");
    expect(rows(hinted.records).map((r) => [r.line, r.animal.ear_tag])).toEqual([[2, "E5"]]);
  });

  it("refuses a row with a bad date or number, naming its line and column, and reads on", async () => {
    const text = [
      "Номер;Дата рождения;Дата контрольной дойки;Удой",
      "1;01.01.2020;10.11.2026;30",
      "2;31.02.2020;10.11.2026;30",
      "3;01.01.2020;10.11.2026;тридцать",
      "4;01.01.2020;10/11/2026;30",
      ";01.01.2020;10.11.2026;30",
      "6;01.01.2020;10.11.2026;30,5",
    ].join("\n");
    const { records } = await readAll(Buffer.from(text), "test_days");
    expect(summary(records)).toEqual([
      "2: 1",
      "Строка 3: неверная дата «31.02.2020» в столбце «Дата рождения» — нужна ДД.ММ.ГГГГ",
      "Строка 4: в столбце «Удой» ожидается число (например, 38,5), а стоит «тридцать»",
      "Строка 5: неверная дата «10/11/2026» в столбце «Дата контрольной дойки» — нужна ДД.ММ.ГГГГ",
      "Строка 6: не заполнен столбец «Номер» (Номер животного)",
      "7: 6",
    ]);
  });

  it("refuses implausible test-day values, saying the allowed range, and a negative one as negative", async () => {
    const text = [
      "Номер животного;Дата контрольной дойки;Удой;Жир;Белок;СКС",
      "1;10.11.2026;30;3,9;3,2;180",
      "2;10.11.2026;30;45;3,2;180",
      "3;10.11.2026;-5;3,9;3,2;180",
      "4;10.11.2026;121;3,9;3,2;180",
      "5;10.11.2026;30;3,9;0,5;180",
      "6;10.11.2026;30;3,9;3,2;100000",
      "7;10.11.2026;0;1;7;99 999",
      ";10.11.2026;30;3,9;3,2;180",
    ].join("\n");
    const { records } = await readAll(Buffer.from(text), "test_days");
    expect(summary(records)).toEqual([
      "2: 1",
      "Строка 3: в столбце «Жир» допустимо от 1 до 9, а стоит «45»",
      "Строка 4: в столбце «Удой» значение не может быть отрицательным, а стоит «-5»",
      "Строка 5: в столбце «Удой» допустимо от 0 до 120, а стоит «121»",
      "Строка 6: в столбце «Белок» допустимо от 1 до 7, а стоит «0,5»",
      "Строка 7: в столбце «СКС» допустимо от 0 до 99 999, а стоит «100000»",
      "8: 7",
      // The column is named as the field: said once.
      "Строка 9: не заполнен столбец «Номер животного»",
    ]);
  });

  it("refuses an empty file and a header without rows", async () => {
    expect((await readAll(Buffer.alloc(0), "animals")).records).toEqual([
      { type: "refused", line: 0, message: REFUSE_EMPTY_SHEET },
    ]);
    expect((await readAll(Buffer.from("\n;;\n"), "animals")).records).toEqual([
      { type: "refused", line: 0, message: REFUSE_EMPTY_SHEET },
    ]);
    const headerOnly = await readAll(Buffer.from("Номер;Бирка\n;\n"), "animals");
    expect(headerOnly.records.at(-1)).toEqual({ type: "refused", line: 1, message: REFUSE_HEADER_ONLY });
    expect(headerOnly.result).toBeUndefined();
  });

  it("refuses an old .xls file", async () => {
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]);
    expect((await readAll(xls, "animals")).records).toEqual([{ type: "refused", line: 0, message: REFUSE_XLS }]);
  });

  it("refuses whole, naming them, the files of other programs: XML, a 1C bank statement, a PDF", async () => {
    const refused = async (bytes: Buffer) => (await readAll(bytes, "events")).records;
    const xml = `\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.05">\n`;
    expect(await refused(Buffer.from(xml))).toEqual([{ type: "refused", line: 0, message: REFUSE_XML }]);
    const bank = "1CClientBankExchange\r\nВерсияФормата=1.03\r\nКодировка=Windows\r\n";
    expect(await refused(win1251(bank))).toEqual([{ type: "refused", line: 0, message: REFUSE_1C_BANK }]);
    expect(await refused(Buffer.from("%PDF-1.7\n%âãÏÓ\n"))).toEqual([
      { type: "refused", line: 0, message: REFUSE_PDF },
    ]);
    // A DC305 graph (as dairyfeet_temp_all.CSV begins): named, not 63 rows without an animal.
    const graph = '"Dates","Milking","Total","68% CI","FOOTRIM",\n   Jan19 ,   1112 ,  127 ,  10-12 ,       0 ,\n';
    expect((await refused(Buffer.from(graph))).at(-1)).toMatchObject({ type: "refused", message: REFUSE_DC305_GRAPH });
  });

  it("reports a quote never closed on the row that opened it", async () => {
    const { records } = await readAll(Buffer.from('Номер;Бирка\n1;E1\n2;"E2\n3;E3\n'), "animals");
    expect(summary(records)).toEqual([
      "2: 1",
      "Строка 3: кавычка открыта и не закрыта до конца файла — проверьте кавычки в этой строке.",
    ]);
  });
});

describe("events", () => {
  it("takes DC305 codes and Russian names (any case, ё or е), keeping unknown codes upper-cased", async () => {
    const text = [
      "Номер;Бирка;Событие;Дата события;Примечание",
      "1;E1;Отёл;01.09.2026;",
      "1;E1;осеменение;20.10.2026;Бонд",
      "1;E1;расчистка копыт;21.10.2026;",
      "1;E1;preg;22.10.2026;",
      "1;E1;Vacc;23.10.2026;",
      "1;E1;Вакцинация;24.10.2026;",
      "1;E1;ОТЕЛ;25.10.2026;",
    ].join("\n");
    const { records } = await readAll(Buffer.from(text), "events");
    expect(rows(records).map((r) => `${r.event?.date} ${r.event?.code} ${r.event?.remark}`)).toEqual([
      "2026-09-01 FRESH ",
      "2026-10-20 BRED Бонд",
      "2026-10-21 FOOTRIM ",
      "2026-10-22 PREG ",
      "2026-10-23 VACC ",
      "2026-10-24 ВАКЦИНАЦИЯ ",
      "2026-10-25 FRESH ",
    ]);
  });

  it("stages rows without events while the event's columns are not mapped (the commit waits for them)", async () => {
    const { records, result } = await readAll(Buffer.from("Номер;Бирка;Что;Когда\n1;E1;BRED;01.09.2026\n"), "events");
    expect(result?.preview.missing).toEqual(["Событие", "Дата события"]);
    expect(rows(records)[0]).toMatchObject({ event: null, attributes: { Что: "BRED", Когда: "01.09.2026" } });
  });
});

describe("XLSX", () => {
  it("reads the first sheet: date cells, numbers, formulas' results, text numbers; rows keep Excel's numbers", async () => {
    const file = await xlsxOf([
      ["Номер", "Бирка", "Дата рождения", "Лактация", "Дата отёла", "Масть"],
      [1234, "RU1", new Date(Date.UTC(2021, 2, 15)), 2, "02.09.2026", "чёрная"],
      [],
      ["77", 643000123456789, "2020-01-31", { formula: "1+1", result: 2 }, 46266, null],
      ["78", "RU78", "31.13.2020", 1, null, null],
    ]);
    const { records, result } = await readAll(file, "animals");
    expect(result?.preview.file_type).toBe("xlsx");
    expect(summary(records)).toEqual([
      "2: 1234",
      "4: 77",
      "Строка 5: неверная дата «31.13.2020» в столбце «Дата рождения» — нужна ДД.ММ.ГГГГ",
    ]);
    const [a, b] = rows(records);
    expect(a?.animal).toMatchObject({ ear_tag: "RU1", birth_date: "2021-03-15", lact: 2, fresh_date: "2026-09-02" });
    expect(a?.attributes).toEqual({ Масть: "чёрная" });
    // 46266 is a date cell that lost its format: Excel's serial day of 2026-09-01.
    expect(b?.animal).toMatchObject({
      ear_tag: "643000123456789",
      birth_date: "2020-01-31",
      lact: 2,
      fresh_date: "2026-09-01",
    });
  });

  it("shows the first values as a Russian reader writes them: DD.MM.YYYY and a decimal comma", async () => {
    const file = await xlsxOf([
      ["Номер", "Дата контрольной дойки", "Удой", "Жир"],
      [5, new Date(Date.UTC(2015, 9, 11)), 28.4, "3.9"],
    ]);
    const { result } = await readAll(file, "test_days");
    expect(result?.preview.columns.map((c) => c.sample)).toEqual(["5", "11.10.2015", "28,4", "3.9"]);
  });

  it("refuses a zip that is not a workbook", async () => {
    const docx = zipOf("word/document.xml", "<w:document/>");
    expect((await readAll(docx, "animals")).records).toEqual([{ type: "refused", line: 0, message: CORRUPT_XLSX }]);
  });

  it("refuses a corrupt or cut XLSX", async () => {
    const whole = await xlsxOf([["Номер"], ["1"]]);
    const garbage = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    expect((await readAll(garbage, "animals")).records).toEqual([{ type: "refused", line: 0, message: CORRUPT_XLSX }]);
    const cut = await readAll(whole.subarray(0, Math.floor(whole.length / 2)), "animals");
    expect(cut.records.at(-1)).toMatchObject({ type: "refused" });
  });
});
