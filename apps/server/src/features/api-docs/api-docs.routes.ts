import { apiDocsPageRoute, type OpenApiDocumentBody, openApiDocumentRoute } from "@nadoy/contract/api-docs";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { openApiDocument } from "../../platform/openapi.ts";
import { registerRoute } from "../../platform/routes.ts";
import { renderApiDocsPage } from "./api-docs-page.ts";

/**
 * Contract api-docs.ts: the OpenAPI document and its page. Both are built on the first request,
 * when every route (sockets and the SPA included) is registered, and kept for the app's life.
 */
export function apiDocsRoutes(app: FastifyInstance, deps: AppDeps): void {
  let page: string | undefined;
  registerRoute(
    app,
    deps.db,
    openApiDocumentRoute,
    async () => openApiDocument(app, deps.version) as unknown as OpenApiDocumentBody,
  );
  registerRoute(app, deps.db, apiDocsPageRoute, async ({ reply }) => {
    page ??= renderApiDocsPage(openApiDocument(app, deps.version));
    reply.type("text/html; charset=utf-8").header("cache-control", "no-cache");
    return page;
  });
}
