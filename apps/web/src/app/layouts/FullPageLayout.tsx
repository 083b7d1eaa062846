import { PRODUCT_NAME } from "@nadoy/contract/constants";
import { Card, Flex, Layout, Typography } from "antd";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageSpinner } from "../../shared/ui/PageSpinner.tsx";
import { useCurrentRoute } from "../use-current-route.ts";

const CARD_WIDTH = { narrow: 440, wide: 880 } as const;

/**
 * Spec §2 full-page layout (no navbar, side menu or footer): one centred card — narrow for the
 * sign-in forms, wide for documents (terms, consent, changelog).
 */
export function FullPageLayout() {
  const width = useCurrentRoute()?.width ?? "narrow";
  return (
    <Layout style={{ minHeight: "100vh" }} data-layout="full">
      <Layout.Content>
        <Flex align="center" justify="center" style={{ minHeight: "100vh", padding: 16 }}>
          <Card style={{ width: "100%", maxWidth: CARD_WIDTH[width] }}>
            <Typography.Text strong style={{ display: "block", textAlign: "center", fontSize: 28, marginBottom: 8 }}>
              {PRODUCT_NAME}
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
