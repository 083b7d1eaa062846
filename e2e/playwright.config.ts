import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 8097);

export default defineConfig({
  testDir: "./specs",
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  // No retries, and a test that passes only on a retry (should one be allowed again) fails the
  // run: flakiness is fixed at its cause, never hidden (scripts/test.mjs names such tests too).
  retries: 0,
  failOnFlakyTests: true,
  // Generous: several specs drive two signed-in browsers, and a loaded two-core CI machine has
  // been seen running them three times slower than an idle one. A broken flow still fails.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json"]],
  outputDir: "./test-results",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "ru-RU",
    // The app turns antd's motion off for it (app/providers.tsx): no click lands on a dialog,
    // drawer or menu still moving in, however loaded the machine is.
    reducedMotion: "reduce",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  // The specs run on a desktop screen; phone.spec.ts walks the pages on a 390 × 844 phone by touch.
  projects: [
    { name: "desktop", testIgnore: /phone\.spec\.ts$/, use: { viewport: { width: 1280, height: 720 } } },
    {
      name: "phone",
      testMatch: /phone\.spec\.ts$/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: {
    command: "node start-server.mjs",
    cwd: import.meta.dirname,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // Seeding a fresh embedded database has been seen taking over a minute on a loaded machine.
    timeout: 180_000,
    env: { E2E_PORT: String(port) },
  },
});
