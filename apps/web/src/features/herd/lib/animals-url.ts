import { type HerdAnimalsQuery, herdAnimalsQuerySchema } from "@nadoy/contract/herd";
import { paramsOfQuery, queryFromParams } from "../../../shared/lib/url-query.ts";

/**
 * The animal list's filters and page from the URL (?status=&lact=&pen=&dim_from=&dim_to=&q=&page=),
 * read by the contract's own query schema one field at a time: a bad value counts as absent, the
 * rest stay. So a copied link shows the same view.
 */
export function animalsQueryOf(params: URLSearchParams): HerdAnimalsQuery {
  return queryFromParams(herdAnimalsQuerySchema.shape, params, { page: 1 } as HerdAnimalsQuery);
}

/** The URL parameters of a query: only what is set, page 1 left out. */
export function animalsParamsOf(query: HerdAnimalsQuery): Record<string, string> {
  return paramsOfQuery(query, { page: 1 });
}

/** The query after a filter changed: any change of filters goes back to the first page. */
export function withFilter(query: HerdAnimalsQuery, change: Partial<HerdAnimalsQuery>): HerdAnimalsQuery {
  return { ...query, ...change, page: change.page ?? 1 };
}
