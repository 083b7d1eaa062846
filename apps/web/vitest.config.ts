import { defineConfig } from "vitest/config";
import { buildInfoDefines } from "./build-info.ts";

export default defineConfig({
  define: buildInfoDefines(),
  test: {
    name: "web",
    include: ["src/**/*.test.{ts,tsx}"],
    // Files that replace modules (vi.mock) need a module graph of their own: vitest.isolated.config.ts.
    exclude: ["src/**/*.isolated.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["./src/test-setup.ts"],
    // antd renders slowly in jsdom; in `npm test` these share two cores with the server projects.
    testTimeout: 15_000,
    // One jsdom page and module graph per worker, not per file: importing antd, React and the app
    // again for each of ~110 files cost about a third of this project's CPU. test-setup.ts cleans
    // up after every test (renders, storage, stubs); a file that adds to the page removes it. A
    // vi.mock would apply only if its module was not imported yet by an earlier file: such files are
    // named *.isolated.test.* and run apart.
    isolate: false,
  },
});
