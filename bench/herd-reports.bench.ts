// Issue 18 "Performance": the native herd reports and the live segment count, through the API of
// a running app, against one raw SQL aggregate over the same rows timed in the same run.
//   PostgreSQL: a herd of ~10,000 animals with ten years of history (the demo generator, scale 1.2,
//   years 10) loaded into a database of its own and vacuumed; each ready report asked for its default
//   period (the 12 months to today) 60 times (quick: 20), then its raw aggregate as many times: the
//   p95 of each. Figures:
//     report_p95_ms         the slowest report's p95 (goal ≤ 300)
//     report_vs_raw_ratio   the largest of (a report's p95 ÷ its raw aggregate's p95) (goal ≤ 3)
//     segment_count_p95_ms  POST …/segments/count/ over a few DC305-style rules (goal ≤ 100)
//   PGlite: the demo herd the app seeds (scale 1, five years): each report's slowest answer
//     report_demo_pglite_ms (goal ≤ 1500).
import { HERD_REPORT_NUMBERS, type HerdReportNumber } from "@nadoy/contract/herd-reports";
import type { UserData } from "@nadoy/contract/users";
import pg from "pg";
import { openPostgres } from "../apps/server/src/db/client.ts";
import { loadDemoHerd } from "../apps/server/src/features/herd/demo-herd/load-demo-herd.ts";
import { herdToday } from "../apps/server/src/features/herd/herd-today.ts";
import type { AppServer } from "./app-server.ts";
import { databaseGivenTo } from "./user-database.ts";

const USERNAME = "zootech";
const BIG_HERD = { seed: 3, scale: 1.2, years: 10 } as const;

/**
 * The raw aggregate a report is held against: one GROUP BY over the table its figures come from,
 * for the same database and period, sent by a bare driver (no HTTP, no auth, no JSON).
 */
const RAW_SQL: Record<HerdReportNumber, string> = {
  // The herd today and its flows: every animal of the database.
  1: `select status, lact, pen, count(*), count(*) filter (where exit_date between $2 and $3) from herd_animals
      where database_id = $1 group by 1, 2, 3`,
  // Exits over the cow-years at risk: every cow with her first calving.
  5: `select a.status, a.exit_reason, count(*), count(*) filter (where a.exit_date between $2 and $3),
        sum(least(coalesce(a.exit_date, $3::date), $3::date) - greatest(f.first_fresh, $2::date))
      from herd_animals a left join (select animal_id, min(fresh_date) as first_fresh from herd_lactations
        where database_id = $1 group by 1) f on f.animal_id = a.id
      where a.database_id = $1 and a.lact >= 1 group by 1, 2`,
  // Test days.
  2: `select date_trunc('month', test_date), lact, count(*), avg(milk_kg), avg(fat_pct), avg(protein_pct), avg(scc)
      from herd_test_days where database_id = $1 and test_date between $2 and $3 group by 1, 2`,
  8: `select date_trunc('month', test_date), lact, count(*), avg(milk_kg) from herd_test_days
      where database_id = $1 and test_date between $2 and $3 group by 1, 2`,
  // Events.
  4: `select date_trunc('month', event_date), code, count(*), count(distinct animal_id) from herd_events
      where database_id = $1 and event_date between $2 and $3 group by 1, 2`,
  6: `select date_trunc('month', event_date), code, count(*), count(distinct animal_id) from herd_events
      where database_id = $1 and event_date between $2 and $3 group by 1, 2`,
  7: `select date_trunc('month', event_date), code, count(*), count(distinct animal_id) from herd_events
      where database_id = $1 and event_date between $2 and $3 group by 1, 2`,
};

const SEGMENT_RULES = ["LACT=1 DIM<100", "LACT>=2 RC=5", "DIM>150 PEN=3", "LACT=1 DIM<100 OR LACT>2 DIM>200"];

export interface ReportTiming {
  n: number;
  p95Ms: number;
  rawP95Ms: number;
}

export interface ReportsFigures {
  kind: "postgres" | "pglite";
  animals: number;
  events: number;
  reports: ReportTiming[];
  slowestP95Ms: number;
  worstRatio: number;
  segmentP95Ms: number;
}

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
};

async function timed(times: number, run: () => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    out.push(performance.now() - started);
  }
  return out;
}

