import type { HerdSpreadsheetPreview } from "@nadoy/contract/herd";
import {
  type HerdColumnMapping,
  type HerdSpreadsheetKind,
  missingRequiredFields,
} from "@nadoy/contract/herd-spreadsheet";
import { latestYear } from "../dc305/parse-values.ts";
import type { Dc305Record } from "../dc305/records.ts";
import { csvRows } from "./csv-rows.ts";
import { headerColumns, planSheet, type SheetColumn } from "./sheet-plan.ts";
import { sheetRowRecord } from "./sheet-row-record.ts";
import { SheetRefusal, type SheetRow } from "./sheet-rows.ts";
import { cellShown, isEmptyCell } from "./sheet-values.ts";
import { xlsxRows } from "./xlsx-rows.ts";

// ---- A spreadsheet (CSV or XLSX) → the same records as the DC305 parser, in batches ----
//
// The first non-empty row names the columns; the mapping for them is asked for once it is read
// (remembered, guessed or given: column-mappings.ts); every later row becomes a row record (or a
// row error «Строка N: …»); blank rows are skipped. Staging, the preview and the merge take the
// records as they take a DC305 file's.

export type MappingSource = HerdSpreadsheetPreview["mapping_source"];
export interface ResolvedMapping {
  mapping: HerdColumnMapping;
  source: MappingSource;
}

export interface SpreadsheetOptions {
  kind: HerdSpreadsheetKind;
  /** The mapping for the first row's column names (in file order). */
  resolveMapping: (columns: string[]) => Promise<ResolvedMapping>;
  /** "Today", for the century of two-digit years (tests pin it). */
  today?: Date;
}

/** What the read found out, once it is over: saved on the upload and answered with its preview. */
export interface SpreadsheetResult {
  mapping: HerdColumnMapping;
  preview: HerdSpreadsheetPreview;
}

export const REFUSE_EMPTY_SHEET = "Файл пуст: в таблице нет ни одной строки.";
export const REFUSE_HEADER_ONLY =
  "В таблице только строка заголовка: добавьте под ней строки с данными (одна строка — одно животное, событие или дойка).";
export const REFUSE_XLS =
  "Это файл старого формата Excel (.xls): откройте его в Excel, сохраните как «Книга Excel (*.xlsx)» и загрузите снова.";
export const REFUSE_UTF16 =
  "Таблица сохранена в кодировке UTF-16: сохраните её как «CSV UTF-8» или «Книга Excel (*.xlsx)» и загрузите снова.";
export const REFUSE_XML =
  "Это файл XML (например, обмен с 1С в формате CommerceML), а не таблица: сохраните данные как «Книга Excel (*.xlsx)» или CSV и загрузите снова.";
export const REFUSE_1C_BANK =
  "Это выписка банка в формате обмена 1С (1CClientBankExchange), а не таблица животных, событий или контрольных доек.";
export const REFUSE_PDF = "Это документ PDF, а не таблица: выгрузите данные в Excel (XLSX) или CSV и загрузите снова.";

export const REFUSE_DC305_GRAPH =
  "Это график DC305 (EGRAPH): в файле итоги по месяцам, а не животные, события или контрольные дойки. Из DC305 загружайте выгрузки EVENTS или LIST (меню «Сервисы → Загрузка DairyComp 305»).";

/** A DC305 EGRAPH export (first column «Dates», or a «68% CI» column): totals per period, refused whole as the DC305 page does. */
function refuseDc305Graph(columns: readonly SheetColumn[]): void {
  const names = columns.map((c) => c.name.trim().toUpperCase());
  if (names[0] === "DATES" || names.includes("68% CI")) throw new SheetRefusal(REFUSE_DC305_GRAPH);
}

const SAMPLE_CHARS_MAX = 100;

/** The source's first bytes, then all of it again. */
async function withHead(source: AsyncIterable<Uint8Array>): Promise<{ head: Buffer; all: AsyncIterable<Uint8Array> }> {
  const iterator = source[Symbol.asyncIterator]();
  const held: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < 4) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    held.push(next.value);
    size += next.value.length;
  }
  async function* all(): AsyncGenerator<Uint8Array> {
    try {
      yield* held;
      if (done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      if (!done) await iterator.return?.();
    }
  }
  return { head: Buffer.concat(held), all: all() };
}

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((b, i) => head[i] === b);

export type SheetFileType = HerdSpreadsheetPreview["file_type"];

