import fc from "fast-check";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { latestYear } from "../dc305/parse-values.ts";
import { csvRows } from "./csv-rows.ts";
import { INVALID, parseSheetDate } from "./sheet-values.ts";
import { chunks, TODAY } from "./spreadsheet.test-kit.ts";

// Any table of strings written as CSV — quoted where needed or everywhere, «;» or «,», LF or
// CRLF, UTF-8 (with or without BOM) or Windows-1251, cut into any chunks — reads back the same,
// rows numbered 1, 2, 3… as Excel shows them. And every day written as Russians write it reads
// back as that day; days that do not exist are refused.

const LATEST = latestYear(TODAY);

/** Characters a cell may hold: Cyrillic, quotes, both separators, line breaks, tabs, blanks. */
const cellText = fc
  .string({
    unit: fc.constantFrom("a", "Z", "Я", "ё", "1", ".", " ", '"', ";", ",", "\n", "\r", "\t", "-"),
    maxLength: 12,
  })
  // Excel writes a cell's line break as LF: a CRLF inside quotes reads as LF.
  .map((s) => s.replace(/\r+\n/g, "\n"));
const columnName = fc.string({ unit: fc.constantFrom("А", "б", "x", "Y"), minLength: 1, maxLength: 6 });

const table = fc.integer({ min: 2, max: 5 }).chain((width) =>
  fc.record({
    header: fc.array(columnName, { minLength: width, maxLength: width }),
    rows: fc.array(fc.array(cellText, { minLength: width, maxLength: width }), { maxLength: 8 }),
    separator: fc.constantFrom(";", ","),
    quoteAll: fc.boolean(),
    crlf: fc.boolean(),
    encoding: fc.constantFrom("utf8", "utf8-bom", "win1251"),
    chunk: fc.integer({ min: 1, max: 64 }),
  }),
);

function writeCsv(rows: string[][], separator: string, quoteAll: boolean, crlf: boolean): string {
  const special = new RegExp(`["\\n\\r${separator}]`);
  const field = (value: string) => (quoteAll || special.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return rows.map((row) => row.map(field).join(separator)).join(crlf ? "\r\n" : "\n") + (crlf ? "\r\n" : "\n");
}

function encode(text: string, encoding: string): Buffer {
  if (encoding === "win1251") return iconv.encode(text, "win1251");
  const bytes = Buffer.from(text, "utf8");
  return encoding === "utf8-bom" ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]) : bytes;
}

describe("the CSV reader", () => {
  it("reads any table of strings back as written", async () => {
    await fc.assert(
      fc.asyncProperty(table, async (t) => {
        const bytes = encode(writeCsv([t.header, ...t.rows], t.separator, t.quoteAll, t.crlf), t.encoding);
        const read: unknown[] = [];
        for await (const batch of csvRows(chunks(bytes, t.chunk))) {
          for (const row of batch) read.push("cells" in row ? { line: row.line, cells: row.cells } : row);
        }
        expect(read).toEqual([t.header, ...t.rows].map((cells, i) => ({ line: i + 1, cells })));
      }),
      { numRuns: 300 },
    );
  });
});

describe("dates", () => {
  const day = fc
    .date({ min: new Date("1928-01-01T00:00:00Z"), max: new Date("2027-12-31T00:00:00Z"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));

  it("reads DD.MM.YYYY, D.M.YYYY, DD.MM.YY and YYYY-MM-DD back to the day written", () => {
    fc.assert(
      fc.property(day, (iso) => {
        const [y, m, d] = iso.split("-") as [string, string, string];
        for (const written of [`${d}.${m}.${y}`, `${Number(d)}.${Number(m)}.${y}`, `${d}.${m}.${y.slice(2)}`, iso]) {
          expect(parseSheetDate(written, LATEST)).toBe(iso);
        }
      }),
    );
  });

  it("refuses days that do not exist", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const date = new Date(Date.UTC(y, m - 1, d));
          const exists = m >= 1 && m <= 12 && d >= 1 && date.getUTCDate() === d;
          const read = parseSheetDate(`${d}.${m}.${y}`, LATEST);
          expect(read === INVALID).toBe(!exists);
        },
      ),
    );
  });
});
