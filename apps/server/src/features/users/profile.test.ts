import { NAME_MAX } from "@nadoy/contract/constants";
import { ErrorCode } from "@nadoy/contract/errors";
import { Role } from "@nadoy/contract/roles";
import { userProfileSettingsSchema } from "@nadoy/contract/users";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount } from "../../../test/accounts.ts";
import { accessTokenFor, createCallers, expectedStatuses, statusByCaller } from "../../../test/callers.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { users } from "../../db/schema/index.ts";

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
      pending_email: null,
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
  it("saves names and menu style, and answers the whole profile", async () => {
    const ivan = await account("ivan");

    const res = await patchProfile(ivan.token, {
      first_name: "  Пётр ",
      last_name: "Сидоров",
      boards_menu_style: "List_menu",
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: "ivan",
      first_name: "Пётр",
      last_name: "Сидоров",
      email: { email: "ivan@example.com" },
      boards_menu_style: "List_menu",
    });
    expect((await getProfile(ivan.token)).json()).toEqual(res.json());
    const data = (await t.request({ method: "GET", url: "/api/users/data/", token: ivan.token })).json();
    expect(data).toMatchObject({ first_name: "Пётр", last_name: "Сидоров", boards_menu_style: "List_menu" });
  });

  it.each([
    // The email changes only through change_email: current password, then the mailed link.
    ["an email", { email: "new@example.com" }],
    ["an email with a name", { email: "new@example.com", first_name: "Пётр" }],
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

  it("refuses names to role 6 with 403 but lets it save its theme and menu style", async () => {
    const viewer = await account("viewer", { roles: [Role.viewer] });

    const names = await patchProfile(viewer.token, { first_name: "Новое" });
    const lastName = await patchProfile(viewer.token, { last_name: "Новая", theme: "black" });
    const theme = await patchProfile(viewer.token, { theme: "black", boards_menu_style: "List_menu" });

    expect(names.statusCode).toBe(403);
    expect(names.json()).toMatchObject({ code: ErrorCode.forbidden });
    expect(lastName.statusCode).toBe(403);
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
