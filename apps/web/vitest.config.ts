import { defineConfig } from "vitest/config";
import { buildInfoDefines } from "./build-info.ts";

export default defineConfig({
  define: buildInfoDefines(),
  test: {
    name: "web",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["./src/test-setup.ts"],
  },
});
