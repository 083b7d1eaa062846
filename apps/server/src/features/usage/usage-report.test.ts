import { ErrorCode } from "@nadoy/contract/errors";
import { USAGE_MAX_DAYS, USAGE_TOP_USERS } from "@nadoy/contract/usage";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { users } from "../../db/schema/index.ts";
import { seedUser } from "../../db/seed/users.ts";
import { seedHits, signedInAdmin, usageApi } from "./usage.test-kit.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const PERIOD = { from: "2026-11-01", to: "2026-11-04" };

/**
 * Hits around Moscow midnights (UTC+3): 20:59:59Z is 23:59:59 in Moscow, 21:00:00Z the next day.
 * Inside 1–4 November (Moscow): ivan 2, olga 2, a deleted user 1.
 */
async function seedWeek() {
  const ivan = await seedUser(t.database.db, { username: "ivan", firstName: "Иван", lastName: "Петров" });
  const olga = await seedUser(t.database.db, { username: "olga" });
  await seedHits(t, [
    { userId: ivan.id, path: "/lists/abc", at: "2026-10-31T20:59:59Z" }, // 31 Oct in Moscow: outside
    { userId: ivan.id, path: "/lists", at: "2026-10-31T21:00:00Z" }, // 1 Nov 00:00
    { userId: olga.id, path: "/services/report/1/x", at: "2026-11-01T20:59:59Z" }, // 1 Nov 23:59:59
    { userId: null, path: "/chat/5f0c", at: "2026-11-01T12:00:00Z" }, // 1 Nov, a deleted user
    { userId: olga.id, path: "/services/tables", at: "2026-11-02T21:00:00Z" }, // 3 Nov 00:00
    { userId: ivan.id, path: "/", at: "2026-11-04T20:59:59Z" }, // 4 Nov 23:59:59
    { userId: ivan.id, path: "/lists", at: "2026-11-04T21:00:00Z" }, // 5 Nov: outside
  ]);
  return { ivan, olga };
}

