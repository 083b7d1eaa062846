import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LOGIN_FAILURES_PER_MINUTE } from "@nadoy/contract/constants";
import { MAIN_SOCKET_PATH } from "@nadoy/contract/realtime";
import { passwordResetRequestRoute } from "@nadoy/contract/users";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextAddress } from "../../test/test-app.ts";
import { resetDatabase, workerDatabase } from "../../test/test-database.ts";
import { buildApp } from "../app.ts";
import { configSchema } from "../config.ts";
import { refreshTokenFamilies } from "../db/schema/index.ts";
import { seedUser } from "../db/seed/users.ts";
import {
  API_CONTENT_SECURITY_POLICY,
  contentSecurityPolicy,
  inlineScriptHashes,
  PERMISSIONS_POLICY,
  STRICT_TRANSPORT_SECURITY,
} from "./web.ts";

// platform/web.ts sets the security headers in an onSend hook. This proves they are on every kind
// of answer the server gives, JSON with the API's short policy and everything else with the
// pages' one: API successes, every error status the error handler produces (including 429s of
// both limiters and a 500), the JSON 404s, the SPA's pages and files, and the sockets' 426 for
// plain HTTP. Strict-Transport-Security comes only when PUBLIC_URL is https.

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": PERMISSIONS_POLICY,
};

let app: FastifyInstance;
let webDist: string;
/** Like the build's: the app's scripts listed as JSON, and the first-view script inline. */
const FIRST_VIEW_CODE = 'document.title = "Надой";';
const INDEX_HTML = `<!doctype html><html lang="ru"><head><script type="application/json" id="app-scripts">{"entry":"/assets/index-abc123.js"}</script>
<script>${FIRST_VIEW_CODE}</script></head><body>Надой</body></html>`;
let access: string;
/** A session of its own for the logout case, so that the other cases keep theirs. */
let leaving: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), "nadoy-headers-"));
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "index.html"), INDEX_HTML);
  writeFileSync(join(webDist, "form.html"), '<!doctype html><html lang="ru"><body>Форма</body></html>');
  writeFileSync(join(webDist, "assets", "index-abc123.js"), `console.log(${JSON.stringify("надой ".repeat(500))});`);
  writeFileSync(join(webDist, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const database = await workerDatabase();
  await resetDatabase(database);
  app = await buildApp({
    config: configSchema.parse({ LOG_LEVEL: "silent", PUBLIC_URL: "http://nadoy.test" }),
    database,
    signingSecret: randomBytes(32).toString("hex"),
    version: "test",
    webDist,
  });
  // The one way to meet an unexpected failure on purpose: a handler that throws.
  app.get("/api/test-only/fails/", async () => {
    throw new Error("boom");
  });
  await app.ready();
  const user = await seedUser(database.db, { username: "ivan", roles: [2] });
  const session = async () => {
    const [family] = await database.db.insert(refreshTokenFamilies).values({ userId: user.id }).returning();
    return app.jwt.sign({ sub: String(user.id), sid: family?.id, typ: "access" }, { expiresIn: 900 });
  };
  access = await session();
  leaving = await session();
});
afterAll(async () => {
  await app.close();
  rmSync(webDist, { recursive: true, force: true });
});

const send = (options: InjectOptions) => app.inject({ remoteAddress: nextAddress(), ...options });

function expectSecurityHeaders(res: LightMyRequestResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers[name], name).toBe(value);
  const csp = String(res.headers["content-security-policy"]);
  if (String(res.headers["content-type"]).startsWith("application/json")) {
    // JSON is never a page: it loads nothing and nobody may frame it.
    expect(csp).toBe(API_CONTENT_SECURITY_POLICY);
    expect(res.headers["x-frame-options"]).toBe("DENY");
    return;
  }
  expect(csp).toBe(contentSecurityPolicy({ scriptHashes: inlineScriptHashes(INDEX_HTML) }));
  expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
  // What the policy is for, independent of how web.ts spells the rest.
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain("'unsafe-eval'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
}

