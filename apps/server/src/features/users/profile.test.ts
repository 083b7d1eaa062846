import { EMAIL_MAX, NAME_MAX } from "@nadoy/contract/constants";
import { ErrorCode } from "@nadoy/contract/errors";
import { Role } from "@nadoy/contract/roles";
import { userProfileSettingsSchema } from "@nadoy/contract/users";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount } from "../../../test/accounts.ts";
import { accessTokenFor, createCallers, expectedStatuses, statusByCaller } from "../../../test/callers.ts";
import { mailTo } from "../../../test/outbox.ts";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { auditLog, users } from "../../db/schema/index.ts";
import { seedUser } from "../../db/seed/users.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const PROFILE = "/api/users/user_profile/";
const getProfile = (token: string | undefined) => t.request({ method: "GET", url: PROFILE, token });
const patchProfile = (token: string | undefined, payload: unknown) =>
  t.request({ method: "PATCH", url: PROFILE, token, payload: payload as object });

async function account(username: string, options: { roles?: number[]; email?: string; password?: string } = {}) {
  const row = await createAccount(t.database.db, {
    username,
    email: options.email ?? `${username}@example.com`,
    firstName: "Иван",
    lastName: "Петров",
    roles: options.roles ?? [Role.zootechnician],
    ...(options.password !== undefined && { password: options.password }),
  });
  return { id: row.id, token: await accessTokenFor(t, row.id) };
}

describe("GET /api/users/user_profile/", () => {
  it("answers the profile with the settings fields", async () => {
    const ivan = await account("ivan", { password: "correct-horse" });

    const res = await getProfile(ivan.token);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: ivan.id,
      username: "ivan",
      first_name: "Иван",
      last_name: "Петров",
      email: { email: "ivan@example.com" },
      company: null,
      theme: "default",
      read_status: false,
      last_read_announcement: null,
      boards_menu_style: "Card_menu",
      has_password: true,
    });
    expect(userProfileSettingsSchema.strict().safeParse(res.json()).success).toBe(true);
  });

  it("says has_password false for an account without a password (Yandex ID only)", async () => {
    const yandex = await account("yandex-user");

    expect((await getProfile(yandex.token)).json().has_password).toBe(false);
  });

  it("lets every signed-in user read their profile, role 6 included (role matrix)", async () => {
    const callers = await createCallers(t);

    const statuses = await statusByCaller(callers, async (c) => (await getProfile(c.token)).statusCode);

    expect(statuses).toEqual(expectedStatuses(200));
  });
});

