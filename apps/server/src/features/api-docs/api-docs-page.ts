import type { RouteAuth } from "@nadoy/contract/http";
import type { OpenAPIV3_1 } from "openapi-types";
import { authText, OPENAPI_METHODS, type OpenApiDocument, type Operation } from "../../platform/openapi.ts";

// /api/docs: the OpenAPI document as one page of plain HTML. No scripts (the CSP allows only our
// own files); the styles are inline, which the CSP allows (style-src 'unsafe-inline').

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const STYLE = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1f1f1f;background:#fafafa}
header,main{max-width:1100px;margin:0 auto;padding:16px 24px}
header{border-bottom:1px solid #e5e5e5;background:#fff;max-width:none}
h1{margin:0 0 4px;font-size:24px}h2{margin:32px 0 8px;font-size:20px;border-bottom:1px solid #e5e5e5;padding-bottom:4px}
nav a{margin-right:12px;white-space:nowrap}
article{background:#fff;border:1px solid #e5e5e5;border-radius:6px;padding:10px 14px;margin:10px 0}
article h3{margin:0;font-size:15px;font-weight:600}
.m{display:inline-block;min-width:64px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 6px;margin-right:8px}
.get{background:#1677ff}.post{background:#389e0d}.put{background:#d48806}.patch{background:#08979c}.delete{background:#cf1322}
.auth{display:inline-block;font-size:12px;border:1px solid #d9d9d9;border-radius:4px;padding:1px 6px;margin-left:8px;color:#555}
.summary{margin:6px 0}
details{margin:6px 0}summary{cursor:pointer;color:#1677ff}
pre{background:#f5f5f5;padding:8px;border-radius:4px;overflow:auto;font-size:12px;max-height:480px}
table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #e5e5e5;padding:3px 8px;text-align:left;vertical-align:top}
`;

const json = (value: unknown): string => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

function authLabel(operation: Operation): string {
  const rule = operation["x-auth"];
  const auth: RouteAuth =
    rule === "roles"
      ? { roles: operation["x-roles"] ?? [] }
      : rule === "key"
        ? { key: operation["x-key-scope"] ?? "ingest" }
        : rule;
  return `<span class="auth">${escapeHtml(authText(auth))}</span>`;
}

function requestPart(operation: Operation): string {
  const parts: string[] = [];
  const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  if (parameters.length > 0) {
    const rows = parameters
      .map(
        (p) =>
          `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in === "path" ? "путь" : "строка запроса"}</td>` +
          `<td>${p.required ? "да" : "нет"}</td><td>${json(p.schema)}</td></tr>`,
      )
      .join("");
    parts.push(`<table><tr><th>Параметр</th><th>Где</th><th>Обязателен</th><th>Схема</th></tr>${rows}</table>`);
  }
  const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  for (const [type, media] of Object.entries(body?.content ?? {})) {
    parts.push(`<p>Тело: <code>${escapeHtml(type)}</code></p>${json(media.schema)}`);
  }
  return parts.length > 0 ? `<details><summary>Запрос</summary>${parts.join("")}</details>` : "";
}

function responsesPart(operation: Operation, document: OpenApiDocument): string {
  const shared = document.components?.responses ?? {};
  const items = Object.entries(operation.responses ?? {}).map(([status, answer]) => {
    const name = "$ref" in answer ? answer.$ref.split("/").pop() : undefined;
    const response = (name ? shared[name] : answer) as OpenAPIV3_1.ResponseObject;
    const media = Object.entries(response.content ?? {})
      .filter(([, m]) => m.schema && !("$ref" in m.schema && m.schema.$ref === "#/components/schemas/ApiError"))
      .map(([type, m]) => `<p><code>${escapeHtml(type)}</code></p>${json(m.schema)}`)
      .join("");
    return `<li><b>${escapeHtml(status)}</b> — ${escapeHtml(response.description)}${media}</li>`;
  });
  return `<details><summary>Ответы</summary><ul>${items.join("")}</ul><p>Ошибки — JSON <code>{code, message, fields?}</code>.</p></details>`;
}

export function renderApiDocsPage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of OPENAPI_METHODS) {
      const operation = item?.[method] as Operation | undefined;
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "api";
      const html =
        `<article><h3><span class="m ${method}">${method.toUpperCase()}</span><code>${escapeHtml(path)}</code>` +
        `${authLabel(operation)}</h3>` +
        `<p class="summary">${escapeHtml(operation.summary ?? "Без описания")}</p>` +
        `${requestPart(operation)}${responsesPart(operation, document)}</article>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const tags = [...byTag.keys()].sort();
  const titles = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description ?? tag.name]));
  const title = (tag: string) => escapeHtml(titles.get(tag) ?? tag);
  const nav = tags.map((tag) => `<a href="#tag-${escapeHtml(tag)}">${title(tag)}</a>`).join("");
  const sections = tags
    .map(
      (tag) =>
        `<section id="tag-${escapeHtml(tag)}"><h2>${title(tag)} <small><code>${escapeHtml(tag)}</code></small></h2>${byTag.get(tag)?.join("") ?? ""}</section>`,
    )
    .join("");
  const count = [...byTag.values()].reduce((sum, list) => sum + list.length, 0);
  return (
    `<!doctype html><html lang="ru"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(document.info.title)} — описание</title><style>${STYLE}</style></head><body>` +
    `<header><h1>${escapeHtml(document.info.title)}</h1>` +
    `<p>Версия ${escapeHtml(document.info.version)}. Маршрутов: ${count}. ` +
    `Машиночитаемое описание: <a href="/api/openapi.json">OpenAPI 3.1 (JSON)</a>. ` +
    `Вход: <code>POST /api/users/token/</code>, затем заголовок <code>Authorization: Bearer &lt;access&gt;</code>.</p>` +
    `<nav>${nav}</nav></header><main>${sections}</main></body></html>`
  );
}
