import { defineConfig } from "vitest/config";
import web from "./vitest.config.ts";

// The web tests that replace modules with vi.mock (*.isolated.test.*): each file gets its own
// module graph, so the mock is in place before anything imports the real module. (Spread, not
// mergeConfig: that would add to the web project's include instead of replacing it.)
export default defineConfig({
  ...web,
  test: {
    ...web.test,
    name: "web:isolated",
    include: ["src/**/*.isolated.test.{ts,tsx}"],
    exclude: [],
    isolate: true,
  },
});
