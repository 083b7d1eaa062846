import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { herdAnimals, userDatabases } from "../../../db/schema/index.ts";
import { DEMO_HERD_SERVER } from "../../../db/seed/business.ts";
import { type DemoHerdCounts, loadDemoHerd } from "./load-demo-herd.ts";

/**
 * What each demo herd database gets (db/seed/business.ts), by its dbName: a seed of its own, and
 * sizes that keep the first start on PGlite within its budget (all four ≈ 2.25 × the default herd,
 * about 8 s here). The archive ends where its name says; the others end today.
 */
export const DEMO_HERD_PLAN: Record<string, { seed: number; scale: number; today?: string; years?: number }> = {
  herd_main: { seed: 1, scale: 1 },
  herd_sysert: { seed: 2, scale: 0.4 },
  herd_sibniva: { seed: 3, scale: 0.6 },
  herd_ural_archive: { seed: 4, scale: 0.25, today: "2022-12-31", years: 4 },
};

export type DemoHerdProgress =
  | { name: string; state: "loading" }
  | { name: string; state: "loaded"; counts: DemoHerdCounts; ms: number }
  | { name: string; state: "present" };

/**
 * Loads the demo herd into every demo herd database that has no animals yet (the first start, or
 * after its herd was emptied); one transaction per database. Not part of seedDemo: the tests that
 * seed the demo in each case must stay fast.
 */
export async function seedDemoHerds(
  db: Db,
  options: { today: string; onProgress?: (progress: DemoHerdProgress) => void },
): Promise<DemoHerdProgress[]> {
  const databases = await db
    .select({ id: userDatabases.id, name: userDatabases.name, dbName: userDatabases.dbName })
    .from(userDatabases)
    .where(
      and(
        eq(userDatabases.server, DEMO_HERD_SERVER),
        eq(userDatabases.kind, "herd"),
        inArray(userDatabases.dbName, Object.keys(DEMO_HERD_PLAN)),
      ),
    )
    .orderBy(userDatabases.id);
  const results: DemoHerdProgress[] = [];
  for (const database of databases) {
    const plan = DEMO_HERD_PLAN[database.dbName];
    if (!plan) continue;
    // A later start finds its herd there: quietly, without the loader's transaction.
    if (await hasAnimals(db, database.id)) {
      results.push({ name: database.name, state: "present" });
      continue;
    }
    const report = (progress: DemoHerdProgress) => {
      options.onProgress?.(progress);
      return progress;
    };
    report({ name: database.name, state: "loading" });
    const started = performance.now();
    const counts = await loadDemoHerd(db, database.id, { today: options.today, ...plan });
    const ms = Math.round(performance.now() - started);
    results.push(
      report(counts ? { name: database.name, state: "loaded", counts, ms } : { name: database.name, state: "present" }),
    );
  }
  return results;
}

async function hasAnimals(db: Db, databaseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: herdAnimals.id })
    .from(herdAnimals)
    .where(eq(herdAnimals.databaseId, databaseId))
    .limit(1);
  return row !== undefined;
}

const n = (value: number) => value.toLocaleString("ru-RU");

/** A line of the first start's output (Russian, as the rest of it). */
export function demoHerdProgressText(p: DemoHerdProgress): string {
  const head = `Демо-стадо — ${p.name}`;
  if (p.state === "loading") return `${head}: загрузка…`;
  if (p.state === "present") return `${head}: уже загружено`;
  const c = p.counts;
  return (
    `${head}: в доении ${n(c.cowsInMilk)}, животных ${n(c.animals)}, лактаций ${n(c.lactations)}, ` +
    `событий ${n(c.events)}, контрольных доек ${n(c.testDays)} за ${(p.ms / 1000).toLocaleString("ru-RU", { maximumFractionDigits: 1 })} с`
  );
}
