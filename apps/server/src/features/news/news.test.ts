import { NOTIFICATIONS_DISMISS_MAX, NOTIFICATIONS_LIST_MAX } from "@nadoy/contract/constants";
import { ErrorCode } from "@nadoy/contract/errors";
import { notificationSchema } from "@nadoy/contract/news";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signIn } from "../../../test/accounts.ts";
import { accessTokenFor, createCallers, expectedStatuses, statusByCaller } from "../../../test/callers.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { notifications } from "../../db/schema/index.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "../../db/seed/demo.ts";
import { seedNotifications } from "../../db/seed/news.ts";
import { seedUser } from "../../db/seed/users.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const URL = "/api/news/user_notifications/";
const list = (token: string | undefined, payload: unknown = {}) =>
  t.request({
    method: "POST",
    url: URL,
    token,
    payload: JSON.stringify(payload),
    headers: { "content-type": "application/json" },
  });
const dismiss = (token: string | undefined, payload: unknown) =>
  t.request({ method: "PUT", url: URL, token, payload: payload as object });

async function userWithToken(username: string) {
  const row = await seedUser(t.database.db, { username });
  return { id: row.id, token: await accessTokenFor(t, row.id) };
}

const at = (iso: string) => new Date(iso);

describe("POST /api/news/user_notifications/", () => {
  it("answers the caller's notifications newest first, in exactly the shape of spec §3", async () => {
    const ivan = await userWithToken("ivan");
    const [older, newer] = await seedNotifications(t.database.db, ivan.id, [
      {
        title: "Новая версия справочника кормов",
        msg: "Добавлены 14 позиций",
        dt: at("2025-11-20T08:00:00Z"),
        read: true,
      },
      {
        title: "Отчёт по надоям за неделю готов",
        msg: "Средний надой 31,4 кг",
        dt: at("2025-11-27T09:30:00Z"),
        link: "/reports",
      },
    ]);

    const res = await list(ivan.token);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        pk: newer?.id,
        fields: {
          title: "Отчёт по надоям за неделю готов",
          msg: "Средний надой 31,4 кг",
          dt: "2025-11-27T09:30:00.000Z",
          read: false,
          link: "/reports",
        },
      },
      {
        pk: older?.id,
        fields: {
          title: "Новая версия справочника кормов",
          msg: "Добавлены 14 позиций",
          dt: "2025-11-20T08:00:00.000Z",
          read: true,
          link: null,
        },
      },
    ]);
  });

  it("never shows another user's notifications, nor dismissed ones", async () => {
    const ivan = await userWithToken("ivan");
    const olga = await userWithToken("olga");
    await seedNotifications(t.database.db, olga.id, [{ title: "Для Ольги", msg: "…" }]);
    await seedNotifications(t.database.db, ivan.id, [
      { title: "Удалено", msg: "…", dismissedAt: new Date() },
      { title: "Для Ивана", msg: "…" },
    ]);

    const titles = (await list(ivan.token)).json().map((n: { fields: { title: string } }) => n.fields.title);

    expect(titles).toEqual(["Для Ивана"]);
  });

  it("orders notifications sent at the same moment by pk, newest first", async () => {
    const ivan = await userWithToken("ivan");
    const dt = at("2025-11-27T09:30:00Z");
    const rows = await seedNotifications(t.database.db, ivan.id, [
      { title: "1", msg: "", dt },
      { title: "2", msg: "", dt },
      { title: "3", msg: "", dt },
    ]);

    const pks = (await list(ivan.token)).json().map((n: { pk: number }) => n.pk);

    expect(pks).toEqual(rows.map((r) => r.id).reverse());
  });

  it(`answers at most the newest ${NOTIFICATIONS_LIST_MAX}`, async () => {
    const ivan = await userWithToken("ivan");
    const start = Date.parse("2025-01-01T00:00:00Z");
    await seedNotifications(
      t.database.db,
      ivan.id,
      Array.from({ length: NOTIFICATIONS_LIST_MAX + 5 }, (_, i) => ({
        title: `№${i}`,
        msg: "",
        dt: new Date(start + i * 60_000),
      })),
    );

    const body = (await list(ivan.token)).json();

    expect(body).toHaveLength(NOTIFICATIONS_LIST_MAX);
    expect(body[0].fields.title).toBe(`№${NOTIFICATIONS_LIST_MAX + 4}`);
    expect(body.at(-1).fields.title).toBe("№5");
  });

  it.each([
    ["a field in the body", { all: true }],
    ["an array body", []],
    ["a string body", "x"],
    ["null", null],
  ])("refuses %s with 400", async (_name, payload) => {
    const ivan = await userWithToken("ivan");

    const res = await list(ivan.token, payload);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it("gives every demo user a few realistic notifications, some read", async () => {
    await seedDemo(t.database.db);

    for (const account of DEMO_ACCOUNTS) {
      const { access } = await signIn(t, account.username, DEMO_PASSWORD);
      const body = (await list(access)).json();

      expect(body.length, account.username).toBeGreaterThanOrEqual(3);
      expect(body.length, account.username).toBeLessThanOrEqual(5);
      for (const item of body) expect(notificationSchema.safeParse(item).success).toBe(true);
      expect(body.some((n: { fields: { read: boolean } }) => n.fields.read)).toBe(true);
      expect(body.some((n: { fields: { read: boolean } }) => !n.fields.read)).toBe(true);
    }
  });
});