/** Sends `count` requests from one address and answers the last. */
async function burst(count: number, options: InjectOptions): Promise<LightMyRequestResponse> {
  const remoteAddress = nextAddress();
  let last: LightMyRequestResponse | undefined;
  for (let i = 0; i < count; i++) last = await app.inject({ ...options, remoteAddress });
  if (!last) throw new Error("no request sent");
  return last;
}

describe("security headers on every kind of answer", () => {
  it.each<[string, () => Promise<LightMyRequestResponse>, number]>([
    ["JSON 200 (public)", () => send({ method: "GET", url: "/api/health" }), 200],
    ["JSON 200 (signed in)", () => send({ method: "GET", url: "/api/users/data/", headers: bearer() }), 200],
    [
      "201 created",
      () =>
        send({
          method: "POST",
          url: "/api/users/register/",
          payload: { username: "petr", email: "petr@example.com", password: "long-enough-password" },
        }),
      201,
    ],
    [
      "205 without a body",
      () =>
        send({
          method: "POST",
          url: "/api/users/logout/",
          headers: { authorization: `Bearer ${leaving}` },
          payload: { refresh: "x.y" },
        }),
      205,
    ],
    ["400 validation error", () => send({ method: "POST", url: "/api/users/token/", payload: {} }), 400],
    [
      "400 malformed JSON",
      () =>
        send({
          method: "POST",
          url: "/api/users/token/",
          payload: "{",
          headers: { "content-type": "application/json" },
        }),
      400,
    ],
    ["401 anonymous", () => send({ method: "GET", url: "/api/users/data/" }), 401],
    [
      "401 wrong password",
      () => send({ method: "POST", url: "/api/users/token/", payload: { username: "nobody", password: "x" } }),
      401,
    ],
    ["403 wrong role", () => send({ method: "GET", url: "/api/admin/users/", headers: bearer() }), 403],
    ["404 unknown /api path", () => send({ method: "GET", url: "/api/nope/" }), 404],
    ["404 POST outside /api", () => send({ method: "POST", url: "/login" }), 404],
    [
      "404 unknown resource",
      () => send({ method: "GET", url: "/api/content/images/7c9e6679-7425-40de-944b-e07fc1f90ae7/" }),
      404,
    ],
    [
      "413 body too large",
      () =>
        send({
          method: "POST",
          url: "/api/users/token/",
          payload: JSON.stringify({ username: "x".repeat(1024 * 1024), password: "x" }),
          headers: { "content-type": "application/json" },
        }),
      413,
    ],
    [
      "415 body not JSON",
      () =>
        send({
          method: "POST",
          url: "/api/users/token/",
          payload: "username=x",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
      415,
    ],
    [
      "429 of a route's limit",
      () =>
        burst((passwordResetRequestRoute.rateLimit?.max ?? 0) + 1, {
          method: "POST",
          url: passwordResetRequestRoute.path,
          payload: { email: "someone@example.com" },
        }),
      429,
    ],
    [
      "429 of the sign-in failure limit",
      () =>
        burst(LOGIN_FAILURES_PER_MINUTE + 1, {
          method: "POST",
          url: "/api/users/token/",
          payload: { username: "nobody", password: "guess" },
        }),
      429,
    ],
    ["500 unexpected failure", () => send({ method: "GET", url: "/api/test-only/fails/" }), 500],
    ["426 main socket over plain HTTP", () => send({ method: "GET", url: MAIN_SOCKET_PATH }), 426],
    [
      "426 board socket over plain HTTP",
      () => send({ method: "GET", url: "/ws/board/7c9e6679-7425-40de-944b-e07fc1f90ae7/" }),
      426,
    ],
    ["the SPA's index.html", () => send({ method: "GET", url: "/" }), 200],
    ["the SPA's index.html for a client route", () => send({ method: "GET", url: "/manage-users" }), 200],
    ["HEAD of the SPA", () => send({ method: "HEAD", url: "/login" }), 200],
    ["the public form page", () => send({ method: "GET", url: "/form/abc" }), 200],
    [
      "a hashed asset, compressed",
      () => send({ method: "GET", url: "/assets/index-abc123.js", headers: { "accept-encoding": "gzip" } }),
      200,
    ],
    ["a file at the root of the build", () => send({ method: "GET", url: "/favicon.svg" }), 200],
  ])("%s", async (_kind, request, status) => {
    const res = await request();

    expect(res.statusCode, res.body).toBe(status);
    expectSecurityHeaders(res);
  });

  it("gives JSON answers the API policy and pages the app's, whatever the status", async () => {
    const json = await send({ method: "GET", url: "/api/health" });
    const jsonError = await send({ method: "GET", url: "/api/nope/" });
    const page = await send({ method: "GET", url: "/" });
    const file = await send({ method: "GET", url: "/favicon.svg" });

    expect([json, jsonError].map((r) => r.headers["content-security-policy"])).toEqual([
      "default-src 'none'; frame-ancestors 'none'",
      "default-src 'none'; frame-ancestors 'none'",
    ]);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(file.headers["content-security-policy"]).toContain("script-src 'self'");
    // The short policy is what makes an API answer lighter on a slow link.
    expect(String(json.headers["content-security-policy"]).length).toBeLessThan(
      String(page.headers["content-security-policy"]).length / 4,
    );
  });

  it("lets the page's own inline script run by its hash, and no other inline script", async () => {
    const page = await send({ method: "GET", url: "/" });
    const hash = createHash("sha256").update(FIRST_VIEW_CODE, "utf8").digest("base64");
    const scriptSrc = String(page.headers["content-security-policy"])
      .split("; ")
      .find((d) => d.startsWith("script-src "));

    expect(page.body).toContain(FIRST_VIEW_CODE);
    // The JSON list is never run: no hash for it.
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it("names the app's own origin only: no framing by other sites, no plugins, no foreign forms", () => {
    const directives = Object.fromEntries(
      contentSecurityPolicy()
        .split("; ")
        .map((d) => [d.split(" ")[0], d.slice(d.indexOf(" ") + 1)]),
    );

    expect(directives).toMatchObject({
      "default-src": "'self'",
      "script-src": "'self'",
      "frame-ancestors": "'self'",
      "object-src": "'none'",
      "base-uri": "'self'",
      "form-action": "'self'",
    });
  });
});

describe("Strict-Transport-Security", () => {
  it("is absent while the portal's address is plain http", async () => {
    const res = await send({ method: "GET", url: "/api/health" });

    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("tells browsers to use https only when PUBLIC_URL is https, on API answers and pages alike", async () => {
    const secure = await buildApp({
      config: configSchema.parse({ LOG_LEVEL: "silent", PUBLIC_URL: "https://nadoy.example" }),
      database: await workerDatabase(),
      signingSecret: randomBytes(32).toString("hex"),
      version: "test",
      webDist,
    });
    try {
      for (const url of ["/api/health", "/api/nope/", "/login"]) {
        const res = await secure.inject({ method: "GET", url, remoteAddress: nextAddress() });

        expect(res.headers["strict-transport-security"], url).toBe(STRICT_TRANSPORT_SECURITY);
        expect(res.headers["permissions-policy"], url).toBe(PERMISSIONS_POLICY);
      }
    } finally {
      await secure.close();
    }
  });
});

it("switches off camera, microphone, location, payments and USB for the portal and its frames", () => {
  const features = Object.fromEntries(PERMISSIONS_POLICY.split(", ").map((d) => d.split("=")));

  expect(features).toEqual({ camera: "()", microphone: "()", geolocation: "()", payment: "()", usb: "()" });
  expect(STRICT_TRANSPORT_SECURITY).toMatch(/^max-age=(\d+)$/);
  expect(Number(STRICT_TRANSPORT_SECURITY.split("=")[1])).toBeGreaterThanOrEqual(180 * 24 * 3600);
});

function bearer(): Record<string, string> {
  return { authorization: `Bearer ${access}` };
}
