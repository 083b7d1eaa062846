import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { Redis } from "ioredis";
import { buildApp } from "../src/app.ts";
import { type Config, configSchema } from "../src/config.ts";
import type { Database } from "../src/db/client.ts";
import { resetDatabase, testDbKind, workerDatabase } from "./test-database.ts";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The app's Redis client, on the PostgreSQL + Redis run. */
  redis: Redis | undefined;
  /**
   * Sends a JSON request; `token` becomes the bearer header. Each request comes from an address of
   * its own unless `remoteAddress` names one, so per-address limits only meet the tests that aim at them.
   */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let addresses = 0;

/** A client address no other request of this worker has used (10.0.0.1, 10.0.0.2, ...). */
export function nextAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** Redis for the apps of this run: only on the PostgreSQL run, and only when REDIS_URL is set. */
export const testRedisUrl = testDbKind === "postgres" ? process.env.REDIS_URL : undefined;

export interface TestAppOptions {
  /** Several apps given the same secret and prefix act as instances of one deployment. */
  signingSecret?: string;
  redisPrefix?: string;
  /** Resets the database first (default); a second instance on the same database passes false. */
  reset?: boolean;
  /** The clock of the per-account sign-in slow-down and device cookies; tests move it forward. */
  now?: () => number;
}

/**
 * The real app on the worker's database. With REDIS_URL on the PostgreSQL run, counters and
 * realtime presence live in Redis under a prefix of this app's own, as they would across
 * instances. Socket heartbeats run only when a test calls `app.realtime.heartbeat()`.
 */
export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await workerDatabase();
  if (options.reset !== false) await resetDatabase(database);
  // Files the app keeps (herd uploads) go to a folder of this app's own, removed on close.
  const dataDir = env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), "nadoy-test-"));
  const config = configSchema.parse({
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://nadoy.test",
    ...(dataDir && { DATA_DIR: dataDir }),
    ...env,
  });
  const redis = testRedisUrl ? new Redis(testRedisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const app = await buildApp({
    config,
    database,
    version: "test",
    signingSecret: options.signingSecret ?? randomBytes(32).toString("hex"),
    redisPrefix: options.redisPrefix ?? `nadoy-test:${randomBytes(6).toString("hex")}:`,
    heartbeatMs: 0,
    ...(options.now && { now: options.now }),
    ...(redis && { redis }),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    redis,
    request({ token, headers, remoteAddress, ...rest }) {
      return app.inject({
        ...rest,
        remoteAddress: remoteAddress ?? nextAddress(),
        headers: { ...headers, ...(token && { authorization: `Bearer ${token}` }) },
      });
    },
    async close() {
      await app.close();
      redis?.disconnect();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
