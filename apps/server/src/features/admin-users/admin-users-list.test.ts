import { ADMIN_USERS_PAGE_SIZE, type AdminUser } from "@nadoy/contract/admin-users";
import { Role } from "@nadoy/contract/roles";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { userGroups } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { type SeedUserInput, seedUser } from "../../db/seed/users.ts";
import { type AdminApi, ok, signedInAdmin } from "./admin-users.test-kit.ts";

let t: TestApp;
let api: AdminApi;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  ({ api } = await signedInAdmin(t));
});

const seed = (username: string, extra: Partial<SeedUserInput> = {}) =>
  seedUser(t.database.db, { username, email: `${username}@example.com`, ...extra });

describe("GET /api/admin/users/", () => {
  it("lists users by last name, first name, username, with name, role, companies and last sign-in", async () => {
    const { company: b } = await seedCompany(t.database.db, { name: "Бета" });
    const { company: a } = await seedCompany(t.database.db, { name: "Альфа" });
    await seed("petrov", { firstName: "Пётр", lastName: "Петров", roles: [Role.agronomist], companyIds: [b.id, a.id] });
    await seed("ivanova", { firstName: "Ирина", lastName: "Иванова", roles: [Role.client, Role.viewer] });
    await seed("nobody");

    const page = await api.users();

    expect(page.items.map((u) => u.username)).toEqual(["nobody", "admin", "ivanova", "petrov"]);
    expect(page.total).toBe(4);
    expect(page.page_size).toBe(ADMIN_USERS_PAGE_SIZE);
    expect(page.items.find((u) => u.username === "petrov")).toEqual({
      id: expect.any(Number),
      username: "petrov",
      name: "Пётр Петров",
      email: "petrov@example.com",
      role: Role.agronomist,
      is_superuser: false,
      is_active: true,
      companies: [
        { uuid: a.uuid, name: "Альфа" },
        { uuid: b.uuid, name: "Бета" },
      ],
      last_login_at: null,
    });
    expect(page.items.find((u) => u.username === "ivanova")?.role).toBe(Role.client);
    expect(page.items.find((u) => u.username === "nobody")).toMatchObject({
      name: "nobody",
      role: null,
      companies: [],
    });
  });

  it("takes the role from the first group by position, not by id", async () => {
    const user = await seed("mixed");
    await t.database.db.insert(userGroups).values([
      { userId: user.id, groupId: Role.admin, position: 2 },
      { userId: user.id, groupId: Role.farmManager, position: 0 },
    ]);

    const page = await api.users({ q: "mixed" });

    expect(page.items[0]?.role).toBe(Role.farmManager);
  });

  it("finds by username, names or email, case-insensitively, with % and _ taken literally", async () => {
    await seed("alpha", { firstName: "Ольга", lastName: "Смирнова" });
    await seed("beta", { lastName: "Кузнецов" });
    await seed("gamma_1", { email: "g.100%@mail.example" });
    await seed("gammaX1");

    const names = async (q: string) => (await api.users({ q })).items.map((u) => u.username).sort();

    expect(await names("ОЛЬГ")).toEqual(["alpha"]);
    expect(await names("кузн")).toEqual(["beta"]);
    expect(await names("ALPHA")).toEqual(["alpha"]);
    expect(await names("100%@")).toEqual(["gamma_1"]);
    expect(await names("gamma_")).toEqual(["gamma_1"]);
    expect(await names("%")).toEqual(["gamma_1"]);
    expect(await names("нет-такого")).toEqual([]);
  });

  it("filters by role and by activity", async () => {
    await seed("zoo1", { roles: [Role.zootechnician] });
    await seed("zoo2", { roles: [Role.zootechnician], isActive: false, emailConfirmed: true });
    await seed("client", { roles: [Role.client] });

    const names = async (params: Record<string, string | number>) =>
      (await api.users(params)).items.map((u) => u.username).sort();

    expect(await names({ role: Role.zootechnician })).toEqual(["zoo1", "zoo2"]);
    expect(await names({ role: Role.zootechnician, active: "active" })).toEqual(["zoo1"]);
    expect(await names({ active: "inactive" })).toEqual(["zoo2"]);
    expect(await names({ role: Role.client, active: "inactive" })).toEqual([]);
    expect((await api.users({ role: Role.zootechnician })).total).toBe(2);
  });

  it("pages by ADMIN_USERS_PAGE_SIZE with the total of all matches", async () => {
    for (let i = 0; i < ADMIN_USERS_PAGE_SIZE + 3; i++) await seed(`user${String(i).padStart(2, "0")}`);

    const first = await api.users({ q: "user" });
    const second = await api.users({ q: "user", page: 2 });
    const beyond = await api.users({ q: "user", page: 5 });

    expect(first.items).toHaveLength(ADMIN_USERS_PAGE_SIZE);
    expect(second.items.map((u) => u.username)).toEqual(["user25", "user26", "user27"]);
    expect([first.total, second.total, beyond.total]).toEqual([28, 28, 28]);
    expect(beyond.items).toEqual([]);
    expect(second.page).toBe(2);
  });

  it("refuses an unknown filter with 400", async () => {
    expect((await api.list({ active: "maybe" })).statusCode).toBe(400);
    expect((await api.list({ sort: "name" })).statusCode).toBe(400);
  });
});

describe("GET /api/admin/users/:id/", () => {
  it("answers the user with names, modules and creation time", async () => {
    const { company } = await seedCompany(t.database.db, { name: "Альфа" });
    const user = await seed("ivan", { firstName: "Иван", lastName: "Иванов", companyIds: [company.id] });

    const body = ok<AdminUser>(await api.get(user.id), 200);

    expect(body).toMatchObject({
      id: user.id,
      username: "ivan",
      first_name: "Иван",
      last_name: "Иванов",
      companies: [{ uuid: company.uuid, name: "Альфа" }],
      modules: {
        dc_305: false,
        export_module: false,
        use_bi: false,
        boards: true,
        table_lists: true,
        tables_enabled: true,
      },
      created_at: expect.any(String),
    });
  });

  it("answers 404 for an unknown user", async () => {
    const res = await api.get(999_999);

    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "not_found" });
  });
});