async function getOk(url: string, token: string, init: RequestInit = {}): Promise<void> {
  const res = await fetch(url, {
    ...init,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers },
  });
  const body = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${url} answered ${res.status}: ${body.slice(0, 200)}`);
}

/** PostgreSQL: the big herd in a database of the demo company, given to the demo zootechnician. */
async function loadBigHerd(client: pg.Client, databaseUrl: string): Promise<{ id: number; uuid: string }> {
  const database = await databaseGivenTo(client, USERNAME, {
    name: "Бенчмарк отчётов",
    dbName: "bench_reports",
    kind: "herd",
  });
  const opened = await openPostgres(databaseUrl, 2);
  try {
    await loadDemoHerd(opened.db, database.id, { ...BIG_HERD, today: herdToday() });
  } finally {
    await opened.close();
  }
  // Vacuumed as autovacuum would leave them: its run on the fresh rows would otherwise fall in the
  // middle of the timings.
  await client.query("vacuum analyze herd_animals, herd_lactations, herd_events, herd_test_days");
  return database;
}

/** The demo herd database the app seeded, as the zootechnician's user data lists it. */
async function demoHerd(app: AppServer, token: string): Promise<{ uuid: string }> {
  const res = await fetch(`${app.url}/api/users/data/`, { headers: { authorization: `Bearer ${token}` } });
  const data = (await res.json()) as UserData;
  const herd = data.database_report[0];
  if (!herd) throw new Error(`${USERNAME} has no herd database`);
  return { uuid: herd.uuid };
}

export async function measureReports(options: {
  app: AppServer;
  databaseUrl: string | undefined;
  quick: boolean;
  progress?: (line: string) => void;
}): Promise<ReportsFigures> {
  const { app } = options;
  const say = options.progress ?? (() => undefined);
  // A p95 of 60 is its 57th time: one pause of the machine does not make it.
  const times = options.quick ? 20 : 60;
  const { access } = await app.signIn(USERNAME);
  const client = options.databaseUrl ? new pg.Client({ connectionString: options.databaseUrl }) : undefined;
  await client?.connect();
  try {
    let database: { id?: number; uuid: string };
    if (client && options.databaseUrl) {
      say("  (loading a herd of ~10,000 animals with ten years of history…)");
      database = await loadBigHerd(client, options.databaseUrl);
    } else {
      database = await demoHerd(app, access);
    }
    let animals = 0;
    let events = 0;
    if (client && database.id !== undefined) {
      const { rows } = await client.query<{ animals: number; events: number }>(
        `select (select count(*)::int from herd_animals where database_id = $1) as animals,
                (select count(*)::int from herd_events where database_id = $1) as events`,
        [database.id],
      );
      animals = rows[0]?.animals ?? 0;
      events = rows[0]?.events ?? 0;
    }
    const to = herdToday();
    const fromDate = new Date(`${to}T00:00:00Z`);
    fromDate.setUTCFullYear(fromDate.getUTCFullYear() - 1);
    fromDate.setUTCDate(fromDate.getUTCDate() + 1);
    const from = fromDate.toISOString().slice(0, 10);

    const reports: ReportTiming[] = [];
    for (const n of HERD_REPORT_NUMBERS) {
      const url = `${app.url}/api/herd/${database.uuid}/reports/${n}/?from=${from}&to=${to}`;
      await timed(2, () => getOk(url, access));
      const api = await timed(times, () => getOk(url, access));
      let rawP95Ms = Number.NaN;
      if (client && database.id !== undefined) {
        const id = database.id;
        await timed(2, async () => void (await client.query(RAW_SQL[n], [id, from, to])));
        rawP95Ms = p95(await timed(times, async () => void (await client.query(RAW_SQL[n], [id, from, to]))));
      }
      reports.push({ n, p95Ms: p95(api), rawP95Ms });
    }

    const countUrl = `${app.url}/api/herd/${database.uuid}/segments/count/`;
    const count = (text: string) => getOk(countUrl, access, { method: "POST", body: JSON.stringify({ text }) });
    for (const text of SEGMENT_RULES) await count(text);
    const segment: number[] = [];
    for (const text of SEGMENT_RULES) segment.push(...(await timed(times, () => count(text))));

    return {
      kind: client ? "postgres" : "pglite",
      animals,
      events,
      reports,
      slowestP95Ms: Math.max(...reports.map((r) => r.p95Ms)),
      worstRatio: Math.max(...reports.map((r) => r.p95Ms / r.rawP95Ms)),
      segmentP95Ms: p95(segment),
    };
  } finally {
    await client?.end();
  }
}
