// What `npm run bench` was asked for: `--quick` (under 5 minutes: shorter windows, fewer users and
// sockets) and the database, PostgreSQL when DATABASE_URL (or BENCH_DATABASE_URL) is given, else PGlite.
export const quick = process.argv.includes("--quick");

export const serverUrl = process.env.DATABASE_URL || process.env.BENCH_DATABASE_URL || undefined;

export const databaseKind: "postgres" | "pglite" = serverUrl ? "postgres" : "pglite";

/** Seconds of each closed-loop req/s measurement, after a warm-up of `warmSeconds`. */
export const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 4 : 10));
export const warmSeconds = quick ? 1 : 3;
/** Connections of the closed-loop req/s measurements. */
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** The notification poll: users, their rate (20,000 users every 15 s = 1,333 req/s) and the window. */
export const pollUsers = Number(process.env.BENCH_POLL_USERS ?? (quick ? 5000 : 20_000));
export const pollRate = 1333;
export const pollSeconds = Number(process.env.BENCH_POLL_SECONDS ?? (quick ? 10 : 60));
export const pollConnections = 100;

/** Concurrent valid feedback-form submissions. */
export const submissions = Number(process.env.BENCH_SUBMISSIONS ?? 1000);

/** WebSocket fan-out: board members, events, idle main sockets. */
export const fanoutMembers = 1000;
export const fanoutMessages = quick ? 100 : 200;
export const idleSockets = 5000;

/**
 * `--only=lcp,api` runs only the named parts (api, poll, pages, submissions, fanout, import, lcp,
 * dc305, reports, monitoring (PostgreSQL only));
 * the JSON line and the goals then hold only their figures. Without it, everything runs.
 */
const onlyArg = process.argv.find((a) => a.startsWith("--only="));
export const only = onlyArg ? new Set(onlyArg.slice("--only=".length).split(",")) : undefined;
export const runs = (part: string) => !only || only.has(part);

/**
 * The ports the benchmarks listen on, from BENCH_PORT_BASE (default 18181): the baseline server,
 * the app, the pages-only app (measure-pages, lcp alone), the WebSocket fan-out app and its bare
 * baseline. Without the variable they are the historical 18181, 18182, 18183, 18194, 18195.
 */
const portBase = process.env.BENCH_PORT_BASE ? Number(process.env.BENCH_PORT_BASE) : undefined;
export const ports =
  portBase === undefined
    ? { baseline: 18_181, app: 18_182, pages: 18_183, fanoutApp: 18_194, fanoutBase: 18_195 }
    : { baseline: portBase, app: portBase + 1, pages: portBase + 2, fanoutApp: portBase + 3, fanoutBase: portBase + 4 };
