// Request rates of our routes against a bare Fastify hello-world started in the same run on the same
// machine (the figure is the ratio, not the req/s): a public schema-checked route without SQL, the
// auth guard alone (verify_token: the caller from the per-token cache, no SQL), a public route with exactly
// one query (health), users/data and the notification poll in a closed loop; and, as a second
// baseline, one raw `select 1` through the bare driver.
import { fileURLToPath } from "node:url";
import type { AppServer } from "./app-server.ts";
import { burst, measureRate, type RateFigure } from "./measure.ts";
import { startProcess, stopProcess } from "./processes.ts";

const baselineMain = fileURLToPath(new URL("./baseline-server.ts", import.meta.url));

export interface Baselines {
  hello: RateFigure;
  rawQuery: RateFigure;
  /** ms until `submissions` concurrent POSTs to /echo were all answered (the feedback form's baseline). */
  echoBurstMs: number;
}

/** The bare Fastify baseline (and its raw driver query) on `databaseUrl` or an in-process PGlite. */
export async function measureBaselines(
  port: number,
  databaseUrl: string | undefined,
  submissions: number,
): Promise<Baselines> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const baseline = await startProcess(process.execPath, ["--import", "tsx", baselineMain], env, /listening/);
  try {
    const url = `http://127.0.0.1:${port}`;
    return {
      hello: await measureRate("bare Fastify GET / (hello-world)", { url: `${url}/`, pid: baseline.pid }),
      rawQuery: await measureRate("bare Fastify + driver `select 1`", { url: `${url}/db`, pid: baseline.pid }),
      echoBurstMs: await burst(`${url}/echo`, { warm: true }, 50).then(
        async () => (await burst(`${url}/echo`, { hello: "world" }, submissions)).ms,
      ),
    };
  } finally {
    await stopProcess(baseline);
  }
}

export interface ApiFigures {
  publicNoSql: RateFigure;
  verifyToken: RateFigure;
  health: RateFigure;
  usersData: RateFigure;
  notifications: RateFigure;
}

export async function measureApi(app: AppServer): Promise<ApiFigures> {
  const { access } = await app.signIn("admin");
  const auth = { authorization: `Bearer ${access}` };
  return {
    publicNoSql: await measureRate("GET /api/config/ (public, no SQL)", {
      url: `${app.url}/api/config/`,
      pid: app.pid,
    }),
    verifyToken: await measureRate("GET /api/users/verify_token/ (auth guard, cached caller)", {
      pid: app.pid,
      url: `${app.url}/api/users/verify_token/`,
      headers: auth,
    }),
    health: await measureRate("GET /api/health (public, one query)", { url: `${app.url}/api/health`, pid: app.pid }),
    usersData: await measureRate("GET /api/users/data/", {
      url: `${app.url}/api/users/data/`,
      headers: auth,
      pid: app.pid,
    }),
    notifications: await measureRate("POST /api/news/user_notifications/ (closed loop)", {
      pid: app.pid,
      url: `${app.url}/api/news/user_notifications/`,
      method: "POST",
      headers: auth,
      body: "{}",
    }),
  };
}
