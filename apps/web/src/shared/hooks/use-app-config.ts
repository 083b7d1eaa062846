import { appConfigRoute } from "@nadoy/contract/app-config";
import { useQuery } from "@tanstack/react-query";
import { callApi } from "../lib/api-client.ts";

/** GET /api/config/ (public): fixed while the server runs, so asked once per page load. */
export function useAppConfig(enabled = true) {
  return useQuery({
    queryKey: ["config"],
    queryFn: () => callApi(appConfigRoute),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
