import { z } from "zod";
import { defineRoute } from "./http.ts";

// The API's own description, built by the server from the routes it serves (every contract route,
// with its input and output schemas and its auth rule). Public: it says nothing the web app's
// bundle does not already say.

/** An OpenAPI 3.1 document; only its top level is checked here (the server builds the rest). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
  components: z.record(z.string(), z.unknown()),
});
export type OpenApiDocumentBody = z.infer<typeof openApiDocumentSchema>;

export const openApiDocumentRoute = defineRoute({
  method: "GET",
  path: "/api/openapi.json",
  auth: "public",
  response: openApiDocumentSchema,
  summary: "Описание API в формате OpenAPI 3.1 (JSON)",
});

/** HTML (text/html), no scripts: every route grouped by section, with its rule and schemas. */
export const apiDocsPageRoute = defineRoute({
  method: "GET",
  path: "/api/docs",
  auth: "public",
  response: z.unknown(),
  summary: "Описание API: страница для чтения (HTML)",
});
