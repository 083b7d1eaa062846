import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import { ErrorCode } from "@nadoy/contract/errors";
import type { FastifyInstance } from "fastify";

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // antd writes its styles at run time (CSS-in-JS)
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("content-security-policy", CSP);
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("x-frame-options", "SAMEORIGIN");
    reply.header("cross-origin-opener-policy", "same-origin");
  });
}

/**
 * The built SPA: hashed assets cached for a year, index.html never cached and answered for every
 * path outside /api (the client router decides what to show). Unknown /api paths get JSON 404.
 */
export async function installWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasWeb = webDist !== undefined && existsSync(join(webDist, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
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
    return reply.type("text/html; charset=utf-8").sendFile("index.html");
  });
}
