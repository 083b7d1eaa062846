// The built server of the app, started for one benchmark on its own port and data folder, with
// the demo data; optionally on PostgreSQL (a fresh database per run).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { startProcess, stopProcess } from "./processes.ts";

const serverMain = fileURLToPath(new URL("../apps/server/dist/main.js", import.meta.url));

export interface AppServer {
  url: string;
  /** Signs a demo user in and returns the access token. */
  signIn(username: string): Promise<string>;
  stop(): Promise<void>;
}

/** A fresh, empty database `nadoy_bench` on the PostgreSQL server at `url`; its URL. */
export async function freshPostgres(url: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query("drop database if exists nadoy_bench with (force)");
  await admin.query("create database nadoy_bench");
  await admin.end();
  const target = new URL(url);
  target.pathname = "/nadoy_bench";
  return target.toString();
}

export async function startApp(port: number, extraEnv: Record<string, string> = {}): Promise<AppServer> {
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
  const child = await startProcess(process.execPath, [serverMain], { ...env, ...extraEnv }, /Надой запущен/);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    async signIn(username) {
      const login = await fetch(`${url}/api/users/token/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password: "nadoy-demo" }),
      });
      if (!login.ok) throw new Error(`sign-in of ${username} failed: ${login.status}`);
      return ((await login.json()) as { access: string }).access;
    },
    async stop() {
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
