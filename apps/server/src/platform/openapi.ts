import { apiErrorSchema } from "@nadoy/contract/errors";
import { isKeyAuth, type RouteAuth, type RouteDef } from "@nadoy/contract/http";
import { KEY_SCOPE_LABELS, type KeyScope } from "@nadoy/contract/keys";
import { ROLE_NAMES, type RoleId } from "@nadoy/contract/roles";
import type { FastifyInstance } from "fastify";
import type { OpenAPIV3_1 } from "openapi-types";
import { z } from "zod";
import { DOCUMENTED_ERRORS, RAW_BODY_TYPES, type RouteKey, USER_ROUTES_WITH_403 } from "./openapi-errors.ts";
import { routeTable } from "./route-table.ts";

// The OpenAPI 3.1 document of every contract route the app serves (platform/route-table.ts), built
// on first use and kept per app. Schemas come from the contract's zod schemas: inputs as callers
// may send them, responses as the server sends them.

type Schema = OpenAPIV3_1.SchemaObject;
export type Operation = OpenAPIV3_1.OperationObject<{
  /** The contract's rule: "public" | "user" | "superuser" | "roles" | "key". */
  "x-auth": "public" | "user" | "superuser" | "roles" | "key";
  /** For "roles": the role ids (spec §6) that may call it, besides superusers. */
  "x-roles"?: number[];
  /** For "key": the scope the key must have (contract keys.ts). */
  "x-key-scope"?: KeyScope;
}>;
export type OpenApiDocument = OpenAPIV3_1.Document<{
  "x-auth": Operation["x-auth"];
  "x-roles"?: number[];
  "x-key-scope"?: KeyScope;
}>;

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
export type Method = (typeof METHODS)[number];
export { METHODS as OPENAPI_METHODS };

const ERROR_REF = { $ref: "#/components/schemas/ApiError" };
const errorContent = { "application/json": { schema: ERROR_REF } };
const NO_BODY_STATUSES = new Set([204, 205]);

