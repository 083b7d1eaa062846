import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { forgetPartitions } from "./partitions.ts";

// Retention of monitoring readings (docs/SCALING.md "Retention until then"): whole monthly
// partitions of the raw readings are dropped — instantly, with no row-by-row DELETE and no bloat —
// while the hourly and daily rollups stay. MONITORING_RETENTION_MONTHS sets the window.

const PARENTS = ["monitoring_readings", "monitoring_state_readings"] as const;
const PARTITION_NAME = /_p(\d{4})_(\d{2})$/;

/**
 * The first instant readings are kept from: the start of the UTC month `months` whole months
 * before the current one (months = 1 on 15 March keeps February and March). Undefined: all kept.
 */
export function keptSince(months: number | undefined, now = Date.now()): number | undefined {
  if (months === undefined) return undefined;
  const at = new Date(now);
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - months, 1);
}

/** Drops the readings' monthly partitions wholly before keptSince; answers the dropped tables' names. */
export async function dropExpiredReadings(db: Db, months: number, now = Date.now()): Promise<string[]> {
  const since = keptSince(months, now) as number;
  const partitions = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i
        join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
        where p.relname in (${sql.join(
          PARENTS.map((name) => sql`${name}`),
          sql`, `,
        )}) order by 1`,
  );
  const dropped: string[] = [];
  for (const { name } of partitions) {
    const match = PARTITION_NAME.exec(name);
    if (!match) continue;
    // A partition holds one UTC month: it goes when its whole month is before `since`.
    if (Date.UTC(Number(match[1]), Number(match[2]) - 1, 1) >= since) continue;
    await db.execute(sql`drop table if exists ${sql.identifier(name)}`);
    dropped.push(name);
  }
  if (dropped.length > 0) forgetPartitions(db);
  return dropped;
}
