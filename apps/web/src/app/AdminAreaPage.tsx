import { type ComponentType, lazy, Suspense } from "react";
import { useParams } from "react-router";
import { ADMIN_SUBPAGES } from "../features/admin/lib/admin-sections.ts";
import { AdminPage } from "../features/admin/pages/AdminPage.tsx";
import { PageSpinner } from "../shared/ui/PageSpinner.tsx";

/** Pages of other features that live under /admin/<page> (ADMIN_SUBPAGES marks them "external"). */
const EXTERNAL_PAGES: Record<string, ComponentType> = {
  business_users: lazy(() =>
    import("../features/business/pages/BusinessUsersAdminPage.tsx").then((m) => ({
      default: m.BusinessUsersAdminPage,
    })),
  ),
  reports: lazy(() =>
    import("../features/reports/pages/ReportsAdminPage.tsx").then((m) => ({ default: m.ReportsAdminPage })),
  ),
  iframe_groups: lazy(() =>
    import("../features/reports/pages/IframeGroupsAdminPage.tsx").then((m) => ({ default: m.IframeGroupsAdminPage })),
  ),
};

/**
 * /admin/:page? — the admin feature's index, users, roles and audit log, and the admin pages of
 * the business and reports features (features do not import each other: the app joins them here).
 */
export function AdminAreaPage() {
  const { page } = useParams();
  const external =
    page !== undefined && Object.hasOwn(ADMIN_SUBPAGES, page) && Object.hasOwn(EXTERNAL_PAGES, page)
      ? EXTERNAL_PAGES[page]
      : undefined;
  if (!external) return <AdminPage />;
  const Page = external;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}
