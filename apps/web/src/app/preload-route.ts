import { readAccessToken } from "../shared/lib/browser-storage.ts";
import { type BuiltRouteKey, ROUTES, type RouteKey } from "../shared/routes/registry.ts";
import { loadAppLayout, loadFullPageLayout } from "./layouts/load.ts";
import { preloadPage } from "./pages.ts";
import { layoutFor } from "./shell/layout-rules.ts";

const isBuilt = (key: RouteKey): key is BuiltRouteKey => ROUTES[key].built;

/**
 * Issue 16 (a slow rural link): on the first page of a visit, start loading the layout and the
 * page of the route at once, side by side, instead of one after the other as React reaches them
 * (layout, then its lazy page). `routeKey` is the route the router matched for `pathname`.
 * Signed out, a shell page preloads the sign-in page, where RequireSession will send the visitor.
 */
export function preloadRoute(pathname: string, routeKey: RouteKey | undefined): void {
  const { layout } = layoutFor(pathname);
  if (layout === "none" || routeKey === undefined) return;
  const ignore = () => undefined;
  if (layout === "full") loadFullPageLayout().catch(ignore);
  // Signed out, a shell page sends the visitor to /login (RequireSession): load that instead.
  else if (readAccessToken() === null) {
    loadFullPageLayout().catch(ignore);
    preloadPage("login");
    return;
  } else loadAppLayout().catch(ignore);
  if (isBuilt(routeKey)) preloadPage(routeKey);
}
