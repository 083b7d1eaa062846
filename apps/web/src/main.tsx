import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders } from "./app/providers.tsx";
import { createAppRouter } from "./app/router.tsx";
import { createQueryClient } from "./shared/lib/query-client.ts";
import { watchLabels } from "./shared/lib/russian-aria.ts";
import { setupLocale } from "./shared/lib/setup-locale.ts";

setupLocale();
watchLabels();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
