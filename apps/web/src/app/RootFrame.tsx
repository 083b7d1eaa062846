import { PRODUCT_NAME } from "@nadoy/contract/constants";
import { lazy, Suspense, useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { PageHitTracker } from "../features/analytics/components/PageHitTracker.tsx";
import { RequireSession } from "../features/auth/components/RequireSession.tsx";
import { dismissFirstView } from "../shared/lib/first-view.ts";
import { href } from "../shared/routes/href.ts";
import { PageSpinner } from "../shared/ui/PageSpinner.tsx";
import { loadAppLayout, loadFullPageLayout } from "./layouts/load.ts";
import { layoutFor } from "./shell/layout-rules.ts";
import { useCurrentRoute } from "./use-current-route.ts";

// The two layouts are chunks of their own: the sign-in pages never load the shell.
const FullPageLayout = lazy(() => loadFullPageLayout().then((m) => ({ default: m.FullPageLayout })));
const AppLayout = lazy(() => loadAppLayout().then((m) => ({ default: m.AppLayout })));

/**
 * The root of the router: chooses the layout of the current path (spec §2 layout rules), sends
 * unknown paths to "/", names the browser tab and waits for lazily loaded layouts and pages.
 * Pages of the shell need a session (RequireSession); full-page ones are public.
 */
export function RootFrame() {
  const { pathname } = useLocation();
  const route = useCurrentRoute();
  const { layout } = layoutFor(pathname);

  const title = route && route.key !== "home" ? `${route.title} — ${PRODUCT_NAME}` : PRODUCT_NAME;
  useEffect(() => {
    document.title = title;
  }, [title]);
  // The home page's first view (shared/lib/first-view.ts) is the home page's: gone on any other.
  useEffect(() => {
    if (pathname !== href.home()) dismissFirstView();
  }, [pathname]);

  let content = null;
  if (layout === "none") content = null;
  else if (!route) content = <Navigate to={href.home()} replace />;
  else if (layout === "full") content = <FullPageLayout />;
  else {
    content = (
      <RequireSession>
        <AppLayout />
      </RequireSession>
    );
  }

  return (
    <>
      {/* Spec §7 page hits: at the root of the router, it sees every location change of every layout. */}
      <PageHitTracker />
      <Suspense fallback={<PageSpinner fullHeight />}>{content}</Suspense>
    </>
  );
}
