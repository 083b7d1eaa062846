import { Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importRows } from "./import-rows.ts";

// Any rows a spreadsheet could save — quoted fields with separators, quotes and line breaks inside,
// ";" or ",", CRLF or LF, with or without a BOM, UTF-8 or Windows-1251 — come back cell for cell,
// however the bytes are cut into chunks on the way.

const CYRILLIC = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя";
const cellChar = fc.constantFrom(..."abcXYZ 09.-'=+", ...CYRILLIC, ",", ";", '"', "\r", "\n", "\t");
const cell = fc.string({ unit: cellChar, maxLength: 12 });

/** Windows-1251 bytes of text made of ASCII and Russian letters. */
function cp1251(text: string): Buffer {
  return Buffer.from(
    [...text].map((ch) => {
      const code = ch.codePointAt(0) as number;
      if (code < 0x80) return code;
      if (ch === "Ё") return 0xa8;
      if (ch === "ё") return 0xb8;
      return code - 0x410 + 0xc0;
    }),
  );
}

function field(text: string): string {
  return /[",;\r\n\t]/.test(text) || text === "" ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Cuts `bytes` at the given points into a stream of chunks. */
function chunked(bytes: Buffer, cuts: number[]): Readable {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    if (point > from) chunks.push(bytes.subarray(from, point));
    from = point;
  }
  return Readable.from(chunks);
}

async function readAll(body: Readable) {
  const records: { line: number; cells: string[] }[] = [];
  for await (const batch of importRows(body, { format: "csv", maxRows: 1000, maxBytes: 1 << 20, batchRows: 7 })
    .batches) {
    records.push(...batch);
  }
  return records;
}

describe("CSV rows", () => {
  it("round-trip: quoted fields, ';' and ',', CRLF and LF, BOM, UTF-8 and Windows-1251, any chunking", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 20 }),
        fc.constantFrom(";", ","),
        fc.constantFrom("\r\n", "\n"),
        fc.boolean(),
        fc.constantFrom("utf-8", "windows-1251"),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (body, separator, newline, bom, encoding, cuts) => {
          // Each record has the header's number of cells, and the header names (Russian words, as
          // in real files) decide the separator and the encoding.
          const width = Math.max(...body.map((r) => r.length));
          const header = Array.from({ length: width }, (_, i) => `Столбец ${i + 1}`);
          const rows = [header, ...body.map((r) => [...r, ...Array<string>(width - r.length).fill("x")])];
          const text = rows.map((r) => r.map((c) => field(c)).join(separator)).join(newline) + newline;
          const bytes =
            encoding === "utf-8"
              ? Buffer.from((bom ? "\uFEFF" : "") + text, "utf8")
              : cp1251(text.replaceAll("\uFEFF", ""));

          const records = await readAll(chunked(bytes, cuts));

          // Blank records are left out; every other comes back with its number in the file.
          const expected = rows
            .map((cells, i) => ({ line: i + 1, cells }))
            .filter((r) => !r.cells.every((c) => c.trim() === ""));
          expect(records).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reads an unquoted quote as it is, text after a closing quote into the field, and a lone CR as a line end", async () => {
    const records = await readAll(Readable.from([Buffer.from('a;b"c\r"x"y;"z""w"\rlast;1')]));
    expect(records).toEqual([
      { line: 1, cells: ["a", 'b"c'] },
      { line: 2, cells: ["xy", 'z"w'] },
      { line: 3, cells: ["last", "1"] },
    ]);
  });

  it("refuses an unclosed quote, naming its line, and a file that turns out not to be UTF-8", async () => {
    await expect(readAll(Readable.from([Buffer.from('Кличка\nЗорька\n"Марта\n')]))).rejects.toMatchObject({
      status: 400,
      fields: { file: "Незакрытая кавычка в строке 3" },
    });
    // UTF-8 for the first 8 KB, then a line from an old Excel.
    const late = [Buffer.from(`Кличка\n${"Зорька\n".repeat(600)}`), cp1251("Марта\n")];
    await expect(readAll(Readable.from(late))).rejects.toMatchObject({
      status: 400,
      fields: { file: expect.stringContaining("UTF-8") },
    });
  });
});
