// Issue 16, item 13: Largest Contentful Paint of /login, / (signed in as the demo admin) and the public
// feedback form, on a rural link: Chromium's Slow 4G (1.6 Mbps down, 750 kbps up, 150 ms RTT) and a
// 4× slower CPU, cold cache (a fresh browser context per run), the median of 3 runs. LCP is read with
// a buffered PerformanceObserver once the page has loaded and the network is idle (no request for 2 s).
//   npx tsx bench/lcp.bench.ts            (alone, on PGlite; LCP_WATERFALL=1 prints each request)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { type AppServer, startApp } from "./app-server.ts";
import { FORM_LINK } from "./feedback-form.bench.ts";
import { ports } from "./options.ts";

/** "Network idle": no request in flight for this long (Playwright's 500 ms passes in CPU-bound gaps). */
const QUIET_MS = 2000;

/** Chromium DevTools' "Slow 4G" preset, in bytes per second. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
const CPU_SLOWDOWN = 4;
const RUNS = 3;

export interface LcpFigure {
  page: string;
  /** The median of the runs, ms after navigation start. */
  ms: number;
  runs: number[];
  /** The LCP element of the median run (tag and start of its text), to see what is measured. */
  element: string;
  /** ms until the page's ready element (login button, greeting, send button) was there, median run. */
  readyMs: number;
}

const waterfall = process.env.LCP_WATERFALL === "1";

async function lcpOnce(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<void>,
  storage: Record<string, string>,
) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript((items) => {
      const { localStorage } = globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } };
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, storage);
    await page.addInitScript(() => {
      // (This runs in the page; the bench's own types have no DOM.)
      type Candidate = { element?: { tagName: string; className: string; textContent: string | null } | null };
      const noted: string[] = [];
      (globalThis as unknown as { __lcpElements: string[] }).__lcpElements = noted;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Candidate[]) {
          const e = entry.element;
          noted.push(
            e
              ? `${e.tagName.toLowerCase()}${e.className ? `.${String(e.className).split(" ")[0]}` : ""} «${(e.textContent ?? "").trim().slice(0, 30)}»`
              : "?",
          );
        }
      }).observe({ type: "largest-contentful-paint" as "mark", buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const started = Date.now();
    if (waterfall) {
      page.on("requestfinished", async (request) => {
        const timing = request.timing();
        const sizes = await request.sizes().catch(() => undefined);
        console.log(
          `    ${String(Math.round(timing.startTime - started)).padStart(5)} → ${String(Math.round(timing.startTime - started + timing.responseEnd)).padStart(5)} ms ` +
            `${String(sizes ? Math.round(sizes.responseBodySize / 102.4) / 10 : "?").padStart(6)} KB  ${request.url().replace(/^https?:\/\/[^/]+/, "")}`,
        );
      });
    }
    // Requests in flight, and when the last one ended: "network idle" below means none for 2 s.
    // (Playwright's own networkidle, 500 ms, passes in the CPU-bound gaps of a 4× slower CPU,
    // before the news and its images were even asked for.)
    const quiet = networkQuiet(page, QUIET_MS, 30_000);
    await page.goto(url, { waitUntil: "load" });
    await ready(page);
    // When the ready element was found (Playwright polls: a bound within a few tens of ms).
    const readyMs = await page.evaluate(() => performance.now());
    await quiet;
    // The LCP read after load and network idle (buffered: every candidate since navigation); the
    // element of each candidate was noted as it came (init script below): the boot screen's is
    // gone from the page by now.
    const lcp = await page.evaluate(
      () =>
        new Promise<{ ms: number; element: string; all: string[] }>((resolve) => {
          type LcpEntry = { startTime: number; size: number };
          const noted = (globalThis as unknown as { __lcpElements: string[] }).__lcpElements;
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as unknown as LcpEntry[];
            const last = entries.at(-1);
            resolve({
              ms: last ? last.startTime : Number.NaN,
              element: noted.at(-1) ?? "?",
              all: entries.map((e, i) => `${Math.round(e.startTime)} ms ${e.size} px² ${noted[i] ?? "?"}`),
            });
            // Node's entry types (the bench's types) do not name the browser's LCP.
          }).observe({ type: "largest-contentful-paint" as "mark", buffered: true });
        }),
    );
    if (waterfall) for (const line of lcp.all) console.log(`    LCP candidate ${line}`);
    return { ms: lcp.ms, element: lcp.element, readyMs };
  } finally {
    await context.close();
  }
}

