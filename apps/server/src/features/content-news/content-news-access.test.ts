import type { ManagedNews } from "@nadoy/contract/content";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_FILES } from "../../../test/files.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { type NewsApi, type NewsWorld, newsWorld, ok, WHO, type Who } from "./content-news.test-kit.ts";

// Who may call each news route (contract content.ts header): anonymous, roles 1–7 (members of the
// company), a superuser in no company, and a role-1 member of another company.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const SIGNED_IN: readonly Who[] = WHO.filter((w) => w !== "anonymous");
const EDITORS: readonly Who[] = ["role 2", "superuser"];
// Admins upload pictures too (report and iframe-group cards); «other company» is a role-1 admin.
const IMAGE_UPLOADERS: readonly Who[] = [...EDITORS, "role 1", "other company"];

interface RouteCase {
  /** Made fresh for each caller by the editor: a published item for the company only. */
  call: (api: NewsApi, item: ManagedNews) => Promise<{ statusCode: number }>;
  expected: Partial<Record<Who, number>>;
}

/** `okStatus` for the allowed, 403 for other signed-in callers, 401 anonymous. */
function matrix(okStatus: number, allowed: readonly Who[], exceptions: Partial<Record<Who, number>> = {}) {
  const result = {} as Record<Who, number>;
  for (const who of WHO) result[who] = allowed.includes(who) ? okStatus : 403;
  result.anonymous = 401;
  return { ...result, ...exceptions };
}

const ROUTES: Record<string, RouteCase> = {
  "GET /api/news/": { call: (api) => api.feed(), expected: matrix(200, SIGNED_IN) },
  // Another company's reader gets 404, exactly like a missing item.
  "GET /api/news/:id/": {
    call: (api, item) => api.item(item.id),
    expected: matrix(200, SIGNED_IN, { "other company": 404 }),
  },
  "GET /api/manage/news/": { call: (api) => api.list(), expected: matrix(200, EDITORS) },
  "POST /api/manage/news/": { call: (api) => api.create({ title: "Новая новость" }), expected: matrix(201, EDITORS) },
  "GET /api/manage/news/:id/": { call: (api, item) => api.get(item.id), expected: matrix(200, EDITORS) },
  "PATCH /api/manage/news/:id/": {
    call: (api, item) => api.update(item.id, { title: "Изменённая" }),
    expected: matrix(200, EDITORS),
  },
  "DELETE /api/manage/news/:id/": { call: (api, item) => api.remove(item.id), expected: matrix(204, EDITORS) },
  "POST /api/manage/news/:id/publish/": {
    call: (api, item) => api.publish(item.id, null),
    expected: matrix(200, EDITORS),
  },
  "POST /api/content/images/": {
    call: (api) => api.upload("корова.png", SAMPLE_FILES.png),
    expected: matrix(201, IMAGE_UPLOADERS),
  },
  // Public: an <img> sends no bearer token.
  "GET /api/content/images/:uuid/": {
    call: (api, item) => api.image(item.cover_image_uuid ?? ""),
    expected: matrix(200, SIGNED_IN, { anonymous: 200 }),
  },
};

async function companyItem(w: NewsWorld): Promise<ManagedNews> {
  const cover = ok<{ uuid: string }>(await w.editor.upload("обложка.png", SAMPLE_FILES.png), 201);
  return w.editor.published({
    title: "Контрольная дойка",
    cover_image_uuid: cover.uuid,
    audience: { kind: "companies", company_uuids: [w.company.uuid] },
  });
}

describe("news: who may call what", () => {
  for (const [name, route] of Object.entries(ROUTES)) {
    it(`${name}: the status each caller gets`, async () => {
      const w = await newsWorld(t);
      const actual = {} as Record<Who, number>;
      for (const who of WHO) {
        const item = await companyItem(w);
        actual[who] = (await route.call(w.apiOf(who), item)).statusCode;
      }
      expect(actual).toEqual(route.expected);
    });
  }
});
