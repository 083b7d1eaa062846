import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerDatabase } from "../../test/test-database.ts";
import { buildApp } from "../app.ts";
import { configSchema } from "../config.ts";

let app: FastifyInstance;
let webDist: string;
const bigAsset = `console.log(${JSON.stringify("надой ".repeat(2000))});`;
const builtAsset = `console.log(${JSON.stringify("молоко ".repeat(2000))});`;
/** The build's own brotli copy (apps/web precompress), told apart from an on-the-fly one by a marker. */
const builtAssetBr = brotliCompressSync(`${builtAsset}//prebuilt`);

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), "nadoy-web-"));
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "index.html"), '<!doctype html><html lang="ru"><body>Надой</body></html>');
  writeFileSync(
    join(webDist, "form.html"),
    '<!doctype html><html lang="ru"><head><title>Форма</title></head><body>Форма обратной связи</body></html>',
  );
  writeFileSync(join(webDist, "assets", "index-abc123.js"), bigAsset);
  writeFileSync(join(webDist, "assets", "main-def456.js"), builtAsset);
  writeFileSync(join(webDist, "assets", "main-def456.js.br"), builtAssetBr);
  app = await buildApp({
    config: configSchema.parse({ LOG_LEVEL: "silent" }),
    database: await workerDatabase(),
    signingSecret: randomBytes(32).toString("hex"),
    version: "test",
    webDist,
  });
});
afterAll(async () => {
  await app.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe("serving the SPA", () => {
  it.each(["/", "/login", "/services/tables-edit/123", "/form/abc"])(
    "answers %s with an HTML page of the app, never cached",
    async (url) => {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.body).toContain('lang="ru"');
      expect(res.headers["cache-control"]).toBe("no-cache");
    },
  );

  it.each(["/form/0b6f3a52-3c1e-4a57-9d5c-2f4f0c7f8a11", "/form/abc/", "/form/abc?utm=1"])(
    "answers %s with the light form page (form.html), never cached",
    async (url) => {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.body).toContain("Форма обратной связи");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    },
  );

  it("asks for a form link's elements in its page, so that they load with the JavaScript (issue 16)", async () => {
    const link = "0b6f3a52-3c1e-4a57-9d5c-2f4f0c7f8a11";
    for (const url of [`/form/${link}`, `/form/${link.toUpperCase()}/`]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      // Exactly the URL the form's script fetches (apps/web use-form-elements), in the head.
      expect(res.body).toContain(
        `<link rel="preload" as="fetch" crossorigin href="/api/tableLists/form_data/?uuid_link=${link}" />\n  </head>`,
      );
    }
    // Anything but a uuid goes nowhere near the page.
    for (const url of ["/form/abc", '/form/"><script>alert(1)</script>', `/form/${link}x`]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.body).not.toContain("preload");
      expect(res.body).toContain("Форма обратной связи");
    }
  });

  it.each(["/", "/form", "/formulas", "/lists/abc"])(
    "answers %s with the app's index.html, not the form page",
    async (url) => {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("Надой");
      expect(res.body).not.toContain("Форма обратной связи");
    },
  );

  it("caches hashed assets for a year and compresses them", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.rawPayload).toString()).toBe(bigAsset);
  });

  it("sends the build's brotli copy of an asset as it is, to browsers that take brotli", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/assets/main-def456.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(`${builtAsset}//prebuilt`);
    // Without brotli: the file itself (compressed on the fly when the browser takes gzip).
    const plain = await app.inject({ method: "GET", url: "/assets/main-def456.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(builtAsset);
  });

  it("answers unknown /api paths with JSON 404, not the SPA", async () => {
    for (const url of ["/api/nope", "/api/users/nope/", "/api"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "not_found" });
    }
  });

  it("sends the security headers on pages and on the API", async () => {
    for (const [url, policy] of [
      ["/", ["default-src 'self'", "frame-ancestors 'self'"]],
      ["/api/health", ["default-src 'none'", "frame-ancestors 'none'"]],
    ] as const) {
      const res = await app.inject({ method: "GET", url });
      for (const directive of policy) expect(res.headers["content-security-policy"], url).toContain(directive);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
  });
});
