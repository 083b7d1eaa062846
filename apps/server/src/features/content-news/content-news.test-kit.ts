import type { ManagedNews, NewsAudience, NewsDetail, NewsInput, NewsPage } from "@nadoy/contract/content";
import { ROLE_IDS } from "@nadoy/contract/roles";
import { desc, eq, like, or } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { accessTokenFor, CALLER_LABELS, type CallerLabel } from "../../../test/callers.ts";
import type { TestApp } from "../../../test/test-app.ts";
import { auditLog } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";

// What the news tests share: a farm company whose members hold roles 1–7, a superuser in no
// company, a role-1 member of another company, and calls of every news route.

export type Who = CallerLabel | "other company";
export const WHO: readonly Who[] = [...CALLER_LABELS, "other company"];

export function ok<T>(res: LightMyRequestResponse, status: number): T {
  expect(res.statusCode, res.body).toBe(status);
  return (res.body ? res.json() : undefined) as T;
}

export interface NewsApi {
  feed(page?: number): Promise<LightMyRequestResponse>;
  item(id: number): Promise<LightMyRequestResponse>;
  list(): Promise<LightMyRequestResponse>;
  create(input: NewsInput): Promise<LightMyRequestResponse>;
  get(id: number): Promise<LightMyRequestResponse>;
  update(id: number, patch: Partial<NewsInput>): Promise<LightMyRequestResponse>;
  remove(id: number): Promise<LightMyRequestResponse>;
  publish(id: number, publishAt: string | null): Promise<LightMyRequestResponse>;
  upload(name: string, bytes: Buffer, contentType?: string): Promise<LightMyRequestResponse>;
  image(uuid: string): Promise<LightMyRequestResponse>;
  /** Creates an item (201 expected). */
  newNews(input: NewsInput): Promise<ManagedNews>;
  /** Creates and publishes an item (publish time: an hour ago unless given). */
  published(input: NewsInput, publishAt?: string): Promise<ManagedNews>;
  /** Titles of the feed's page. */
  feedTitles(page?: number): Promise<string[]>;
}

export function newsApi(t: TestApp, token: string | undefined): NewsApi {
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
    t.request({ method, url, token, ...(payload && { payload }) });
  const api: NewsApi = {
    feed: (page) => call("GET", `/api/news/${page === undefined ? "" : `?page=${page}`}`),
    item: (id) => call("GET", `/api/news/${id}/`),
    list: () => call("GET", "/api/manage/news/"),
    create: (input) => call("POST", "/api/manage/news/", input),
    get: (id) => call("GET", `/api/manage/news/${id}/`),
    update: (id, patch) => call("PATCH", `/api/manage/news/${id}/`, patch),
    remove: (id) => call("DELETE", `/api/manage/news/${id}/`),
    publish: (id, publishAt) => call("POST", `/api/manage/news/${id}/publish/`, { publish_at: publishAt }),
    upload: (name, bytes, contentType = "application/octet-stream") =>
      t.request({
        method: "POST",
        url: `/api/content/images/?name=${encodeURIComponent(name)}`,
        token,
        headers: { "content-type": contentType },
        payload: bytes,
      }),
    image: (uuid) => call("GET", `/api/content/images/${uuid}/`),
    newNews: async (input) => ok<ManagedNews>(await api.create(input), 201),
    published: async (input, publishAt = hoursFromNow(-1)) => {
      const created = await api.newNews(input);
      return ok<ManagedNews>(await api.publish(created.id, publishAt), 200);
    },
    feedTitles: async (page) => ok<NewsPage>(await api.feed(page), 200).items.map((i) => i.title),
  };
  return api;
}

export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

export async function readTitle(api: NewsApi, id: number): Promise<string | number> {
  const res = await api.item(id);
  return res.statusCode === 200 ? res.json<NewsDetail>().title : res.statusCode;
}

export interface NewsWorld {
  company: { id: number; uuid: string; name: string };
  other: { id: number; uuid: string; name: string };
  apiOf(who: Who): NewsApi;
  idOf(who: Who): number | undefined;
  /** The role-2 editor (a member of the company). */
  editor: NewsApi;
}

/** The company «Агрохолдинг Заря» with a member per role, a superuser, and «Колхоз «Восход»» with a role-1 member. */
export async function newsWorld(t: TestApp): Promise<NewsWorld> {
  const db = t.database.db;
  const { company } = await seedCompany(db, { name: "Агрохолдинг Заря" });
  const { company: other } = await seedCompany(db, { name: "Колхоз «Восход»" });
  const apis = new Map<Who, NewsApi>([["anonymous", newsApi(t, undefined)]]);
  const ids = new Map<Who, number>();
  const add = async (who: Who, input: Parameters<typeof seedUser>[1]) => {
    const user = await seedUser(db, { email: `${input.username}@example.com`, ...input });
    ids.set(who, user.id);
    apis.set(who, newsApi(t, await accessTokenFor(t, user.id)));
  };
  for (const role of ROLE_IDS) {
    await add(`role ${role}` as Who, {
      username: `role${role}`,
      firstName: role === 2 ? "Елена" : "",
      lastName: role === 2 ? "Редакторова" : "",
      roles: [role],
      companyIds: [company.id],
    });
  }
  await add("superuser", { username: "superuser", isSuperuser: true });
  await add("other company", { username: "stranger", roles: [1], companyIds: [other.id] });
  const apiOf = (who: Who) => {
    const api = apis.get(who);
    if (!api) throw new Error(`no caller ${who}`);
    return api;
  };
  return { company, other, apiOf, idOf: (who) => ids.get(who), editor: apiOf("role 2") };
}

export const ALL: NewsAudience = { kind: "all" };

/** The audit entries of news and content images, oldest first, with their details parsed. */
export async function newsAudit(t: TestApp) {
  const rows = await t.database.db
    .select()
    .from(auditLog)
    .where(or(like(auditLog.action, "news_%"), eq(auditLog.action, "content_image_uploaded")))
    .orderBy(desc(auditLog.id));
  return rows.reverse().map((r) => ({
    action: r.action,
    userId: r.userId,
    details: r.details === null ? null : (JSON.parse(r.details) as { id: number; before: unknown; after: unknown }),
  }));
}
