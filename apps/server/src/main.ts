import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildApp } from "./app.ts";
import { ConfigError, demoEnabled, loadConfig, publicUrl } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "./db/seed/demo.ts";
import { ensureReferenceData } from "./db/seed/reference.ts";
import { demoHerdProgressText, seedDemoHerds } from "./features/herd/demo-herd/seed-demo-herds.ts";
import { herdToday } from "./features/herd/herd-today.ts";
import { startDemoTopUps } from "./features/monitoring/demo-site/demo-top-ups.ts";
import { seedDemoMonitoring } from "./features/monitoring/demo-site/seed-demo-site.ts";
import { ensureReadingPartitions } from "./features/monitoring/partitions.ts";
import { readingsHints } from "./features/monitoring/readings-hint.ts";
import { dropExpiredReadings } from "./features/monitoring/retention.ts";
import { serverRoot, webDistFolder } from "./paths.ts";
import { loadSigningSecret } from "./platform/auth/secret.ts";
import { connectRedis } from "./platform/redis.ts";
import { rebuildPendingRollups } from "./platform/rollups-rebuild.ts";

/** config → database → migrations → reference and demo data (the demo herds too) → listen. */
async function main(): Promise<void> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const config = loadConfig();
  const version = (JSON.parse(readFileSync(join(serverRoot, "package.json"), "utf8")) as { version: string }).version;
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  // The monitoring readings' partitions of this month and the next ones (a server runs for months).
  await ensureReadingPartitions(database.db);
  if (config.MONITORING_RETENTION_MONTHS) {
    const dropped = await dropExpiredReadings(database.db, config.MONITORING_RETENTION_MONTHS);
    if (dropped.length > 0) console.log(`Мониторинг: удалены показания старше срока хранения (${dropped.join(", ")})`);
  }
  await ensureReferenceData(database.db);
  // Rollups a migration changed the rule of are computed again before any batch merges into them.
  for (const id of await rebuildPendingRollups(database.db)) console.log(`Итоги мониторинга пересчитаны: база ${id}`);
  const seeded = demoEnabled(config) ? await seedDemo(database.db) : false;
  // The demo herds go in on the first start (or into a demo herd database found empty), printing progress.
  if (demoEnabled(config)) {
    await seedDemoHerds(database.db, { today: herdToday(), onProgress: (p) => console.log(demoHerdProgressText(p)) });
  }
  // The demo monitoring site behind the staff's demo pages (a database of its own, in no client's
  // company), and the demo company's monitoring database where demo data made one: their last two
  // weeks on the first start, topped up later.
  for (const line of await seedDemoMonitoring(database.db)) console.log(line);
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL) : undefined;

  const app = await buildApp({
    config,
    database,
    version,
    signingSecret: loadSigningSecret(config.JWT_SECRET, config.DATA_DIR),
    webDist: webDistFolder,
    ...(redis && { redis }),
  });
  // The demo monitoring sites go on every quarter hour while the server runs, their open pages told.
  const stopTopUps = startDemoTopUps(database.db, readingsHints(database.db, app.realtime), (error) =>
    app.log.warn({ err: error }, "demo monitoring: top-up failed"),
  );
  const shutdown = async () => {
    stopTopUps();
    await app.close();
    await database.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);

  await app.listen({ port: config.PORT, host: config.HOST });
  const lines = [
    "",
    `Надой запущен: ${publicUrl(config)}  (база: ${database.kind === "pglite" ? `встроенная PGlite в ${config.DATA_DIR}` : "PostgreSQL"}${redis ? ", Redis" : ""})`,
  ];
  if (demoEnabled(config)) {
    lines.push(seeded ? "Созданы демо-данные. Демо-входы:" : "Демо-входы:");
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.username.padEnd(8)} / ${DEMO_PASSWORD}   — ${a.description}`);
  }
  console.log(`${lines.join("\n")}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
