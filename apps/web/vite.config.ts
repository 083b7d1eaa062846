import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { buildInfoDefines } from "./build-info.ts";

const API_TARGET = "http://localhost:8080";

/** Two pages: the app (index.html) and the public feedback form (form.html, served for /form/*). */
const PAGES = {
  index: fileURLToPath(new URL("./index.html", import.meta.url)),
  form: fileURLToPath(new URL("./form.html", import.meta.url)),
};

/** In `vite dev`, /form/<uuid> gets form.html, as the server does in production (platform/web.ts). */
function formPageInDev(): Plugin {
  return {
    name: "nadoy-form-page",
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && /^\/form\/[^/?]+/.test(request.url) && request.headers.accept?.includes("text/html")) {
          request.url = "/form.html";
        }
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), formPageInDev()],
  define: buildInfoDefines(),
  server: {
    proxy: {
      "/api": { target: API_TARGET, changeOrigin: true },
      "/ws": { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The one chunk above 500 kB is ECharts (core, line and bar charts, SVG: ~190 kB gzipped),
    // loaded only when a page draws a chart.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      input: PAGES,
      output: {
        codeSplitting: {
          // React and the router change far less often than the app: long-cached chunks of their
          // own. The router is apart from React so that the public form page (no router) does
          // not load it. Everything else (antd included) is split by the lazy routes that use it.
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: "router", test: /node_modules[\\/]react-router[\\/]/ },
            // antd's Tooltip (with the popup placements it shares) is used by the shell's menus,
            // badges and popovers: in a chunk of its own it does not drag Typography and Input
            // (which share it) into the first page.
            {
              name: "antd-tooltip",
              test: /node_modules[\\/](antd[\\/]es[\\/](tooltip|_util[\\/]placements)|@rc-component[\\/]tooltip)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
