import type { z } from "zod";

// A page's view in its URL, read and written by the contract's own query schema, so that a copied
// link shows the same view. Used by the animal list and the herd reports.

/**
 * The query of `params`, one field at a time: a bad or empty value counts as absent (the
 * default stays), the other fields are kept.
 */
export function queryFromParams<Shape extends z.ZodRawShape, Query extends object>(
  shape: Shape,
  params: URLSearchParams,
  defaults: Query,
): Query {
  const query = { ...defaults };
  for (const key of Object.keys(shape)) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === "") continue;
    const parsed = (shape[key] as z.ZodType).safeParse(raw);
    if (parsed.success && parsed.data !== undefined) Object.assign(query, { [key]: parsed.data });
  }
  return query;
}

/** The URL parameters of a query: only what is set, and nothing equal to its default. */
export function paramsOfQuery(query: object, defaults: Record<string, unknown>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === "" || defaults[key] === value) continue;
    params[key] = String(value);
  }
  return params;
}
