import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "../app/providers.tsx";
import { createQueryClient } from "../shared/lib/query-client.ts";

/** `element` at `routePath`, opened at `url` (with its query), inside the app's providers under a memory router. */
export function renderPage(routePath: string, element: ReactNode, url: string = routePath) {
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      { path: "*", element: <p>Другая страница</p> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, search: () => Object.fromEntries(new URLSearchParams(router.state.location.search)) };
}
