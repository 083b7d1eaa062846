import { type HerdAnimalsQuery, herdAnimalsQuerySchema } from "@nadoy/contract/herd";

/**
 * The animal list's filters and page from the URL (?status=&lact=&pen=&dim_from=&dim_to=&q=&page=),
 * read by the contract's own query schema one field at a time: a bad value counts as absent, the
 * rest stay. So a copied link shows the same view.
 */
export function animalsQueryOf(params: URLSearchParams): HerdAnimalsQuery {
  const shape = herdAnimalsQuerySchema.shape;
  const query: HerdAnimalsQuery = { page: 1 };
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === "") continue;
    const parsed = shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) Object.assign(query, { [key]: parsed.data });
  }
  return query;
}

/** The URL parameters of a query: only what is set, page 1 left out. */
export function animalsParamsOf(query: HerdAnimalsQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === "" || (key === "page" && value === 1)) continue;
    params[key] = String(value);
  }
  return params;
}

/** The query after a filter changed: any change of filters goes back to the first page. */
export function withFilter(query: HerdAnimalsQuery, change: Partial<HerdAnimalsQuery>): HerdAnimalsQuery {
  return { ...query, ...change, page: change.page ?? 1 };
}
