import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

// The readings tables are partitioned by UTC month with no default partition (migration
// 0022_monitoring_model, function monitoring_ensure_partitions): a reading can only be written
// once its month's partition exists.

const MONTH_MS = 31 * 86_400_000;

/**
 * The months around now: the last one (late readings) and `ahead` ahead, so that the month
 * boundary never meets a missing partition. Called at startup; answers how many it created.
 */
export async function ensureReadingPartitions(db: Pick<Db, "execute">, now = Date.now(), ahead = 3): Promise<number> {
  const from = new Date(now - MONTH_MS).toISOString();
  const to = new Date(now + ahead * MONTH_MS).toISOString();
  const result = (await db.execute(
    sql`select monitoring_ensure_partitions(${from}::timestamptz, ${to}::timestamptz) as made`,
  )) as unknown as { rows: { made: number }[] };
  return Number(result.rows[0]?.made ?? 0);
}

/**
 * The months whose partitions this process has made sure of, per database handle: a partition is
 * only ever dropped by retention (forgetPartitions), so a month seen once needs no round trip on
 * the next batch (a gateway's batch of 100 readings spent a tenth of its time asking).
 */
const ensuredMonths = new WeakMap<object, Set<string>>();

/** The partitions of the months these UTC times fall in (a batch's readings; only the months it has). */
export async function ensurePartitionsFor(db: Pick<Db, "execute">, isoTimes: readonly string[]): Promise<void> {
  let known = ensuredMonths.get(db);
  if (!known) {
    known = new Set();
    ensuredMonths.set(db, known);
  }
  const months = [...new Set(isoTimes.map((ts) => `${ts.slice(0, 7)}-01T00:00:00Z`))].filter((m) => !known.has(m));
  if (months.length === 0) return;
  await db.execute(
    sql`select monitoring_ensure_partitions(m::timestamptz, m::timestamptz)
        from jsonb_array_elements_text(${JSON.stringify(months)}::jsonb) as x(m)`,
  );
  for (const month of months) known.add(month);
}

/** After partitions were dropped (retention.ts): the next batch asks again. */
export function forgetPartitions(db: Pick<Db, "execute">): void {
  ensuredMonths.delete(db);
}
