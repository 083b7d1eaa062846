import { isKeyAuth } from "@nadoy/contract/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALLER_LABELS, createCallers, statusByCaller } from "../../../test/callers.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import {
  OPENAPI_METHODS,
  type OpenApiDocument,
  type Operation,
  openApiDocument,
  openApiPath,
} from "../../platform/openapi.ts";
import { DOCUMENTED_ERRORS, RAW_BODY_TYPES } from "../../platform/openapi-errors.ts";
import { routeTable } from "../../platform/route-table.ts";

let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await startTestApp();
  const res = await t.request({ method: "GET", url: "/api/openapi.json" });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

const contractRoutes = () => routeTable(t.app).filter((entry) => entry.contract !== null);

function operation(method: string, url: string): Operation | undefined {
  const item = doc.paths?.[openApiPath(url)] as Record<string, Operation> | undefined;
  return item?.[method.toLowerCase()];
}

function operations(): { path: string; method: string; op: Operation }[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    OPENAPI_METHODS.flatMap((method) => {
      const op = (item as Record<string, Operation | undefined>)[method];
      return op ? [{ path, method, op }] : [];
    }),
  );
}

/** Every `$ref` in the document, wherever it is. */
function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refs(item, found);
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string") found.push(item);
      else refs(item, found);
    }
  }
  return found;
}

