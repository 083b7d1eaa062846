// Issue 17 "Performance": a DC305 EVENTS file of about 1,000,000 events (the demo-herd generator,
// scale 11; ~190,000 with --quick, scale 2) uploaded and committed through the app
// (POST /api/herd/:db_uuid/uploads/ streamed, then …/commit/) into an empty herd database, against a
// raw COPY of the same rows, already parsed, into tables shaped like herd_animals and herd_events
// (LIKE … INCLUDING ALL: the same indexes and checks; plus herd_events' foreign key to its animal,
// which LIKE leaves out). Figures:
//   dc305_import_vs_copy_ratio  import rows/s ÷ COPY rows/s (rows = the file's events)
//   dc305_import_peak_mb        the app server's VmHWM (/proc/<pid>/status) after the first import,
//                               the server started fresh for it
//   dc305_reupload_speedup      first import's seconds ÷ the same file's again (nothing changes)
// PostgreSQL only (the app's COPY staging and the server-side COPY are what is compared).
// While the import runs, pg_stat_activity is sampled (every 100 ms) to tell which statement the
// time goes to; the top ones are printed.
import { once } from "node:events";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { setInterval } from "node:timers/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { parseDc305Batches } from "../apps/server/src/features/herd/dc305/parse-dc305.ts";
import { dc305EventsLines } from "../apps/server/src/features/herd/demo-herd/dc305-writer.ts";
import { streamDemoHerd } from "../apps/server/src/features/herd/demo-herd/generate-demo-herd.ts";
import { type AppServer, startApp } from "./app-server.ts";

/** Fixed, so that the file is the same from run to run (and cached in the temp folder). */
const SEED = 1;
const TODAY = "2026-11-26";
const USERNAME = "zootech";

export interface Dc305Options {
  port: number;
  dataDir: string;
  databaseUrl: string;
  quick: boolean;
  /** Told each step as it ends (the import can take minutes). */
  progress?: (line: string) => void;
}

export interface StatementShare {
  statement: string;
  share: number;
}

export interface Dc305Import {
  seconds: number;
  uploadSeconds: number;
  commitSeconds: number;
  /** CPU the app server's process used in each phase (the rest is PostgreSQL, the client, waiting). */
  uploadCpuSeconds: number;
  commitCpuSeconds: number;
  eventsNew: number;
  eventsUnchanged: number;
  /** Where PostgreSQL spent the import (pg_stat_activity samples of the app's active statements). */
  upload: StatementShare[];
  commit: StatementShare[];
}

export interface Dc305Figures {
  scale: number;
  events: number;
  animals: number;
  fileMb: number;
  first: Dc305Import;
  second: Dc305Import;
  importRps: number;
  copySeconds: number;
  copyRps: number;
  ratio: number;
  /** VmRSS of the fresh server before the upload, and VmHWM after the first import (MB). */
  rssBeforeMb: number;
  peakMb: number;
  /** VmHWM after the second import too (it may only grow). */
  peakAfterSecondMb: number;
  speedup: number;
  /** herd_events rows of the database after the first commit (should equal the COPY's events). */
  herdEvents: number;
  copiedEvents: number;
}

interface GeneratedFile {
  path: string;
  events: number;
  bytes: number;
}

/** The EVENTS file of the demo herd at `scale`, streamed to the temp folder once per machine. */
async function eventsFile(scale: number): Promise<GeneratedFile> {
  const path = join(tmpdir(), `nadoy-bench-dc305-events-s${scale}-${TODAY}-v1.csv`);
  const meta = `${path}.json`;
  if (existsSync(path) && existsSync(meta)) {
    return { path, ...(JSON.parse(readFileSync(meta, "utf8")) as { events: number }), bytes: statSync(path).size };
  }
  const partial = `${path}.partial`;
  const out = createWriteStream(partial);
  let events = -1; // the header line
  for (const line of dc305EventsLines(streamDemoHerd({ seed: SEED, today: TODAY, scale }))) {
    events++;
    if (!out.write(line)) await once(out, "drain");
  }
  out.end();
  await once(out, "close");
  renameSync(partial, path);
  writeFileSync(meta, JSON.stringify({ events }));
  return { path, events, bytes: statSync(path).size };
}

