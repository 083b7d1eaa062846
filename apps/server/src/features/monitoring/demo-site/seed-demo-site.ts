import { and, eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client.ts";
import { monitoringSites, userDatabases } from "../../../db/schema/index.ts";
import { DEMO_MONITORING_SERVER, DEMO_MONITORING_SITE } from "../../../db/seed/business.ts";
import { rebuildRollups } from "../../../platform/rollups-rebuild.ts";
import { ingestReadings } from "../ingest.ts";
import { siteHerd } from "../power-averages.repository.ts";
import type { ReadingsArrived } from "../readings-hint.ts";
import { ensureDemoSiteDatabase } from "./demo-database.ts";
import { DEMO_SITE_PARAMS, type DemoSiteParams, demoSiteParamsFor } from "./demo-site-params.ts";
import { demoReadings, demoSiteModel } from "./generate-demo-site.ts";
import { loadDemoSite } from "./load-demo-site.ts";

// A generated monitoring site in a monitoring database: loaded on the first start with the last
// DEMO_SITE_DAYS days, and topped up to now on every later start and every 15 minutes while the
// server runs (demo-top-ups.ts), so that «today» and «24 h» never open empty and an open page moves
// on. The generator is deterministic from its first step, so a top-up replays it from the site's
// first reading and sends only what is newer than its last: the meters' registers go on from where
// they stopped. Two databases get one: the staff's demo pages' own (demo-database.ts), and, with
// demo data, the demo company's real monitoring database (a farm of its own, another seed, its
// loads for the herd its kWh per cow is divided by).
export const DEMO_SITE_SEED = 1;
export const DEMO_SITE_DAYS = 14;
const STEP_MINUTES = 15;
const STEP_MS = STEP_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** The demo company's farm: the same generator, its own name and draws, so it is not the demo's twin. */
const DEMO_COMPANY_SITE_SEED = 2;
/**
 * The farm's herd is taken to this many cows: a few cows more or less (a calving, an upload) leave
 * the loads as they were, and the site is not generated anew for them (see `regenerated`).
 */
const HERD_ROUNDING = 50;

/** Which site: the generator's parameters (the site's name, zone and herd among them) and its seed. */
export interface DemoSiteOptions {
  params?: DemoSiteParams;
  seed?: number;
  /** Told of the database when a top-up added readings: its open pages refetch (readings-hint.ts). */
  arrived?: ReadingsArrived;
}

/**
 * What a call did. «regenerated»: the stored readings are not the generator's with these
 * parameters (the farm's herd changed, or the figures were tuned since): a top-up would have made
 * the registers jump, so the site was made again with the last days.
 */
export type DemoSiteProgress = {
  state: "loaded" | "regenerated" | "topped-up" | "current";
  rows: number;
  ms: number;
};

/** The first step at or after `ms` on the generator's 15-minute grid (UTC quarter hours). */
const onGrid = (ms: number) => Math.ceil(ms / STEP_MS) * STEP_MS;

export async function seedDemoSite(
  db: Db,
  databaseId: number,
  now = Date.now(),
  days = DEMO_SITE_DAYS,
  options: DemoSiteOptions = {},
): Promise<DemoSiteProgress> {
  const progress = await fillDemoSite(db, databaseId, now, days, options);
  if (progress.rows > 0) options.arrived?.(databaseId);
  return progress;
}

async function fillDemoSite(
  db: Db,
  databaseId: number,
  now: number,
  days: number,
  { params = DEMO_SITE_PARAMS, seed = DEMO_SITE_SEED }: DemoSiteOptions,
): Promise<DemoSiteProgress> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const to = onGrid(now);
  const load = async () =>
    (
      await loadDemoSite(db, databaseId, {
        seed,
        params,
        from: to - days * DAY_MS,
        to,
        stepMinutes: STEP_MINUTES,
        batchSize: 20_000,
        bulk: true,
      })
    ).rows;
  const [site] = await db
    .select({ id: monitoringSites.id })
    .from(monitoringSites)
    .where(and(eq(monitoringSites.databaseId, databaseId), eq(monitoringSites.name, params.site.name)));
  if (!site) return { state: "loaded", rows: await load(), ms: took() };
  const [span] = await queryRows<{ first: string | null; last: string | null }>(
    db,
    sql`select min(r.ts)::text as first, max(r.ts)::text as last from monitoring_readings r
        join monitoring_series s on s.database_id = r.database_id and s.id = r.series_id
        where r.database_id = ${databaseId}::int and s.site_id = ${site.id}::bigint`,
  );
  if (!span?.first || !span.last) return { state: "current", rows: 0, ms: took() };
  const last = Date.parse(span.last);
  if (last + STEP_MS >= to) return { state: "current", rows: 0, ms: took() };
  // The site's series were inserted in the model's order (load-demo-site.ts): ids ascend with it.
  const ids = await queryRows<{ id: number }>(
    db,
    sql`select id::int from monitoring_series where database_id = ${databaseId}::int and site_id = ${site.id}::bigint
        order by id`,
  );
  const model = demoSiteModel(params);
  if (ids.length !== model.series.length) return { state: "current", rows: 0, ms: took() };
  const keys = new Map(model.series.map((s, i) => [s.key, ids[i]?.id as number]));
  // The input register's last stored reading: the replay must come to it, or it is another site's.
  const [stored] = await queryRows<{ ts: string; value: number }>(
    db,
    sql`select ts::text, value from monitoring_readings
        where database_id = ${databaseId}::int and series_id = ${keys.get("input.energy") ?? 0}::bigint
        order by ts desc limit 1`,
  );
  const storedAt = stored ? Date.parse(stored.ts) : Number.NaN;
  // A long gap (a server that was off) goes in bulk with its rollups built in one pass; a quarter
  // hour's step takes ingestion's own path, which keeps only its buckets current.
  const bulk = to - last > DAY_MS;
  let batch: unknown[] = [];
  let rows = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const result = await ingestReadings(db, databaseId, batch, to, { deferRollups: bulk });
    rows += result.accepted;
    batch = [];
  };
  let same = false;
  for (const reading of demoReadings({
    seed,
    params,
    from: Date.parse(span.first),
    to,
    stepMinutes: STEP_MINUTES,
  })) {
    const at = Date.parse(reading.ts);
    if (at <= last) {
      if (at === storedAt && reading.series === "input.energy") same = reading.value === stored?.value;
      continue;
    }
    if (!same) {
      // Readings before `last` come first: nothing of this top-up is written yet.
      await db
        .delete(monitoringSites)
        .where(and(eq(monitoringSites.databaseId, databaseId), eq(monitoringSites.id, site.id)));
      return { state: "regenerated", rows: await load(), ms: took() };
    }
    const id = keys.get(reading.series);
    if (id === undefined) continue;
    batch.push(
      reading.state !== undefined
        ? { series_id: id, ts: reading.ts, state: reading.state }
        : { series_id: id, ts: reading.ts, value: reading.value },
    );
    if (batch.length >= 20_000) await flush();
  }
  await flush();
  if (bulk) await rebuildRollups(db, databaseId, [...keys.values()]);
  return { state: "topped-up", rows, ms: took() };
}

