import { SOMETHING_WENT_WRONG } from "@nadoy/contract/constants";
import { apiErrorSchema, ErrorText } from "@nadoy/contract/errors";
import { buildPath, type RouteDef, type RouteResponse } from "@nadoy/contract/http";
import type { z } from "zod";
import { ApiRequestError, ClientErrorCode } from "./api-error.ts";
import { takeEarlyResponse } from "./early-responses.ts";
import { assertQueryAccepted } from "./query-check.ts";

type Part<Key extends string, Schema> = Schema extends z.ZodType
  ? { [K in Key]: z.input<Schema> }
  : { [K in Key]?: undefined };

/** What a call of the route takes: body, query and params typed from its schemas. */
export type CallOptions<R> =
  R extends RouteDef<infer Body, infer Query, infer Params, infer _Response>
    ? Part<"body", Body> & Part<"query", Query> & Part<"params", Params>
    : never;

interface RawOptions {
  body?: unknown;
  query?: unknown;
  params?: unknown;
}

const NO_BODY_STATUSES = new Set([204, 205]);

function queryString(route: RouteDef, query: unknown): string {
  const search = new URLSearchParams();
  if (query !== undefined && query !== null && typeof query === "object") {
    for (const [key, value] of Object.entries(query)) {
      const values: unknown[] = Array.isArray(value) ? value : [value];
      for (const item of values) {
        if (item !== undefined && item !== null) search.append(key, String(item));
      }
    }
  }
  assertQueryAccepted(route, search);
  const text = search.toString();
  return text ? `?${text}` : "";
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

async function errorFrom(response: Response): Promise<ApiRequestError> {
  if (response.ok) {
    return new ApiRequestError({
      status: response.status,
      code: ClientErrorCode.unexpectedStatus,
      message: SOMETHING_WENT_WRONG,
    });
  }
  const parsed = apiErrorSchema.safeParse(await readJson(response));
  if (parsed.success) return new ApiRequestError({ status: response.status, ...parsed.data });
  const message = response.status === 429 ? ErrorText.tooManyRequests : SOMETHING_WENT_WRONG;
  return new ApiRequestError({ status: response.status, code: `http_${response.status}`, message });
}

/**
 * One HTTP call of a contract route, without the token flow: success is exactly the route's
 * status (200 unless declared), its answer parsed by the route's response schema.
 */
export async function sendRequest<R extends RouteDef>(
  route: R,
  options: RawOptions,
  accessToken: string | null,
): Promise<RouteResponse<R>> {
  const url = buildPath(route.path, options.params as Record<string, string | number> | undefined);
  const headers: Record<string, string> = { accept: "application/json" };
  if (route.auth !== "public" && accessToken) headers.authorization = `Bearer ${accessToken}`;
  const init: RequestInit = { method: route.method, headers };
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }

  const target = url + queryString(route, options.query);
  let response: Response;
  try {
    // The boot script may have asked already (early-responses.ts): its answer, or a request now.
    const early = route.method === "GET" ? await takeEarlyResponse(target, accessToken) : null;
    response = early ?? (await fetch(target, init));
  } catch {
    throw new ApiRequestError({
      status: 0,
      code: ClientErrorCode.network,
      message: "Нет связи с сервером. Проверьте подключение к интернету.",
    });
  }

  const expected = route.status ?? 200;
  if (response.status !== expected) throw await errorFrom(response);
  if (NO_BODY_STATUSES.has(expected)) return null as RouteResponse<R>;
  const parsed = route.response.safeParse(await readJson(response));
  if (!parsed.success) {
    throw new ApiRequestError({
      status: response.status,
      code: ClientErrorCode.invalidResponse,
      message: SOMETHING_WENT_WRONG,
    });
  }
  return parsed.data as RouteResponse<R>;
}
