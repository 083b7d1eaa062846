import { Readable } from "node:stream";
import { ErrorCode, importRowsLimitText } from "@nadoy/contract/errors";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { importRows } from "./import-rows.ts";

// The reader every importer uses stops as soon as a file has more rows than allowed — it neither
// parses nor even receives (CSV) or inflates (XLSX) the rest — and lets the event loop run between
// its batches.

const LIMIT = 100;
const ROWS = 20_000;

/** A CSV body in 4 KB chunks that counts the bytes the reader pulled. */
function countedCsv(rows: number) {
  const text = `Кличка;Надой\n${Array.from({ length: rows }, (_, i) => `Корова ${i};${i % 40}`).join("\n")}\n`;
  const bytes = Buffer.from(text);
  let pulled = 0;
  const body = Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 4096) {
        const chunk = bytes.subarray(at, at + 4096);
        pulled += chunk.length;
        yield chunk;
      }
    })(),
  );
  return { body, total: bytes.length, pulled: () => pulled };
}

async function xlsxOf(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Лист1");
  sheet.addRow(["Кличка", "Номер", "Надой", "Дата"]);
  // Few distinct texts (the shared strings, read before any row, stay small): the sheet is the file.
  for (let i = 0; i < rows; i++) {
    sheet.addRow([i % 2 ? "Зорька" : "Марта", i, (i * 7919) % 1000, new Date(Date.UTC(2025, 0, 1 + (i % 365)))]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function readAll(rows: ReturnType<typeof importRows>) {
  const records: { line: number; cells: string[] }[] = [];
  for await (const batch of rows.batches) records.push(...batch);
  return records;
}

describe("import rows", () => {
  it("refuses a CSV longer than the limit as soon as the limit is passed, without reading the rest", async () => {
    const file = countedCsv(ROWS);
    const rows = importRows(file.body, { format: "csv", maxRows: LIMIT, maxBytes: 10 << 20 });

    await expect(readAll(rows)).rejects.toMatchObject({
      status: 400,
      code: ErrorCode.validation,
      message: importRowsLimitText(LIMIT),
      fields: { file: importRowsLimitText(LIMIT) },
    });
    expect(importRowsLimitText(LIMIT)).toContain("100 строк");
    // The header and LIMIT + 1 rows were parsed; a chunk or two past them were received.
    expect(rows.stats.recordsRead).toBe(LIMIT + 2);
    expect(file.pulled()).toBeLessThan(3 * 4096);
    expect(file.pulled()).toBeLessThan(file.total / 20);
  });

  it("refuses an XLSX longer than the limit as soon as the limit is passed, without inflating the rest", async () => {
    const zip = await xlsxOf(ROWS);
    const rows = importRows(zip, { format: "xlsx", maxRows: LIMIT, maxBytes: 10 << 20 });

    await expect(readAll(rows)).rejects.toMatchObject({ status: 400, message: importRowsLimitText(LIMIT) });
    expect(rows.stats.recordsRead).toBe(LIMIT + 2);
    expect(rows.stats.bytesRead).toBeLessThan(zip.length / 4);
  });

  it("takes a file of exactly the limit, every row with its line and cells (XLSX dates as ISO)", async () => {
    const csv = countedCsv(LIMIT);
    const fromCsv = await readAll(importRows(csv.body, { format: "csv", maxRows: LIMIT, maxBytes: 10 << 20 }));
    expect(fromCsv).toHaveLength(LIMIT + 1);
    expect(fromCsv[LIMIT]).toEqual({ line: LIMIT + 1, cells: [`Корова ${LIMIT - 1}`, String((LIMIT - 1) % 40)] });

    const fromXlsx = await readAll(
      importRows(await xlsxOf(LIMIT), { format: "xlsx", maxRows: LIMIT, maxBytes: 10 << 20 }),
    );
    expect(fromXlsx).toHaveLength(LIMIT + 1);
    expect(fromXlsx[0]).toEqual({ line: 1, cells: ["Кличка", "Номер", "Надой", "Дата"] });
    expect(fromXlsx[2]).toEqual({ line: 3, cells: ["Зорька", "1", "919", "2025-01-02T00:00:00.000Z"] });
  });

  it("lets other work run between batches", async () => {
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    let batches = 0;
    const file = countedCsv(5_000);
    for await (const _batch of importRows(file.body, {
      format: "csv",
      maxRows: 10_000,
      maxBytes: 10 << 20,
      batchRows: 500,
    }).batches) {
      batches += 1;
    }
    ticking = false;
    expect(batches).toBeGreaterThanOrEqual(10);
    // The ticker ran between every two batches.
    expect(turns).toBeGreaterThanOrEqual(batches - 1);
  });

  it("refuses a body over the byte limit with 413, before reading it when its length is declared", async () => {
    const declared = importRows(Buffer.alloc(10), {
      format: "csv",
      maxRows: LIMIT,
      maxBytes: 1024,
      declaredBytes: 2048,
    });
    await expect(readAll(declared)).rejects.toMatchObject({ status: 413, code: ErrorCode.payloadTooLarge });
    expect(declared.stats.bytesRead).toBe(0);

    const streamed = importRows(countedCsv(1_000).body, { format: "csv", maxRows: 10_000, maxBytes: 8 * 1024 });
    await expect(readAll(streamed)).rejects.toMatchObject({ status: 413, message: "Файл больше 8 КБ" });
  });
});
