import { describe, expect, it } from "vitest";
import { REFUSE_EMPTY } from "./dc305-parser.ts";
import {
  REFUSE_1C_BANK,
  REFUSE_EGRAPH,
  REFUSE_EVENTS_NO_ID,
  REFUSE_NO_DATE,
  REFUSE_NO_ID,
  REFUSE_WEEKLY,
  REFUSE_XLSX,
  REFUSE_XML,
} from "./header.ts";
import { LINE_BYTES_MAX } from "./line-splitter.ts";
import { parseDc305, parseDc305Buffer } from "./parse-dc305.ts";
import { chunks, collect, dcHeader, dcLine, errorsOf, right, rowsOf, TODAY } from "./test-fixtures.ts";

// Files and lines that cannot be read: each says why in Russian, with its line number.

const HEADER = dcHeader("ID", "BDAT", "LACT", "Event", "DIM", "Date", "Remark");
const good = dcLine(right(1, 9), "01/02/15", right(2, 3), "DRY", right(300, 4), "03/04/20", "");

const parse = (text: string | Buffer) =>
  parseDc305Buffer(typeof text === "string" ? Buffer.from(text) : text, { today: TODAY });
const file = (...lines: string[]) => `${lines.join("\n")}\n`;

describe("DC305 lines refused", () => {
  it("refuses a line cut short, and reads the lines around it", () => {
    const records = parse(file(HEADER, good, dcLine(right(2, 9), "01/02/15", right(2, 3), "DRY"), good));
    expect(errorsOf(records)).toEqual([
      { type: "error", line: 3, message: "Строка 3: не хватает полей — 4 из 7; строка обрезана?" },
    ]);
    expect(rowsOf(records).map((r) => r.line)).toEqual([2, 4]);
  });

  it("refuses surplus values when there is no Remark to join them into", () => {
    const header = dcHeader("ID", "LACT", "Event", "Date", "Protocols");
    const records = parse(file(header, dcLine("5", "1", "LAME", "01/02/21", "BLOCK,LB", "X")));
    expect(errorsOf(records)).toEqual([
      {
        type: "error",
        line: 2,
        message: "Строка 2: лишние поля (2): «LB,X» — в значениях запятые, а столбца Remark нет",
      },
    ]);
    expect(rowsOf(records)).toEqual([]);
  });

  it("refuses a date that does not exist, naming its column", () => {
    const records = parse(
      file(
        HEADER,
        dcLine("1", "13/45/20", "2", "DRY", "3", "03/04/20", ""),
        dcLine("2", "01/02/15", "2", "DRY", "3", "02/30/21", ""),
        dcLine("3", "1.2.2015", "2", "DRY", "3", "03/04/20", ""),
      ),
    );
    expect(errorsOf(records).map((e) => e.message)).toEqual([
      "Строка 2: неверная дата «13/45/20» в столбце BDAT",
      "Строка 3: неверная дата «02/30/21» в столбце Date",
      "Строка 4: неверная дата «1.2.2015» в столбце BDAT",
    ]);
  });

  it("refuses text where a number belongs", () => {
    const records = parse(
      file(
        HEADER,
        dcLine("1", "01/02/15", "two", "DRY", "3", "03/04/20", ""),
        dcLine("2", "01/02/15", "2", "DRY", "1.5", "03/04/20", ""),
      ),
    );
    expect(errorsOf(records).map((e) => e.message)).toEqual([
      "Строка 2: в столбце LACT ожидается целое число от 0 до 99, а стоит «two»",
      "Строка 3: в столбце DIM ожидается целое число, а стоит «1.5»",
    ]);
  });

  it("refuses a line without an ID or an event code or date", () => {
    const records = parse(
      file(
        HEADER,
        dcLine("", "01/02/15", "2", "DRY", "3", "03/04/20", ""),
        dcLine("2", "01/02/15", "2", "", "3", "03/04/20", ""),
        dcLine("3", "01/02/15", "2", "DRY", "3", "00000000", ""),
      ),
    );
    expect(errorsOf(records).map((e) => e.message)).toEqual([
      "Строка 2: нет номера животного (ID)",
      "Строка 3: нет кода события (Event)",
      "Строка 4: нет даты события (Date)",
    ]);
  });

  it("refuses bytes neither UTF-8 nor Windows-1252 can hold, and control characters", () => {
    const bad1252 = Buffer.from(dcLine("7", "01/02/15", "2", "DRY", "3", "03/04/20", "ab\x81"), "latin1");
    const nul = Buffer.from(dcLine("8", "01/02/15", "2", "DRY", "3", "03/04/20", "a\0b"), "latin1");
    const records = parse(
      Buffer.concat([Buffer.from(`${HEADER}\n`), bad1252, Buffer.from("\n"), nul, Buffer.from(`\n${good}\n`)]),
    );
    expect(errorsOf(records).map((e) => e.message)).toEqual([
      "Строка 2: нечитаемые символы — сохраните файл в UTF-8 или Windows-1252",
      "Строка 3: нечитаемые символы — сохраните файл в UTF-8 или Windows-1252",
    ]);
    expect(rowsOf(records).map((r) => r.line)).toEqual([4]);
  });

  it("refuses a line longer than 64 KB and reads on after it", () => {
    const records = parse(file(HEADER, `1,${"x".repeat(LINE_BYTES_MAX + 1)}`, good));
    expect(errorsOf(records).map((e) => e.message)).toEqual(["Строка 2: строка длиннее 64 КБ — это не выгрузка DC305"]);
    expect(rowsOf(records).map((r) => r.line)).toEqual([3]);
  });

  it("refuses a long line the same when it comes in many small chunks, the last one without a line break too", async () => {
    const bytes = Buffer.from(
      file(HEADER, `1,${"x".repeat(LINE_BYTES_MAX * 2)}`, good, `2,${"y".repeat(LINE_BYTES_MAX + 5)}`).trimEnd(),
    );
    const records = await collect(chunks(bytes, Array(Math.ceil(bytes.length / 1000)).fill(1000)));
    expect(errorsOf(records).map((e) => e.line)).toEqual([2, 4]);
    expect(rowsOf(records).map((r) => r.line)).toEqual([3]);
  });
});