/** Shared error answers, referred to from the operations. */
const ERROR_RESPONSES: Record<string, OpenAPIV3_1.ResponseObject> = {
  ValidationError: {
    description: "Ошибка в запросе: validation_error (fields — по полям) или invalid_json",
    content: errorContent,
  },
  Unauthorized: {
    description: "Нет токена, он истёк или сеанс завершён (unauthorized, token_not_valid)",
    content: errorContent,
  },
  Forbidden: { description: "Недостаточно прав (forbidden)", content: errorContent },
  KeyUnauthorized: {
    description:
      "Нет заголовка Authorization: Key, ключ не найден (key_invalid), отозван (key_revoked) или истёк (key_expired); ничего не записано",
    content: errorContent,
  },
  KeyForbidden: { description: "Ключ выдан для другого вида передачи (key_wrong_scope)", content: errorContent },
  NotFound: { description: "Не найдено или недоступно вызывающему (not_found)", content: errorContent },
  URITooLong: {
    description: "Параметр пути длиннее допустимого (uri_too_long): такого объекта быть не может",
    content: errorContent,
  },
  PayloadTooLarge: { description: "Тело запроса больше допустимого (payload_too_large)", content: errorContent },
  UnsupportedMediaType: {
    description: "Неподдерживаемый тип содержимого (unsupported_media_type)",
    content: errorContent,
  },
  TooManyRequests: {
    description: "Слишком много запросов (too_many_requests); повторите через Retry-After секунд",
    headers: { "Retry-After": { schema: { type: "integer", minimum: 0 } } },
    content: errorContent,
  },
};
/** Methods whose requests may carry a body, so the parser's 413 and 415 apply even without one. */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const ref = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` });

type JsonValue = unknown;

/** Points `$ref`s at components (zod emits "#" and "#/$defs/…", which in OpenAPI mean the document). */
function rewriteRefs(value: JsonValue, names: Map<string, string>): JsonValue {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, names));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      key === "$ref" && typeof item === "string" && names.has(item) ? names.get(item) : rewriteRefs(item, names);
  }
  return out;
}

const hasRef = (value: JsonValue): boolean =>
  value !== null &&
  typeof value === "object" &&
  (Array.isArray(value) ? value.some(hasRef) : Object.entries(value).some(([k, v]) => k === "$ref" || hasRef(v)));

class SchemaConverter {
  readonly components: Record<string, Schema> = {};

  constructor() {
    this.components.ApiError = this.convert(apiErrorSchema, "output", "ApiError");
  }

  /**
   * JSON Schema 2020-12 (OpenAPI 3.1's own dialect). What JSON Schema cannot say (transforms,
   * custom checks, dates) becomes `{}`, so no contract schema can break the document.
   */
  convert(schema: z.ZodType, io: "input" | "output", name: string): Schema {
    const raw = z.toJSONSchema(schema, { io, unrepresentable: "any", cycles: "ref", reused: "inline" }) as Record<
      string,
      unknown
    >;
    delete raw.$schema;
    const defs = (raw.$defs ?? {}) as Record<string, unknown>;
    delete raw.$defs;
    if (!hasRef(raw) && Object.keys(defs).length === 0) return raw as Schema;
    // Recursive or shared parts: each becomes a component of its own, the root too.
    const names = new Map<string, string>();
    const root = this.uniqueName(name);
    names.set("#", `#/components/schemas/${root}`);
    for (const def of Object.keys(defs))
      names.set(`#/$defs/${def}`, `#/components/schemas/${this.uniqueName(`${root}_${def}`)}`);
    for (const [def, body] of Object.entries(defs)) {
      const target = names.get(`#/$defs/${def}`)?.split("/").pop() ?? def;
      this.components[target] = rewriteRefs(body, names) as Schema;
    }
    this.components[root] = rewriteRefs(raw, names) as Schema;
    return { $ref: `#/components/schemas/${root}` } as Schema;
  }

  private uniqueName(base: string): string {
    const clean = base.replace(/[^A-Za-z0-9._-]/g, "_");
    let candidate = clean;
    for (let n = 2; candidate in this.components; n += 1) candidate = `${clean}_${n}`;
    this.components[candidate] = {};
    return candidate;
  }
}

const kindOf = (schema: z.ZodType): string => (schema.def as { type: string }).type;

function authKind(auth: RouteAuth): Operation["x-auth"] {
  if (isKeyAuth(auth)) return "key";
  return typeof auth === "string" ? auth : "roles";
}

/** Russian: who may call the route. */
export function authText(auth: RouteAuth): string {
  if (auth === "public") return "Без входа";
  if (auth === "user") return "Вход";
  if (auth === "superuser") return "Только суперпользователь";
  if (isKeyAuth(auth))
    return `Ключ из генератора ключей (Authorization: Key …), вид «${KEY_SCOPE_LABELS[auth.key]}»; без входа`;
  return `Роли: ${auth.roles.map((id) => ROLE_NAMES[id as RoleId] ?? String(id)).join(", ")}, суперпользователь`;
}

/** Russian names of the sections (tags); a new section shows its bare tag until named here. */
const TAG_NAMES: Record<string, string> = {
  admin: "Администрирование",
  analytics: "Аналитика посещений",
  attachments: "Вложения",
  "board-groups": "Доски: группы",
  "board-projects": "Доски: проекты",
  boards: "Доски задач",
  chat: "Чат",
  config: "Настройки приложения",
  content: "Контент: изображения",
  docs: "Описание API",
  health: "Состояние сервера",
  instructions: "Инструкции",
  keys: "Генератор ключей",
  manage: "Контент: управление",
  monitoring: "Мониторинг оборудования",
  news: "Новости и уведомления",
  openapi: "Описание API",
  reports: "Отчёты",
  tableLists: "Списки, таблицы и формы",
  "task-comments": "Задачи: комментарии",
  tasks: "Задачи",
  users: "Пользователи и вход",
  workspaces: "Рабочие пространства",
};

