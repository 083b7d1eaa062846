import { describe, expect, it } from "vitest";
import { parseDc305Buffer } from "./parse-dc305.ts";
import type { Dc305Record } from "./records.ts";
import {
  chunks,
  collect,
  dcHeader,
  dcLine,
  EVENTS_HEADER,
  errorsOf,
  eventLine,
  left,
  right,
  rowsOf,
  TODAY,
} from "./test-fixtures.ts";

// One test per quirk of real DC305 files (samples/README.md), each with a file written here.

const HEADER = EVENTS_HEADER;

const parse = (text: string | Buffer) =>
  parseDc305Buffer(typeof text === "string" ? Buffer.from(text) : text, { today: TODAY });
const file = (...lines: string[]) => `${lines.join("\n")}\n`;

describe("DC305 quirks", () => {
  it("trims right-aligned, space-padded values", () => {
    const records = parse(
      file(HEADER, eventLine("3268", "03/17/11", "6", "LAME", "252", "11/05/18", "F.BL", "FOOTROT")),
    );
    expect(errorsOf(records)).toEqual([]);
    const [row] = rowsOf(records);
    expect(row?.animal).toMatchObject({ barn_number: "3268", birth_date: "2011-03-17", lact: 6, breed: "H" });
    expect(row?.event).toEqual({
      code: "LAME",
      date: "2018-11-05",
      dim: 252,
      remark: "F.BL",
      protocol: "FOOTROT",
      technician: "",
    });
  });

  it("drops the trailing comma's empty value, and reads a line without it too", () => {
    const records = parse(
      file(
        HEADER,
        eventLine("1", "01/02/15", "2", "DRY", "300", "03/04/20", "", "", "Nico"),
        "7,01/02/15,2,H,DRY,300,03/04/20,,,Nico",
      ),
    );
    expect(records[0]).toMatchObject({ type: "header", kind: "events", kept: [] });
    expect(records[0]?.type === "header" && records[0].mapped.length).toBe(10);
    expect(errorsOf(records)).toEqual([]);
    expect(rowsOf(records).map((r) => [r.animal.barn_number, r.event?.technician, r.attributes])).toEqual([
      ["1", "Nico", {}],
      ["7", "Nico", {}],
    ]);
  });

  it("reads 00000000 and `00000000 ` (with its space) as no date", () => {
    const records = parse(
      file(
        HEADER,
        eventLine("6", "00000000", "3", "LAME", "164", "04/08/19"),
        eventLine("6", "00000000 ", "4", "LAME", "56", "04/23/20"),
      ),
    );
    expect(errorsOf(records)).toEqual([]);
    expect(rowsOf(records).map((r) => r.animal.birth_date)).toEqual([null, null]);
  });

  it("joins an unquoted comma in the remark back into Remark", () => {
    const records = parse(
      file(HEADER, eventLine("82374", "10/11/15", "2", "LAME", "67", "11/12/18", "U.BL,BR", "UPPERLEG")),
    );
    expect(errorsOf(records)).toEqual([]);
    expect(rowsOf(records)[0]?.event).toMatchObject({ remark: "U.BL,BR", protocol: "UPPERLEG", technician: "" });
  });

  it("maps columns by name whatever their order", () => {
    const header = dcHeader("Date", "Event", "Technician", "LACT", "ID", "Remark", "DIM", "BDAT", "Protocols", "CBRD");
    const line = dcLine(
      "11/05/18",
      left("LAME", 11),
      "Antonio",
      right(6, 3),
      right(3268, 9),
      left("F.BL", 16),
      right(252, 4),
      "03/17/11",
      "FOOTROT",
      "J",
    );
    const [row] = rowsOf(parse(file(header, line)));
    expect(row?.animal).toMatchObject({ barn_number: "3268", birth_date: "2011-03-17", lact: 6, breed: "J" });
    expect(row?.event).toEqual({
      code: "LAME",
      date: "2018-11-05",
      dim: 252,
      remark: "F.BL",
      protocol: "FOOTROT",
      technician: "Antonio",
    });
  });

  it("reads a file that lacks a column: its field is null (or empty text)", () => {
    const header = dcHeader("ID", "LACT", "Event", "DIM", "Date");
    const records = parse(file(header, dcLine(right(15, 9), right(2, 3), left("FRESH", 11), right(0, 4), "01/07/22")));
    expect(records[0]).toMatchObject({
      mapped: [{ item: "ID" }, { item: "LACT" }, { item: "Event" }, { item: "DIM" }, { item: "Date" }],
    });
    const [row] = rowsOf(records);
    expect(row?.animal.birth_date).toBeNull();
    expect(row?.animal.breed).toBeNull();
    expect(row?.event).toEqual({ code: "FRESH", date: "2022-01-07", dim: 0, remark: "", protocol: "", technician: "" });
  });

  it("reads CRLF and a mix of CRLF and LF, numbering lines as the file has them", () => {
    const a = eventLine("1", "01/02/15", "2", "DRY", "300", "03/04/20");
    const b = eventLine("2", "01/02/16", "1", "SOLD", "10", "03/05/20", "FEET");
    const records = parse(`${HEADER}\r\n${a}\r\n${b}\n${a}\r\n`);
    expect(errorsOf(records)).toEqual([]);
    expect(rowsOf(records).map((r) => [r.line, r.event?.code, r.event?.remark])).toEqual([
      [2, "DRY", ""],
      [3, "SOLD", "FEET"],
      [4, "DRY", ""],
    ]);
  });

  it("reads NA and - as missing", () => {
    const records = parse(
      file(
        HEADER,
        dcLine(right(9, 9), "NA", right("-", 3), "NA", left("LAME", 11), right("-", 4), "05/06/21", "-", "NA", "-"),
      ),
    );
    expect(errorsOf(records)).toEqual([]);
    const [row] = rowsOf(records);
    expect(row?.animal).toMatchObject({ birth_date: null, lact: null, breed: null });
    expect(row?.event).toMatchObject({ dim: null, remark: "", protocol: "", technician: "" });
  });

  it("keeps a negative DIM", () => {
    const [row] = rowsOf(parse(file(HEADER, eventLine("44", "02/03/19", "1", "DRY", "-12", "08/09/21"))));
    expect(row?.event?.dim).toBe(-12);
  });

  it("keeps a heifer's DIM (her age) as given with LACT 0", () => {
    const records = parse(
      file(
        HEADER,
        eventLine("999999", "08/08/19", "0", "DIED", "744", "08/21/21"),
        eventLine("5", "01/01/20", "0", "BRED", "410", "02/15/21"),
      ),
    );
    expect(rowsOf(records).map((r) => [r.animal.lact, r.event?.dim])).toEqual([
      [0, 744],
      [0, 410],
    ]);
  });

  it("hands out exact duplicate lines both (the upload pipeline dedups)", () => {
    const line = eventLine("1", "08/16/15", "3", "DRY", "328", "11/13/19", "229 DAYS");
    const rows = rowsOf(parse(file(HEADER, line, line)));
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.line)).toEqual([2, 3]);
    expect({ ...rows[0], line: 0 }).toEqual({ ...rows[1], line: 0 });
  });

  it("drops a UTF-8 byte order mark", () => {
    const records = parse(
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(file(HEADER, eventLine("3", "01/01/20", "1", "OK", "50", "02/02/21"))),
      ]),
    );
    expect(records[0]).toMatchObject({ type: "header", kind: "events" });
    expect(records[0]?.type === "header" && records[0].mapped[0]).toEqual({ item: "ID", field: "Номер в стаде" });
    expect(rowsOf(records)).toHaveLength(1);
  });

  it("reads a Windows-1252 line and a UTF-8 line in one file", () => {
    const latin = Buffer.from(eventLine("3", "01/01/20", "1", "CHECK", "50", "02/02/21", "caf\u00e9"), "latin1");
    const utf8 = Buffer.from(eventLine("4", "01/01/20", "1", "CHECK", "50", "02/02/21", "caf\u00e9 \u2713"), "utf8");
    const bytes = Buffer.concat([Buffer.from(`${HEADER}\n`), latin, Buffer.from("\n"), utf8, Buffer.from("\n")]);
    expect(latin.includes(0xe9)).toBe(true);
    const records = parse(bytes);
    expect(errorsOf(records)).toEqual([]);
    expect(rowsOf(records).map((r) => r.event?.remark)).toEqual(["café", "café ✓"]);
  });

  it("reads the same records whatever the chunks, even cut inside a CRLF or a UTF-8 character", async () => {
    const text = `${HEADER}\r\n${eventLine("3", "01/01/20", "1", "CHECK", "50", "02/02/21", "Ёлка №5")}\r\n${eventLine("4", "01/01/20", "2", "DRY", "9", "02/03/21")}\r\n`;
    const bytes = Buffer.from(text);
    const whole = parse(bytes);
    expect(rowsOf(whole).map((r) => r.event?.remark)).toEqual(["Ёлка №5", ""]);
    const crlf = bytes.indexOf("\r\n");
    const yo = bytes.indexOf(Buffer.from("Ё"));
    for (const cut of [crlf + 1, yo + 1]) expect(await collect(chunks(bytes, [cut]))).toEqual(whole);
    // Every cut into two, and one byte at a time.
    for (let cut = 1; cut < bytes.length; cut++) expect(await collect(chunks(bytes, [cut]))).toEqual(whole);
    expect(await collect(chunks(bytes, Array(bytes.length).fill(1)))).toEqual(whole);
  });

  it("skips blank lines but counts them", () => {
    const records = parse(`\n${HEADER}\n\n   \n${eventLine("1", "01/02/15", "2", "DRY", "300", "03/04/20")}\n\n`);
    expect(records.map((r) => [r.type, r.line])).toEqual([
      ["header", 2],
      ["row", 5],
    ]);
  });

  it("skips a DOS end-of-file mark (Ctrl-Z) on the last line", () => {
    const records = parse(`${file(HEADER, eventLine("1", "01/02/15", "2", "DRY", "300", "03/04/20"))}\x1a`);
    expect(records.map((r) => r.type)).toEqual(["header", "row"]);
  });

  it("keeps unmapped columns as attributes, leaving out empty values", () => {
    const header = dcHeader("ID", "XLAME", "LLAME", "Event", "Date", "FTDAT");
    const records = parse(
      file(header, dcLine(right(1, 9), right(1, 4), right("", 4), "LAME", "01/02/21", "00000000 ")),
    );
    expect(records[0]).toMatchObject({ kept: ["XLAME", "LLAME", "FTDAT"] });
    expect(rowsOf(records)[0]?.attributes).toEqual({ XLAME: "1", FTDAT: "00000000" });
  });

  it("upper-cases event codes and keeps unknown ones", () => {
    const rows = rowsOf(
      parse(
        file(
          HEADER,
          eventLine("1", "01/02/15", "2", " lame", "30", "03/04/20"),
          eventLine("1", "01/02/15", "2", "ZZTOP", "31", "03/05/20"),
        ),
      ),
    );
    expect(rows.map((r) => r.event?.code)).toEqual(["LAME", "ZZTOP"]);
  });

  it("reads a LIST export: animal items, test day, DIM of the animal", () => {
    const header = dcHeader(
      "ID",
      "EID",
      "PEN",
      "LACT",
      "DIM",
      "RC",
      "FDAT",
      "TDAT",
      "MILK",
      "PCTF",
      "PCTP",
      "SCC",
      "SID",
      "DAM",
      "DCC",
    );
    const line = dcLine(
      right(120, 6),
      "840003123456789",
      right(4, 3),
      right(2, 3),
      right(-3, 4),
      right(5, 2),
      "06/01/26",
      "06/10/26",
      right("38.5", 6),
      "4.12",
      "3.31",
      right(145, 5),
      "7HO12345",
      "98",
      right(210, 4),
    );
    const heifer = dcLine(
      right(7000, 6),
      "",
      right(9, 3),
      right(0, 3),
      right(400, 4),
      right(0, 2),
      "00000000",
      "00000000",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
    );
    const records = parse(file(header, line, heifer));
    expect(records[0]).toMatchObject({ type: "header", kind: "items", kept: ["DCC"] });
    expect(errorsOf(records)).toEqual([]);
    const [cow, calf] = rowsOf(records);
    expect(cow?.animal).toMatchObject({
      barn_number: "120",
      ear_tag: "840003123456789",
      pen: "4",
      lact: 2,
      dim: -3,
      rc: 5,
      fresh_date: "2026-06-01",
      sire: "7HO12345",
      dam: "98",
    });
    expect(cow?.event).toBeNull();
    expect(cow?.testDay).toEqual({
      date: "2026-06-10",
      milk_kg: 38.5,
      fat_pct: 4.12,
      protein_pct: 3.31,
      scc: 145,
      dim: -3,
    });
    expect(calf?.animal).toMatchObject({ lact: 0, dim: 400, ear_tag: null });
    expect(calf?.testDay).toBeNull();
  });

  it("takes the first ear-tag item by priority and keeps the others", () => {
    const records = parse(file(dcHeader("ID", "REG", "EID"), dcLine("1", "HOUSA123", "982000111")));
    expect(records[0]).toMatchObject({
      mapped: [{ item: "ID" }, { item: "EID", field: "Ушная бирка" }],
      kept: ["REG"],
    });
    expect(rowsOf(records)[0]).toMatchObject({ animal: { ear_tag: "982000111" }, attributes: { REG: "HOUSA123" } });
  });

  it("tolerates quoted values, commas inside them too", () => {
    const records = parse(file(HEADER, `"12","01/02/15","2","H","CHECK","30","03/04/20","A, ""B""","P","T",`));
    expect(errorsOf(records)).toEqual([]);
    expect(rowsOf(records)[0]?.event).toMatchObject({ remark: 'A, "B"', protocol: "P", technician: "T" });
  });

  it("gives a header-only file its header and no rows", () => {
    expect(parse(`${HEADER}\n`).map((r: Dc305Record) => r.type)).toEqual(["header"]);
    expect(parse(HEADER).map((r: Dc305Record) => r.type)).toEqual(["header"]);
  });

  it("reads M/D/YYYY and MM/DD/YYYY, and two-digit years by the pivot (today 2026: 27 → 2027, 28 → 1928)", () => {
    const rows = rowsOf(
      parse(
        file(
          HEADER,
          eventLine("1", "3/7/2011", "1", "OK", "1", "12/31/27"),
          eventLine("2", "01/01/28", "1", "OK", "1", "02/29/2024"),
        ),
      ),
    );
    expect(rows.map((r) => [r.animal.birth_date, r.event?.date])).toEqual([
      ["2011-03-07", "2027-12-31"],
      ["1928-01-01", "2024-02-29"],
    ]);
  });
});
