import { everyone, type Row } from "./types.ts";

// The API's own description (H-openapi, issue 7): the OpenAPI document and its page are public.

export const docsRows: Row[] = [
  { route: "GET /api/openapi.json", expected: everyone(200) },
  { route: "GET /api/docs", expected: everyone(200) },
];
