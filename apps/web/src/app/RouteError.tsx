import { SOMETHING_WENT_WRONG } from "@nadoy/contract/constants";
import { Button, Flex, theme } from "antd";
import { useEffect } from "react";
import { browserLocation } from "../shared/lib/browser-location.ts";
import { dismissFirstView } from "../shared/lib/first-view.ts";

/**
 * Shown when a page fails to render or its code cannot be loaded (e.g. after a new release).
 * Kept to light components: it is part of the first chunk.
 */
export function RouteError() {
  const { token } = theme.useToken();
  // The error, not the home page's first view over it.
  useEffect(dismissFirstView, []);
  return (
    <Flex vertical align="center" justify="center" gap="middle" style={{ minHeight: "100vh", padding: 24 }}>
      <h1 style={{ color: token.colorText, fontSize: token.fontSizeHeading3, margin: 0 }}>{SOMETHING_WENT_WRONG}</h1>
      <p style={{ color: token.colorTextSecondary, margin: 0 }}>Не удалось открыть страницу.</p>
      <Button type="primary" onClick={() => browserLocation.reload()}>
        Обновить страницу
      </Button>
    </Flex>
  );
}
