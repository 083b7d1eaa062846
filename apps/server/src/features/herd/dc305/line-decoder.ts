import { TextDecoder } from "node:util";
import iconv from "iconv-lite";

// ---- A line's bytes → text, deciding the encoding per line ----

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Bytes Windows-1252 leaves undefined: a line holding one is in neither encoding we read. */
function undefinedIn1252(b: number): boolean {
  return b === 0x81 || b === 0x8d || b === 0x8f || b === 0x90 || b === 0x9d;
}

/**
 * The line as text, or null when it cannot be read: a control character other than tab (NUL and
 * the like: a binary file or a wrong encoding such as UTF-16), or bytes that are neither valid
 * UTF-8 nor Windows-1252. ASCII lines (nearly all of a DC305 file) take the fast path; a line
 * with other bytes is UTF-8 when valid, else Windows-1252 (DC305 on Windows writes that), decided
 * per line because re-saved files mix them.
 */
export function decodeLine(bytes: Buffer, start: number, end: number): string | null {
  let ascii = true;
  for (let i = start; i < end; i++) {
    const b = bytes[i] as number;
    if (b >= 0x80) ascii = false;
    else if ((b < 0x20 && b !== 0x09) || b === 0x7f) return null;
  }
  if (ascii) return bytes.toString("latin1", start, end);
  const view = bytes.subarray(start, end);
  try {
    return utf8.decode(view);
  } catch {
    for (let i = 0; i < view.length; i++) if (undefinedIn1252(view[i] as number)) return null;
    return iconv.decode(view, "win1252");
  }
}
