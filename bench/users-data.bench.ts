// GET /api/users/data/ with a bearer token against a bare Fastify hello-world, both started in
// this run on the same machine: the figure that matters is the ratio, not the absolute req/s.
// With BENCH_DATABASE_URL (a PostgreSQL server) the same route is also measured on PostgreSQL.
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { freshPostgres, startApp } from "./app-server.ts";
import { startProcess, stopProcess } from "./processes.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
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

/** Starts the built server, signs in as the demo admin, measures users/data, stops it. */
async function measureApp(title: string, port: number, extraEnv: Record<string, string>): Promise<Figure> {
  const app = await startApp(port, extraEnv);
  try {
    const access = await app.signIn("admin");
    return await measure(title, `${app.url}/api/users/data/`, { authorization: `Bearer ${access}` });
  } finally {
    await app.stop();
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
