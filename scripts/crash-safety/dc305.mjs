// The DC305 round of the crash test: a generated EVENTS file (the demo-herd generator, ~4,300
// events) is uploaded into an empty herd database, its commit started, and the server SIGKILLed
// while the commit's merge runs (seen in pg_stat_activity). After the restart the herd holds either
// none of the file or all of it, never part: the upload is either committed with the full counts,
// or still staged — and then a second commit succeeds and gives the full counts.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { call, HttpError } from "./api.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const USERNAME = "zootech";

/** The demo herd's EVENTS file at a small scale, made by the project's generator (needs tsx). */
function eventsFile() {
  const code = `
    import { dc305EventsLines } from "./apps/server/src/features/herd/demo-herd/dc305-writer.ts";
    import { streamDemoHerd } from "./apps/server/src/features/herd/demo-herd/generate-demo-herd.ts";
    const lines = dc305EventsLines(streamDemoHerd({ seed: 7, today: "2026-11-26", scale: 0.05 }));
    process.stdout.write([...lines].join(""));`;
  return execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    cwd: root,
    maxBuffer: 64 * 2 ** 20,
  });
}

/** The demo zootechnician gets the dc_305 flag and a new, empty herd database of her company. */
async function emptyHerdDatabase(pool) {
  const { rows: users } = await pool.query("update users set dc_305 = true where username = $1 returning id", [
    USERNAME,
  ]);
  const userId = users[0]?.id;
  if (userId === undefined) throw new Error(`the demo data has no user ${USERNAME}`);
  const { rows } = await pool.query(
    `insert into user_databases (company_id, name, server, db_name, kind)
     select m.company_id, 'Проверка на сбой DC305', 'crash.nadoy.local', 'crash_dc305_' || m.company_id, 'herd'
     from company_memberships m where m.user_id = $1 order by m.company_id limit 1
     returning id, uuid`,
    [userId],
  );
  const database = rows[0];
  if (!database) throw new Error(`${USERNAME} is in no company`);
  await pool.query("insert into user_database_access (user_id, database_id) values ($1, $2)", [userId, database.id]);
  return database;
}

async function herdCounts(pool, databaseId) {
  const { rows } = await pool.query(
    `select (select count(*)::int from herd_animals where database_id = $1) as animals,
            (select count(*)::int from herd_events where database_id = $1) as events`,
    [databaseId],
  );
  return rows[0];
}

/**
 * Resolves once one of the server's connections runs a statement of the commit's merge (they all
 * name the temporary table herd_merge); false if the commit ended first. PostgreSQL sends no
 * event for this: its state is polled back to back, bounded by the commit's answer.
 */
async function mergeRunning(pool, commitDone) {
  let done = false;
  commitDone.finally(() => {
    done = true;
  });
  while (!done) {
    const { rows } = await pool.query(
      `select 1 from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and state = 'active' and query like '%herd_merge%'`,
    );
    if (rows.length > 0) return true;
  }
  return false;
}

/**
 * Uploads, starts the commit, kills the server mid-merge, restarts it (`restart`) and checks the
 * herd. Resolves with a summary line and the problems found (none when all holds).
 */
export async function dc305Round({ baseUrl, pool, token, server, restart }) {
  const file = eventsFile();
  const database = await emptyHerdDatabase(pool);
  const before = await herdCounts(pool, database.id);
  const created = await call(baseUrl, "POST", `/api/herd/${database.uuid}/uploads/?format=dc305&name=crash.csv`, {
    token,
    headers: { "content-type": "text/csv" },
    rawBody: file,
  });
  const preview = created.preview;
  const full = { animals: before.animals + preview.animals_new, events: before.events + preview.events_new };

  const progressId = randomUUID();
  const commit = call(baseUrl, "POST", `/api/herd/uploads/${created.upload_uuid}/commit/?progress_id=${progressId}`, {
    token,
  }).then(
    (counts) => ({ counts }),
    (error) => ({ error }),
  );
  const started = Date.now();
  const inMerge = await mergeRunning(pool, commit);
  const killedAfterMs = Date.now() - started;
  await server().kill();
  const answer = await commit;
  await restart();

  const problems = [];
  const after = await herdCounts(pool, database.id);
  const { rows } = await pool.query("select status, counts from herd_uploads where uuid = $1", [created.upload_uuid]);
  const upload = rows[0];
  const same = (a, b) => a.animals === b.animals && a.events === b.events;
  let state;
  if (!upload) problems.push("dc305: the upload's row is gone after the restart");
  else if (upload.status === "committed") {
    state = "committed before the kill";
    if (!same(after, full))
      problems.push(`dc305: committed but the herd holds ${JSON.stringify(after)}, not ${JSON.stringify(full)}`);
    if (upload.counts?.events_new !== preview.events_new)
      problems.push("dc305: committed counts differ from the preview");
  } else if (upload.status === "staged") {
    state = "rolled back, still staged";
    if (!same(after, before)) {
      problems.push(
        `dc305: still staged but the herd holds ${JSON.stringify(after)}, not ${JSON.stringify(before)} (part of the file)`,
      );
    }
    try {
      const counts = await call(baseUrl, "POST", `/api/herd/uploads/${created.upload_uuid}/commit/`, { token });
      const again = await herdCounts(pool, database.id);
      if (counts.events_new !== preview.events_new || counts.animals_new !== preview.animals_new) {
        problems.push(
          `dc305: the second commit counted ${counts.events_new} events, ${counts.animals_new} animals, not the preview's`,
        );
      }
      if (!same(again, full))
        problems.push(
          `dc305: after the second commit the herd holds ${JSON.stringify(again)}, not ${JSON.stringify(full)}`,
        );
      state += "; second commit OK";
    } catch (error) {
      problems.push(`dc305: the second commit failed: ${error instanceof HttpError ? error.message : error}`);
    }
  } else problems.push(`dc305: the upload is «${upload.status}» after the restart`);
  if (answer.counts) state = `${state} (the commit answered before the kill)`;

  const summary =
    `dc305 round: ${preview.events_new} events, ${preview.animals_new} animals; SIGKILL ` +
    `${inMerge ? `${killedAfterMs} ms into the commit, mid-merge` : "after the commit ended"}; ${state ?? "?"}; ` +
    (problems.length === 0 ? "the herd holds all of the file or none, never part" : "FAILED");
  return { summary, problems };
}