const NULL = "\\N";
const copyText = (value: string | null | undefined): string =>
  value === null || value === undefined
    ? NULL
    : value.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"));
const copyNum = (value: number | null | undefined) => (value === null || value === undefined ? NULL : String(value));

interface ParsedCopy {
  animalsPath: string;
  eventsPath: string;
  animals: number;
  events: number;
}

/**
 * The baseline's input, outside the timed part: the file read by the project's parser into two COPY
 * text files, animals (one per identity, barn number with birth date as the importer keys them) and
 * events (their animal's id; an exact duplicate of the same animal's event once, as the natural
 * unique index wants).
 */
async function parseForCopy(file: GeneratedFile, databaseId: number, folder: string): Promise<ParsedCopy> {
  const animalsPath = join(folder, "bench-animals.tsv");
  const eventsPath = join(folder, "bench-events.tsv");
  const eventsOut = createWriteStream(eventsPath);
  const animalIds = new Map<string, number>();
  const animalLines: string[] = [];
  let events = 0;
  let lastIdent = "";
  let seen = new Set<string>();
  for await (const batch of parseDc305Batches(createReadStream(file.path), { today: new Date(`${TODAY}T12:00:00Z`) })) {
    const lines: string[] = [];
    for (const r of batch) {
      if (r.type !== "row" || !r.event || !r.animal.birth_date) continue;
      const a = r.animal;
      const e = r.event;
      const ident = a.ear_tag ? `t${a.ear_tag}` : `b${a.barn_number}|${a.birth_date}`;
      let id = animalIds.get(ident);
      if (id === undefined) {
        id = animalIds.size + 1;
        animalIds.set(ident, id);
        animalLines.push(
          [
            databaseId,
            id,
            copyText(a.barn_number),
            copyText(a.birth_date),
            copyText(a.ear_tag),
            copyText(a.breed),
            copyText(a.pen),
            copyNum(a.lact ?? 0),
            "milking",
          ].join("\t"),
        );
      }
      if (ident !== lastIdent) {
        lastIdent = ident;
        seen = new Set();
      }
      const key = `${e.date}|${e.code}|${e.remark}|${e.protocol}|${e.technician}`;
      if (seen.has(key)) continue;
      seen.add(key);
      events++;
      lines.push(
        [
          databaseId,
          id,
          e.date,
          copyText(e.code),
          copyNum(a.lact ?? 0),
          copyNum(e.dim),
          copyText(e.remark),
          copyText(e.protocol),
          copyText(e.technician),
        ].join("\t"),
      );
    }
    if (lines.length > 0 && !eventsOut.write(`${lines.join("\n")}\n`)) await once(eventsOut, "drain");
  }
  eventsOut.end();
  await once(eventsOut, "close");
  const animalsOut = createWriteStream(animalsPath);
  animalsOut.end(animalLines.length > 0 ? `${animalLines.join("\n")}\n` : "");
  await once(animalsOut, "close");
  return { animalsPath, eventsPath, animals: animalIds.size, events };
}

/** Seconds of the raw COPY of both files in one transaction, into fresh tables shaped as the herd's (keys included). */
async function timeCopy(client: pg.Client, parsed: ParsedCopy): Promise<number> {
  await client.query("drop table if exists bench_events, bench_animals");
  await client.query("create table bench_animals (like herd_animals including all)");
  await client.query("create table bench_events (like herd_events including all)");
  // The herd's shape includes its key from each event to its animal (LIKE copies no foreign keys):
  // the import pays that check for every event, so the physical limit pays it too.
  await client.query(
    `alter table bench_events add constraint bench_events_animal_fk foreign key (database_id, animal_id)
       references bench_animals (database_id, id) on delete cascade`,
  );
  const copy = async (sqlText: string, path: string) => {
    await pipeline(createReadStream(path), client.query(copyFrom(sqlText)));
  };
  const started = performance.now();
  await client.query("begin");
  await copy(
    "copy bench_animals (database_id, id, barn_number, birth_date, ear_tag, breed, pen, lact, status) from stdin",
    parsed.animalsPath,
  );
  await copy(
    "copy bench_events (database_id, animal_id, event_date, code, lact, dim, remark, protocol, technician) from stdin",
    parsed.eventsPath,
  );
  await client.query("commit");
  const seconds = (performance.now() - started) / 1000;
  await client.query("drop table bench_events, bench_animals");
  return seconds;
}

