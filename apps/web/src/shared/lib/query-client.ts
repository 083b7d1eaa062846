import { QueryClient } from "@tanstack/react-query";

/**
 * Failed calls are not retried: 4xx answers will not change, a 401 already ran the token flow,
 * and spec §8 shows the error toast at once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
