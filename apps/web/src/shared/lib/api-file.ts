import { SOMETHING_WENT_WRONG } from "@nadoy/contract/constants";
import { apiErrorSchema, ErrorText } from "@nadoy/contract/errors";
import { buildPath, type RouteDef, type RouteResponse } from "@nadoy/contract/http";
import type { z } from "zod";
import { ApiRequestError, ClientErrorCode, isApiRequestError } from "./api-error.ts";
import { readAccessToken } from "./browser-storage.ts";
import { assertQueryAccepted } from "./query-check.ts";
import { runTokenFlow } from "./token-flow.ts";

// ---- file bodies and file answers of contract routes (uploads and downloads) ----
// callApi sends JSON and parses JSON; these two send a file's bytes as they are, or read the
// answer as a Blob. Same bearer token and the same 401 token flow as callApi.

type Input<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;
type ParamsOf<R> = R extends RouteDef<infer _B, infer _Q, infer P, infer _R> ? Input<P> : never;
type QueryOf<R> = R extends RouteDef<infer _B, infer Q, infer _P, infer _R> ? Input<Q> : never;

export interface FileCallOptions<R> {
  params: ParamsOf<R>;
  query: QueryOf<R>;
}

const NETWORK_ERROR = "Нет связи с сервером. Проверьте подключение к интернету.";

function urlOf(route: RouteDef, params: unknown, query: unknown): string {
  const url = buildPath(route.path, params as Record<string, string | number> | undefined);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  assertQueryAccepted(route, search);
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

async function errorFrom(response: Response): Promise<ApiRequestError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) return new ApiRequestError({ status: response.status, ...parsed.data });
  const message =
    response.status === 429
      ? ErrorText.tooManyRequests
      : response.status === 413
        ? "Файл слишком большой"
        : SOMETHING_WENT_WRONG;
  return new ApiRequestError({ status: response.status, code: `http_${response.status}`, message });
}

type Init = RequestInit & { headers: Record<string, string>; method: string };

/** What an upload stopped by its AbortSignal rejects with (as fetch does): not a failure to show. */
function abortError(): DOMException {
  return new DOMException("Загрузка отменена", "AbortError");
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
type Transport = (url: string, init: Init) => Promise<Response>;

/**
 * An XMLHttpRequest upload, answered as fetch would answer it (so that both take the same checks):
 * fetch cannot tell how much of a request body has gone, XMLHttpRequest's upload events can.
 */
function sendWithProgress(onProgress: (share: number) => void): Transport {
  return (url, init) =>
    new Promise((resolve, reject) => {
      const { signal } = init;
      if (signal?.aborted) return reject(abortError());
      const xhr = new XMLHttpRequest();
      signal?.addEventListener("abort", () => xhr.abort(), { once: true });
      xhr.addEventListener("abort", () => reject(abortError()));
      xhr.open(init.method, url);
      for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
      xhr.upload.addEventListener("progress", (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
      xhr.addEventListener("load", () => {
        const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
        resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status }));
      });
      xhr.addEventListener("error", () => reject(new TypeError("network error")));
      xhr.send(init.body as XMLHttpRequestBodyInit);
    });
}

/** One request with the stored token; rejects with ApiRequestError (a 401 runs the token flow first). */
async function send(
  route: RouteDef,
  url: string,
  init: RequestInit & { headers: Record<string, string> },
  transport: Transport = fetch,
) {
  const access = readAccessToken();
  if (access) init.headers.authorization = `Bearer ${access}`;
  try {
    let response: Response;
    try {
      response = await transport(url, { ...init, method: route.method });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new ApiRequestError({ status: 0, code: ClientErrorCode.network, message: NETWORK_ERROR });
    }
    if (response.status !== (route.status ?? 200)) throw await errorFrom(response);
    return response;
  } catch (error) {
    if (isApiRequestError(error) && error.status === 401) await runTokenFlow(access);
    throw error;
  }
}

/**
 * Sends `file` as the raw request body with `contentType`; resolves with the route's parsed JSON
 * answer. `onProgress` hears the share sent (0–1) as the bytes go; `signal` stops the request
 * (the promise then rejects with an AbortError: isAbortError).
 */
export async function uploadFile<R extends RouteDef>(
  route: R,
  options: FileCallOptions<R> & {
    file: Blob;
    contentType: string;
    onProgress?: (share: number) => void;
    signal?: AbortSignal;
  },
): Promise<RouteResponse<R>> {
  const response = await send(
    route,
    urlOf(route, options.params, options.query),
    {
      headers: { accept: "application/json", "content-type": options.contentType },
      body: options.file,
      signal: options.signal,
    },
    options.onProgress ? sendWithProgress(options.onProgress) : fetch,
  );
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }
  const parsed = route.response.safeParse(json);
  if (!parsed.success) {
    throw new ApiRequestError({
      status: response.status,
      code: ClientErrorCode.invalidResponse,
      message: SOMETHING_WENT_WRONG,
    });
  }
  return parsed.data as RouteResponse<R>;
}

/** Reads the route's answer as a file. */
export async function downloadFile<R extends RouteDef>(route: R, options: FileCallOptions<R>): Promise<Blob> {
  const response = await send(route, urlOf(route, options.params, options.query), { headers: {} });
  return response.blob();
}

/** Hands a Blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
