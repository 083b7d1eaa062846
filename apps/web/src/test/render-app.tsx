import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { AppProviders } from "../app/providers.tsx";
import { routes } from "../app/router.tsx";
import { setBrowserLocation } from "../shared/lib/browser-location.ts";
import { createQueryClient } from "../shared/lib/query-client.ts";

/** The whole app at `path`, with full-page navigation (reload, assign) recorded instead of done. */
export function renderApp(path: string) {
  const location = { reload: vi.fn(), assign: vi.fn() };
  setBrowserLocation(location);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  // StrictMode as in main.tsx: effects run twice, so one-time calls must guard themselves.
  const view = render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { ...view, router, queryClient, location };
}
