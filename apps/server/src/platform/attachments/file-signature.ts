import type { AttachmentExtension } from "@nadoy/contract/attachments";

// Whether a file's first bytes are what its extension says (contract attachments.ts): a page
// renamed .pdf or a program renamed .png is refused before anything is stored.

const ascii = (text: string) => Buffer.from(text, "latin1");

const PDF = ascii("%PDF-");
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const GIF87 = ascii("GIF87a");
const GIF89 = ascii("GIF89a");
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");
/** docx and xlsx are zip archives. */
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** doc and xls are OLE compound documents. */
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const startsWith = (bytes: Uint8Array, prefix: Uint8Array, at = 0) =>
  bytes.length >= at + prefix.length && Buffer.from(bytes.buffer, bytes.byteOffset + at, prefix.length).equals(prefix);

/** Text files: valid UTF-8 without NUL bytes (which no text file has, and every binary one does). */
function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const CHECKS: Record<AttachmentExtension, (bytes: Uint8Array) => boolean> = {
  pdf: (b) => startsWith(b, PDF),
  png: (b) => startsWith(b, PNG),
  jpg: (b) => startsWith(b, JPEG),
  jpeg: (b) => startsWith(b, JPEG),
  gif: (b) => startsWith(b, GIF87) || startsWith(b, GIF89),
  webp: (b) => startsWith(b, RIFF) && startsWith(b, WEBP, 8),
  txt: isText,
  csv: isText,
  docx: (b) => startsWith(b, ZIP),
  xlsx: (b) => startsWith(b, ZIP),
  doc: (b) => startsWith(b, OLE),
  xls: (b) => startsWith(b, OLE),
};

/** True when the bytes look like a file of this extension. */
export function matchesSignature(extension: AttachmentExtension, bytes: Uint8Array): boolean {
  return CHECKS[extension](bytes);
}
