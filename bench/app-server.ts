// The built server of the app, started for the benchmarks on its own port and data folder, with the
// demo data, on PGlite or (given `databaseUrl`) PostgreSQL, and with a JWT secret the benchmark knows.
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { TokenPair } from "@nadoy/contract/users";
import { startProcess, stopProcess } from "./processes.ts";

const serverMain = fileURLToPath(new URL("../apps/server/dist/main.js", import.meta.url));

export interface AppServer {
  url: string;
  /** The server's process id (its CPU per request is read from /proc). */
  pid: number | undefined;
  /** The JWT_SECRET the app signs with (signAccessToken). */
  jwtSecret: string;
  /** Signs a demo user in and returns the token pair. */
  signIn(username: string): Promise<TokenPair>;
  stop(): Promise<void>;
}

export interface AppOptions {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  env?: Record<string, string>;
}

export async function startApp(options: AppOptions): Promise<AppServer> {
  const jwtSecret = randomBytes(48).toString("base64url");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    JWT_SECRET: jwtSecret,
    NADOY_DEMO: "1",
    LOG_LEVEL: "warn",
    ...options.env,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const child = await startProcess(process.execPath, [serverMain], env, /Надой запущен/);
  const url = `http://127.0.0.1:${options.port}`;
  return {
    url,
    pid: child.pid,
    jwtSecret,
    async signIn(username) {
      const login = await fetch(`${url}/api/users/token/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password: "nadoy-demo" }),
      });
      if (!login.ok) throw new Error(`sign-in of ${username} failed: ${login.status}`);
      return (await login.json()) as TokenPair;
    },
    stop: () => stopProcess(child),
  };
}
