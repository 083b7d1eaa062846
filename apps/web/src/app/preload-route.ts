import type { QueryClient } from "@tanstack/react-query";
import { fetchUserData, userDataQueryKey } from "../shared/hooks/use-user-data.ts";
import { readAccessToken } from "../shared/lib/browser-storage.ts";
import { type BuiltRouteKey, ROUTES, type RouteKey } from "../shared/routes/registry.ts";
import { loadAppLayout, loadFullPageLayout } from "./layouts/load.ts";
import { preloadPage } from "./pages.ts";
import { layoutFor } from "./shell/layout-rules.ts";

/** The feed page of the home page's ?page= (as NewsFeed reads it: 1 unless a positive whole number). */
function feedPage(): number {
  const page = Number(new URLSearchParams(window.location.search).get("page"));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

const isBuilt = (key: RouteKey): key is BuiltRouteKey => ROUTES[key].built;

/**
 * Issue 16 (a slow rural link): on the first page of a visit, start loading the layout and the
 * page of the route at once, side by side, instead of one after the other as React reaches them
 * (layout, then its lazy page). `routeKey` is the route the router matched for `pathname`.
 * Signed out, a shell page preloads the sign-in page, where RequireSession will send the visitor.
 */
export function preloadRoute(pathname: string, routeKey: RouteKey | undefined, queryClient?: QueryClient): void {
  const { layout } = layoutFor(pathname);
  if (layout === "none" || routeKey === undefined) return;
  const ignore = () => undefined;
  if (layout === "full") loadFullPageLayout().catch(ignore);
  // Signed out, a shell page sends the visitor to /login (RequireSession): load that instead.
  else if (readAccessToken() === null) {
    loadFullPageLayout().catch(ignore);
    preloadPage("login");
    return;
  } else {
    loadAppLayout().catch(ignore);
    // Signed in, the shell and the home page ask for these first: ask now, beside the chunks,
    // not after them (a 401 runs the one token flow, as it would from the page).
    if (queryClient) {
      queryClient.prefetchQuery({ queryKey: userDataQueryKey, queryFn: fetchUserData }).catch(ignore);
      if (routeKey === "home") {
        // From the page's own chunk (no chunk of its own for the preload).
        import("../features/home/pages/HomePage.tsx")
          .then((m) => m.prefetchNewsFeed(queryClient, feedPage()))
          .catch(ignore);
      }
    }
  }
  if (isBuilt(routeKey)) preloadPage(routeKey);
}
