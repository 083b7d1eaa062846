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
    },
  };
}
