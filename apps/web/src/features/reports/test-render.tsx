import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { StrictMode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "../../app/providers.tsx";
import { createQueryClient } from "../../shared/lib/query-client.ts";

/**
 * One page of this feature at `path`, matched by `pattern` (the registry's path), with the app's
 * providers but without the shell: the pages are wired into the router by the lead.
 */
export function renderPage(pattern: string, path: string, page: ReactNode) {
  const router = createMemoryRouter([{ path: pattern, element: page }], { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { ...view, router, queryClient };
}
