// ---- Bytes → physical lines, chunk by chunk, never more than one line held ----

/** Longer lines are refused: a DC305 line is a few hundred bytes, so this is not a DC305 file. */
export const LINE_BYTES_MAX = 64 * 1024;

const LF = 0x0a;
const CR = 0x0d;

/**
 * Receives each line: its bytes are `bytes[start, end)` without the line break (a CR before the LF
 * is dropped). `tooLong` lines come with no bytes. The view is only valid during the call.
 */
export type LineHandler = (bytes: Buffer, start: number, end: number, line: number, tooLong: boolean) => void;

/**
 * Splits on LF, so LF, CRLF and a mix of them all work, and a chunk may end anywhere (inside a
 * CRLF or a multi-byte character: lines are cut on bytes, decoded later whole). A lone CR is not a
 * line break (no DC305 writes one); it stays in the line and makes it unreadable.
 */
export class LineSplitter {
  /** Bytes of the line begun in earlier chunks. */
  private held: Buffer[] = [];
  private heldBytes = 0;
  /** The line under way passed LINE_BYTES_MAX: its bytes are dropped up to its end. */
  private overflow = false;
  private line = 0;

  push(chunk: Uint8Array, onLine: LineHandler): void {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let from = 0;
    const n = bytes.length;
    while (from < n) {
      const lf = bytes.indexOf(LF, from);
      if (lf < 0) {
        this.hold(bytes.subarray(from));
        return;
      }
      this.line += 1;
      if (this.overflow || this.heldBytes + lf - from > LINE_BYTES_MAX) {
        this.dropHeld();
        onLine(bytes, 0, 0, this.line, true);
      } else if (this.heldBytes > 0) {
        this.held.push(bytes.subarray(from, lf));
        const whole = Buffer.concat(this.held, this.heldBytes + lf - from);
        this.dropHeld();
        emit(whole, 0, whole.length, this.line, onLine);
      } else {
        emit(bytes, from, lf, this.line, onLine);
      }
      from = lf + 1;
    }
  }

  /** The end of the file: the last line, when it has no line break. */
  end(onLine: LineHandler): void {
    if (!this.overflow && this.heldBytes === 0) return;
    this.line += 1;
    if (this.overflow) {
      this.dropHeld();
      onLine(Buffer.alloc(0), 0, 0, this.line, true);
      return;
    }
    const whole = Buffer.concat(this.held, this.heldBytes);
    this.dropHeld();
    emit(whole, 0, whole.length, this.line, onLine);
  }

  private hold(rest: Buffer): void {
    if (this.overflow) return;
    if (this.heldBytes + rest.length > LINE_BYTES_MAX) {
      this.held = [];
      this.heldBytes = 0;
      this.overflow = true;
      return;
    }
    // A copy: the caller may reuse the chunk's memory once push returns.
    this.held.push(Buffer.from(rest));
    this.heldBytes += rest.length;
  }

  private dropHeld(): void {
    this.held = [];
    this.heldBytes = 0;
    this.overflow = false;
  }
}

function emit(bytes: Buffer, start: number, end: number, line: number, onLine: LineHandler): void {
  onLine(bytes, start, end > start && bytes[end - 1] === CR ? end - 1 : end, line, false);
}