/** The process's memory line (VmRSS, VmHWM) in MB, from /proc. */
function procMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  if (!match) throw new Error(`${field} missing in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

/** User + system CPU seconds of a process so far (/proc/<pid>/stat, clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const SAMPLE_MS = 100;

/**
 * Samples the app's active statements in pg_stat_activity every 100 ms until stopped: a statement
 * profile of the database side. (Polling: PostgreSQL sends no event per statement.)
 */
function statementSampler(client: pg.Client) {
  let counts = new Map<string, number>();
  let total = 0;
  const stopped = new AbortController();
  // A sampling period, not a wait for something: each tick takes one sample.
  const loop = (async () => {
    try {
      for await (const _ of setInterval(SAMPLE_MS, undefined, { signal: stopped.signal })) {
        const { rows } = await client.query<{ query: string }>(
          `select query from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and state = 'active'
             and backend_type = 'client backend'`,
        );
        // A statement counts once per sample, however many connections run it.
        for (const statement of new Set(rows.map((r) => r.query.replace(/\s+/g, " ").trim().slice(0, 90)))) {
          counts.set(statement, (counts.get(statement) ?? 0) + 1);
        }
        total++;
      }
    } catch (error) {
      if (!stopped.signal.aborted) throw error;
    }
  })();
  return {
    /** Shares of the samples since the last take, largest first (idle samples are not counted). */
    take(): StatementShare[] {
      const out = [...counts.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([statement, n]) => ({ statement, share: total === 0 ? 0 : n / total }));
      counts = new Map();
      total = 0;
      return out;
    },
    async stop() {
      stopped.abort();
      await loop;
    },
  };
}

interface Answer {
  status: number;
  body: string;
}

/** POSTs the file as the raw request body, streamed from disk (Content-Length set). */
function postFile(url: string, token: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "text/csv",
          "content-length": String(statSync(path).size),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    pipeline(createReadStream(path), req).catch(reject);
  });
}

interface CommitCounts {
  events_new: number;
  events_unchanged: number;
  rows: number;
}

/** Upload then commit, each timed; the statement samples of each phase. */
async function importOnce(
  app: AppServer,
  token: string,
  dbUuid: string,
  file: GeneratedFile,
  sampler: ReturnType<typeof statementSampler>,
  pid: number,
  say: (line: string) => void,
): Promise<Dc305Import> {
  sampler.take();
  const cpu0 = cpuSeconds(pid);
  const started = performance.now();
  const created = await postFile(
    `${app.url}/api/herd/${dbUuid}/uploads/?format=dc305&name=${encodeURIComponent("events.csv")}`,
    token,
    file.path,
  );
  if (created.status !== 201) throw new Error(`upload answered ${created.status}: ${created.body.slice(0, 300)}`);
  const uploaded = performance.now();
  const cpu1 = cpuSeconds(pid);
  const upload = sampler.take();
  say(`  (upload answered 201 in ${((uploaded - started) / 1000).toFixed(1)} s; committing…)`);
  const { upload_uuid } = JSON.parse(created.body) as { upload_uuid: string };
  const res = await fetch(`${app.url}/api/herd/uploads/${upload_uuid}/commit/`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`commit answered ${res.status}: ${text.slice(0, 300)}`);
  const done = performance.now();
  const cpu2 = cpuSeconds(pid);
  const counts = JSON.parse(text) as CommitCounts;
  return {
    seconds: (done - started) / 1000,
    uploadSeconds: (uploaded - started) / 1000,
    commitSeconds: (done - uploaded) / 1000,
    uploadCpuSeconds: cpu1 - cpu0,
    commitCpuSeconds: cpu2 - cpu1,
    eventsNew: counts.events_new,
    eventsUnchanged: counts.events_unchanged,
    upload,
    commit: sampler.take(),
  };
}

/**
 * The demo zootechnician gets the dc_305 flag and a new, empty herd database of the demo company
 * (the demo herd, if the seed loads one, stays in its own database).
 */
async function prepareDatabase(client: pg.Client): Promise<{ id: number; uuid: string }> {
  const { rows: users } = await client.query<{ id: number }>(
    "update users set dc_305 = true where username = $1 returning id",
    [USERNAME],
  );
  const user = users[0];
  if (!user) throw new Error(`the demo data has no user ${USERNAME}`);
  const { rows } = await client.query<{ id: number; uuid: string }>(
    `insert into user_databases (company_id, name, server, db_name, kind)
     select m.company_id, 'Бенчмарк DC305', 'bench.nadoy.local', 'bench_dc305_' || m.company_id, 'herd'
     from company_memberships m where m.user_id = $1 order by m.company_id limit 1
     returning id, uuid`,
    [user.id],
  );
  const database = rows[0];
  if (!database) throw new Error(`${USERNAME} is in no company`);
  await client.query("insert into user_database_access (user_id, database_id) values ($1, $2)", [user.id, database.id]);
  return database;
}

export async function measureDc305(options: Dc305Options): Promise<Dc305Figures> {
  const scale = options.quick ? 2 : 11;
  const file = await eventsFile(scale);
  const appOptions = { port: options.port, dataDir: options.dataDir, databaseUrl: options.databaseUrl };
  const folder = join(options.dataDir, "dc305-copy");
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });

  // First start: migrations and demo data; the bench's user and database; then stopped, so that
  // the measured server starts fresh and its VmHWM is the import's.
  let setup: AppServer | undefined = await startApp(appOptions);
  let app: AppServer | undefined;
  const client = new pg.Client({ connectionString: options.databaseUrl });
  const samplerClient = new pg.Client({ connectionString: options.databaseUrl });
  let sampler: ReturnType<typeof statementSampler> | undefined;
  try {
    await client.connect();
    await samplerClient.connect();
    const database = await prepareDatabase(client);
    await setup.stop();
    setup = undefined;
    const parsed = await parseForCopy(file, database.id, folder);

    app = await startApp(appOptions);
    const pid = app.pid;
    if (pid === undefined) throw new Error("the app server has no pid");
    const rssBeforeMb = procMb(pid, "VmRSS");
    const { access } = await app.signIn(USERNAME);
    sampler = statementSampler(samplerClient);
    const say = options.progress ?? (() => undefined);
    say(`  (${file.events} events, ${(file.bytes / 2 ** 20).toFixed(0)} MB; the server started fresh, importing…)`);
    const first = await importOnce(app, access, database.uuid, file, sampler, pid, say);
    const peakMb = procMb(pid, "VmHWM");
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from herd_events where database_id = $1",
      [database.id],
    );
    const second = await importOnce(app, access, database.uuid, file, sampler, pid, say);
    const peakAfterSecondMb = procMb(pid, "VmHWM");
    await sampler.stop();
    sampler = undefined;
    await app.stop();
    app = undefined;

    const copySeconds = await timeCopy(client, parsed);
    const importRps = file.events / first.seconds;
    const copyRps = file.events / copySeconds;
    return {
      scale,
      events: file.events,
      animals: parsed.animals,
      fileMb: file.bytes / 2 ** 20,
      first,
      second,
      importRps,
      copySeconds,
      copyRps,
      ratio: importRps / copyRps,
      rssBeforeMb,
      peakMb,
      peakAfterSecondMb,
      speedup: first.seconds / second.seconds,
      herdEvents: rows[0]?.n ?? 0,
      copiedEvents: parsed.events,
    };
  } finally {
    await sampler?.stop();
    await client.end().catch(() => undefined);
    await samplerClient.end().catch(() => undefined);
    await app?.stop();
    await setup?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