/** "/api/users/:id/" → "/api/users/{id}/" */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

/** The first path segment after /api ("openapi.json" → "openapi"). */
export const tagOf = (url: string): string => (url.split("/")[2] ?? "api").replace(/\.json$/, "") || "api";

function parametersOf(
  converter: SchemaConverter,
  schema: z.ZodType | undefined,
  where: "path" | "query",
  name: string,
): OpenAPIV3_1.ParameterObject[] {
  if (!schema) return [];
  const json = converter.convert(schema, "input", name) as { properties?: Record<string, Schema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([param, paramSchema]) => {
    const { description, ...rest } = paramSchema as Schema & { description?: string };
    const parameter = {
      name: param,
      in: where,
      required: where === "path" || (json.required ?? []).includes(param),
      schema: rest,
      ...(description && { description }),
    };
    return parameter as OpenAPIV3_1.ParameterObject;
  });
}

function describe(route: RouteDef): string {
  const lines = [`Доступ: ${authText(route.auth)}.`];
  if (route.rateLimit) {
    const per = route.auth === "public" ? "с одного адреса" : isKeyAuth(route.auth) ? "на ключ" : "на пользователя";
    lines.push(`Не больше ${route.rateLimit.max} запросов за ${route.rateLimit.timeWindowMs / 1000} с ${per}.`);
  }
  if (route.bodyLimit !== undefined) lines.push(`Тело запроса не больше ${route.bodyLimit} байт.`);
  return lines.join("\n");
}

function operationOf(converter: SchemaConverter, method: string, url: string, route: RouteDef): Operation {
  const key = `${method} ${url}` as RouteKey;
  const id = `${method.toLowerCase()}${url.replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => (c ? c.toUpperCase() : ""))}`;
  const parameters = [
    ...parametersOf(converter, route.params, "path", `${id}_params`),
    ...parametersOf(converter, route.query, "query", `${id}_query`),
  ];
  // Path parameters the contract gave no schema for are still parameters.
  for (const [, name] of url.matchAll(/:([A-Za-z0-9_]+)/g)) {
    if (name && !parameters.some((p) => p.in === "path" && p.name === name)) {
      parameters.push({ name, in: "path", required: true, schema: { type: "string" } });
    }
  }
  const rawTypes = RAW_BODY_TYPES[key];
  let requestBody: OpenAPIV3_1.RequestBodyObject | undefined;
  if (route.body) {
    // A JSON route may take other types too (the ingestion's CSV), each read into the same shape.
    const text = { type: "string", contentMediaType: "text/plain" } as Schema;
    requestBody = {
      required: true,
      content: {
        "application/json": { schema: converter.convert(route.body, "input", `${id}_body`) },
        ...Object.fromEntries((rawTypes ?? []).map((type) => [type, { schema: text }])),
      },
    };
  } else if (rawTypes) {
    const bytes = { type: "string", contentMediaType: "application/octet-stream" } as Schema;
    requestBody = { required: true, content: Object.fromEntries(rawTypes.map((type) => [type, { schema: bytes }])) };
  }

  const status = route.status ?? 200;
  const kind = kindOf(route.response);
  const success: OpenAPIV3_1.ResponseObject =
    NO_BODY_STATUSES.has(status) || kind === "void"
      ? { description: "Успешно, без тела ответа" }
      : kind === "unknown" || kind === "any"
        ? { description: "Успешно: файл или страница (не JSON)", content: { "*/*": { schema: {} } } }
        : {
            description: "Успешно",
            content: { "application/json": { schema: converter.convert(route.response, "output", `${id}_response`) } },
          };

  const responses: OpenAPIV3_1.ResponsesObject = { [String(status)]: success };
  const hasInput = parameters.length > 0 || requestBody !== undefined;
  if (hasInput) responses["400"] = ref("ValidationError");
  if (isKeyAuth(route.auth)) {
    responses["401"] = ref("KeyUnauthorized");
    responses["403"] = ref("KeyForbidden");
  } else if (route.auth !== "public") {
    responses["401"] = ref("Unauthorized");
    const serviceRefuses = USER_ROUTES_WITH_403.some((entry) => entry === key || url.startsWith(entry));
    if (route.auth !== "user" || serviceRefuses) responses["403"] = ref("Forbidden");
  }
  if (/:[A-Za-z0-9_]+/.test(url)) {
    responses["404"] = ref("NotFound");
    responses["414"] = ref("URITooLong");
  }
  // A body sent where none is expected is still read (and refused) by its type and size.
  if (requestBody || BODY_METHODS.has(method)) {
    responses["413"] = ref("PayloadTooLarge");
    responses["415"] = ref("UnsupportedMediaType");
  }
  if (route.rateLimit) responses["429"] = ref("TooManyRequests");
  for (const [code, description] of Object.entries(DOCUMENTED_ERRORS[key] ?? {})) {
    responses[code] =
      code === "429" ? { ...ERROR_RESPONSES.TooManyRequests, description } : { description, content: errorContent };
  }

  return {
    operationId: id,
    ...(route.summary && { summary: route.summary }),
    description: describe(route),
    tags: [tagOf(url)],
    security: route.auth === "public" ? [] : isKeyAuth(route.auth) ? [{ keyAuth: [] }] : [{ bearerAuth: [] }],
    "x-auth": authKind(route.auth),
    ...(typeof route.auth === "object" && "roles" in route.auth && { "x-roles": [...route.auth.roles] }),
    ...(isKeyAuth(route.auth) && { "x-key-scope": route.auth.key }),
    ...(parameters.length > 0 && { parameters }),
    ...(requestBody && { requestBody }),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
  };
}

