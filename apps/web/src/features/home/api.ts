import { listNews } from "@nadoy/contract/content";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { callApi } from "../../shared/lib/api-client.ts";

/** The feed's query: also prefetched with the home page's chunk on a first visit (app/preload-route). */
export const newsFeedQuery = (page: number) => ({
  queryKey: ["content-news", "feed", page],
  queryFn: () => callApi(listNews, { query: { page } }),
});

/** GET /api/news/?page= — the caller's feed (published, in their audience), newest first. */
export function useNewsFeed(page: number) {
  return useQuery({
    ...newsFeedQuery(page),
    // The current page stays while the next one loads, so the list does not jump.
    placeholderData: keepPreviousData,
  });
}
