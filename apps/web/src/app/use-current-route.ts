import { useMatches } from "react-router";
import { ROUTES, type RouteInfo, type RouteKey } from "../shared/routes/registry.ts";
import type { RouteHandle } from "./router.tsx";

/** The registry route the location matched, or undefined for an unknown path. */
export function useCurrentRoute(): (RouteInfo & { key: RouteKey }) | undefined {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as Partial<RouteHandle> | undefined;
  const key = handle?.routeKey;
  return key ? { ...ROUTES[key], key } : undefined;
}
