import { isKeyAuth, type RouteDef } from "@nadoy/contract/http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Db } from "../db/client.ts";
import { authenticateKey, type KeyCaller } from "./auth/api-keys.ts";
import { type AuthUser, authenticate, authorize, cachedCaller } from "./auth/guard.ts";
import { PreSerializedJson } from "./pre-serialized-json.ts";

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

export interface RouteContext<R extends RouteDef> {
  body: R extends RouteDef<infer B> ? Infer<B> : never;
  query: R extends RouteDef<infer _B, infer Q> ? Infer<Q> : never;
  params: R extends RouteDef<infer _B, infer _Q, infer P> ? Infer<P> : never;
  /** The signed-in caller; null only on public routes (and on { key } routes, which read `key`). */
  user: R["auth"] extends "public" ? AuthUser | null : AuthUser;
  /** The generated key of a { key } route (checked, its scope the route's); null on every other route. */
  key: KeyCaller | null;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Handler<R extends RouteDef> = (
  ctx: RouteContext<R>,
) => Promise<(R extends RouteDef<infer _B, infer _Q, infer _P, infer Res> ? z.input<Res> : never) | PreSerializedJson>;

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in caller of a contract route, set by its auth hook (null on public routes). */
    caller: AuthUser | null;
    /** The key a { key } route was called with, set by its auth hook. */
    apiKey: KeyCaller | null;
  }
}

const NO_BODY_STATUSES = new Set([204, 205]);

/**
 * Registers a contract route: input validated by its zod schemas, output serialised through the
 * response schema (fields not in it never leave the server), the auth rule checked first.
 */
export function registerRoute<R extends RouteDef>(app: FastifyInstance, db: Db, route: R, handler: Handler<R>): void {
  if (!app.hasRequestDecorator("caller")) app.decorateRequest("caller", null);
  if (!app.hasRequestDecorator("apiKey")) app.decorateRequest("apiKey", null);
  const status = route.status ?? 200;
  const schema: Record<string, unknown> = {};
  if (route.body) schema.body = route.body;
  if (route.query) schema.querystring = route.query;
  if (route.params) schema.params = route.params;
  if (!NO_BODY_STATUSES.has(status)) schema.response = { [status]: route.response };
  if (route.summary) schema.summary = route.summary;

  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: route.path,
    schema,
    ...(route.bodyLimit !== undefined && { bodyLimit: route.bodyLimit }),
    // A public route's limit counts per client address; a signed-in route's counts per user (the
    // guard below runs first, so the caller is known), wherever the user connects from.
    // `contract` lets platform/route-table.ts (OpenAPI, the authorization matrix) see the route's rule.
    config: route.rateLimit
      ? {
          contract: route,
          rateLimit: {
            max: route.rateLimit.max,
            timeWindow: route.rateLimit.timeWindowMs,
            ...(route.auth !== "public" && {
              keyGenerator: (request: FastifyRequest) => {
                const caller = request.caller;
                if (caller) return `user:${caller.id}`;
                return request.apiKey ? `key:${request.apiKey.id}` : request.ip;
              },
            }),
          },
        }
      : { contract: route },
    // Before the body is even parsed, so that an anonymous caller learns nothing about a route's input.
    // A callback hook: a caller the cache holds (nearly every request) is decided without a promise.
    onRequest: (request, _reply, done) => {
      if (route.auth === "public") return done();
      // A key route takes no session: the key is checked (and its use recorded) before the body is read.
      if (isKeyAuth(route.auth)) {
        authenticateKey(db, request.headers.authorization, route.auth.key, request.ip).then((key) => {
          request.apiKey = key;
          done();
        }, done);
        return;
      }
      const admit = (user: AuthUser) => {
        try {
          authorize(route.auth, user);
        } catch (error) {
          return done(error as Error);
        }
        request.caller = user;
        done();
      };
      const cached = cachedCaller(app, request);
      if (cached) return admit(cached);
      authenticate(app, db, request).then(admit, done);
    },
    handler: async (request, reply) => {
      const result = await handler({
        body: request.body,
        query: request.query,
        params: request.params,
        user: request.caller,
        key: request.apiKey,
        // Read only by the routes that need it: with TRUST_PROXY it parses X-Forwarded-For.
        get ip() {
          return request.ip;
        },
        request,
        reply,
      } as RouteContext<R>);
      reply.code(status);
      if (NO_BODY_STATUSES.has(status)) return reply.send();
      // Checked and written already (pre-serialized-json.ts): a string of JSON type is sent as it is.
      if (result instanceof PreSerializedJson) return reply.type("application/json; charset=utf-8").send(result.text);
      return result;
    },
  });
}
