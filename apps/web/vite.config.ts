import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { buildInfoDefines } from "./build-info.ts";

const API_TARGET = "http://localhost:8080";

export default defineConfig({
  plugins: [react()],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change far less often than the app: their own long-cached chunk.
          // Everything else (antd included) is split by the lazy routes that use it.
          groups: [{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});
