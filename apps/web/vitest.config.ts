import { defineConfig } from "vitest/config";
import { buildInfoDefines } from "./build-info.ts";

export default defineConfig({
  define: buildInfoDefines(),
  test: {
    name: "web",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["./src/test-setup.ts"],
    // antd renders slowly in jsdom; in `npm test` these share two cores with the server projects.
    testTimeout: 15_000,
  },
});