/** The file's type by its first bytes: XLSX (a zip), else CSV; older formats refused. */
function fileType(head: Buffer): SheetFileType {
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return "xlsx";
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0])) throw new SheetRefusal(REFUSE_XLS);
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) throw new SheetRefusal(REFUSE_UTF16);
  // Files of other programs sent here by mistake are named and refused whole, rather than staged
  // as a table whose every row is an error.
  const text = head
    .subarray(0, 64)
    .toString("latin1")
    .replace(/^\xef\xbb\xbf/, "")
    .trimStart();
  if (text.startsWith("%PDF")) throw new SheetRefusal(REFUSE_PDF);
  if (text.startsWith("<")) throw new SheetRefusal(REFUSE_XML);
  if (text.toUpperCase().startsWith("1CCLIENTBANKEXCHANGE")) throw new SheetRefusal(REFUSE_1C_BANK);
  return "csv";
}

/** A table's rows as they are (CSV or XLSX by its first bytes), numbered as the reader numbers them. */
export async function* sheetRows(source: AsyncIterable<Uint8Array>): AsyncGenerator<SheetRow[], void, undefined> {
  const { head, all } = await withHead(source);
  yield* fileType(head) === "xlsx" ? xlsxRows(all) : csvRows(all);
}

export function readSpreadsheet(
  source: AsyncIterable<Uint8Array>,
  options: SpreadsheetOptions,
): { batches: AsyncGenerator<Dc305Record[], void, undefined>; result: () => SpreadsheetResult | undefined } {
  let result: SpreadsheetResult | undefined;
  const latest = latestYear(options.today ?? new Date());

  async function* batches(): AsyncGenerator<Dc305Record[], void, undefined> {
    let headerLine: number | undefined;
    let columns: SheetColumn[] = [];
    try {
      const { head, all } = await withHead(source);
      const type = fileType(head);
      const rows: AsyncIterable<SheetRow[]> = type === "xlsx" ? xlsxRows(all) : csvRows(all);
      let plan: ReturnType<typeof planSheet> | undefined;
      const samples = new Map<number, string>();
      let dataRows = 0;
      for await (const batch of rows) {
        const out: Dc305Record[] = [];
        for (const row of batch) {
          if ("error" in row) {
            if (!plan) throw new SheetRefusal(row.error, row.line);
            out.push({ type: "error", line: row.line, message: row.error });
            dataRows++;
            continue;
          }
          if (row.cells.every(isEmptyCell)) continue;
          if (!plan) {
            headerLine = row.line;
            columns = headerColumns(row.cells, row.line);
            refuseDc305Graph(columns);
            const resolved = await options.resolveMapping(columns.map((c) => c.name));
            plan = planSheet(options.kind, columns, resolved.mapping);
            // The mapping as used: every column of the file, each field once.
            const mapping: HerdColumnMapping = Object.fromEntries(columns.map((c) => [c.name, null]));
            for (const [key, { column }] of plan.fields) mapping[column.name] = key;
            result = { mapping, preview: preview(type, columns, mapping, resolved.source, options.kind) };
            out.push({
              type: "header",
              line: row.line,
              kind: options.kind,
              mapped: [...plan.fields.values()].map(({ column, field }) => ({ item: column.name, field: field.label })),
              kept: plan.kept.map((c) => c.name),
            });
            continue;
          }
          dataRows++;
          if (samples.size < columns.length) {
            for (const column of columns) {
              const cell = row.cells[column.index] ?? null;
              if (!samples.has(column.index) && !isEmptyCell(cell)) {
                samples.set(column.index, cellShown(cell).slice(0, SAMPLE_CHARS_MAX));
              }
            }
          }
          out.push(sheetRowRecord(plan, row.cells, row.line, latest));
        }
        if (out.length > 0) yield out;
      }
      if (headerLine === undefined) throw new SheetRefusal(REFUSE_EMPTY_SHEET);
      if (dataRows === 0) throw new SheetRefusal(REFUSE_HEADER_ONLY, headerLine);
      result?.preview.columns.forEach((column, i) => {
        column.sample = samples.get((columns[i] as SheetColumn).index) ?? "";
      });
    } catch (error) {
      if (!(error instanceof SheetRefusal)) throw error;
      result = undefined;
      yield [{ type: "refused", line: error.line, message: error.message }];
    }
  }
  return { batches: batches(), result: () => result };
}

function preview(
  type: SheetFileType,
  columns: SheetColumn[],
  mapping: HerdColumnMapping,
  source: MappingSource,
  kind: HerdSpreadsheetKind,
): HerdSpreadsheetPreview {
  return {
    file_type: type,
    mapping_source: source,
    // Samples are filled in once the rows are read.
    columns: columns.map((c) => ({ column: c.name, field: mapping[c.name] ?? null, sample: "" })),
    missing: missingRequiredFields(kind, mapping).map((f) => f.label),
  };
}
