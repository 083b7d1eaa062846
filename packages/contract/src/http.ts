import type { z } from "zod";
import type { KeyScope } from "./keys.ts";

/**
 * Who may call a route. Checked on the server before the handler runs; the web client only
 * uses it to decide whether to attach the bearer token.
 * - "public": anyone, no token needed
 * - "user": any signed-in, active user
 * - { roles }: superusers, or users whose role (first group, spec §6) is one of these ids
 * - "superuser": superusers only
 * - { key }: no session: an `Authorization: Key <secret>` of this scope (contract keys.ts), for
 *   upload agents and devices; the key decides which database the call writes into
 */
export type RouteAuth = "public" | "user" | "superuser" | { roles: readonly number[] } | { key: KeyScope };

/** A route called with a generated key instead of a session. */
export function isKeyAuth(auth: RouteAuth): auth is { key: KeyScope } {
  return typeof auth === "object" && "key" in auth;
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteDef<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Full path including the /api prefix, with `:name` parameters. */
  path: string;
  auth: RouteAuth;
  /** Success status; 200 unless said otherwise (201, 205 ...). */
  status?: number;
  body?: Body;
  query?: Query;
  params?: Params;
  response: Response;
  /** Per-route limit: counted per user on signed-in routes, per client address on public ones. */
  rateLimit?: { max: number; timeWindowMs: number };
  /** Largest request body in bytes, when smaller than the app's default (1 MiB); larger → 413. */
  bodyLimit?: number;
  summary?: string;
}

/** Declares a route once; the server registers it and the web client calls it from this object. */
export function defineRoute<
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
>(route: RouteDef<Body, Query, Params, Response>): RouteDef<Body, Query, Params, Response> {
  return route;
}

type InferOr<T, Fallback> = T extends z.ZodType ? z.infer<T> : Fallback;

export type RouteBody<R> = R extends RouteDef<infer B, infer _Q, infer _P, infer _R> ? InferOr<B, undefined> : never;
export type RouteQuery<R> = R extends RouteDef<infer _B, infer Q, infer _P, infer _R> ? InferOr<Q, undefined> : never;
export type RouteParams<R> = R extends RouteDef<infer _B, infer _Q, infer P, infer _R> ? InferOr<P, undefined> : never;
export type RouteResponse<R> = R extends RouteDef<infer _B, infer _Q, infer _P, infer Res> ? z.infer<Res> : never;

/** Fills `:name` parameters of a route path. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  if (!params) return path;
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
