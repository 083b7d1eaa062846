import { type HeaderPlan, planHeader, REFUSE_XLSX } from "./header.ts";
import { decodeLine } from "./line-decoder.ts";
import { LineSplitter } from "./line-splitter.ts";
import { latestYear } from "./parse-values.ts";
import { readRow, tooLongText, unreadableText } from "./read-row.ts";
import type { Dc305Options, Dc305Record } from "./records.ts";
import { SplitLine, splitFields } from "./split-fields.ts";

// ---- The DC305 parser proper: synchronous and pure, fed chunk by chunk ----

/** An XLSX book (a zip: "PK\x03\x04") sent as a DC305 file. */
function isZip(bytes: Buffer, start: number, end: number): boolean {
  return (
    end - start >= 4 &&
    bytes[start] === 0x50 &&
    bytes[start + 1] === 0x4b &&
    bytes[start + 2] === 3 &&
    bytes[start + 3] === 4
  );
}

export const REFUSE_EMPTY =
  "Файл пуст: в нём нет строки заголовка. Выгрузите данные из DC305 командой EVENTS или LIST и загрузите получившийся CSV.";

/** A byte order mark, dropped from the file's first line. */
const BOM = [0xef, 0xbb, 0xbf] as const;
const CTRL_Z = 0x1a;

/**
 * Push the file's bytes in chunks, then call end(); each call appends the records it completes
 * to `out`. The first record is the header (or a refusal, after which `stopped` is true and the
 * rest need not be read). Blank lines are skipped but counted, so lines keep their numbers.
 */
export class Dc305Parser {
  private readonly lines = new LineSplitter();
  private readonly split = new SplitLine();
  private readonly latestYear: number;
  private plan: HeaderPlan | null = null;
  private out: Dc305Record[] = [];
  /** The file was refused: further lines are ignored. */
  stopped = false;

  constructor(options: Dc305Options = {}) {
    this.latestYear = latestYear(options.today ?? new Date());
  }

  push(chunk: Uint8Array, out: Dc305Record[]): void {
    if (this.stopped) return;
    this.out = out;
    this.lines.push(chunk, this.onLine);
  }

  end(out: Dc305Record[]): void {
    if (this.stopped) return;
    this.out = out;
    this.lines.end(this.onLine);
    if (this.plan === null && !this.stopped) this.refuse(0, REFUSE_EMPTY);
  }

  private readonly onLine = (bytes: Buffer, start: number, end: number, line: number, tooLong: boolean): void => {
    if (this.stopped) return;
    if (this.plan === null && isZip(bytes, start, end)) {
      this.refuse(line, REFUSE_XLSX);
      return;
    }
    if (tooLong) {
      this.fail(line, tooLongText(line));
      return;
    }
    let from = start;
    if (
      line === 1 &&
      end - start >= 3 &&
      bytes[start] === BOM[0] &&
      bytes[start + 1] === BOM[1] &&
      bytes[start + 2] === BOM[2]
    ) {
      from += 3;
    }
    // DOS programs may end a file with Ctrl-Z: not data, so skipped like a blank line.
    if (end - from === 1 && bytes[from] === CTRL_Z) return;
    const text = decodeLine(bytes, from, end);
    if (text === null) {
      this.fail(line, unreadableText(line));
      return;
    }
    if (isBlank(text)) return;
    splitFields(text, this.split);
    if (this.plan === null) {
      this.readHeader(line);
      return;
    }
    this.out.push(readRow(text, this.split, this.plan, this.latestYear, line));
  };

  private readHeader(line: number): void {
    const { values, count } = this.split;
    const names = values.slice(0, count);
    if (names.length > 1 && names[names.length - 1] === "") names.pop();
    const plan = planHeader(names);
    if (typeof plan === "string") {
      this.refuse(line, plan);
      return;
    }
    this.plan = plan;
    this.out.push({ type: "header", line, kind: plan.kind, mapped: plan.mapped, kept: plan.kept.map((k) => k.name) });
  }

  /** A line that cannot be read: a row error, or the whole file's refusal when it is the header. */
  private fail(line: number, message: string): void {
    if (this.plan === null) this.refuse(line, message);
    else this.out.push({ type: "error", line, message });
  }

  private refuse(line: number, message: string): void {
    this.out.push({ type: "refused", line, message });
    this.stopped = true;
  }
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09) return false;
  }
  return true;
}
