import { Readable } from "node:stream";
import { ATTACHMENT_BYTES_MAX, ATTACHMENT_SIZE_TEXT, ATTACHMENT_TYPE_TEXT } from "@nadoy/contract/attachments";
import { CONTENT_IMAGE_BYTES_MAX, CONTENT_IMAGE_SIZE_TEXT, CONTENT_IMAGE_TYPE_TEXT } from "@nadoy/contract/content";
import { Role } from "@nadoy/contract/roles";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../test/callers.ts";
import { SAMPLE_FILES } from "../../test/files.ts";
import { rowCounts } from "../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { resetDatabase } from "../../test/test-database.ts";
import { seedUser } from "../db/seed/users.ts";

// What the attachments and content-images tests leave out: a body sent in chunks with no
// Content-Length (its size is known only while it is read), a Content-Type other than raw bytes,
// and image extensions whose bytes are another image's. Each is refused before anything is written.

let t: TestApp;
let editor: string;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  const user = await seedUser(t.database.db, { username: "redaktor", roles: [Role.contentEditor] });
  editor = await accessTokenFor(t, user.id);
});

const ROUTES = {
  attachment: {
    url: "/api/attachments/",
    max: ATTACHMENT_BYTES_MAX,
    size: ATTACHMENT_SIZE_TEXT,
    type: ATTACHMENT_TYPE_TEXT,
  },
  "content image": {
    url: "/api/content/images/",
    max: CONTENT_IMAGE_BYTES_MAX,
    size: CONTENT_IMAGE_SIZE_TEXT,
    type: CONTENT_IMAGE_TYPE_TEXT,
  },
} as const;
type Kind = keyof typeof ROUTES;

function upload(
  kind: Kind,
  name: string,
  payload: Buffer | Readable,
  contentType = "application/octet-stream",
): Promise<LightMyRequestResponse> {
  return t.request({
    method: "POST",
    url: `${ROUTES[kind].url}?name=${encodeURIComponent(name)}`,
    token: editor,
    headers: { "content-type": contentType },
    payload,
  });
}

/** `total` bytes starting with a valid PNG, in 64 KB chunks, with no Content-Length. */
function chunked(total: number): Readable {
  const chunk = 64 * 1024;
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < total; sent += chunk) {
        const size = Math.min(chunk, total - sent);
        yield sent === 0
          ? Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(size - SAMPLE_FILES.png.length)])
          : Buffer.alloc(size);
      }
    })(),
  );
}

describe.each(Object.keys(ROUTES) as Kind[])("%s uploads", (kind) => {
  const route = ROUTES[kind];

  it("take a body sent in chunks without Content-Length, and refuse one a byte over the limit with 413", async () => {
    const fits = await upload(kind, "схема.png", chunked(route.max));
    expect(fits.statusCode, fits.body).toBe(201);
    const before = await rowCounts(t.database.db);

    const tooLarge = await upload(kind, "схема.png", chunked(route.max + 1));

    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ code: "payload_too_large", message: route.size });
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("refuse a body that is not raw bytes with 415, whatever it holds", async () => {
    const before = await rowCounts(t.database.db);

    for (const contentType of ["image/png", "multipart/form-data; boundary=x", "text/plain"]) {
      const res = await upload(kind, "схема.png", SAMPLE_FILES.png, contentType);
      expect(res.statusCode, contentType).toBe(415);
      expect(res.json().code, contentType).toBe("unsupported_media_type");
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("refuse an image whose bytes are another image's, with 415", async () => {
    const before = await rowCounts(t.database.db);
    const cases: [string, Buffer][] = [
      ["фото.png", SAMPLE_FILES.jpg],
      ["фото.jpg", SAMPLE_FILES.gif],
      ["фото.jpeg", SAMPLE_FILES.webp],
      ["фото.gif", SAMPLE_FILES.jpeg],
      ["фото.webp", SAMPLE_FILES.png],
      // A WAV file is RIFF too: only the WEBP mark makes it an image.
      ["звук.webp", Buffer.from("RIFF\x10\x00\x00\x00WAVEfmt \x10\x00\x00\x00", "latin1")],
    ];

    for (const [name, bytes] of cases) {
      const res = await upload(kind, name, bytes);
      expect(res.statusCode, name).toBe(415);
      expect(res.json(), name).toEqual({ code: "unsupported_media_type", message: route.type });
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });
});
