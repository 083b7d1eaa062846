import type { RouteDef } from "@nadoy/contract/http";
import fc from "fast-check";
import { arbitraryFor, hostileValue, type Pools } from "./arbitrary-from-zod.ts";
import {
  FILE_SIGNATURES,
  HOSTILE_PATH_SEGMENTS,
  INJECTION_STRINGS,
  MALFORMED_JSON,
  UNICODE_STRINGS,
  WRONG_CONTENT_TYPES,
} from "./payloads.ts";

// One fuzz case = one HTTP request to one route: who calls, the path with its parameters, the
// query string and the body (JSON, malformed JSON, a wrong content type, raw bytes).

export type CallerKind = "superuser" | "client";

export interface FuzzCase {
  caller: CallerKind;
  method: string;
  /** Path and query string, as sent. */
  url: string;
  /** What kind of body this is, for the failure summary. */
  kind: string;
  payload?: string | Buffer;
  contentType?: string;
}

/** Content types of the routes that take a file's bytes instead of JSON (no `body` schema, a `bodyLimit`). */
const RAW_BODY_TYPES: Record<string, string[]> = {
  "/api/tableLists/lists/:uuid/import/": [
    "text/csv",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ],
};
const DEFAULT_RAW_TYPES = ["application/octet-stream"];

/** Whether a route takes raw bytes (uploads, list import) rather than a JSON body. */
export function takesRawBody(route: RouteDef): boolean {
  return route.body === undefined && route.bodyLimit !== undefined;
}

const QUERY_HUGE = 8_000;

/** A value as a query-string or path value: strings as they are, the rest as JSON. */
function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  return JSON.stringify(value) ?? "";
}

/** encodeURIComponent for any string: a lone surrogate (which it refuses) becomes U+FFFD first. */
function encode(value: string): string {
  return encodeURIComponent(
    value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"),
  );
}

function pathArbitrary(route: RouteDef, pools: Pools): fc.Arbitrary<string> {
  const names = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);
  if (names.length === 0) return fc.constant(route.path);
  const params = route.params
    ? (arbitraryFor(route.params, pools) as fc.Arbitrary<Record<string, unknown>>)
    : fc.constant({} as Record<string, unknown>);
  const hostile = fc.oneof(
    fc.constantFrom(...HOSTILE_PATH_SEGMENTS),
    fc.constantFrom(...INJECTION_STRINGS, ...UNICODE_STRINGS).map(encode),
    hostileValue(QUERY_HUGE).map((v) => encode(asText(v))),
    fc.string({ minLength: 1, maxLength: 30, unit: "binary" }).map(encode),
  );
  const segment = (name: string) =>
    fc.oneof(
      {
        weight: 5,
        arbitrary: params.map((p) => encode(asText(p[name]))),
      },
      { weight: 2, arbitrary: hostile },
    );
  return fc.tuple(...names.map(segment)).map((values) => {
    let index = 0;
    // Empty segments would route elsewhere; "_" keeps the path's shape.
    return route.path.replace(/:([A-Za-z_]+)/g, () => values[index++] || "_");
  });
}

function queryArbitrary(route: RouteDef, pools: Pools): fc.Arbitrary<string> {
  const toQuery = (entries: [string, string][]) =>
    entries.length === 0 ? "" : `?${entries.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&")}`;
  const toEntries = (value: unknown): [string, string][] => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return [["q", asText(value)]];
    const entries: [string, string][] = [];
    for (const [key, v] of Object.entries(value)) {
      if (v === undefined) continue;
      if (Array.isArray(v)) for (const item of v) entries.push([key, asText(item)]);
      else entries.push([key, asText(v)]);
    }
    return entries;
  };
  const raw = fc.constantFrom("?%ZZ=1", "?a[b]=1", "?=", "?&&&", "?page=1&page=2", "?%00=%00", "?__proto__[x]=1");
  if (!route.query) {
    return fc.oneof({ weight: 8, arbitrary: fc.constant("") }, { weight: 1, arbitrary: raw });
  }
  const schema = route.query;
  const named = takesRawBody(route) ? withFileName(arbitraryFor(schema, pools)) : arbitraryFor(schema, pools);
  return fc.oneof(
    { weight: 6, arbitrary: named.map((v) => toQuery(toEntries(v))) },
    {
      weight: 3,
      arbitrary: arbitraryFor(schema, pools, { mutate: true, hugeLength: QUERY_HUGE }).map((v) =>
        toQuery(toEntries(v)),
      ),
    },
    { weight: 1, arbitrary: raw },
  );
}

/** Upload routes' `name`: known extensions (so that signatures are checked), and hostile names. */
function withFileName(query: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const extensions = Object.keys(FILE_SIGNATURES);
  const name = fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.string({ minLength: 1, maxLength: 20 }), fc.constantFrom(...extensions))
        .map(([base, ext]) => `${base}.${ext}`),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "../../etc/passwd.png",
        "a\u0000.png",
        "😀.pdf",
        ".png",
        "x.PNG",
        "x.exe",
        "x.png.exe",
        "<script>.png",
        "' OR 1=1 --.csv",
        `${"ж".repeat(300)}.txt`,
        "CON.txt",
        "\u202Egnp.exe",
      ),
    },
  );
  return fc
    .tuple(query, name)
    .map(([value, fileName]) =>
      typeof value === "object" && value !== null && !Array.isArray(value) ? { ...value, name: fileName } : value,
    );
}

