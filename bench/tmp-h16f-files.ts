import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { startApp } from "./app-server.ts";

const dataDir = mkdtempSync(join(tmpdir(), "nadoy-pages-"));
const app = await startApp({ port: 18_183, dataDir, databaseUrl: undefined });
try {
  const tokens = await app.signIn("admin");
  const verify = await fetch(`${app.url}/api/users/verify_token/`, { headers: { authorization: `Bearer ${tokens.access}` } });
  const { user_id } = (await verify.json()) as { user_id: number };
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
  const page = await browser.newPage();
  await page.addInitScript((items) => {
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
  }, { access: tokens.access, refresh: tokens.refresh, username: "admin", user_id: String(user_id) });
  const bodies: Promise<[string, number]>[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script")
      bodies.push(r.body().then((b) => [r.url().split("/").pop() ?? "", gzipSync(b, { level: 9 }).length]));
  });
  await page.goto(`${app.url}/`);
  await page.getByRole("heading", { name: /Здравствуйте/ }).waitFor();
  await page.waitForLoadState("networkidle");
  for (const [name, n] of (await Promise.all(bodies)).sort()) console.log(name.replace(/-[\w-]{8}\.js$/, ""), (n / 1024).toFixed(2));
  await browser.close();
} finally {
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
