import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";

const serverMain = fileURLToPath(new URL("../../apps/server/dist/main.js", import.meta.url));

test("the started server reports the embedded database", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ status: "ok", db: "pglite" });
});

test("a bad configuration value stops the start with a message naming the variable", () => {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: "not-a-port", DATA_DIR: "/tmp/nadoy-bad-config" };
  delete env.DATABASE_URL;
  const result = spawnSync(process.execPath, [serverMain], { env, encoding: "utf8", timeout: 20_000 });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("Ошибка конфигурации");
  expect(result.stderr).toContain("PORT");
});
