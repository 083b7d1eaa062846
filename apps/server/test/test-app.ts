import { randomBytes } from "node:crypto";
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
  /** Sends a JSON request; `token` becomes the bearer header. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The real app on the worker's database. With REDIS_URL on the PostgreSQL run, counters live in
 * Redis under a prefix of this app's own, as they would across instances.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await workerDatabase();
  await resetDatabase(database);
  const config = configSchema.parse({ LOG_LEVEL: "silent", PUBLIC_URL: "http://nadoy.test", ...env });
  const redis =
    testDbKind === "postgres" && process.env.REDIS_URL
      ? new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 2 })
      : undefined;
  const app = await buildApp({
    config,
    database,
    version: "test",
    signingSecret: randomBytes(32).toString("hex"),
    redisPrefix: `nadoy-test:${randomBytes(6).toString("hex")}:`,
    ...(redis && { redis }),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    request({ token, headers, ...rest }) {
      return app.inject({ ...rest, headers: { ...headers, ...(token && { authorization: `Bearer ${token}` }) } });
    },
    async close() {
      await app.close();
      redis?.disconnect();
    },
  };
}
