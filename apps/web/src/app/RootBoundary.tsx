import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageSpinner } from "../shared/ui/PageSpinner.tsx";

/** Waits for the lazily loaded layouts and pages. */
export function RootBoundary() {
  return (
    <Suspense fallback={<PageSpinner fullHeight />}>
      <Outlet />
    </Suspense>
  );
}