describe("GET /api/openapi.json", () => {
  it("documents every contract route the app serves, under its method and path, and nothing else", () => {
    const routes = contractRoutes();
    expect(routes.length).toBeGreaterThan(130);
    for (const { method, url } of routes) expect(operation(method, url), `${method} ${url}`).toBeDefined();
    expect(operations()).toHaveLength(routes.length);
    expect(operation("GET", "/api/openapi.json")?.summary).toContain("OpenAPI");
    expect(doc.paths?.["/ws/main/"]).toBeUndefined();
  });

  it("asks for no token on public routes, a generated key on key routes, the bearer token on every other", () => {
    for (const { method, url, contract } of contractRoutes()) {
      const op = operation(method, url);
      if (contract?.auth === "public") {
        expect(op?.security, `${method} ${url}`).toEqual([]);
        expect(op?.responses?.["403"], `${method} ${url}`).toBeUndefined();
      } else if (contract && isKeyAuth(contract.auth)) {
        expect(op?.security, `${method} ${url}`).toEqual([{ keyAuth: [] }]);
        expect(op?.["x-auth"], `${method} ${url}`).toBe("key");
        expect(op?.responses?.["401"], `${method} ${url}`).toBeDefined();
      } else {
        expect(op?.security, `${method} ${url}`).toEqual([{ bearerAuth: [] }]);
        expect(op?.responses?.["401"], `${method} ${url}`).toBeDefined();
      }
    }
    expect(operation("POST", "/api/users/token/")?.security).toEqual([]);
    expect(operation("GET", "/api/users/data/")?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components?.securitySchemes?.keyAuth).toMatchObject({ type: "apiKey", in: "header" });
    const ingest = operation("POST", "/api/monitoring/ingest/");
    expect(ingest?.["x-key-scope"]).toBe("ingest");
    expect(
      Object.keys(ingest?.requestBody && "content" in ingest.requestBody ? ingest.requestBody.content : {}),
    ).toEqual(["application/json", "text/csv"]);
  });

  it("names the roles of role routes and marks superuser-only ones", () => {
    const adminUsers = operation("GET", "/api/admin/users/");
    expect(adminUsers).toMatchObject({ "x-auth": "roles", "x-roles": [1] });
    expect(adminUsers?.description).toContain("Администратор");
    expect(adminUsers?.responses?.["403"]).toEqual({ $ref: "#/components/responses/Forbidden" });
    for (const { method, url, contract } of contractRoutes()) {
      if (contract?.auth === "superuser") expect(operation(method, url)?.["x-auth"]).toBe("superuser");
    }
    // A signed-in route nobody is refused on has no 403.
    expect(operation("GET", "/api/users/data/")?.responses?.["403"]).toBeUndefined();
  });

  it("is an OpenAPI 3.1 document whose every reference resolves", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title: "Надой API", version: "test" });
    expect(doc.servers).toEqual([{ url: "/" }]);
    expect(doc.components?.schemas?.ApiError).toMatchObject({
      type: "object",
      required: ["code", "message"],
      properties: { code: { type: "string" }, message: { type: "string" } },
    });
    for (const ref of refs(doc)) {
      const [hash, root, kind, name] = ref.split("/");
      expect([hash, root], ref).toEqual(["#", "components"]);
      expect((doc.components as Record<string, Record<string, unknown>>)[kind ?? ""]?.[name ?? ""], ref).toBeDefined();
    }
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set(doc.tags?.map((tag) => tag.name));
    for (const { path, method, op } of operations()) {
      const where = `${method} ${path}`;
      expect(tags.has(op.tags?.[0] ?? ""), where).toBe(true);
      expect(JSON.stringify(op), where).not.toContain("$schema");
      const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const declared = (op.parameters ?? []).flatMap((p) => ("in" in p && p.in === "path" ? [p.name] : []));
      expect(declared.sort(), where).toEqual(pathParams.sort());
      expect(
        Object.keys(op.responses ?? {}).every((code) => /^[1-5]\d\d$/.test(code)),
        where,
      ).toBe(true);
      expect(
        Object.keys(op.responses ?? {}).some((code) => code.startsWith("2")),
        where,
      ).toBe(true);
    }
  });

  it("gives each route its input, its answer and the errors it can have", () => {
    const login = operation("POST", "/api/users/token/");
    expect(login?.requestBody).toMatchObject({
      content: { "application/json": { schema: { type: "object", required: ["username", "password"] } } },
    });
    expect(login?.responses?.["200"]).toMatchObject({
      content: { "application/json": { schema: { properties: { access: { type: "string" } } } } },
    });
    expect(Object.keys(login?.responses ?? {})).toEqual(["200", "400", "401", "413", "415", "429"]);

    const health = operation("GET", "/api/health");
    expect(Object.keys(health?.responses ?? {})).toEqual(["200"]);

    const oneUser = operation("GET", "/api/admin/users/:id/");
    expect(oneUser?.parameters).toEqual([
      expect.objectContaining({
        name: "id",
        in: "path",
        required: true,
        schema: expect.objectContaining({ type: "integer" }),
      }),
    ]);
    expect(Object.keys(oneUser?.responses ?? {})).toEqual(["200", "400", "401", "403", "404", "414"]);

    const upload = operation("POST", "/api/attachments/");
    expect(Object.keys((upload?.requestBody as { content?: object } | undefined)?.content ?? {})).toEqual([
      "application/octet-stream",
    ]);
    expect(upload?.responses?.["201"]).toBeDefined();
    expect(upload?.responses?.["429"]).toMatchObject({
      description: expect.stringContaining("20 загрузок в минуту"),
      headers: { "Retry-After": expect.anything() },
    });
    expect(upload?.responses?.["413"]).toMatchObject({ description: expect.stringContaining("quota_exceeded") });
    expect(upload?.responses?.["503"]).toMatchObject({ description: expect.stringContaining("server_busy") });
    expect(Object.keys(operation("GET", "/api/attachments/quota/")?.responses ?? {})).toEqual(["200", "401"]);
    expect(upload?.description).toContain("Тело запроса не больше");

    expect(operation("DELETE", "/api/board-groups/:uuid/")?.responses?.["409"]).toMatchObject({
      description: expect.stringContaining("board_group_not_empty"),
    });
    expect(operation("GET", "/api/admin/usage/export/")?.responses?.["200"]).toMatchObject({ content: { "*/*": {} } });
    expect(operation("DELETE", "/api/tasks/:uuid/")?.responses?.["204"]).toEqual({
      description: "Успешно, без тела ответа",
    });
  });

  it("only documents extra errors and file bodies for routes the app serves", () => {
    const served = new Set(contractRoutes().map(({ method, url }) => `${method} ${url}`));
    for (const key of [...Object.keys(DOCUMENTED_ERRORS), ...Object.keys(RAW_BODY_TYPES)]) {
      expect(served.has(key), key).toBe(true);
    }
  });

  it("is built once per app and served the same each time", async () => {
    expect(openApiDocument(t.app, "test")).toBe(openApiDocument(t.app, "test"));
    const again = await t.request({ method: "GET", url: "/api/openapi.json" });
    expect(again.json()).toEqual(doc);
  });
});

describe("GET /api/docs", () => {
  it("is a page without scripts listing every route with its rule and a link to the JSON", async () => {
    const res = await t.request({ method: "GET", url: "/api/docs" });

    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    const html = res.body;
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<a href="/api/openapi.json">');
    expect(html).toContain("<code>/api/users/token/</code>");
    expect(html).toContain("<code>/api/admin/users/{id}/</code>");
    expect(html).toContain("<h2>Пользователи и вход <small><code>users</code></small></h2>");
    expect(html).toContain("Без входа");
    expect(html).toContain("Роли: Администратор, суперпользователь");
    expect(html).toContain("<details><summary>Запрос</summary>");
    expect(html.match(/<article>/g)).toHaveLength(contractRoutes().length);
  });
});

describe("who may read the docs", () => {
  it("answers every caller, signed in or not", async () => {
    const callers = await createCallers(t);
    const allOk = Object.fromEntries(CALLER_LABELS.map((label) => [label, 200]));
    for (const url of ["/api/openapi.json", "/api/docs"]) {
      const statuses = await statusByCaller(
        callers,
        async (c) => (await t.request({ method: "GET", url, ...(c.token && { token: c.token }) })).statusCode,
      );
      expect(statuses, url).toEqual(allOk);
    }
  });
});
