// `npm run bench` (full) and `npm run bench -- --quick` (under 5 minutes): every benchmark in turn,
// each figure against a baseline started in this run on this machine. On PostgreSQL when
// DATABASE_URL (or BENCH_DATABASE_URL) is given, in a database bench_<pid> dropped at the end; else
// PGlite. Prints a table, then as its LAST line one JSON object with every figure.
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { measureApi, measureBaselines } from "./api.bench.ts";
import { startApp } from "./app-server.ts";
import { benchDatabase } from "./database.ts";
import { type Dc305Figures, measureDc305 } from "./dc305-import.bench.ts";
import { formPageJs, measureSubmissions, shellPageJs } from "./feedback-form.bench.ts";
import { measureReports, type ReportsFigures } from "./herd-reports.bench.ts";
import { measureImport } from "./import.bench.ts";
import { describeLcp, type LcpFigures, measureLcp } from "./lcp.bench.ts";
import type { RateFigure } from "./measure.ts";
import { type MonitoringFigures, measureMonitoring } from "./monitoring.bench.ts";
import * as options from "./options.ts";
import { measurePoll } from "./poll.bench.ts";
import { seedPollers } from "./seed-pollers.ts";
import { measureFanout } from "./ws-fanout.bench.ts";

/** Issue 7's goals (and later issues'): a ratio at least `min`, a latency or size at most `max`. */
const GOALS: Record<string, { min?: number; max?: number }> = {
  api_overhead_ratio: { min: 0.75 },
  one_query_ratio: { min: 0.5 },
  poll_p99_ms: { max: 50 },
  ws_fanout_ratio: { min: 0.8 },
  form_js_gzip_kb: { max: 170 },
  shell_js_gzip_kb: { max: 350 },
  // Issue 16: users/data, called by every page load, at least 1/20 of the hello-world.
  users_data_ratio: { min: 0.05 },
  // Issue 16: Largest Contentful Paint on a rural link (Slow 4G, 4× CPU slowdown, cold cache).
  lcp_slow4g_login_ms: { max: 2500 },
  lcp_slow4g_home_ms: { max: 2500 },
  lcp_slow4g_form_ms: { max: 2500 },
  // Issue 17: a ~1,000,000-event DC305 file uploaded and committed, against a raw COPY of its rows;
  // the server's peak RSS meanwhile; the same file again (nothing changes) at least twice as fast.
  dc305_import_vs_copy_ratio: { min: 0.5 },
  dc305_import_peak_mb: { max: 300 },
  dc305_reupload_speedup: { min: 2 },
  // Issue 18: each native report's p95 on a 10,000-animal herd with ten years of history (PostgreSQL),
  // against one raw aggregate over the same rows; the live segment count; the reports on PGlite's demo herd.
  report_p95_ms: { max: 300 },
  report_vs_raw_ratio: { max: 3 },
  segment_count_p95_ms: { max: 100 },
  report_demo_pglite_ms: { max: 1500 },
  // Issue 19: 500 meters × 5 years hourly (PostgreSQL): one meter's year as chart points against
  // the same bucketing in raw SQL; all meters' daily kWh for a year; HTTP ingestion against COPY.
  monitoring_year_p95_ms: { max: 50 },
  monitoring_vs_raw_ratio: { max: 3 },
  monitoring_daily_p95_ms: { max: 200 },
  ingest_vs_copy_ratio: { min: 0.5 },
};

const round = (value: number, digits = 3) => Number(value.toFixed(digits));
const log = (line: string) => console.log(line);
const started = performance.now();
const database = await benchDatabase();
const dataDir = mkdtempSync(join(tmpdir(), "nadoy-bench-"));