describe("DC305 files refused whole", () => {
  it("refuses an EGRAPH file: totals per month, not animals", () => {
    const egraph = file(
      dcHeader("Dates", "Milking", "Total", "68% CI", "LAME"),
      dcLine(right("Nov18", 8), right(12, 7), right(2, 5), right("-", 7), right(2, 8)),
      "======== ,======= ,",
    );
    const records = parse(egraph);
    expect(records).toEqual([{ type: "refused", line: 1, message: REFUSE_EGRAPH }]);
    expect(REFUSE_EGRAPH).toContain("EVENTS ID BDAT");
    expect(REFUSE_EGRAPH).toContain("LIST ID BDAT LACT");
    // The CI column alone gives it away, whatever comes first.
    expect(parse(file(dcHeader("Month", "68% CI", "ID")))).toEqual([
      { type: "refused", line: 1, message: REFUSE_EGRAPH },
    ]);
  });

  it("refuses a weekly ECON table re-saved by a spreadsheet (CRLF, no quotes)", () => {
    const records = parse(
      "WeekDate,Milking,Dry,LACT>0,Total Animals\r\n10/17/2020,2108,245,2353,4461\r\nSummary  ,2136,269,2405,4095\r\n",
    );
    expect(records).toEqual([{ type: "refused", line: 1, message: REFUSE_WEEKLY }]);
  });

  it("refuses a table without an ID column, and events without an ID or dates", () => {
    expect(parse(file(dcHeader("PEN", "Milking", "Total")))).toEqual([
      { type: "refused", line: 1, message: REFUSE_NO_ID },
    ]);
    expect(parse(file(dcHeader("ID", "Event", "DIM")))).toEqual([
      { type: "refused", line: 1, message: REFUSE_NO_DATE },
    ]);
    expect(parse(file(dcHeader("BDAT", "Event", "Date")))).toEqual([
      { type: "refused", line: 1, message: REFUSE_EVENTS_NO_ID },
    ]);
  });

  it("says what a file of another program is: a 1C bank statement, an XML exchange, an Excel book", () => {
    expect(parse("1CClientBankExchange\r\nВерсияФормата=1.02\r\nКодировка=Windows\r\n")).toEqual([
      { type: "refused", line: 1, message: REFUSE_1C_BANK },
    ]);
    expect(
      parse('\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.07">\n'),
    ).toEqual([{ type: "refused", line: 1, message: REFUSE_XML }]);
    // A zip's first bytes, then binary with NULs and line breaks, as an XLSX book begins.
    const xlsx = Buffer.from([0x50, 0x4b, 3, 4, 20, 0, 6, 0, 8, 0, 0, 0, 0x0a, 0x21, 0, 0x0d, 0x0a, 0xff]);
    expect(parse(xlsx)).toEqual([{ type: "refused", line: 1, message: REFUSE_XLSX }]);
    expect(REFUSE_XLSX).toContain("меню «Импорт и экспорт → Загрузка данных»");
    expect(REFUSE_1C_BANK).toContain("меню «Импорт и экспорт → Загрузка данных»");
    expect(REFUSE_1C_BANK).not.toContain("Загрузка таблиц»");
  });

  it("refuses an empty file, or one of blank lines only", () => {
    expect(parse("")).toEqual([{ type: "refused", line: 0, message: REFUSE_EMPTY }]);
    expect(parse("\r\n  \n\t\n")).toEqual([{ type: "refused", line: 0, message: REFUSE_EMPTY }]);
  });

  it("refuses a file whose header cannot be read (UTF-16 has NUL bytes)", () => {
    expect(parse(Buffer.from(`${HEADER}\n${good}\n`, "utf16le"))).toEqual([
      { type: "refused", line: 1, message: "Строка 1: нечитаемые символы — сохраните файл в UTF-8 или Windows-1252" },
    ]);
  });

  it("stops reading the stream once the file is refused", async () => {
    let pulled = 0;
    async function* source() {
      for (const piece of ['"Dates","LAME",\n', "   Nov18 ,  2,\n", "   Dec18 ,  3,\n"]) {
        pulled++;
        yield Buffer.from(piece);
      }
    }
    const records = [];
    for await (const record of parseDc305(source(), { today: TODAY })) records.push(record);
    expect(records).toEqual([{ type: "refused", line: 1, message: REFUSE_EGRAPH }]);
    expect(pulled).toBe(1);
  });
});
