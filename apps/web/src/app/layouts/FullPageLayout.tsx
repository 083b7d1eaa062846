import { Card, Flex, Layout, Typography } from "antd";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageSpinner } from "../../shared/ui/PageSpinner.tsx";

/** Spec §2 full-page layout (no navbar or sidebar): one centred card, used by the auth pages. */
export function FullPageLayout() {
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Content>
        <Flex align="center" justify="center" style={{ minHeight: "100vh", padding: 16 }}>
          <Card style={{ width: "100%", maxWidth: 440 }}>
            <Typography.Text strong style={{ display: "block", textAlign: "center", fontSize: 28, marginBottom: 8 }}>
              Надой
            </Typography.Text>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </Card>
        </Flex>
      </Layout.Content>
    </Layout>
  );
}