log(
  `Benchmarks (${options.quick ? "quick" : "full"}) on ${database.kind === "postgres" ? "PostgreSQL" : "PGlite"}, ` +
    `${cpus().length} CPUs, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
let result: Record<string, unknown>;
try {
  const { runs } = options;
  const needsBaselines = runs("api") || runs("submissions");
  const baselines = needsBaselines
    ? await measureBaselines(options.ports.baseline, database.url, options.submissions)
    : undefined;
  const rate = (f: RateFigure, base = baselines?.hello) =>
    log(
      `  ${f.title.padEnd(52)} ${f.rps.toFixed(0).padStart(6)} req/s  p99 ${String(f.p99).padStart(3)} ms` +
        `  server CPU ${f.cpuUs.toFixed(1).padStart(6)} µs/request` +
        (f === base || !base ? "" : `  ratio ${(f.rps / base.rps).toFixed(3)}`),
    );

  const pollers = runs("poll")
    ? await seedPollers({ databaseUrl: database.url, dataDir }, options.pollUsers)
    : undefined;
  // The parts that share one app server (dc305 starts its own, fresh).
  const needsApp = ["api", "poll", "pages", "lcp", "submissions", "reports", "monitoring"].some(runs);
  const app = needsApp
    ? await startApp({
        port: options.ports.app,
        dataDir,
        databaseUrl: database.url,
        env: { TRUST_PROXY: "1" },
      })
    : undefined;
  let api: Awaited<ReturnType<typeof measureApi>> | undefined;
  let poll: Awaited<ReturnType<typeof measurePoll>> | undefined;
  let form: Awaited<ReturnType<typeof formPageJs>> | undefined;
  let shell: Awaited<ReturnType<typeof shellPageJs>> | undefined;
  let submissions: Awaited<ReturnType<typeof measureSubmissions>> | undefined;
  let lcp: LcpFigures | undefined;
  let reports: ReportsFigures | undefined;
  let monitoring: MonitoringFigures | undefined;
  try {
    if (runs("api") && baselines && app) {
      api = await measureApi(app);
      log(`\nHTTP, ${options.connections} connections, ${options.seconds} s each (ratio to the hello-world)`);
      for (const f of [baselines.hello, baselines.rawQuery, ...Object.values(api)]) rate(f);
    }
    if (pollers && app) {
      poll = await measurePoll(app, pollers, options.pollRate, options.pollSeconds);
      log(
        `\nNotification poll: ${poll.users} users at ${poll.rate} req/s for ${poll.seconds} s ` +
          `(answered ${poll.achievedRate.toFixed(0)} req/s, ${poll.failed} failed, ${poll.unanswered} unanswered` +
          `${poll.saturated ? ", SATURATED: sending stopped, p99 is a lower bound" : ""}): ` +
          `p50 ${poll.p50.toFixed(1)} ms, p99 ${poll.p99.toFixed(1)} ms, max ${poll.max.toFixed(1)} ms`,
      );
    }
    if (runs("pages") && app) {
      form = await formPageJs(app);
      shell = await shellPageJs(app);
      log(
        `\nJS gzipped: /form/:uuid ${form.kb.toFixed(1)} KB in ${form.files} files; / signed in ${shell.kb.toFixed(1)} KB in ${shell.files} files`,
      );
    }
    if (runs("lcp") && app) {
      lcp = await measureLcp(app);
      log("\nLargest Contentful Paint, Slow 4G and 4× CPU slowdown, cold cache, median of 3:");
      for (const f of Object.values(lcp)) log(`  ${describeLcp(f)}`);
    }
    if (runs("reports") && app) {
      reports = await measureReports({ app, databaseUrl: database.url, quick: options.quick, progress: log });
      const r = reports;
      log(
        r.kind === "postgres"
          ? `\nHerd reports, ${r.animals.toLocaleString("en-US")} animals, ${r.events.toLocaleString("en-US")} events (ten years), the 12 months to today, p95:`
          : "\nHerd reports on the demo herd (PGlite), the 12 months to today, p95:",
      );
      for (const x of r.reports) {
        log(
          `  report ${x.n}: ${x.p95Ms.toFixed(0)} ms` +
            (Number.isNaN(x.rawP95Ms)
              ? ""
              : ` (raw aggregate ${x.rawP95Ms.toFixed(1)} ms, ratio ${(x.p95Ms / x.rawP95Ms).toFixed(2)})`),
        );
      }
      log(`  live segment count: p95 ${r.segmentP95Ms.toFixed(0)} ms`);
    }
    if (runs("monitoring") && app && database.url) {
      monitoring = await measureMonitoring({ app, databaseUrl: database.url, quick: options.quick, progress: log });
      const m = monitoring;
      log(
        `\nMonitoring, ${m.readings.toLocaleString("en-US")} hourly readings (COPY ${m.loadSeconds.toFixed(0)} s, ` +
          `rollups rebuilt ${m.rollupSeconds.toFixed(0)} s):`,
      );
      log(
        `  one meter's year as chart points: p95 ${m.yearP95Ms.toFixed(1)} ms (raw SQL of the same bucketing ` +
          `${m.yearRawP95Ms.toFixed(1)} ms, ratio ${(m.yearP95Ms / m.yearRawP95Ms).toFixed(2)}); at most ${m.maxPoints} points`,
      );
      log(`  all meters' daily kWh for a year: p95 ${m.dailyP95Ms.toFixed(0)} ms`);
      log(
        `  HTTP ingestion, 10,000-row batches: ${Math.round(m.ingestRps)} rows/s; raw COPY of the same rows ` +
          `${Math.round(m.copyRps)} rows/s; ratio ${(m.ingestRps / m.copyRps).toFixed(3)}`,
      );
      log(
        `  (where it goes: the same batches without HTTP ${Math.round(m.inProcessRps)} rows/s, ratio ` +
          `${(m.inProcessRps / m.copyRps).toFixed(3)}; readings only, no rollups ${Math.round(m.readingsOnlyRps)} rows/s, ` +
          `ratio ${(m.readingsOnlyRps / m.copyRps).toFixed(3)})`,
      );
    }
    if (runs("submissions") && baselines && app) {
      submissions = await measureSubmissions(app, options.submissions);
      log(
        `Feedback form: ${submissions.sent} concurrent submissions, ${submissions.created} × 201, rows added ` +
          `${submissions.rowsAdded}${submissions.otherStatuses.length ? ` (other: ${submissions.otherStatuses.join(", ")})` : ""} ` +
          `in ${submissions.ms.toFixed(0)} ms; bare Fastify echo ${baselines.echoBurstMs.toFixed(0)} ms ` +
          `(${(submissions.ms / baselines.echoBurstMs).toFixed(1)}×) ${submissions.ok ? "OK" : "FAILED"}`,
      );
    }
  } finally {
    await app?.stop();
  }

  const fanout = runs("fanout")
    ? await measureFanout(options.fanoutMembers, options.fanoutMessages, options.idleSockets)
    : undefined;
  if (fanout) {
    log(
      `\nWebSocket fan-out, ${fanout.members} board sockets × ${fanout.messages} events: hub ` +
        `${Math.round(fanout.appRate)} deliveries/s, bare ws ${Math.round(fanout.baseRate)} (ratio ${fanout.ratio.toFixed(2)}); ` +
        `${fanout.idle} idle main sockets: ${fanout.appKb.toFixed(1)} KB heap each (bare ws ${fanout.baseKb.toFixed(1)} KB)`,
    );
  }

  let xlsxImport: Awaited<ReturnType<typeof measureImport>>[number] | undefined;
  if (runs("import")) {
    [xlsxImport] = await measureImport();
    if (!xlsxImport) throw new Error("import bench gave no figure");
    log(
      `\nImport of ${xlsxImport.file}: ${xlsxImport.answer.slice(0, 40)}… in ${xlsxImport.refuseMs.toFixed(0)} ms, ` +
        `peak extra RSS ${xlsxImport.peakExtraRssMb.toFixed(0)} MB, max event-loop delay ${xlsxImport.maxLoopStallMs.toFixed(1)} ms`,
    );
  }

  let dc305: Dc305Figures | undefined;
  if (runs("dc305")) {
    if (database.kind !== "postgres" || !database.url) {
      log("\nDC305 import: skipped — the figures need PostgreSQL (DATABASE_URL): COPY staging and a COPY baseline");
    } else {
      dc305 = await measureDc305({
        port: options.ports.app,
        dataDir: mkdtempSync(join(dataDir, "dc305-")),
        databaseUrl: database.url,
        quick: options.quick,
        progress: log,
      });
      const d = dc305;
      const phases = (i: Dc305Figures["first"]) =>
        `${i.seconds.toFixed(1)} s (upload ${i.uploadSeconds.toFixed(1)} s, server CPU ${i.uploadCpuSeconds.toFixed(1)} s; ` +
        `commit ${i.commitSeconds.toFixed(1)} s, server CPU ${i.commitCpuSeconds.toFixed(1)} s)`;
      const top = (shares: Dc305Figures["first"]["upload"]) =>
        shares
          .slice(0, 3)
          .map((x) => `${(x.share * 100).toFixed(0)}% ${x.statement.slice(0, 70)}`)
          .join(" | ");
      log(
        `\nDC305 EVENTS import, demo herd scale ${d.scale}: ${d.events.toLocaleString("en-US")} events, ` +
          `${d.animals.toLocaleString("en-US")} animals, ${d.fileMb.toFixed(0)} MB (${options.quick ? "quick: ~190k events" : "full: ~1M events"})`,
      );
      log(
        `  first import (empty herd database) ${phases(d.first)}: ${Math.round(d.importRps)} rows/s; ` +
          `events_new ${d.first.eventsNew}, herd_events ${d.herdEvents} (COPY baseline rows ${d.copiedEvents})`,
      );
      log(`    database time, upload: ${top(d.first.upload) || "—"}`);
      log(`    database time, commit: ${top(d.first.commit) || "—"}`);
      log(
        `  raw COPY of the parsed rows (animals + events, same indexes) ${d.copySeconds.toFixed(1)} s: ` +
          `${Math.round(d.copyRps)} rows/s; import ÷ COPY ratio ${d.ratio.toFixed(3)} (goal ≥ 0.5)`,
      );
      log(
        `  server peak RSS (VmHWM) ${d.peakMb.toFixed(0)} MB after the first import (goal ≤ 300; ` +
          `${d.rssBeforeMb.toFixed(0)} MB before it; ${d.peakAfterSecondMb.toFixed(0)} MB after the second)`,
      );
      log(
        `  same file again ${phases(d.second)}: events_new ${d.second.eventsNew}, unchanged ${d.second.eventsUnchanged}; ` +
          `speed-up ${d.speedup.toFixed(2)}× (goal ≥ 2)`,
      );
      log(`    database time, upload: ${top(d.second.upload) || "—"}`);
      log(`    database time, commit: ${top(d.second.commit) || "—"}`);
    }
  }

  const hello = baselines?.hello.rps ?? Number.NaN;
  const figures: Record<string, number> = {
    ...(api && {
      api_overhead_ratio: round(api.verifyToken.rps / hello),
      one_query_ratio: round(api.health.rps / hello),
      users_data_ratio: round(api.usersData.rps / hello),
    }),
    ...(poll && { poll_p99_ms: round(poll.p99, 1) }),
    ...(fanout && { ws_fanout_ratio: round(fanout.ratio) }),
    ...(form && shell && { form_js_gzip_kb: round(form.kb, 1), shell_js_gzip_kb: round(shell.kb, 1) }),
    ...(lcp && {
      lcp_slow4g_login_ms: Math.round(lcp.login.ms),
      lcp_slow4g_home_ms: Math.round(lcp.home.ms),
      lcp_slow4g_form_ms: Math.round(lcp.form.ms),
    }),
    ...(reports &&
      (reports.kind === "postgres"
        ? {
            report_p95_ms: Math.round(reports.slowestP95Ms),
            report_vs_raw_ratio: round(reports.worstRatio, 2),
            segment_count_p95_ms: Math.round(reports.segmentP95Ms),
          }
        : { report_demo_pglite_ms: Math.round(reports.slowestP95Ms) })),
    ...(monitoring && {
      monitoring_year_p95_ms: round(monitoring.yearP95Ms, 1),
      monitoring_vs_raw_ratio: round(monitoring.yearP95Ms / monitoring.yearRawP95Ms, 2),
      monitoring_daily_p95_ms: Math.round(monitoring.dailyP95Ms),
      ingest_vs_copy_ratio: round(monitoring.ingestRps / monitoring.copyRps),
      // No goals: where ingestion's time goes (the same batches without HTTP; without rollups).
      ingest_in_process_vs_copy_ratio: round(monitoring.inProcessRps / monitoring.copyRps),
      ingest_readings_only_vs_copy_ratio: round(monitoring.readingsOnlyRps / monitoring.copyRps),
    }),
    ...(dc305 && {
      dc305_import_vs_copy_ratio: round(dc305.ratio),
      dc305_import_peak_mb: round(dc305.peakMb, 1),
      dc305_reupload_speedup: round(dc305.speedup, 2),
    }),
  };
  const goals: Record<string, boolean> = {};
  for (const [name, goal] of Object.entries(GOALS)) {
    const value = figures[name];
    if (value === undefined) continue;
    goals[name] = (goal.min === undefined || value >= goal.min) && (goal.max === undefined || value <= goal.max);
  }
  result = {
    database: database.kind,
    mode: options.quick ? "quick" : "full",
    ...(options.only && { only: [...options.only].join(",") }),
    ...figures,
    ...(api &&
      baselines && {
        api_overhead_route:
          "GET /api/users/verify_token/ (the auth guard alone: the caller comes from the per-token cache, no SQL)",
        one_query_route: "GET /api/health (public, one query: select 1)",
        // The same comparisons in server CPU per request (hello's µs ÷ the route's µs): what the route
        // costs the server, free of the load generator that shares the cores.
        hello_cpu_us: round(baselines.hello.cpuUs, 1),
        api_overhead_cpu_ratio: round(baselines.hello.cpuUs / api.verifyToken.cpuUs),
        one_query_cpu_ratio: round(baselines.hello.cpuUs / api.health.cpuUs),
        users_data_cpu_ratio: round(baselines.hello.cpuUs / api.usersData.cpuUs),
        public_no_sql_cpu_ratio: round(baselines.hello.cpuUs / api.publicNoSql.cpuUs),
        public_no_sql_ratio: round(api.publicNoSql.rps / hello),
        raw_query_ratio: round(baselines.rawQuery.rps / hello),
        one_query_vs_raw_ratio: round(api.health.rps / baselines.rawQuery.rps),
        notifications_closed_loop_ratio: round(api.notifications.rps / hello),
        hello_world_rps: Math.round(hello),
      }),
    ...(lcp && {
      // When the page's own ready element (the login button, the greeting, the form's send button)
      // was there, in the median LCP run's page: what the user waits for to act.
      lcp_slow4g_login_element: lcp.login.element,
      lcp_slow4g_home_element: lcp.home.element,
      lcp_slow4g_form_element: lcp.form.element,
      ready_slow4g_login_ms: Math.round(lcp.login.readyMs),
      ready_slow4g_home_ms: Math.round(lcp.home.readyMs),
      ready_slow4g_form_ms: Math.round(lcp.form.readyMs),
    }),
    ...(poll && {
      poll_users: poll.users,
      poll_rate: poll.rate,
      poll_seconds: poll.seconds,
      poll_p50_ms: round(poll.p50, 1),
      poll_failed: poll.failed,
      poll_unanswered: poll.unanswered,
      poll_saturated: poll.saturated,
      poll_answered_rps: Math.round(poll.achievedRate),
    }),
    ...(fanout && {
      ws_idle_socket_heap_kb: round(fanout.appKb, 1),
      ws_idle_socket_heap_ratio: round(fanout.appKb / fanout.baseKb, 2),
    }),
    ...(submissions &&
      baselines && {
        form_submissions_ok: submissions.ok,
        form_submissions_ratio: round(submissions.ms / baselines.echoBurstMs, 2),
      }),
    ...(xlsxImport && {
      import_peak_rss_mb: round(xlsxImport.peakExtraRssMb, 1),
      import_max_loop_stall_ms: round(xlsxImport.maxLoopStallMs, 1),
      import_refuse_ms: Math.round(xlsxImport.refuseMs),
    }),
    ...(dc305 && {
      dc305_events: dc305.events,
      dc305_import_seconds: round(dc305.first.seconds, 2),
      dc305_upload_seconds: round(dc305.first.uploadSeconds, 2),
      dc305_commit_seconds: round(dc305.first.commitSeconds, 2),
      dc305_import_rows_per_s: Math.round(dc305.importRps),
      dc305_copy_seconds: round(dc305.copySeconds, 2),
      dc305_copy_rows_per_s: Math.round(dc305.copyRps),
      dc305_reupload_seconds: round(dc305.second.seconds, 2),
    }),
    goals_met: goals,
    seconds: Math.round((performance.now() - started) / 1000),
  };
  // Goals are reported; a wrong answer (a lost submission, a failed poll) fails the run.
  if ((submissions && !submissions.ok) || (poll && poll.failed > 0)) process.exitCode = 1;
  log(
    `\nGoals: ${Object.entries(goals)
      .map(([k, v]) => `${k} ${v ? "met" : "NOT MET"}`)
      .join(", ")}`,
  );
} finally {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(JSON.stringify(result));
