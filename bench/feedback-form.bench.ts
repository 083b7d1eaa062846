// The web pages' JavaScript and the public feedback form (issue 4):
// 1. the gzipped JavaScript Chromium loads for /form/:uuid (goal ≤ 170 KB: the page must not pull the
//    app shell, charts or admin code) and for `/` signed in as the demo admin (goal ≤ 350 KB);
// 2. N concurrent valid submissions → exactly N new rows, timed against the same number of
//    concurrent POSTs to a bare Fastify started in this run (the ratio is the figure).
// Each visitor comes from its own address (X-Forwarded-For with TRUST_PROXY=1), as 1,000 farm
// workers would: the per-address rate limit stays on.
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import type { AppServer } from "./app-server.ts";
import { burst } from "./measure.ts";

export const FORM_LINK = "11111111-2222-4333-8444-555555555555";

interface FormElement {
  column_uuid: string | null;
  type: string | null;
}
interface Tag {
  name: string;
  color: string;
}

export interface PageJs {
  kb: number;
  files: number;
}

/** Sum of gzipped JS bodies Chromium fetched while opening `path` until `ready` and the network is idle. */
async function pageJs(
  app: AppServer,
  path: string,
  ready: (page: Page) => Promise<void>,
  storage: Record<string, string> = {},
): Promise<PageJs> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const page = await browser.newPage();
    await page.addInitScript((items) => {
      const { localStorage } = globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } };
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, storage);
    const bodies: Promise<Buffer>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") bodies.push(response.body());
    });
    await page.goto(`${app.url}${path}`);
    await ready(page);
    await page.waitForLoadState("networkidle");
    const all = await Promise.all(bodies);
    const bytes = all.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    return { kb: bytes / 1024, files: all.length };
  } finally {
    await browser.close();
  }
}

export function formPageJs(app: AppServer): Promise<PageJs> {
  return pageJs(app, `/form/${FORM_LINK}`, (page) => page.getByRole("button", { name: "Отправить" }).waitFor());
}

/** `/` signed in as the demo admin (a superuser: the fullest menu), tokens put where the app keeps them. */
export async function shellPageJs(app: AppServer): Promise<PageJs> {
  const tokens = await app.signIn("admin");
  const verify = await fetch(`${app.url}/api/users/verify_token/`, {
    headers: { authorization: `Bearer ${tokens.access}` },
  });
  const { user_id } = (await verify.json()) as { user_id: number };
  return pageJs(app, "/", (page) => page.getByRole("heading", { name: /Здравствуйте/ }).waitFor(), {
    access: tokens.access,
    refresh: tokens.refresh,
    username: "admin",
    user_id: String(user_id),
  });
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

export interface SubmissionFigure {
  sent: number;
  created: number;
  rowsAdded: number;
  otherStatuses: number[];
  ms: number;
  ok: boolean;
}

/** `count` concurrent valid submissions of the demo form; every one must answer 201 and add one row. */
export async function measureSubmissions(app: AppServer, count: number): Promise<SubmissionFigure> {
  const { access } = await app.signIn("admin");
  const before = await feedbackRowCount(app, access);
  const body = { uuid_link: FORM_LINK, form_data: await validSubmission(app) };
  const { ms, statuses } = await burst(`${app.url}/api/tableLists/link_uuid_form/`, body, count);
  const created = statuses.filter((s) => s === 201).length;
  const rowsAdded = (await feedbackRowCount(app, access)) - before;
  const otherStatuses = [...new Set(statuses.filter((s) => s !== 201))];
  return { sent: count, created, rowsAdded, otherStatuses, ms, ok: created === count && rowsAdded === count };
}
