// The built server for the end-to-end run: a fresh embedded database with demo data and the e2e
// accounts (seed-fixtures.ts) on its own port.
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dataDir = fileURLToPath(new URL("./.data-e2e", import.meta.url));
rmSync(dataDir, { recursive: true, force: true });

const env = {
  ...process.env,
  DATA_DIR: dataDir,
  NADOY_DEMO: "1",
  PORT: process.env.E2E_PORT ?? "8097",
  LOG_LEVEL: "warn",
};
// Always the embedded database here: the integration tests cover PostgreSQL and Redis.
delete env.DATABASE_URL;
delete env.REDIS_URL;

const seed = spawnSync(
  process.execPath,
  ["--import", "tsx", fileURLToPath(new URL("./seed-fixtures.ts", import.meta.url)), dataDir],
  { cwd: import.meta.dirname, env, stdio: "inherit" },
);
if (seed.status !== 0) {
  console.error("e2e: seeding the data folder failed");
  process.exit(seed.status ?? 1);
}

const server = spawn(process.execPath, [fileURLToPath(new URL("../apps/server/dist/main.js", import.meta.url))], {
  env,
  stdio: "inherit",
});
const stop = () => server.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => process.exit(code ?? 0));
