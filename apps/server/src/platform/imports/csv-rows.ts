import { TextDecoder } from "node:util";

// ---- CSV read as it arrives: bytes → text (UTF-8 or Windows-1251) → records, never the whole file at once ----

/** A record of a file: its number (the first record being 1) and its cells as text. */
export interface FileRecord {
  line: number;
  cells: string[];
}

/** Thrown for a file that cannot be read; `message` is Russian and shown as it is. */
export class ImportFileError extends Error {
  override readonly name = "ImportFileError";
}

export const unclosedQuoteText = (line: number) => `Незакрытая кавычка в строке ${line}`;

const NOT_UTF8 = "Файл не в кодировке UTF-8: сохраните его как «CSV UTF-8»";

/** Bytes after the first non-ASCII one that decide the encoding (or the end of the file). */
const SNIFF_BYTES = 4096;

/**
 * Bytes → text, chunk by chunk. UTF-8 (a BOM is dropped later by the parser) unless the bytes
 * from the first non-ASCII one on (4 KB of them, or the rest of a shorter file) are not valid
 * UTF-8: then Windows-1251, as old Russian Excel writes. ASCII reads the same in both.
 */
export class TextSniffer {
  private decoder: TextDecoder | undefined;
  private held: Buffer[] = [];
  private heldBytes = 0;
  private firstNonAscii = -1;

  decode(bytes: Uint8Array): string {
    if (this.decoder) return this.decodeWith(this.decoder, bytes);
    if (this.firstNonAscii < 0) {
      const at = bytes.findIndex((b) => b >= 0x80);
      if (at < 0) return Buffer.from(bytes).toString("latin1");
      this.firstNonAscii = at;
    }
    this.held.push(Buffer.from(bytes));
    this.heldBytes += bytes.length;
    return this.heldBytes - this.firstNonAscii >= SNIFF_BYTES ? this.decide(false) : "";
  }

  end(): string {
    const text = this.decoder ? "" : this.decide(true);
    try {
      return text + (this.decoder?.decode() ?? "");
    } catch {
      throw new ImportFileError(NOT_UTF8);
    }
  }

  private decide(atEnd: boolean): string {
    const held = Buffer.concat(this.held);
    this.held = [];
    const utf8 = new TextDecoder("utf-8", { fatal: true });
    try {
      const text = utf8.decode(held, { stream: !atEnd });
      this.decoder = utf8;
      return text;
    } catch {
      this.decoder = new TextDecoder("windows-1251");
      return this.decoder.decode(held, { stream: true });
    }
  }

  private decodeWith(decoder: TextDecoder, bytes: Uint8Array): string {
    try {
      return decoder.decode(bytes, { stream: true });
    } catch {
      throw new ImportFileError(NOT_UTF8);
    }
  }
}

const DELIMITERS = [",", ";", "\t"] as const;

/** The delimiter used most in the first record, outside quotes (Excel in a Russian locale writes ";"). */
export function detectDelimiter(firstRecord: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of firstRecord) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best = ",";
  for (const d of DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

/** Whether `text` holds the end of the first record (a line break outside quotes). */
function firstRecordEnds(text: string): boolean {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) return true;
  }
  return false;
}

/** Text kept to find the delimiter before the first record is known to end. */
const DETECT_TEXT_MAX = 1024 * 1024;

/**
 * RFC 4180 as Excel writes it, fed text chunk by chunk: records end with CRLF, LF or CR; a quoted
 * field may hold delimiters, line breaks and doubled quotes; a quote inside an unquoted field is
 * kept as it is; text after a closing quote joins the field. Blank records come out as one empty
 * cell, so that numbering follows the file. A leading BOM is dropped. The delimiter is the one used
 * most in the first record unless given.
 */
export class CsvParser {
  private delimiter: string | undefined;
  private pending = "";
  private started = false;
  private cells: string[] = [];
  private field = "";
  private fieldStarted = false;
  private quoted = false;
  /** In a quoted field, the last character was a quote (closing, or the first of a doubled one). */
  private quoteSeen = false;
  /** The last record ended with CR: an LF first in the next chunk belongs to it. */
  private afterCr = false;
  private quoteLine = 0;
  private line = 0;

  constructor(delimiter?: string) {
    this.delimiter = delimiter;
  }

  /** Parses `text`, handing each completed record to `emit`. */
  push(text: string, emit: (record: FileRecord) => void): void {
    let chunk = text;
    if (!this.started) {
      chunk = this.pending + chunk;
      this.pending = "";
      if (chunk.startsWith("\uFEFF")) chunk = chunk.slice(1);
      if (this.delimiter === undefined) {
        if (!firstRecordEnds(chunk) && chunk.length < DETECT_TEXT_MAX) {
          this.pending = chunk;
          return;
        }
        this.delimiter = detectDelimiter(chunk);
      }
      if (chunk === "") return;
      this.started = true;
    }
    this.scan(chunk, emit);
  }

  /** The end of the text: the last record, unless the text ended with its line break. */
  end(emit: (record: FileRecord) => void): void {
    if (!this.started && this.pending !== "") {
      const rest = this.pending;
      this.pending = "";
      this.delimiter ??= detectDelimiter(rest);
      this.started = true;
      this.scan(rest, emit);
    }
    if (this.quoted && !this.quoteSeen) throw new ImportFileError(unclosedQuoteText(this.quoteLine));
    this.quoted = false;
    if (this.fieldStarted || this.field !== "" || this.cells.length > 0) this.endRecord(emit);
  }

  private endField(): void {
    this.cells.push(this.field);
    this.field = "";
    this.fieldStarted = false;
  }

  private endRecord(emit: (record: FileRecord) => void): void {
    this.endField();
    this.line += 1;
    const cells = this.cells;
    this.cells = [];
    emit({ line: this.line, cells });
  }

  private scan(text: string, emit: (record: FileRecord) => void): void {
    const delimiter = this.delimiter as string;
    let i = 0;
    if (this.afterCr) {
      this.afterCr = false;
      if (text[0] === "\n") i = 1;
    }
    const n = text.length;
    while (i < n) {
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (text[i] === '"') {
            this.field += '"';
            i += 1;
            continue;
          }
          // The quote closed the field; what follows is read as unquoted text.
          this.quoted = false;
          continue;
        }
        const close = text.indexOf('"', i);
        if (close === -1) {
          this.field += text.slice(i);
          return;
        }
        this.field += text.slice(i, close);
        this.quoteSeen = true;
        i = close + 1;
        continue;
      }
      const ch = text[i] as string;
      if (ch === '"' && !this.fieldStarted && this.field === "") {
        this.quoted = true;
        this.quoteLine = this.line + 1;
        this.fieldStarted = true;
        i += 1;
        continue;
      }
      if (ch === delimiter) {
        this.endField();
        i += 1;
      } else if (ch === "\r" || ch === "\n") {
        this.endRecord(emit);
        if (ch === "\r") {
          if (i + 1 < n) {
            if (text[i + 1] === "\n") i += 1;
          } else {
            this.afterCr = true;
          }
        }
        i += 1;
      } else {
        // A run of plain characters up to the next delimiter, line break or quote-free end.
        let j = i + 1;
        while (j < n) {
          const c = text[j];
          if (c === delimiter || c === "\r" || c === "\n") break;
          j += 1;
        }
        this.field += text.slice(i, j);
        this.fieldStarted = true;
        i = j;
      }
    }
  }
}
