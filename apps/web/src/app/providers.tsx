import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { App as AntApp, theme as antdTheme, ConfigProvider } from "antd";
import ruRU from "antd/es/locale/ru_RU";
import { type ReactNode, useEffect } from "react";
import { useReducedMotion } from "../shared/hooks/use-reduced-motion.ts";
import { useTheme } from "../shared/hooks/use-theme.ts";

/** Page background and native controls follow the antd theme (antd itself styles only its components). */
function DocumentColors() {
  const { token } = antdTheme.useToken();
  useEffect(() => {
    document.body.style.backgroundColor = token.colorBgLayout;
    document.body.style.margin = "0";
  }, [token.colorBgLayout]);
  return null;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const theme = useTheme();
  const reducedMotion = useReducedMotion();
  useEffect(() => {
    document.documentElement.style.colorScheme = theme === "black" ? "dark" : "light";
  }, [theme]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={ruRU}
        theme={{
          algorithm: theme === "black" ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
          // antd does not honour the system's "reduce motion" by itself.
          token: { motion: !reducedMotion },
        }}
      >
        <AntApp message={{ maxCount: 1 }}>
          <DocumentColors />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
