import { TextDecoder } from "node:util";
import iconv from "iconv-lite";
import { LineSplitter } from "../dc305/line-splitter.ts";
import { type CsvSeparator, CsvTokenizer, detectSeparator } from "./csv-tokenizer.ts";
import { SHEET_BATCH_ROWS, SheetRefusal, type SheetRow } from "./sheet-rows.ts";

// ---- A CSV file's bytes → rows, streamed (one physical line and one record held at a time) ----
//
// Encoding: UTF-8 (a BOM is dropped) or Windows-1251, Russian Excel's «CSV (разделители — точки с
// запятой)». The first line with non-ASCII bytes decides: valid UTF-8 → UTF-8, else Windows-1251
// for the rest of the file; in UTF-8 a later line that is not valid UTF-8 still reads as
// Windows-1251 (a file re-saved piecemeal). Separator: from the first line (csv-tokenizer.ts), or
// Excel's «sep=;» first line. Rows are numbered as Excel shows them: a quoted line break does not
// start a new row, a blank line does (blank rows are skipped but counted).

/** A record longer than this is not a table's row but a quote left open: the file is refused. */
export const CSV_RECORD_CHARS_MAX = 1024 * 1024;

const utf8 = new TextDecoder("utf-8", { fatal: true });
const BOM = [0xef, 0xbb, 0xbf];
const SEP_LINE = /^sep=(.)$/i;

export const unreadableRowText = (line: number) =>
  `Строка ${line}: нечитаемые символы — сохраните таблицу в кодировке UTF-8 или Windows-1251`;
export const openQuoteText = (line: number) =>
  `Строка ${line}: кавычка открыта и не закрыта до конца файла — проверьте кавычки в этой строке.`;
const tooLongRowText = (line: number) => `Строка ${line}: строка длиннее 64 КБ — в таблице так много не бывает`;

class LineDecoder {
  private mode: "ascii" | "utf8" | "win1251" = "ascii";

  /** The line's text, or null when it holds control characters (a binary file, UTF-16…). */
  decode(bytes: Buffer, start: number, end: number): string | null {
    let ascii = true;
    for (let i = start; i < end; i++) {
      const b = bytes[i] as number;
      if (b >= 0x80) ascii = false;
      else if (b < 0x20 && b !== 0x09 && b !== 0x0d) return null;
    }
    if (ascii) return bytes.toString("latin1", start, end);
    const view = bytes.subarray(start, end);
    if (this.mode !== "win1251") {
      try {
        const text = utf8.decode(view);
        this.mode = "utf8";
        return text;
      } catch {
        if (this.mode === "ascii") this.mode = "win1251";
      }
    }
    return iconv.decode(view, "win1251");
  }
}

/** Rows of a CSV file in batches. Throws SheetRefusal for a file that cannot be read as a table. */
export async function* csvRows(source: AsyncIterable<Uint8Array>): AsyncGenerator<SheetRow[], void, undefined> {
  const splitter = new LineSplitter();
  const decoder = new LineDecoder();
  let tokenizer: CsvTokenizer | null = null;
  let separator: CsvSeparator | null = null;
  /** Excel's row of the record under way, and the last row counted. */
  let recordLine = 0;
  let rowCount = 0;
  let physical = 0;
  let out: SheetRow[] = [];

  const onLine = (bytes: Buffer, start: number, end: number, _line: number, tooLong: boolean) => {
    physical++;
    let from = start;
    if (physical === 1 && end - start >= 3 && BOM.every((b, k) => bytes[start + k] === b)) from += 3;
    const open = tokenizer?.open ?? false;
    if (!open) recordLine = ++rowCount;
    if (tooLong) {
      if (separator === null) throw new SheetRefusal(tooLongRowText(recordLine), recordLine);
      tokenizer = new CsvTokenizer(separator);
      out.push({ line: recordLine, error: tooLongRowText(recordLine) });
      return;
    }
    const text = decoder.decode(bytes, from, end);
    if (text === null) {
      if (separator === null) throw new SheetRefusal(NOT_A_TABLE, recordLine);
      tokenizer = new CsvTokenizer(separator);
      out.push({ line: recordLine, error: unreadableRowText(recordLine) });
      return;
    }
    if (separator === null) {
      if (text.trim() === "") return;
      const hint = SEP_LINE.exec(text);
      if (hint && physical === 1) {
        separator = hint[1] === "," ? "," : hint[1] === "\t" ? "\t" : ";";
        rowCount = 0;
        tokenizer = new CsvTokenizer(separator);
        return;
      }
      separator = detectSeparator(text);
      tokenizer = new CsvTokenizer(separator);
    }
    const t = tokenizer as CsvTokenizer;
    if (!open && text.trim() === "") return;
    const cells = t.line(text);
    if (cells) out.push({ line: recordLine, cells });
    else if (t.held > CSV_RECORD_CHARS_MAX) throw new SheetRefusal(openQuoteText(recordLine), recordLine);
  };

  for await (const chunk of source) {
    splitter.push(chunk, onLine);
    if (out.length >= SHEET_BATCH_ROWS) {
      yield out;
      out = [];
    }
  }
  splitter.end(onLine);
  const last = (tokenizer as CsvTokenizer | null)?.end();
  if (last) out.push({ line: recordLine, error: openQuoteText(recordLine) });
  if (out.length > 0) yield out;
}

export const NOT_A_TABLE =
  "Файл не похож на таблицу: сохраните его в Excel как «Книга Excel (*.xlsx)» или «CSV UTF-8 (разделитель — запятая)» и загрузите снова.";