describe("PUT /api/news/user_notifications/", () => {
  it("answers 205 with no body, dismisses and marks read the given notifications", async () => {
    const ivan = await userWithToken("ivan");
    const [first, second, third] = await seedNotifications(t.database.db, ivan.id, [
      { title: "1", msg: "" },
      { title: "2", msg: "" },
      { title: "3", msg: "" },
    ]);

    const res = await dismiss(ivan.token, [first?.id, third?.id]);

    expect(res.statusCode).toBe(205);
    expect(res.body).toBe("");
    expect((await list(ivan.token)).json().map((n: { pk: number }) => n.pk)).toEqual([second?.id]);
    const stored = await t.database.db.select().from(notifications).where(eq(notifications.userId, ivan.id));
    const byId = new Map(stored.map((row) => [row.id, row]));
    expect(byId.get(first?.id ?? 0)).toMatchObject({ read: true, dismissedAt: expect.any(Date) });
    expect(byId.get(second?.id ?? 0)).toMatchObject({ read: false, dismissedAt: null });
  });

  it("ignores, silently, pks of other users' notifications and leaves those rows untouched", async () => {
    const ivan = await userWithToken("ivan");
    const olga = await userWithToken("olga");
    const [olgas] = await seedNotifications(t.database.db, olga.id, [{ title: "Для Ольги", msg: "" }]);
    const [ivans] = await seedNotifications(t.database.db, ivan.id, [{ title: "Для Ивана", msg: "" }]);

    const res = await dismiss(ivan.token, [olgas?.id, ivans?.id, 999_999]);

    expect(res.statusCode).toBe(205);
    expect((await list(olga.token)).json()).toHaveLength(1);
    const [olgaRow] = await t.database.db.select().from(notifications).where(eq(notifications.userId, olga.id));
    expect(olgaRow).toMatchObject({ read: false, dismissedAt: null });
    expect((await list(ivan.token)).json()).toEqual([]);
  });

  it("accepts an empty list, repeated pks and pks already dismissed", async () => {
    const ivan = await userWithToken("ivan");
    const [one] = await seedNotifications(t.database.db, ivan.id, [{ title: "1", msg: "" }]);

    expect((await dismiss(ivan.token, [])).statusCode).toBe(205);
    expect((await dismiss(ivan.token, [one?.id, one?.id])).statusCode).toBe(205);
    expect((await dismiss(ivan.token, [one?.id])).statusCode).toBe(205);
    expect((await list(ivan.token)).json()).toEqual([]);
  });

  it.each([
    ["an object", { pks: [1] }],
    ["strings", ["1"]],
    ["fractions", [1.5]],
    ["zero", [0]],
    ["negative pks", [-1]],
    ["a pk beyond the integer range", [2 ** 31]],
    ["too many pks", Array.from({ length: NOTIFICATIONS_DISMISS_MAX + 1 }, (_, i) => i + 1)],
  ])("refuses %s with 400 and changes nothing", async (_name, payload) => {
    const ivan = await userWithToken("ivan");
    await seedNotifications(t.database.db, ivan.id, [{ title: "1", msg: "" }]);

    const res = await dismiss(ivan.token, payload);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.validation, message: expect.any(String) });
    expect((await list(ivan.token)).json()).toHaveLength(1);
  });

  it(`accepts ${NOTIFICATIONS_DISMISS_MAX} pks at once ("clear all")`, async () => {
    const ivan = await userWithToken("ivan");
    const rows = await seedNotifications(
      t.database.db,
      ivan.id,
      Array.from({ length: NOTIFICATIONS_DISMISS_MAX }, (_, i) => ({ title: `№${i}`, msg: "" })),
    );

    const res = await dismiss(
      ivan.token,
      rows.map((r) => r.id),
    );

    expect(res.statusCode).toBe(205);
    expect((await list(ivan.token)).json()).toEqual([]);
  });
});

describe("notifications role matrix", () => {
  it("lets every signed-in user list their notifications, and nobody else", async () => {
    const callers = await createCallers(t);

    const statuses = await statusByCaller(callers, async (c) => (await list(c.token)).statusCode);

    expect(statuses).toEqual(expectedStatuses(200));
  });

  it("lets every signed-in user dismiss their notifications, and nobody else", async () => {
    const callers = await createCallers(t);

    const statuses = await statusByCaller(callers, async (c) => (await dismiss(c.token, [1])).statusCode);

    expect(statuses).toEqual(expectedStatuses(205));
  });
});
