// Issue 19 "Performance": equipment and power monitoring on PostgreSQL, through the API of a
// running app, each against raw SQL or a raw COPY in the same run.
//   Data: 500 energy meters × 5 years of hourly readings (≈ 22 million rows; quick: 50 × 1 year)
//   COPYed into a monitoring database of the demo company, rollups built in one pass.
//   monitoring_year_p95_ms     one meter's last year as chart points (GET …/points/, width 2400:
//                              the raw path, 8,760 hourly readings into 2,400 min/max buckets; goal ≤ 50)
//   monitoring_vs_raw_ratio    that p95 ÷ the p95 of the same bucketing in raw SQL (goal ≤ 3)
//   monitoring_daily_p95_ms    all meters' daily kWh for a year (GET …/power/energy/?grain=day; goal ≤ 200)
//   ingest_vs_copy_ratio       HTTP ingestion (10,000-row batches, a key, rollups included) rows/s ÷
//                              a raw COPY of the same rows into the same readings table (goal ≥ 0.5)
//   ingest_in_process_vs_copy_ratio, ingest_readings_only_vs_copy_ratio   no goals: the same batches
//                              through ingestReadings without HTTP, with rollups and without them
import type { UserData } from "@nadoy/contract/users";
import pg from "pg";
import { openPostgres } from "../apps/server/src/db/client.ts";
import { ingestReadings } from "../apps/server/src/features/monitoring/ingest.ts";
import { rebuildRollups } from "../apps/server/src/platform/rollups-rebuild.ts";
import type { AppServer } from "./app-server.ts";
import { addMeters, copyMeterReadings, meterLines } from "./monitoring-load.ts";
import { databaseGivenTo } from "./user-database.ts";

const USERNAME = "zootech";
const HOUR_MS = 3_600_000;
const WIDTH = 2400;

export interface MonitoringFigures {
  readings: number;
  loadSeconds: number;
  rollupSeconds: number;
  yearP95Ms: number;
  yearRawP95Ms: number;
  maxPoints: number;
  dailyP95Ms: number;
  ingestRps: number;
  copyRps: number;
  /**
   * Where ingestion's time goes (not a goal; the goal's figure is ingestRps): the same batches of
   * other meters through ingestReadings in the bench's process — no HTTP — with their rollups,
   * and with the readings only (deferRollups, as a bulk load writes them).
   */
  inProcessRps: number;
  readingsOnlyRps: number;
}

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
};

