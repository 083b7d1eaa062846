import type { Attachment, AttachmentExtension } from "@nadoy/contract/attachments";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { TestApp } from "./test-app.ts";

// Tiny files of every allowed kind (their first bytes are what counts), and uploading them.

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));

export const SAMPLE_FILES: Record<AttachmentExtension, Buffer> = {
  pdf: bytes("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
  png: bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13],
    "IHDR",
    [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0],
  ),
  jpg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], "JFIF", [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xdb, 0, 4, 0, 0, 0xff, 0xd9]),
  gif: bytes("GIF89a", [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x3b]),
  webp: bytes(
    "RIFF",
    [26, 0, 0, 0],
    "WEBPVP8L",
    [13, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 7, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 7, 0],
  ),
  txt: Buffer.from("Надой за смену: 4 120 кг\n", "utf8"),
  csv: Buffer.from("Корова;Надой\nЗорька;24,5\n", "utf8"),
  docx: bytes("PK", [3, 4, 20, 0, 6, 0, 8, 0], "[Content_Types].xml"),
  xlsx: bytes("PK", [3, 4, 20, 0, 6, 0, 8, 0], "xl/workbook.xml"),
  doc: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0, 0, 0, 0, 0, 0x3e, 0, 3, 0]),
  xls: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0, 0, 0, 0, 0, 0x3e, 0, 4, 0]),
};

/** POST /api/attachments/ with the bytes as the body (token undefined = anonymous). */
export function uploadFile(
  t: TestApp,
  token: string | undefined,
  name: string,
  body: Buffer,
): Promise<LightMyRequestResponse> {
  return t.request({
    method: "POST",
    url: `/api/attachments/?name=${encodeURIComponent(name)}`,
    token,
    headers: { "content-type": "application/octet-stream" },
    payload: body,
  });
}

/** Uploads a file that must be accepted; a sample PDF unless bytes are given. */
export async function uploaded(
  t: TestApp,
  token: string | undefined,
  name = "акт.pdf",
  body: Buffer = SAMPLE_FILES.pdf,
): Promise<Attachment> {
  const res = await uploadFile(t, token, name, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Attachment>();
}

export function downloadFile(t: TestApp, token: string | undefined, uuid: string): Promise<LightMyRequestResponse> {
  return t.request({ method: "GET", url: `/api/attachments/${uuid}/`, token });
}
