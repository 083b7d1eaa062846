import {
  CONTENT_IMAGE_BYTES_MAX,
  CONTENT_IMAGE_SIZE_TEXT,
  CONTENT_IMAGE_TYPE_TEXT,
  CONTENT_IMAGE_TYPES,
} from "@nadoy/contract/content";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_FILES } from "../../../test/files.ts";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { solidPng } from "../../db/seed/png.ts";
import { newsAudit, newsWorld, ok } from "./content-news.test-kit.ts";

// Images for news (contract content.ts): what editors may upload, and how the image is served.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

describe("content images", () => {
  it("stores each kind of image and serves it publicly, cached for a year, as the type its bytes are", async () => {
    const w = await newsWorld(t);
    for (const extension of Object.keys(CONTENT_IMAGE_TYPES) as (keyof typeof CONTENT_IMAGE_TYPES)[]) {
      const bytes = SAMPLE_FILES[extension];
      const uploaded = ok<{ uuid: string; url: string }>(
        await w.apiOf("superuser").upload(`C:\\фото\\ферма.${extension.toUpperCase()}`, bytes),
        201,
      );
      expect(uploaded.url).toBe(`/api/content/images/${uploaded.uuid}/`);
      const res = await w.apiOf("anonymous").image(uploaded.uuid);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe(CONTENT_IMAGE_TYPES[extension]);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it("audits an upload in the same breath", async () => {
    const w = await newsWorld(t);
    const png = solidPng(2, 2, [255, 255, 255]);
    const { uuid } = ok<{ uuid: string }>(await w.editor.upload("белый.png", png), 201);
    const [entry] = (await newsAudit(t)).filter((e) => e.action === "content_image_uploaded");
    expect(entry).toEqual({
      action: "content_image_uploaded",
      userId: w.idOf("role 2"),
      details: { id: uuid, before: null, after: { uuid, name: "белый.png", mime: "image/png", size: png.length } },
    });
  });

  it("refuses other files (415), large ones (413), strangers (401/403) and writes nothing", async () => {
    const w = await newsWorld(t);
    const before = await rowCounts(t.database.db);
    const ed = w.editor;

    const refusals = [
      await ed.upload("акт.pdf", SAMPLE_FILES.pdf),
      // A program renamed .png, a PNG named .gif, no extension, nothing at all.
      await ed.upload("корова.png", Buffer.from("MZ\x90\x00 not an image")),
      await ed.upload("корова.gif", SAMPLE_FILES.png),
      await ed.upload("корова", SAMPLE_FILES.png),
      await ed.upload("пусто.png", Buffer.alloc(0)),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toEqual({ code: "unsupported_media_type", message: CONTENT_IMAGE_TYPE_TEXT });
    }
    const large = Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(CONTENT_IMAGE_BYTES_MAX)]);
    const tooLarge = await ed.upload("большая.png", large);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ code: "payload_too_large", message: CONTENT_IMAGE_SIZE_TEXT });
    expect((await ed.upload("корова.png", SAMPLE_FILES.png, "image/png")).statusCode).toBe(415);
    expect((await w.apiOf("anonymous").upload("корова.png", SAMPLE_FILES.png)).statusCode).toBe(401);
    for (const who of ["role 3", "role 4", "role 5", "role 6", "role 7"] as const) {
      expect((await w.apiOf(who).upload("корова.png", SAMPLE_FILES.png)).statusCode).toBe(403);
    }

    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("lets admins (role 1) upload pictures for report and iframe-group cards, audited as theirs", async () => {
    const w = await newsWorld(t);
    const png = solidPng(3, 2, [22, 119, 255]);
    const { uuid, url } = ok<{ uuid: string; url: string }>(await w.apiOf("role 1").upload("отчёт.png", png), 201);
    expect(url).toBe(`/api/content/images/${uuid}/`);
    expect((await w.apiOf("anonymous").image(uuid)).rawPayload.equals(png)).toBe(true);
    const [entry] = (await newsAudit(t)).filter((e) => e.action === "content_image_uploaded");
    expect(entry?.userId).toBe(w.idOf("role 1"));
  });

  it("answers 404 JSON for an unknown image", async () => {
    const w = await newsWorld(t);
    const res = await w.apiOf("anonymous").image("7c9e6679-7425-40de-944b-e07fc1f90ae7");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: "not_found", message: "Не найдено" });
    expect((await w.apiOf("anonymous").image("not-a-uuid")).statusCode).toBe(400);
  });
});
