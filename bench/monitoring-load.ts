// The monitoring benchmark's data (issue 19 "Performance"): a site with `meters` energy meters and
// hourly cumulative readings over `years`, written by COPY straight into the readings tables, and
// its rollups built in one pass (rebuildRollups) — the same rows and rollups the API serves.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

const HOUR_MS = 3_600_000;

/** A small seeded generator (mulberry32): the same seed gives the same readings. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A farm's hourly load shape: milkings at 5–8 and 17–20 local, less at night. */
const SHAPE = [
  0.5, 0.45, 0.45, 0.5, 0.8, 1.6, 1.8, 1.5, 1, 0.9, 0.9, 0.9, 1, 0.9, 0.9, 1, 1.2, 1.7, 1.8, 1.5, 1, 0.8, 0.6, 0.5,
];

export interface MeterSet {
  seriesIds: number[];
  from: number;
  hours: number;
}

/**
 * COPY text lines of the meters' hourly readings, `hours` of them from `from`, meter by meter:
 * cumulative kWh, each meter with its own size, a daily shape and noise. Generated as it is sent.
 */
export function meterLines(databaseId: number, set: MeterSet, seed: number): Readable {
  const next = random(seed);
  let meter = 0;
  let hour = 0;
  let value = 0;
  let size = 0;
  return new Readable({
    read() {
      const lines: string[] = [];
      while (lines.length < 20_000 && meter < set.seriesIds.length) {
        if (hour === 0) {
          value = Math.round(next() * 50_000);
          size = 2 + next() * 20;
        }
        const at = set.from + hour * HOUR_MS;
        const local = (new Date(at).getUTCHours() + 3) % 24;
        value += size * (SHAPE[local] ?? 1) * (0.85 + next() * 0.3);
        lines.push(`${databaseId}\t${set.seriesIds[meter]}\t${new Date(at).toISOString()}\t${value.toFixed(2)}\n`);
        hour += 1;
        if (hour === set.hours) {
          hour = 0;
          meter += 1;
        }
      }
      this.push(lines.length > 0 ? lines.join("") : null);
    },
  });
}

/** COPY of the meters' readings into monitoring_readings (its partitions made first); seconds taken. */
export async function copyMeterReadings(
  client: pg.Client,
  databaseId: number,
  set: MeterSet,
  seed: number,
): Promise<number> {
  await client.query("select monitoring_ensure_partitions($1::timestamptz, $2::timestamptz)", [
    new Date(set.from).toISOString(),
    new Date(set.from + set.hours * HOUR_MS).toISOString(),
  ]);
  const started = performance.now();
  await pipeline(
    meterLines(databaseId, set, seed),
    client.query(copyFrom("copy monitoring_readings (database_id, series_id, ts, value) from stdin")),
  );
  return (performance.now() - started) / 1000;
}

/** A site (Europe/Moscow) with `count` energy meters in a monitoring database: their series ids. */
export async function addMeters(
  client: pg.Client,
  databaseId: number,
  count: number,
  prefix: string,
): Promise<number[]> {
  const site = await client.query<{ id: string }>(
    "insert into monitoring_sites (database_id, name, time_zone) values ($1, $2, 'Europe/Moscow') returning id",
    [databaseId, `${prefix}: площадка`],
  );
  const { rows } = await client.query<{ id: string }>(
    `insert into monitoring_series (database_id, site_id, kind, name, unit)
     select $1, $2, 'energy', $3 || ' ' || n, 'кВт·ч' from generate_series(1, $4::int) n
     returning id`,
    [databaseId, site.rows[0]?.id, `${prefix}: счётчик`, count],
  );
  return rows.map((r) => Number(r.id));
}
