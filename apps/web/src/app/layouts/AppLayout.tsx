import { Layout } from "antd";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageSpinner } from "../../shared/ui/PageSpinner.tsx";

/** Frame of the signed-in pages; the navbar, side menu and footer of spec §1 will live here. */
export function AppLayout() {
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Content style={{ padding: 24, maxWidth: 1200, width: "100%", margin: "0 auto" }}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
