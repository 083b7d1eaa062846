import { lazy } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { href } from "../shared/routes/href.ts";
import { type BuiltRouteKey, ROUTE_KEYS, ROUTES, type RouteInfo, type RouteKey } from "../shared/routes/registry.ts";
import { PAGES, PlaceholderPage } from "./pages.ts";
import { RootFrame } from "./RootFrame.tsx";
import { RouteError } from "./RouteError.tsx";

/** What the router keeps on each registry route (read with useMatches). */
export interface RouteHandle {
  routeKey: RouteKey;
}

function isBuilt(key: RouteKey): key is BuiltRouteKey {
  return ROUTES[key].built;
}

// Only pages of one database need it: its own chunk, loaded with such a page.
const DatabaseKindGate = lazy(() => import("./DatabaseKindGate.tsx").then((m) => ({ default: m.DatabaseKindGate })));

function pageOf(key: RouteKey) {
  const Page = isBuilt(key) ? PAGES[key] : null;
  const page = Page ? <Page /> : <PlaceholderPage routeKey={key} />;
  const { databaseKind }: RouteInfo = ROUTES[key];
  return databaseKind ? <DatabaseKindGate kind={databaseKind}>{page}</DatabaseKindGate> : page;
}

/**
 * Every route of the registry, each page lazy. RootFrame picks the layout (spec §2 layout rules)
 * and sends paths that match no route to "/".
 */
export const routes: RouteObject[] = [
  {
    element: <RootFrame />,
    errorElement: <RouteError />,
    children: [
      ...ROUTE_KEYS.map(
        (key): RouteObject => ({
          path: ROUTES[key].path,
          element: pageOf(key),
          handle: { routeKey: key } satisfies RouteHandle,
        }),
      ),
      { path: "*", element: <Navigate to={href.home()} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
