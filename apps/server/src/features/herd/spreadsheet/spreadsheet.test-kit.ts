import { crc32 } from "node:zlib";
import type { HerdSpreadsheetKind } from "@nadoy/contract/herd-spreadsheet";
import ExcelJS from "exceljs";
import iconv from "iconv-lite";
import type { TestApp } from "../../../../test/test-app.ts";
import type { Dc305Record } from "../dc305/records.ts";
import { mappingFor } from "./column-mappings.ts";
import { readSpreadsheet, type SpreadsheetResult } from "./read-spreadsheet.ts";

// Fixtures of the spreadsheet tests, written by the tests: CSV in either encoding, XLSX built with
// exceljs, and a whole file read to its records.

/** "Today" of the reader tests: two-digit years up to 27 are 20YY. */
export const TODAY = new Date("2026-11-26T12:00:00Z");

export const utf8Bom = (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]);
export const win1251 = (text: string) => iconv.encode(text, "win1251");

export type XlsxCell = string | number | Date | null | { formula: string; result: number | string };

/** An XLSX with the rows on its first sheet «Лист1» (dates formatted as DD.MM.YYYY) and a second sheet. */
export async function xlsxOf(rows: XlsxCell[][], second: XlsxCell[][] = [["другой лист"]]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Лист1");
  for (const row of rows) {
    const added = sheet.addRow(row);
    added.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = "dd.mm.yyyy";
    });
  }
  const other = book.addWorksheet("Лист2");
  for (const row of second) other.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The bytes in chunks of `size`, as a request body would come. */
export async function* chunks(bytes: Buffer, size = 7): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** Every record of the file (guessed mapping unless given) and what the read found out. */
export async function readAll(
  bytes: Buffer,
  kind: HerdSpreadsheetKind,
  given?: Record<string, string | null>,
): Promise<{ records: Dc305Record[]; result: SpreadsheetResult | undefined }> {
  const read = readSpreadsheet(chunks(bytes, 1000), {
    kind,
    today: TODAY,
    resolveMapping: async (columns) =>
      given ? { mapping: given, source: "given" } : mappingFor(kind, columns, undefined),
  });
  const records: Dc305Record[] = [];
  for await (const batch of read.batches) records.push(...batch);
  return { records, result: read.result() };
}

/** Row records as «line: barn …» and error records as their message: what a user would read. */
export function summary(records: Dc305Record[]): string[] {
  return records.flatMap((r) => {
    if (r.type === "error" || r.type === "refused") return [r.message];
    if (r.type !== "row") return [];
    return [`${r.line}: ${r.animal.barn_number}`];
  });
}

/** Calls of the spreadsheet routes (the commit is the upload's: herd-upload.test-kit.ts). */
export function sheetApi(t: TestApp, token: string | undefined, dbUuid: string) {
  return {
    upload: (bytes: Buffer, kind: string | undefined, name = "таблица.csv") =>
      t.request({
        method: "POST",
        url: `/api/herd/${dbUuid}/uploads/`,
        token,
        query: { format: "spreadsheet", name, ...(kind === undefined ? {} : { kind }) },
        headers: { "content-type": "application/octet-stream" },
        payload: bytes,
      }),
    remap: (uploadUuid: string, mapping: Record<string, string | null>) =>
      t.request({ method: "POST", url: `/api/herd/uploads/${uploadUuid}/mapping/`, token, payload: { mapping } }),
    commit: (uploadUuid: string) =>
      t.request({ method: "POST", url: `/api/herd/uploads/${uploadUuid}/commit/`, token }),
    template: (kind: string) => t.request({ method: "GET", url: `/api/herd/templates/${kind}/`, token }),
    mine: (query: Record<string, string> = {}) =>
      t.request({ method: "GET", url: "/api/herd/uploads/mine/", token, query }),
  };
}

/** A zip archive (not a workbook) holding one stored file: what a .docx or .zip sent as a table looks like. */
export function zipOf(name: string, text: string): Buffer {
  const data = Buffer.from(text);
  const file = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(file.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + file.length, 12);
  end.writeUInt32LE(local.length + file.length + data.length, 16);
  return Buffer.concat([local, file, data, central, file, end]);
}