async function measurePage(
  browser: Browser,
  name: string,
  url: string,
  ready: (page: Page) => Promise<void>,
  storage: Record<string, string> = {},
): Promise<LcpFigure> {
  const results: { ms: number; element: string; readyMs: number }[] = [];
  for (let i = 0; i < RUNS; i++) results.push(await lcpOnce(browser, url, ready, storage));
  const sorted = [...results].sort((a, b) => a.ms - b.ms);
  const median = sorted[Math.floor(sorted.length / 2)] as (typeof results)[number];
  return {
    page: name,
    ms: median.ms,
    runs: results.map((r) => Math.round(r.ms)),
    element: median.element,
    readyMs: median.readyMs,
  };
}

export interface LcpFigures {
  login: LcpFigure;
  home: LcpFigure;
  form: LcpFigure;
}

export async function measureLcp(app: AppServer): Promise<LcpFigures> {
  const tokens = await app.signIn("admin");
  const verify = await fetch(`${app.url}/api/users/verify_token/`, {
    headers: { authorization: `Bearer ${tokens.access}` },
  });
  const { user_id } = (await verify.json()) as { user_id: number };
  const browser = await chromium.launch({
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
  });
  try {
    return {
      login: await measurePage(browser, "/login", `${app.url}/login`, (page) =>
        page.getByRole("button", { name: /Войти/ }).waitFor(),
      ),
      home: await measurePage(
        browser,
        "/",
        `${app.url}/`,
        // The app's greeting (#root), not the first view's over the boot screen.
        (page) =>
          page
            .locator("#root")
            .getByRole("heading", { name: /Здравствуйте/ })
            .waitFor(),
        { access: tokens.access, refresh: tokens.refresh, username: "admin", user_id: String(user_id) },
      ),
      form: await measurePage(browser, "/form/:uuid", `${app.url}/form/${FORM_LINK}`, (page) =>
        page.getByRole("button", { name: "Отправить" }).waitFor(),
      ),
    };
  } finally {
    await browser.close();
  }
}

export function describeLcp(f: LcpFigure): string {
  return (
    `${f.page.padEnd(12)} ${String(Math.round(f.ms)).padStart(5)} ms (runs ${f.runs.join(", ")}; ${f.element}); ` +
    `ready element at ${Math.round(f.readyMs)} ms`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = mkdtempSync(join(tmpdir(), "nadoy-lcp-"));
  const app = await startApp({ port: ports.pages, dataDir, databaseUrl: process.env.DATABASE_URL || undefined });
  try {
    const figures = await measureLcp(app);
    for (const f of Object.values(figures)) console.log(`LCP ${describeLcp(f)}`);
    console.log(
      JSON.stringify({
        lcp_slow4g_login_ms: Math.round(figures.login.ms),
        lcp_slow4g_home_ms: Math.round(figures.home.ms),
        lcp_slow4g_form_ms: Math.round(figures.form.ms),
      }),
    );
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Resolves once no request has been in flight for `quietMs` (or after `giveUpMs`): armed when a
 * request ends with none left, disarmed when one starts — driven by the page's request events.
 */
function networkQuiet(page: Page, quietMs: number, giveUpMs: number): Promise<void> {
  return new Promise((resolve) => {
    let inFlight = 0;
    let quietTimer: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(quietTimer);
      clearTimeout(giveUp);
      resolve();
    };
    const giveUp = setTimeout(done, giveUpMs);
    const arm = () => {
      clearTimeout(quietTimer);
      if (inFlight === 0) quietTimer = setTimeout(done, quietMs);
    };
    page.on("request", () => {
      inFlight++;
      clearTimeout(quietTimer);
    });
    const ended = () => {
      inFlight--;
      arm();
    };
    page.on("requestfinished", ended);
    page.on("requestfailed", ended);
    arm();
  });
}
