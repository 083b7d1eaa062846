import { defineConfig } from "vitest/config";

const serverProject = (db: "pglite" | "postgres") => ({
  test: {
    name: `server:${db}`,
    root: "./apps/server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
    env: { NADOY_TEST_DB: db },
    // One migrated database per worker, shared by the files that worker runs.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: "contract", root: "./packages/contract", include: ["src/**/*.test.ts"], environment: "node" } },
      serverProject("pglite"),
      ...(process.env.TEST_DATABASE_URL ? [serverProject("postgres")] : []),
      "./apps/web/vitest.config.ts",
      "./apps/web/vitest.isolated.config.ts",
    ],
  },
});
