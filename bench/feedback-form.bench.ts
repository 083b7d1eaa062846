// The public feedback form (issue 4):
// 1. the gzipped JavaScript a visitor's browser loads for /form/:uuid (goal ≤ 170 KB: the page
//    must not pull the app shell, charts or admin code), measured in Chromium;
// 2. 1,000 concurrent valid submissions → exactly 1,000 new rows, timed against the same number
//    of concurrent POSTs to a bare Fastify started in this run (the ratio is the figure).
// Each visitor comes from its own address (X-Forwarded-For with TRUST_PROXY=1), as 1,000 farm
// workers would: the per-address rate limit stays on.

import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { type AppServer, freshPostgres, startApp } from "./app-server.ts";
import { startProcess, stopProcess } from "./processes.ts";

const FORM_LINK = "11111111-2222-4333-8444-555555555555";
const JS_BUDGET_KB = 170;
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 1000);
const baselineMain = fileURLToPath(new URL("./baseline-server.ts", import.meta.url));

interface FormElement {
  column_uuid: string | null;
  type: string | null;
}
interface Tag {
  name: string;
  color: string;
}

/** Sum of gzipped JS bodies Chromium fetched while opening the form page until it shows Send. */
async function formPageJs(app: AppServer): Promise<{ kb: number; files: number }> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const page = await browser.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") bodies.push(response.body());
    });
    await page.goto(`${app.url}/form/${FORM_LINK}`);
    await page.getByRole("button", { name: "Отправить" }).waitFor();
    const all = await Promise.all(bodies);
    const bytes = all.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    return { kb: bytes / 1024, files: all.length };
  } finally {
    await browser.close();
  }
}

/** A valid value for every field of the demo form. */
async function validSubmission(app: AppServer): Promise<Record<string, unknown>> {
  const elements = (await (
    await fetch(`${app.url}/api/tableLists/form_data/?uuid_link=${FORM_LINK}`)
  ).json()) as FormElement[];
  const data: Record<string, unknown> = {};
  for (const e of elements) {
    if (!e.column_uuid || !e.type) continue;
    const tags = async () =>
      (await (await fetch(`${app.url}/api/tableLists/tags/?column_uuid=${e.column_uuid}`)).json()) as Tag[];
    const values: Record<string, () => unknown> = {
      checkbox: () => true,
      text: () => "Нагрузочная проверка",
      date_picker: () => "2026-11-23",
      number: () => 412,
      percent: () => 3.5,
      telephone: () => "+79161234567",
      ref: () => "https://example.org/photo.jpg",
    };
    if (e.type === "tag") data[e.column_uuid] = (await tags()).slice(0, 2);
    else if (e.type === "select") data[e.column_uuid] = (await tags())[0];
    else data[e.column_uuid] = values[e.type]?.();
  }
  return data;
}

async function feedbackRowCount(app: AppServer, access: string): Promise<number> {
  const response = await fetch(`${app.url}/api/tableLists/lists/?kind=list`, {
    headers: { authorization: `Bearer ${access}` },
  });
  const lists = (await response.json()) as { form_link: string | null; row_count: number }[];
  const list = lists.find((l) => l.form_link === FORM_LINK);
  if (!list) throw new Error("the demo feedback list is not in admin's lists");
  return list.row_count;
}

/** Sends `count` POSTs at once (each from its own address); ms until all answered, and their statuses. */
async function burst(url: string, body: unknown, count: number) {
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify(body),
      }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      }),
    ),
  );
  return { ms: performance.now() - started, statuses };
}

async function submissions(title: string, app: AppServer, baseMs: number): Promise<string> {
  const access = await app.signIn("admin");
  const before = await feedbackRowCount(app, access);
  const body = { uuid_link: FORM_LINK, form_data: await validSubmission(app) };
  const { ms, statuses } = await burst(`${app.url}/api/tableLists/link_uuid_form/`, body, SUBMISSIONS);
  const created = statuses.filter((s) => s === 201).length;
  const added = (await feedbackRowCount(app, access)) - before;
  const ok = created === SUBMISSIONS && added === SUBMISSIONS;
  const other = statuses.filter((s) => s !== 201);
  if (!ok) process.exitCode = 1;
  return (
    `  ${title.padEnd(34)} ${SUBMISSIONS} sent, ${created} × 201, rows added ${added}` +
    `${other.length ? ` (other statuses: ${[...new Set(other)].join(", ")})` : ""}` +
    ` — ${ms.toFixed(0)} ms, ratio to baseline ${(ms / baseMs).toFixed(1)}× ${ok ? "OK" : "FAILED"}`
  );
}

const basePort = 18_191;
const baseline = await startProcess(
  process.execPath,
  ["--import", "tsx", baselineMain],
  { ...process.env, PORT: String(basePort) },
  /listening/,
);
let baseMs: number;
try {
  await burst(`http://127.0.0.1:${basePort}/echo`, { warm: true }, 50);
  baseMs = (await burst(`http://127.0.0.1:${basePort}/echo`, { hello: "world" }, SUBMISSIONS)).ms;
} finally {
  await stopProcess(baseline);
}

const lines: string[] = [];
const embedded = await startApp(18_192, { TRUST_PROXY: "1" });
try {
  const js = await formPageJs(embedded);
  const within = js.kb <= JS_BUDGET_KB;
  if (!within) process.exitCode = 1;
  lines.push(
    `  JS loaded by /form/:uuid: ${js.kb.toFixed(1)} KB gzipped in ${js.files} files ` +
      `(goal ≤ ${JS_BUDGET_KB} KB) ${within ? "OK" : "OVER BUDGET"}`,
  );
  lines.push(await submissions("submissions (PGlite)", embedded, baseMs));
} finally {
  await embedded.stop();
}
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const onPostgres = await startApp(18_193, { TRUST_PROXY: "1", DATABASE_URL: await freshPostgres(pgUrl) });
  try {
    lines.push(await submissions("submissions (PostgreSQL)", onPostgres, baseMs));
  } finally {
    await onPostgres.stop();
  }
}

console.log(`\nfeedback form — baseline: ${SUBMISSIONS} concurrent POSTs to bare Fastify in ${baseMs.toFixed(0)} ms`);
for (const line of lines) console.log(line);
