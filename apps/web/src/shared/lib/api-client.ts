import type { RouteDef, RouteResponse } from "@nadoy/contract/http";
import { isApiRequestError } from "./api-error.ts";
import { type CallOptions, sendRequest } from "./api-request.ts";
import { readAccessToken } from "./browser-storage.ts";
import { runTokenFlow } from "./token-flow.ts";

export type { CallOptions } from "./api-request.ts";

type OptionsArg<R> = object extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

/**
 * Calls a contract route with the stored access token (unless the route is public). Resolves with
 * the parsed answer; rejects with an ApiRequestError. A 401 from a route that needs a token runs
 * the token flow (which reloads the page or goes to /login) before the error is passed on.
 */
export async function callApi<R extends RouteDef>(route: R, ...[options]: OptionsArg<R>): Promise<RouteResponse<R>> {
  const access = route.auth === "public" ? null : readAccessToken();
  try {
    return await sendRequest(route, options ?? {}, access);
  } catch (error) {
    if (route.auth !== "public" && isApiRequestError(error) && error.status === 401) await runTokenFlow(access);
    throw error;
  }
}
