// ---- CSV records from physical lines (RFC 4180 quotes), a line at a time ----
//
// A field that starts with a quote runs to the closing quote, `""` inside it being one quote, and
// may span lines (Excel writes a cell's line breaks as LF, so a CRLF inside quotes reads as LF). A
// quote elsewhere is an ordinary character, as Excel reads it.

export const CSV_SEPARATORS = [";", "\t", ","] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

/** The separator of a header line: the most frequent of `;`, tab and `,` outside quotes (`;` on a tie or none). */
export function detectSeparator(line: string): CsvSeparator {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === ";" || c === "\t" || c === ",")) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best: CsvSeparator = ";";
  for (const separator of CSV_SEPARATORS) {
    if ((counts.get(separator) ?? 0) > (counts.get(best) ?? 0)) best = separator;
  }
  return best;
}

const QUOTE = 0x22;

export class CsvTokenizer {
  private readonly sep: string;
  private fields: string[] = [];
  private field = "";
  /** Inside a quoted field at the end of the last line: the record goes on. */
  private inQuotes = false;
  /** Characters held for the record under way (a runaway quote must not hold the whole file). */
  held = 0;

  constructor(separator: CsvSeparator) {
    this.sep = separator;
  }

  /** Whether a quoted field goes on past the last line: the next line continues the record. */
  get open(): boolean {
    return this.inQuotes;
  }

  /** One physical line without its break: the record's fields when it ends here, else null. */
  line(text: string): string[] | null {
    const n = text.length;
    this.held += n;
    let i = 0;
    // Whether the current field has not begun: only there does a quote open a quoted field.
    let atStart = true;
    if (this.inQuotes) {
      this.field += "\n";
      i = this.quoted(text, 0);
      if (this.inQuotes) return null;
      atStart = false;
    }
    for (;;) {
      if (atStart && text.charCodeAt(i) === QUOTE) {
        i = this.quoted(text, i + 1);
        if (this.inQuotes) return null;
      }
      // What follows a closing quote up to the separator stays in the field (as Excel reads it).
      const end = text.indexOf(this.sep, i);
      this.field += end < 0 ? text.slice(i) : text.slice(i, end);
      this.fields.push(this.field);
      this.field = "";
      if (end < 0) return this.take();
      i = end + 1;
      atStart = true;
    }
  }

  /** End of the file: the record a quote left open (never closed), or null. */
  end(): string[] | null {
    if (!this.inQuotes) return null;
    this.inQuotes = false;
    this.fields.push(this.field);
    this.field = "";
    return this.take();
  }

  /** Reads a quoted field's text from `from` (past the opening quote); returns where it stopped. */
  private quoted(text: string, from: number): number {
    let i = from;
    for (;;) {
      const q = text.indexOf('"', i);
      if (q < 0) {
        this.field += text.slice(i);
        this.inQuotes = true;
        return text.length;
      }
      this.field += text.slice(i, q);
      if (text.charCodeAt(q + 1) === QUOTE) {
        this.field += '"';
        i = q + 2;
        continue;
      }
      this.inQuotes = false;
      return q + 1;
    }
  }

  private take(): string[] {
    const fields = this.fields;
    this.fields = [];
    this.held = 0;
    return fields;
  }
}
