import type { RouteDef } from "@nadoy/contract/http";

/**
 * In development and in tests, a call's query must be one its route takes, read as the server
 * reads it (strings; a repeated key an array): a page sending what the server refuses (an unknown
 * field to a strict query) fails its own test instead of showing users a toast. Production builds
 * drop the check (import.meta.env.DEV is false there).
 */
export function assertQueryAccepted(route: RouteDef, search: URLSearchParams): void {
  if (!import.meta.env.DEV || !route.query) return;
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    query[key] = values.length > 1 ? values : (values[0] as string);
  }
  const parsed = route.query.safeParse(query);
  if (!parsed.success) {
    throw new Error(`${route.method} ${route.path}?${search}: the route's query refuses it — ${parsed.error.message}`);
  }
}
