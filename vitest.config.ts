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
    // Vitest's default in a run is one worker fewer than the CPUs: one worker on this two-core
    // machine, so the whole suite ran file after file. Two: the server tests spend much of their
    // time waiting on PostgreSQL, and each worker has its own migrated database.
    maxWorkers: 2,
    projects: [
      { test: { name: "contract", root: "./packages/contract", include: ["src/**/*.test.ts"], environment: "node" } },
      serverProject("pglite"),
      ...(process.env.TEST_DATABASE_URL ? [serverProject("postgres")] : []),
      "./apps/web/vitest.config.ts",
      "./apps/web/vitest.isolated.config.ts",
    ],
  },
});