function jsonBodyArbitrary(
  route: RouteDef,
  pools: Pools,
): fc.Arbitrary<Pick<FuzzCase, "kind" | "payload" | "contentType">> {
  const json = (kind: string) => (value: unknown) => {
    const payload = JSON.stringify(value);
    return payload === undefined ? { kind } : { kind, payload, contentType: "application/json" };
  };
  const malformed = fc
    .constantFrom(...MALFORMED_JSON)
    .map((payload) => ({ kind: "malformed json", payload, contentType: "application/json" }));
  const wrongType = fc
    .tuple(
      fc.constantFrom(...WRONG_CONTENT_TYPES),
      fc.oneof(
        fc.constant("a=1&b=2"),
        fc.jsonValue().map((v) => JSON.stringify(v)),
      ),
    )
    .map(([contentType, payload]) => ({ kind: "wrong content type", payload, contentType }));
  if (!route.body) {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant({ kind: "no body" }) },
      { weight: 1, arbitrary: hostileValue().map(json("unexpected body")) },
      { weight: 1, arbitrary: fc.oneof(malformed, wrongType) },
    );
  }
  const overLimit = (route.bodyLimit ?? 1024 * 1024) + 1;
  return fc.oneof(
    { weight: 6, arbitrary: arbitraryFor(route.body, pools).map(json("valid-ish json")) },
    { weight: 6, arbitrary: arbitraryFor(route.body, pools, { mutate: true }).map(json("mutated json")) },
    { weight: 1, arbitrary: hostileValue().map(json("hostile json")) },
    { weight: 1, arbitrary: malformed },
    { weight: 1, arbitrary: wrongType },
    { weight: 1, arbitrary: fc.constant({ kind: "no body" }) },
    {
      weight: 1,
      arbitrary: fc.constant({
        kind: "over body limit",
        payload: JSON.stringify({ x: "a".repeat(overLimit) }),
        contentType: "application/json",
      }),
    },
  );
}

/** File bytes: a known signature and random bytes, random bytes, CSV text with hostile cells, real XLSX. */
function rawBodyArbitrary(
  route: RouteDef,
  pools: Pools,
  files: readonly Buffer[],
): fc.Arbitrary<Pick<FuzzCase, "kind" | "payload" | "contentType">> {
  const types = RAW_BODY_TYPES[route.path] ?? DEFAULT_RAW_TYPES;
  const signed = fc
    .tuple(fc.constantFrom(...Object.values(FILE_SIGNATURES)), fc.uint8Array({ maxLength: 4096 }))
    .map(([signature, rest]) => Buffer.concat([Buffer.from(signature), Buffer.from(rest)]));
  const csvCell = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom(...INJECTION_STRINGS, ...UNICODE_STRINGS),
    fc.integer().map(String),
  );
  const header =
    pools.names.length > 0
      ? fc.array(fc.constantFrom(...pools.names), { minLength: 1, maxLength: 5 })
      : fc.array(fc.string(), { minLength: 1, maxLength: 5 });
  const csv = fc
    .tuple(header, fc.array(fc.array(csvCell, { maxLength: 6 }), { maxLength: 20 }), fc.constantFrom(",", ";", "\t"))
    .map(([names, rows, sep]) =>
      Buffer.from(
        [names, ...rows].map((cells) => cells.map((c) => `"${c.replaceAll('"', '""')}"`).join(sep)).join("\r\n"),
      ),
    );
  const bytes = fc.oneof(
    { weight: 3, arbitrary: signed },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 4096 }).map((a) => Buffer.from(a)) },
    { weight: 2, arbitrary: csv },
    { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
    ...(files.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...files) }] : []),
  );
  const overLimit = (route.bodyLimit ?? 0) + 1;
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .tuple(bytes, fc.constantFrom(...types))
        .map(([payload, contentType]) => ({ kind: "file bytes", payload, contentType })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(bytes, fc.constantFrom("application/json", "text/plain", "multipart/form-data; boundary=x", "image/png"))
        .map(([payload, contentType]) => ({ kind: "file, wrong content type", payload, contentType })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: "no body" }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...types)
        .map((contentType) => ({ kind: "over body limit", payload: Buffer.alloc(overLimit, 0x41), contentType })),
    },
  );
}

/** Every request the fuzzer may send to `route`. */
export function caseArbitrary(route: RouteDef, pools: Pools, files: readonly Buffer[]): fc.Arbitrary<FuzzCase> {
  const body = takesRawBody(route) ? rawBodyArbitrary(route, pools, files) : jsonBodyArbitrary(route, pools);
  return fc
    .tuple(
      fc.oneof(
        { weight: 4, arbitrary: fc.constant<CallerKind>("superuser") },
        { weight: 1, arbitrary: fc.constant<CallerKind>("client") },
      ),
      pathArbitrary(route, pools),
      queryArbitrary(route, pools),
      body,
    )
    .map(([caller, path, query, b]) => ({ caller, method: route.method, url: path + query, ...b }));
}
