import { PAGE_HIT_PATH_MAX, PAGE_HITS_PER_MINUTE } from "@nadoy/contract/constants";
import { ErrorCode } from "@nadoy/contract/errors";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor, createCallers, expectedStatuses, statusByCaller } from "../../../test/callers.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { pageHits } from "../../db/schema/index.ts";
import { seedUser } from "../../db/seed/users.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const hit = (token: string | undefined, payload: unknown, remoteAddress?: string) =>
  t.request({
    method: "POST",
    url: "/api/analytics/page_hit/",
    token,
    payload: payload as object,
    ...(remoteAddress && { remoteAddress }),
  });

async function userWithToken(username: string) {
  const row = await seedUser(t.database.db, { username });
  return { id: row.id, token: await accessTokenFor(t, row.id) };
}

const storedHits = () =>
  t.database.db
    .select({ userId: pageHits.userId, path: pageHits.path, at: pageHits.at })
    .from(pageHits)
    .orderBy(asc(pageHits.id));

describe("POST /api/analytics/page_hit/", () => {
  it("answers 204 with no body and stores the path, the user and the time", async () => {
    const ivan = await userWithToken("ivan");
    const before = Date.now();

    const res = await hit(ivan.token, { path: "/services/report/2/7f1c" });

    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    const [row] = await storedHits();
    expect(row).toMatchObject({ userId: ivan.id, path: "/services/report/2/7f1c" });
    expect(row?.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it.each([
    ["/reports?tab=2#top", "/reports"],
    ["/yandex/token/redirect?code=secret&state=abc", "/yandex/token/redirect"],
    ["/reset-password/AbC123_-xyz", "/reset-password/:token"],
    ["/registration-confirm/AbC123", "/registration-confirm/:token"],
    ["/email-confirm/AbC123_-xyz", "/email-confirm/:token"],
    ["/?utm=1", "/"],
  ])("stores %s as %s (no query, hash or mailed secret)", async (path, stored) => {
    const ivan = await userWithToken("ivan");

    expect((await hit(ivan.token, { path })).statusCode).toBe(204);

    expect((await storedHits()).map((h) => h.path)).toEqual([stored]);
  });

  it.each([
    ["a path without the leading slash", { path: "reports" }],
    ["an absolute URL", { path: "https://evil.example/" }],
    ["an empty path", { path: "" }],
    ["a control character", { path: "/reports\n/x" }],
    ["an over-long path", { path: `/${"a".repeat(PAGE_HIT_PATH_MAX)}` }],
    ["an unknown field", { path: "/", user_id: 1 }],
    ["no path", {}],
  ])("refuses %s with 400 and stores nothing", async (_name, payload) => {
    const ivan = await userWithToken("ivan");

    const res = await hit(ivan.token, payload);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.validation, message: expect.any(String) });
    expect(await storedHits()).toEqual([]);
  });

  it(`accepts a path of ${PAGE_HIT_PATH_MAX} characters`, async () => {
    const ivan = await userWithToken("ivan");
    const path = `/${"a".repeat(PAGE_HIT_PATH_MAX - 1)}`;

    expect((await hit(ivan.token, { path })).statusCode).toBe(204);
    expect((await storedHits())[0]?.path).toBe(path);
  });

  it(`limits each user to ${PAGE_HITS_PER_MINUTE} hits a minute, wherever they come from, without touching other users`, async () => {
    const ivan = await userWithToken("ivan");
    const olga = await userWithToken("olga");

    for (let i = 0; i < PAGE_HITS_PER_MINUTE; i++) {
      // A new client address for each hit: the limit follows the user, not the address.
      expect((await hit(ivan.token, { path: `/p/${i}` })).statusCode).toBe(204);
    }
    const refused = await hit(ivan.token, { path: "/one-too-many" });

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCode.tooManyRequests, message: expect.any(String) });
    expect((await hit(olga.token, { path: "/reports" })).statusCode).toBe(204);
    expect(await storedHits()).toHaveLength(PAGE_HITS_PER_MINUTE + 1);
  });
});

describe("page hit role matrix", () => {
  it("takes hits from every signed-in user and from nobody else", async () => {
    const callers = await createCallers(t);

    const statuses = await statusByCaller(callers, async (c) => (await hit(c.token, { path: "/" })).statusCode);

    expect(statuses).toEqual(expectedStatuses(204));
    expect(await storedHits()).toHaveLength(callers.length - 1);
  });
});
