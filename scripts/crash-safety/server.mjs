// Starts the built server (apps/server/dist/main.js) on a database, waits for /api/health, kills it
// with SIGKILL. Its output is drained into a short tail that is shown when something goes wrong.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

export const serverMain = fileURLToPath(new URL("../../apps/server/dist/main.js", import.meta.url));

/** A port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Variables the server reads (config.ts): none leak in from the caller's environment. */
const SERVER_VARIABLES = [
  "PORT",
  "HOST",
  "DATA_DIR",
  "DATABASE_URL",
  "REDIS_URL",
  "NADOY_DEMO",
  "PUBLIC_URL",
  "JWT_SECRET",
  "ACCESS_TOKEN_TTL_SECONDS",
  "REFRESH_TOKEN_TTL_SECONDS",
  "SMTP_URL",
  "TRUST_PROXY",
  "LOG_LEVEL",
  "BOARD_SOCKET_HOST",
  "YANDEX_METRIKA_ID",
];

export function serverEnvironment({ databaseUrl, port, dataDir, jwtSecret }) {
  const env = { ...process.env };
  for (const name of SERVER_VARIABLES) delete env[name];
  return {
    ...env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    // Demo data on the first start: users, the feedback form, chats and a board to write to.
    NADOY_DEMO: "1",
    JWT_SECRET: jwtSecret,
    ACCESS_TOKEN_TTL_SECONDS: "86400",
    // The public form allows 20 sends a minute per address: each send names an address of its own.
    TRUST_PROXY: "1",
    // Info, not warn: Fastify's "Server listening" line is what waitHealthy awaits.
    LOG_LEVEL: "info",
  };
}

/** One run of the server process. `cwd` is a scratch folder, so that no .env of the checkout is read. */
export function startServer({ env, cwd }) {
  if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: run \`npm run build\` first`);
  const child = spawn(process.execPath, [serverMain], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  const tail = [];
  let announce = () => {};
  const listening = new Promise((resolve) => {
    announce = resolve;
  });
  const keep = (chunk) => {
    tail.push(chunk.toString());
    while (tail.length > 40) tail.shift();
    // The line may arrive split over two chunks: look at the last two together.
    if (tail.slice(-2).join("").includes("Server listening at")) announce();
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return {
    child,
    exited,
    /** Resolves once Fastify logs that it listens. */
    listening,
    output: () => tail.join(""),
    /** SIGKILL, then wait until the process is gone. */
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/**
 * Waits for the server's "listening" line, then checks /api/health once: 200 on PostgreSQL. Fails
 * when the process ends first or after `timeoutMs`.
 */
export async function waitHealthy(server, baseUrl, timeoutMs = 60_000) {
  let timer;
  const timedOut = new Promise((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  const outcome = await Promise.race([
    server.listening.then(() => "listening"),
    server.exited.then(() => "exited"),
    timedOut,
  ]);
  clearTimeout(timer);
  if (outcome === "exited") throw new Error(`the server exited while starting:\n${server.output()}`);
  if (outcome === "timeout") {
    throw new Error(`the server did not start in ${timeoutMs / 1000} s:\n${server.output()}`);
  }
  const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`/api/health answered ${res.status}:\n${server.output()}`);
  const body = await res.json();
  if (body.db !== "postgres") throw new Error(`the server runs on ${body.db}, not PostgreSQL`);
}
