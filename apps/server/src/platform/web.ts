import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import { ErrorCode } from "@nadoy/contract/errors";
import type { FastifyInstance } from "fastify";

/** Yandex Metrika's hosts: its tag.js, the beacons it sends, the pixels and frames it loads. */
const METRIKA_HOSTS = "https://mc.yandex.ru https://mc.yandex.com";

export interface SecurityHeaderOptions {
  /** Yandex Metrika is configured: its hosts are allowed for scripts, connections and images. */
  yandexMetrika?: boolean;
  /** The portal's public address is https: browsers are told to come back over https only. */
  https?: boolean;
  /** CSP sources ('sha256-…') of the built pages' own inline scripts (inlineScriptHashes). */
  scriptHashes?: readonly string[];
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The CSP hash sources of a page's inline scripts (JSON data blocks are never run and need none):
 * the build inlines the first-view script into index.html (apps/web vite.config.ts), which has
 * to run before the app's files are even asked for (issue 16 item 13). Only these exact scripts
 * may run inline; 'unsafe-inline' stays off.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    (m) =>
      `'sha256-${createHash("sha256")
        .update(m[1] ?? "", "utf8")
        .digest("base64")}'`,
  );
}

/** inlineScriptHashes of the built index.html, or none without a build. */
export function builtPageScriptHashes(webDist: string | undefined): string[] {
  const page = webDist === undefined ? undefined : join(webDist, "index.html");
  return page && existsSync(page) ? inlineScriptHashes(readFileSync(page, "utf8")) : [];
}

/**
 * Browser features no page of the portal uses, switched off for it and every frame it embeds (the
 * reports' iframes included), so that injected or framed content cannot ask for them. Fullscreen
 * stays allowed: report dashboards use it.
 */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/** A year; no includeSubDomains, since a company's other hosts under the same domain may be http. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

export function contentSecurityPolicy(options: SecurityHeaderOptions = {}): string {
  const metrika = options.yandexMetrika ? ` ${METRIKA_HOSTS}` : "";
  const hashes = (options.scriptHashes ?? []).map((hash) => ` ${hash}`).join("");
  return [
    "default-src 'self'",
    `script-src 'self'${hashes}${metrika}`,
    // antd writes its styles at run time (CSS-in-JS)
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${metrika}`,
    "font-src 'self' data:",
    `connect-src 'self' ws: wss:${metrika}`,
    // Reports (contract reports.ts) frame the https pages admins configure; Metrika's session
    // replay runs in its own frame.
    `frame-src 'self' https:${options.yandexMetrika ? ` blob:${metrika}` : ""}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * The policy of JSON answers (OWASP's for REST APIs): JSON is never a page, so it may load and be
 * framed by nothing. A quarter of the page policy's bytes, on every poll over a slow rural link.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions = {}): void {
  const common: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "SAMEORIGIN",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": PERMISSIONS_POLICY,
    // Over plain http (localhost, a test stand) browsers ignore it; behind the TLS proxy it holds.
    ...(options.https && { "strict-transport-security": STRICT_TRANSPORT_SECURITY }),
  };
  const pageHeaders = { "content-security-policy": contentSecurityPolicy(options), ...common };
  const jsonHeaders = { ...common, "content-security-policy": API_CONTENT_SECURITY_POLICY, "x-frame-options": "DENY" };
  // A callback hook, not an async one: it runs on every response, and a promise per reply costs.
  app.addHook("onSend", (_request, reply, payload, done) => {
    const type = reply.getHeader("content-type");
    reply.headers(typeof type === "string" && type.startsWith("application/json") ? jsonHeaders : pageHeaders);
    done(null, payload);
  });
}

/** The public feedback form's pages: a light page of their own (form.html) when the build has it. */
const FORM_PAGE = /^\/form\/[^/]+/;
const FORM_LINK = /^\/form\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/**
 * form.html for one form link, with the form's elements asked for by the page itself
 * (`<link rel="preload" as="fetch">`): on a slow link they arrive while the JavaScript still
 * loads, instead of after it ran (issue 16). The URL is exactly the one the form's script fetches
 * (apps/web use-form-elements: GET /api/tableLists/form_data/?uuid_link=<uuid>), so the browser
 * answers that fetch from the preload. Only a well-formed uuid (lower-cased) goes into the page.
 */
export function formPageFor(template: string, path: string): string {
  const link = FORM_LINK.exec(path)?.[1]?.toLowerCase();
  if (!link) return template;
  const preload = `<link rel="preload" as="fetch" crossorigin href="/api/tableLists/form_data/?uuid_link=${link}" />`;
  return template.replace("</head>", `    ${preload}\n  </head>`);
}

/**
 * The built SPA (its brotli and gzip copies sent when the browser takes them): hashed assets cached for a year, index.html never cached and answered for every
 * path outside /api (the client router decides what to show) — except /form/*, which gets
 * form.html, the public feedback form without the app (when built). Unknown /api paths get JSON 404.
 */
export async function installWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasWeb = webDist !== undefined && existsSync(join(webDist, "index.html"));
  const hasFormPage = hasWeb && existsSync(join(webDist, "form.html"));
  // Read once: a new build means a restart anyway (wildcard: false reads the file list at start).
  const formTemplate = hasFormPage ? readFileSync(join(webDist, "form.html"), "utf8") : "";
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes x.br and x.gz next to each text file (apps/web vite.config.ts
      // precompress): sent as they are to browsers that take them, no compression per request.
      preCompressed: true,
      setHeaders(reply, path) {
        const immutable = path.includes(`${join(webDist, "assets")}`);
        reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (
      path === "/api" ||
      path.startsWith("/api/") ||
      !hasWeb ||
      (request.method !== "GET" && request.method !== "HEAD")
    ) {
      return reply.code(404).send({ code: ErrorCode.notFound, message: `Не найдено: ${request.method} ${path}` });
    }
    reply.header("cache-control", "no-cache");
    if (hasFormPage && FORM_PAGE.test(path)) {
      return reply.type("text/html; charset=utf-8").send(formPageFor(formTemplate, path));
    }
    return reply.type("text/html; charset=utf-8").sendFile("index.html");
  });
}