async function timed(times: number, run: (i: number) => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run(i);
    out.push(performance.now() - started);
  }
  return out;
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${body.slice(0, 200)}`);
  return JSON.parse(body) as T;
}

export async function measureMonitoring(options: {
  app: AppServer;
  databaseUrl: string;
  quick: boolean;
  progress?: (line: string) => void;
}): Promise<MonitoringFigures> {
  const { app, databaseUrl, quick } = options;
  const say = options.progress ?? (() => undefined);
  const meters = quick ? 50 : 500;
  const years = quick ? 1 : 5;
  const times = quick ? 20 : 60;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const opened = await openPostgres(databaseUrl, 2);
  try {
    const database = await databaseGivenTo(client, USERNAME, {
      name: "Бенчмарк мониторинга",
      dbName: "bench_monitoring",
      kind: "monitoring",
    });

    const now = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    const hours = Math.round(years * 365.25 * 24);
    const from = now - hours * HOUR_MS;
    say(`  (COPY of ${meters} meters × ${years} years hourly…)`);
    const ids = await addMeters(client, database.id, meters, "Счётчики");
    const loadSeconds = await copyMeterReadings(client, database.id, { seriesIds: ids, from, hours }, 7);
    const rollupStarted = performance.now();
    await rebuildRollups(opened.db, database.id);
    const rollupSeconds = (performance.now() - rollupStarted) / 1000;
    // Vacuumed and checkpointed as a database loaded earlier would be: autovacuum's first pass
    // over the fresh rows and the checkpoint of the load's gigabytes otherwise run during the timings.
    await client.query("vacuum analyze monitoring_readings, monitoring_rollups, monitoring_series");
    await client.query("checkpoint");

    const { access } = await app.signIn(USERNAME);
    const base = `${app.url}/api/monitoring/${database.uuid}`;
    const yearFrom = new Date(now - 365 * 24 * HOUR_MS).toISOString();
    const yearTo = new Date(now).toISOString();

    // One meter's year, a different meter each time (the cache holds what the farm's pages read).
    let maxPoints = 0;
    const pointsUrl = (i: number) =>
      `${base}/points/?series=${ids[i % ids.length]}&from=${encodeURIComponent(yearFrom)}&to=${encodeURIComponent(yearTo)}&width=${WIDTH}`;
    await timed(3, (i) => getJson(pointsUrl(i), access).then(() => undefined));
    const year = await timed(times, async (i) => {
      const body = await getJson<{ series: { points: { t: unknown[] } }[] }>(pointsUrl(i + 3), access);
      maxPoints = Math.max(maxPoints, ...body.series.map((s) => s.points.t.length));
    });
    // The same bucketing in raw SQL: the year's hourly readings into WIDTH buckets of the site's clock.
    const step = Math.ceil((365 * 24 * 3600) / (WIDTH - 1));
    const rawYear = (i: number) =>
      client.query(
        `select floor(extract(epoch from ts at time zone 'Europe/Moscow') / $4)::bigint as k,
           count(*), min(value), max(value), avg(value)
         from monitoring_readings where database_id = $1 and series_id = $2 and ts >= $3::timestamptz
           and ts < $5::timestamptz
         group by 1 order by 1`,
        [database.id, ids[i % ids.length], yearFrom, step, yearTo],
      );
    await timed(3, (i) => rawYear(i).then(() => undefined));
    const yearRaw = await timed(times, (i) => rawYear(i + 3).then(() => undefined));

    // All meters' daily kWh for a year.
    const dailyUrl = `${base}/power/energy/?grain=day&from=${encodeURIComponent(yearFrom)}&to=${encodeURIComponent(yearTo)}`;
    await timed(2, () => getJson(dailyUrl, access).then(() => undefined));
    const daily = await timed(quick ? 5 : 10, () => getJson(dailyUrl, access).then(() => undefined));

    // Ingestion: 100 meters × 1,000 hours through the API in 10,000-row batches, with a key …
    const data = await getJson<UserData>(`${app.url}/api/users/data/`, access);
    const workspace = data.keygen_workspaces[0];
    if (!workspace) throw new Error(`${USERNAME} has no keygen workspace`);
    const created = await fetch(`${app.url}/api/keys/workspaces/${workspace.uuid}/keys/`, {
      method: "POST",
      headers: { authorization: `Bearer ${access}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Бенчмарк", scope: "ingest", database_uuid: database.uuid }),
    });
    const { secret } = (await created.json()) as { secret: string };
    const ingestMeters = await addMeters(client, database.id, 100, "Приём");
    const copyMetersIds = await addMeters(client, database.id, 100, "COPY");
    const ingestHours = 1000;
    const ingestFrom = now - ingestHours * HOUR_MS;
    const lines = await collect(
      meterLines(database.id, { seriesIds: ingestMeters, from: ingestFrom, hours: ingestHours }, 11),
    );
    const readings = lines.map((line) => {
      const [, series, ts, value] = line.split("\t");
      return { series_id: Number(series), ts, value: Number(value) };
    });
    // … hour by hour across the meters, as gateways send them (each batch 10 hours of every meter).
    readings.sort((a, b) => (a.ts === b.ts ? a.series_id - b.series_id : (a.ts as string) < (b.ts as string) ? -1 : 1));
    const ingestStarted = performance.now();
    for (let i = 0; i < readings.length; i += 10_000) {
      const res = await fetch(`${app.url}/api/monitoring/ingest/`, {
        method: "POST",
        headers: { authorization: `Key ${secret}`, "content-type": "application/json" },
        body: JSON.stringify({ readings: readings.slice(i, i + 10_000) }),
      });
      const answer = (await res.json()) as { accepted: number; rejected: unknown[] };
      if (!res.ok || answer.rejected.length > 0)
        throw new Error(`ingest answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
    }
    const ingestRps = readings.length / ((performance.now() - ingestStarted) / 1000);
    // The same rows (other meters' ids, same times and values) by a raw COPY.
    const copySeconds = await copyMeterReadings(
      client,
      database.id,
      { seriesIds: copyMetersIds, from: ingestFrom, hours: ingestHours },
      11,
    );
    const copyRps = readings.length / copySeconds;
    // The same batches, other meters again, without HTTP: with rollups, then the readings only.
    const inProcess = async (prefix: string, deferRollups: boolean) => {
      const meterIds = await addMeters(client, database.id, 100, prefix);
      const byMeter = new Map(ingestMeters.map((id, i) => [id, meterIds[i] as number]));
      const rows = readings.map((r) => ({ ...r, series_id: byMeter.get(r.series_id) as number }));
      const started = performance.now();
      for (let i = 0; i < rows.length; i += 10_000) {
        const { rejected } = await ingestReadings(opened.db, database.id, rows.slice(i, i + 10_000), Date.now(), {
          deferRollups,
        });
        if (rejected.length > 0) throw new Error(`in-process ingestion refused ${rejected.length} rows`);
      }
      return rows.length / ((performance.now() - started) / 1000);
    };
    const inProcessRps = await inProcess("В процессе", false);
    const readingsOnlyRps = await inProcess("Без итогов", true);

    return {
      readings: meters * hours,
      loadSeconds,
      rollupSeconds,
      yearP95Ms: p95(year),
      yearRawP95Ms: p95(yearRaw),
      maxPoints,
      dailyP95Ms: p95(daily),
      ingestRps,
      copyRps,
      inProcessRps,
      readingsOnlyRps,
    };
  } finally {
    await opened.close();
    await client.end();
  }
}

async function collect(stream: AsyncIterable<Buffer | string>): Promise<string[]> {
  const lines: string[] = [];
  for await (const chunk of stream) lines.push(...String(chunk).split("\n").filter(Boolean));
  return lines;
}