/** A line of the start's output (Russian, as the rest of it). */
export function demoSiteProgressText(name: string, p: DemoSiteProgress): string {
  const rows = p.rows.toLocaleString("ru-RU");
  const seconds = (p.ms / 1000).toLocaleString("ru-RU", { maximumFractionDigits: 1 });
  if (p.state === "loaded") return `Демо-мониторинг — ${name}: загружено показаний ${rows} за ${seconds} с`;
  if (p.state === "regenerated") {
    return `Демо-мониторинг — ${name}: данные площадки не совпали с генератором (стадо или параметры изменились) — сгенерированы заново, показаний ${rows}`;
  }
  if (p.state === "topped-up") return `Демо-мониторинг — ${name}: дополнено до текущего момента, показаний ${rows}`;
  return `Демо-мониторинг — ${name}: уже загружено`;
}

/**
 * The parameters of the demo company's farm: the demo site's, its loads for the herd the farm's kWh
 * per cow is divided by (siteHerd, as «Средние за период» divides), to HERD_ROUNDING; without one
 * (no herd loaded yet), the demo site's 400 cows.
 */
async function companySiteParams(db: Db, databaseId: number): Promise<DemoSiteParams> {
  const { cows } = await siteHerd(db, databaseId);
  const herd =
    cows === null ? DEMO_SITE_PARAMS.cows : Math.max(HERD_ROUNDING, Math.round(cows / HERD_ROUNDING) * HERD_ROUNDING);
  return demoSiteParamsFor(DEMO_MONITORING_SITE, herd);
}

/**
 * What a start loads (main.ts), and each later top-up (demo-top-ups.ts): the demo pages' own
 * database, made if missing, and the demo company's monitoring database where demo data made one.
 * Answers the output lines.
 */
export async function seedDemoMonitoring(
  db: Db,
  now = Date.now(),
  days = DEMO_SITE_DAYS,
  arrived?: ReadingsArrived,
): Promise<string[]> {
  const demo = await ensureDemoSiteDatabase(db);
  const lines = [
    demoSiteProgressText(demo.name, await seedDemoSite(db, demo.id, now, days, arrived ? { arrived } : {})),
  ];
  const companies = await db
    .select({ id: userDatabases.id, name: userDatabases.name })
    .from(userDatabases)
    .where(and(eq(userDatabases.kind, "monitoring"), eq(userDatabases.server, DEMO_MONITORING_SERVER)))
    .orderBy(userDatabases.id);
  for (const database of companies) {
    const params = await companySiteParams(db, database.id);
    const progress = await seedDemoSite(db, database.id, now, days, {
      params,
      seed: DEMO_COMPANY_SITE_SEED,
      ...(arrived && { arrived }),
    });
    lines.push(demoSiteProgressText(database.name, progress));
  }
  return lines;
}
