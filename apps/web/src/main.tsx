import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { preloadRoute } from "./app/preload-route.ts";
import { AppProviders } from "./app/providers.tsx";
import { createAppRouter, type RouteHandle } from "./app/router.tsx";
import { createQueryClient } from "./shared/lib/query-client.ts";
import { watchLabels } from "./shared/lib/russian-aria.ts";
import { setupLocale } from "./shared/lib/setup-locale.ts";

setupLocale();
watchLabels();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const router = createAppRouter();
// The layout and the page of the first route load side by side, not one after the other.
const handle = router.state.matches.at(-1)?.route.handle as Partial<RouteHandle> | undefined;
const queryClient = createQueryClient();
preloadRoute(window.location.pathname, handle?.routeKey, queryClient);

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
