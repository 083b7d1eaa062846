// GET /api/users/data/ with a bearer token against a bare Fastify hello-world, both started in
// this run on the same machine: the figure that matters is the ratio, not the absolute req/s.
// With BENCH_DATABASE_URL (a PostgreSQL server) the same route is also measured on PostgreSQL.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { startProcess, stopProcess } from "./processes.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const serverMain = fileURLToPath(new URL("../apps/server/dist/main.js", import.meta.url));
const baselineMain = fileURLToPath(new URL("./baseline-server.ts", import.meta.url));

interface Figure {
  title: string;
  rps: number;
  p99: number;
}

async function measure(title: string, url: string, headers: Record<string, string> = {}): Promise<Figure> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { title, rps: result.requests.average, p99: result.latency.p99 };
}

async function freshPostgres(url: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query("drop database if exists nadoy_bench with (force)");
  await admin.query("create database nadoy_bench");
  await admin.end();
  const target = new URL(url);
  target.pathname = "/nadoy_bench";
  return target.toString();
}

/** Starts the built server, signs in as the demo admin, measures users/data, stops it. */
async function measureApp(title: string, port: number, extraEnv: Record<string, string>): Promise<Figure> {
  const dataDir = mkdtempSync(join(tmpdir(), "nadoy-bench-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NADOY_DEMO: "1",
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const app = await startProcess(process.execPath, [serverMain], { ...env, ...extraEnv }, /Надой запущен/);
  try {
    const login = await fetch(`http://127.0.0.1:${port}/api/users/token/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: "nadoy-demo" }),
    });
    const { access } = (await login.json()) as { access: string };
    return await measure(title, `http://127.0.0.1:${port}/api/users/data/`, { authorization: `Bearer ${access}` });
  } finally {
    await stopProcess(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const basePort = 18_181;
const baseline = await startProcess(
  process.execPath,
  ["--import", "tsx", baselineMain],
  { ...process.env, PORT: String(basePort) },
  /listening/,
);
let base: Figure;
try {
  base = await measure("bare Fastify GET /", `http://127.0.0.1:${basePort}/`);
} finally {
  await stopProcess(baseline);
}

const figures = [base, await measureApp("GET /api/users/data/ (PGlite)", 18_182, {})];
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl)
  figures.push(
    await measureApp("GET /api/users/data/ (PostgreSQL)", 18_183, { DATABASE_URL: await freshPostgres(pgUrl) }),
  );

console.log(`\nusers/data vs bare Fastify — ${connections} connections, ${seconds} s each`);
for (const f of figures) {
  const ratio = f === base ? "" : `   ratio to baseline ${(f.rps / base.rps).toFixed(4)}`;
  console.log(
    `  ${f.title.padEnd(36)} ${f.rps.toFixed(0).padStart(7)} req/s   p99 ${String(f.p99).padStart(4)} ms${ratio}`,
  );
}
