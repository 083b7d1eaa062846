import type { RouteDef } from "@nadoy/contract/http";
import type { FastifyInstance } from "fastify";

// Every route the server actually serves, as Fastify registered it: the OpenAPI document and the
// authorization matrix read this table, so that a route added anywhere cannot escape either.

export interface RouteEntry {
  method: string;
  url: string;
  /** The contract route registerRoute was given; null for sockets and the SPA's files. */
  contract: RouteDef | null;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Starts recording `app`'s routes: call before any route is registered. */
export function recordRouteTable(app: FastifyInstance): void {
  const entries: RouteEntry[] = [];
  tables.set(app, entries);
  app.addHook("onRoute", (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    const contract = (options.config as { contract?: RouteDef } | undefined)?.contract ?? null;
    // HEAD routes are Fastify's automatic twins of GET routes.
    for (const method of methods) if (method !== "HEAD") entries.push({ method, url: options.url, contract });
  });
}

/** The routes registered so far, in registration order. */
export function routeTable(app: FastifyInstance): readonly RouteEntry[] {
  return tables.get(app) ?? [];
}
