import { ROUTES, type RouteKey } from "./registry.ts";

/** The `:name` and `:name?` parameters of a route path. */
type ParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Name | ParamNames<`/${Tail}`>
    : Rest
  : never;

type ParamValue = string | number;

type PathParams<P extends string> = {
  [K in ParamNames<P> as K extends `${string}?` ? never : K]: ParamValue;
} & {
  [K in ParamNames<P> as K extends `${infer Name}?` ? Name : never]?: ParamValue | null;
};

type HasRequired<P extends string> = ParamNames<P> extends `${string}?` ? false : true;

/** `() => string` without parameters, `(params?) => string` with only optional ones, else `(params) => string`. */
export type HrefBuilder<P extends string> = [ParamNames<P>] extends [never]
  ? () => string
  : HasRequired<P> extends true
    ? (params: PathParams<P>) => string
    : (params?: PathParams<P>) => string;

/**
 * Fills a route path: `:name` from `params` (URL-encoded), `:name?` likewise or dropped with its
 * slash when absent.
 */
export function buildHref(path: string, params: Record<string, ParamValue | null | undefined> = {}): string {
  const segments = path.split("/").flatMap((segment) => {
    if (!segment.startsWith(":")) return [segment];
    const optional = segment.endsWith("?");
    const name = segment.slice(1, optional ? -1 : undefined);
    const value = params[name];
    if (value === undefined || value === null || value === "") {
      if (optional) return [];
      throw new Error(`Missing parameter ${name} for ${path}`);
    }
    return [encodeURIComponent(String(value))];
  });
  return segments.join("/") || "/";
}

type Hrefs = { [K in RouteKey]: HrefBuilder<(typeof ROUTES)[K]["path"]> };

/** Typed links to every route of the registry: `href.report({ id: 5 })`, `href.login()`. */
export const href = Object.fromEntries(
  Object.entries(ROUTES).map(([key, route]) => [
    key,
    (params?: Record<string, ParamValue | null | undefined>) => buildHref(route.path, params),
  ]),
) as unknown as Hrefs;