/** Builds the document from the routes `app` serves now. */
export function buildOpenApiDocument(app: FastifyInstance, version: string): OpenApiDocument {
  const converter = new SchemaConverter();
  const paths: Record<string, Partial<Record<Method, Operation>>> = {};
  const tags = new Set<string>();
  for (const entry of routeTable(app)) {
    if (!entry.contract) continue;
    const method = entry.method.toLowerCase() as Method;
    if (!METHODS.includes(method)) continue;
    const path = openApiPath(entry.url);
    const item = paths[path] ?? {};
    item[method] = operationOf(converter, entry.method, entry.url, entry.contract);
    paths[path] = item;
    tags.add(tagOf(entry.url));
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Надой API",
      version,
      description:
        "Все маршруты API портала «Надой». Ошибки — JSON {code, message, fields?}. Вход: POST /api/users/token/, " +
        "затем заголовок Authorization: Bearer <access>.",
    },
    servers: [{ url: "/" }],
    tags: [...tags].sort().map((name) => ({ name, ...(TAG_NAMES[name] && { description: TAG_NAMES[name] }) })),
    paths,
    components: {
      schemas: converter.components,
      responses: ERROR_RESPONSES,
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "Токен доступа (access) из POST /api/users/token/; живёт 15 минут, обновляется по refresh",
        },
        keyAuth: {
          type: "apiKey",
          in: "header",
          name: "Authorization",
          description:
            "Ключ из генератора ключей (/services/key_generator): «Authorization: Key ndk_…». Для агентов загрузки и " +
            "устройств, без входа и сеанса; ключ определяет базу, куда пишутся данные",
        },
      },
    },
  } as OpenApiDocument;
}

const documents = new WeakMap<FastifyInstance, OpenApiDocument>();

/** The app's document, built on first use (after every route is registered) and kept. */
export function openApiDocument(app: FastifyInstance, version: string): OpenApiDocument {
  let document = documents.get(app);
  if (!document) {
    document = buildOpenApiDocument(app, version);
    documents.set(app, document);
  }
  return document;
}
