// Crash safety: under load on real PostgreSQL (public form submissions, chat messages, task moves)
// the built server is killed with SIGKILL at a random moment, restarted on the same database, and
// every write it acknowledged must be there exactly once, with nothing half-written
// (scripts/crash-safety/verify.mjs). Then one DC305 round: the server killed while an upload's
// commit runs, and the herd must hold all of the file or none (scripts/crash-safety/dc305.mjs).
// `npm run crash -- --rounds 3` (default 20 rounds).
//
// Database: CRASH_DATABASE_URL (an empty database, used as it is), else a fresh database
// `crash_<pid>` on the server of TEST_DATABASE_URL or DATABASE_URL, dropped at the end. Without any
// of them the check is skipped. Needs the built server: `npm run build`.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { prepare } from "./crash-safety/api.mjs";
import { createDatabase, openPool, pickDatabase } from "./crash-safety/database.mjs";
import { dc305Round } from "./crash-safety/dc305.mjs";
import { createLedger, startLoad } from "./crash-safety/load.mjs";
import { freePort, serverEnvironment, startServer, waitHealthy } from "./crash-safety/server.mjs";
import { formBaseline, verify } from "./crash-safety/verify.mjs";

const { values: args } = parseArgs({
  options: { rounds: { type: "string", default: "20" }, loops: { type: "string", default: "8" } },
});
const rounds = Number(args.rounds);
const loops = Number(args.loops);
if (!Number.isInteger(rounds) || rounds < 1 || !Number.isInteger(loops) || loops < 1) {
  console.error("usage: node scripts/crash-safety.mjs [--rounds N] [--loops N]");
  process.exit(2);
}

const picked = pickDatabase();
if (!picked) {
  console.log("crash-safety: skipped — no PostgreSQL (set CRASH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL)");
  process.exit(0);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => (ms / 1000).toFixed(2);

const scratch = mkdtempSync(join(tmpdir(), "nadoy-crash-"));
let database;
let server;
let pool;

async function cleanUp() {
  await server?.kill();
  await pool?.end().catch(() => {});
  await database?.drop().catch((error) => console.error(`crash-safety: could not drop the database: ${error}`));
  rmSync(scratch, { recursive: true, force: true });
}

process.once("SIGINT", () => {
  cleanUp().finally(() => process.exit(130));
});

async function run() {
  database = picked.own
    ? await createDatabase(picked.url, `crash_${process.pid}`)
    : { url: picked.url, drop: async () => {} };
  pool = openPool(database.url);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = serverEnvironment({
    databaseUrl: database.url,
    port,
    dataDir: join(scratch, "data"),
    jwtSecret: randomBytes(32).toString("hex"),
  });
  const start = async () => {
    server = startServer({ env, cwd: scratch });
    await waitHealthy(server, baseUrl);
  };

  const t0 = Date.now();
  await start();
  const setup = await prepare(baseUrl, pool, loops);
  const baseline = await formBaseline(pool, setup);
  console.log(
    `crash-safety: server on ${baseUrl} (migrated and seeded in ${seconds(Date.now() - t0)} s), ` +
      `${loops} loops, ${rounds} rounds`,
  );

  const ledger = createLedger();
  const acknowledged = () => ledger.forms.size + ledger.messages.size + ledger.moves;
  for (let round = 1; round <= rounds; round++) {
    const load = startLoad({ baseUrl, setup, ledger, loops });
    const loadMs = 300 + Math.random() * 2700;
    await sleep(loadMs);
    const inFlight = load.stop();
    await server.kill();
    const counts = await load.done;

    const restartedAt = Date.now();
    await start();
    const restartMs = Date.now() - restartedAt;
    const problems = [...counts.serverErrors, ...(await verify(pool, setup, ledger, baseline, baseUrl))];
    const refused = Object.entries(counts.refused)
      .map(([status, n]) => `${status}×${n}`)
      .join(" ");
    console.log(
      `round ${round}/${rounds}: SIGKILL after ${seconds(loadMs)} s with ${inFlight} writes in flight; ` +
        `acknowledged ${counts.forms} form sends, ${counts.messages} messages, ${counts.moves} task moves` +
        `${refused ? ` (refused ${refused})` : ""}; restart ${seconds(restartMs)} s; ` +
        (problems.length === 0 ? `all ${acknowledged()} acknowledged writes present, invariants hold` : "FAILED"),
    );
    if (problems.length > 0) {
      for (const problem of problems.slice(0, 30)) console.error(`  ✗ ${problem}`);
      if (problems.length > 30) console.error(`  … and ${problems.length - 30} more`);
      const lost = problems.filter((p) => p.includes("missing")).length;
      console.log(`crash-safety: ${round} rounds, ${acknowledged()} acknowledged writes, ${lost} lost — FAILED`);
      return false;
    }
  }

  // One DC305 round: the server killed in the middle of an upload's commit (one transaction).
  const dc305Started = Date.now();
  const dc305 = await dc305Round({
    baseUrl,
    pool,
    token: setup.tokens.zootech,
    server: () => server,
    restart: start,
  });
  console.log(`${dc305.summary} (${seconds(Date.now() - dc305Started)} s)`);
  if (dc305.problems.length > 0) {
    for (const problem of dc305.problems) console.error(`  ✗ ${problem}`);
    console.log("crash-safety: the DC305 commit was not all-or-nothing — FAILED");
    return false;
  }
  console.log(
    `crash-safety: ${rounds} rounds, ${acknowledged()} acknowledged writes, 0 lost; DC305 commit all-or-nothing`,
  );
  return true;
}

let ok = false;
try {
  ok = await run();
} catch (error) {
  console.error("crash-safety: error:", error instanceof Error ? error.message : error);
  if (server) console.error(`server output (last lines):\n${server.output()}`);
} finally {
  await cleanUp();
}
process.exit(ok ? 0 : 1);