describe("PATCH /api/users/user_profile/ settings fields", () => {
  it("saves names, email and menu style, and answers the whole profile", async () => {
    const ivan = await account("ivan");

    const res = await patchProfile(ivan.token, {
      first_name: "  Пётр ",
      last_name: "Сидоров",
      email: " Petr@Example.com ",
      boards_menu_style: "List_menu",
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: "ivan",
      first_name: "Пётр",
      last_name: "Сидоров",
      email: { email: "Petr@Example.com" },
      boards_menu_style: "List_menu",
    });
    expect((await getProfile(ivan.token)).json()).toEqual(res.json());
    const data = (await t.request({ method: "GET", url: "/api/users/data/", token: ivan.token })).json();
    expect(data).toMatchObject({ first_name: "Пётр", last_name: "Сидоров", boards_menu_style: "List_menu" });
  });

  it("tells the old address that the email changed and audits the change", async () => {
    const ivan = await account("ivan");

    await patchProfile(ivan.token, { email: "new@example.com" });

    const [letter] = await mailTo(t.database.db, "ivan@example.com");
    expect(letter?.subject).toContain("адрес электронной почты изменён");
    expect(letter?.text).toContain("new@example.com");
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, ivan.id), eq(auditLog.action, "email_changed")));
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]?.details ?? "{}")).toEqual({ from: "ivan@example.com", to: "new@example.com" });
  });

  it("sends no letter when only the letter case of the email changes", async () => {
    const ivan = await account("ivan");

    const res = await patchProfile(ivan.token, { email: "IVAN@example.com" });

    expect(res.json().email).toEqual({ email: "IVAN@example.com" });
    expect(await mailTo(t.database.db, "ivan@example.com")).toEqual([]);
  });

  it("refuses an email another account has, in any letter case, with 409 and fields.email", async () => {
    await account("olga", { email: "olga@example.com" });
    const ivan = await account("ivan");
    const before = await rowCounts(t.database.db);

    const res = await patchProfile(ivan.token, { email: "OLGA@example.com", first_name: "Пётр" });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: ErrorCode.conflict,
      message: "Этот адрес уже зарегистрирован",
      fields: { email: "Этот адрес уже зарегистрирован" },
    });
    expect(await rowCounts(t.database.db)).toEqual(before);
    expect((await getProfile(ivan.token)).json()).toMatchObject({
      first_name: "Иван",
      email: { email: "ivan@example.com" },
    });
  });

  it("keeps every user's own email addressable when two race for one address", async () => {
    const ivan = await account("ivan");
    const olga = await account("olga");

    const answers = await Promise.all([
      patchProfile(ivan.token, { email: "shared@example.com" }),
      patchProfile(olga.token, { email: "shared@example.com" }),
    ]);

    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const owners = await t.database.db.select().from(users).where(eq(users.email, "shared@example.com"));
    expect(owners).toHaveLength(1);
  });

  it.each([
    ["an invalid email", { email: "not-an-email" }],
    ["an empty email", { email: "" }],
    ["an over-long email", { email: `${"a".repeat(EMAIL_MAX)}@example.com` }],
    ["an over-long first name", { first_name: "я".repeat(NAME_MAX + 1) }],
    ["an over-long last name", { last_name: "я".repeat(NAME_MAX + 1) }],
    ["an unknown menu style", { boards_menu_style: "Tiles" }],
    ["a username change", { username: "boss" }],
    ["a superuser flag", { is_superuser: true }],
    ["a number for a name", { first_name: 5 }],
  ])("refuses %s with 400 and changes nothing", async (_name, payload) => {
    const ivan = await account("ivan");

    const res = await patchProfile(ivan.token, payload);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.validation, message: expect.any(String) });
    expect((await getProfile(ivan.token)).json()).toMatchObject({
      username: "ivan",
      first_name: "Иван",
      email: { email: "ivan@example.com" },
      boards_menu_style: "Card_menu",
    });
  });

  it("refuses names and email to role 6 with 403 but lets it save its theme and menu style", async () => {
    const viewer = await account("viewer", { roles: [Role.viewer] });

    const names = await patchProfile(viewer.token, { first_name: "Новое" });
    const email = await patchProfile(viewer.token, { email: "other@example.com", theme: "black" });
    const theme = await patchProfile(viewer.token, { theme: "black", boards_menu_style: "List_menu" });

    expect(names.statusCode).toBe(403);
    expect(names.json()).toMatchObject({ code: ErrorCode.forbidden });
    expect(email.statusCode).toBe(403);
    expect(theme.statusCode).toBe(200);
    expect(theme.json()).toMatchObject({
      first_name: "Иван",
      email: { email: "viewer@example.com" },
      theme: "black",
      boards_menu_style: "List_menu",
    });
  });

  it("goes by the role, the first group: a user whose first group is not 6 may edit", async () => {
    const both = await account("both", { roles: [Role.zootechnician, Role.viewer] });
    const viewerFirst = await account("viewerfirst", { roles: [Role.viewer, Role.zootechnician] });

    expect((await patchProfile(both.token, { first_name: "Пётр" })).statusCode).toBe(200);
    expect((await patchProfile(viewerFirst.token, { first_name: "Пётр" })).statusCode).toBe(403);
  });

  it("lets every role but 6 change names (role matrix)", async () => {
    const callers = await createCallers(t);

    const statuses = await statusByCaller(
      callers,
      async (c) => (await patchProfile(c.token, { first_name: "Пётр", last_name: "Сидоров" })).statusCode,
    );

    expect(statuses).toEqual(expectedStatuses(200, { "role 6": 403 }));
  });

  it("lets every signed-in user save the theme and menu style (role matrix)", async () => {
    const callers = await createCallers(t);

    const statuses = await statusByCaller(
      callers,
      async (c) => (await patchProfile(c.token, { theme: "black", boards_menu_style: "List_menu" })).statusCode,
    );

    expect(statuses).toEqual(expectedStatuses(200));
  });

  it("answers an unknown stored menu style as the default", async () => {
    const ivan = await account("ivan");
    await t.database.db.update(users).set({ boardsMenuStyle: "Legacy" }).where(eq(users.id, ivan.id));

    expect((await getProfile(ivan.token)).json().boards_menu_style).toBe("Card_menu");
  });
});

describe("PATCH user_profile for a user created without email", () => {
  it("lets a Yandex user without an address set one, with no letter to send", async () => {
    const row = await seedUser(t.database.db, { username: "yandex-user", roles: [Role.client] });
    const token = await accessTokenFor(t, row.id);

    const res = await patchProfile(token, { email: "found@example.com" });

    expect(res.statusCode).toBe(200);
    expect(res.json().email).toEqual({ email: "found@example.com" });
  });
});