describe("GET /api/admin/usage/", () => {
  it("counts hits by Moscow day across midnight, with every day of the period present", async () => {
    const admin = await signedInAdmin(t);
    await seedWeek();

    const report = await usageApi(t, admin.token).reportOk(PERIOD);

    expect(report.total).toBe(5);
    expect(report.users_count).toBe(2);
    expect(report.by_day).toEqual([
      { day: "2026-11-01", hits: 3, users: 2 },
      { day: "2026-11-02", hits: 0, users: 0 },
      { day: "2026-11-03", hits: 1, users: 1 },
      { day: "2026-11-04", hits: 1, users: 1 },
    ]);
  });

  it("groups hits by the first segment of the path, most hits first", async () => {
    const admin = await signedInAdmin(t);
    await seedWeek();

    const report = await usageApi(t, admin.token).reportOk(PERIOD);

    expect(report.by_section).toEqual([
      { section: "/services", hits: 2 },
      { section: "/", hits: 1 },
      { section: "/chat", hits: 1 },
      { section: "/lists", hits: 1 },
    ]);
  });

  it("names the most active users with their last visit, a deleted user's hits under null", async () => {
    const admin = await signedInAdmin(t);
    const { ivan, olga } = await seedWeek();

    const report = await usageApi(t, admin.token).reportOk(PERIOD);

    expect(report.by_user).toEqual([
      { user: { id: ivan.id, name: "Иван Петров", username: "ivan" }, hits: 2, last_at: "2026-11-04T20:59:59.000Z" },
      { user: { id: olga.id, name: "olga", username: "olga" }, hits: 2, last_at: "2026-11-02T21:00:00.000Z" },
      { user: null, hits: 1, last_at: "2026-11-01T12:00:00.000Z" },
    ]);
  });

  it("narrows everything to one user, one section, or both", async () => {
    const admin = await signedInAdmin(t);
    const { olga } = await seedWeek();
    const api = usageApi(t, admin.token);

    const hers = await api.reportOk({ ...PERIOD, user_id: olga.id });
    expect(hers.total).toBe(2);
    expect(hers.users_count).toBe(1);
    expect(hers.by_day.map((d) => d.hits)).toEqual([1, 0, 1, 0]);
    expect(hers.by_section).toEqual([{ section: "/services", hits: 2 }]);
    expect(hers.by_user.map((u) => u.user?.username)).toEqual(["olga"]);

    const lists = await api.reportOk({ ...PERIOD, section: "/lists" });
    expect(lists.total).toBe(1);
    expect(lists.by_day.map((d) => d.hits)).toEqual([1, 0, 0, 0]);
    expect(lists.by_user.map((u) => u.user?.username)).toEqual(["ivan"]);

    const none = await api.reportOk({ ...PERIOD, section: "/lists", user_id: olga.id });
    expect(none.total).toBe(0);
    expect(none.by_day).toHaveLength(4);
    expect(none.by_section).toEqual([]);
    expect(none.by_user).toEqual([]);
  });

  it("answers a period without hits with zeros for each day", async () => {
    const admin = await signedInAdmin(t);

    const report = await usageApi(t, admin.token).reportOk({ from: "2026-02-27", to: "2026-03-01" });

    expect(report).toEqual({
      total: 0,
      users_count: 0,
      by_day: [
        { day: "2026-02-27", hits: 0, users: 0 },
        { day: "2026-02-28", hits: 0, users: 0 },
        { day: "2026-03-01", hits: 0, users: 0 },
      ],
      by_section: [],
      by_user: [],
    });
  });

  it(`lists only the ${USAGE_TOP_USERS} most active users`, async () => {
    const admin = await signedInAdmin(t);
    const many = await t.database.db
      .insert(users)
      .values(Array.from({ length: USAGE_TOP_USERS + 5 }, (_, i) => ({ username: `user${i}` })))
      .returning({ id: users.id });
    // user i has i + 1 hits on 2 November.
    await seedHits(
      t,
      many.flatMap((u, i) =>
        Array.from({ length: i + 1 }, () => ({ userId: u.id, path: "/boards", at: "2026-11-02T09:00:00Z" })),
      ),
    );

    const report = await usageApi(t, admin.token).reportOk(PERIOD);

    expect(report.by_user).toHaveLength(USAGE_TOP_USERS);
    expect(report.by_user[0]).toMatchObject({
      user: { username: `user${USAGE_TOP_USERS + 4}` },
      hits: USAGE_TOP_USERS + 5,
    });
    expect(report.by_user.at(-1)).toMatchObject({ user: { username: "user5" }, hits: 6 });
    expect(report.users_count).toBe(USAGE_TOP_USERS + 5);
  });

  it(`accepts a period of ${USAGE_MAX_DAYS} days between its ends`, async () => {
    const admin = await signedInAdmin(t);

    const report = await usageApi(t, admin.token).reportOk({ from: "2025-01-01", to: "2026-01-02" });

    expect(report.by_day).toHaveLength(USAGE_MAX_DAYS + 1);
    expect(report.by_day.at(-1)?.day).toBe("2026-01-02");
  });

  it.each([
    ["a reversed period", { from: "2026-11-05", to: "2026-11-04" }, "Дата окончания периода раньше даты начала"],
    [
      "a period too long",
      { from: "2025-01-01", to: "2026-01-03" },
      `Период не может быть длиннее ${USAGE_MAX_DAYS} дней`,
    ],
    ["a user id past the database's integers", { ...PERIOD, user_id: 2 ** 31 }, "Нет такого пользователя"],
    ["a section with a NUL character", { ...PERIOD, section: "/a\u0000" }, "Недопустимый символ в разделе"],
  ])("refuses %s with 400 and a Russian message", async (_name, period, message) => {
    const admin = await signedInAdmin(t);
    const api = usageApi(t, admin.token);

    for (const res of [await api.report(period), await api.export(period)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: ErrorCode.validation, message });
    }
  });

  it.each([
    ["no period", {}],
    ["a day that does not exist", { from: "2026-02-30", to: "2026-03-01" }],
    ["a date in another format", { from: "01.11.2026", to: "2026-11-04" }],
    ["a user id that is not a number", { ...PERIOD, user_id: "ivan" }],
    ["an unknown parameter", { ...PERIOD, page: 2 }],
  ])("refuses %s with 400", async (_name, params) => {
    const admin = await signedInAdmin(t);

    const res = await usageApi(t, admin.token).report(params);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.validation, message: expect.any(String) });
  });
});
