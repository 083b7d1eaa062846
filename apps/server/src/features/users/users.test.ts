import { ErrorCode } from "@nadoy/contract/errors";
import { Role } from "@nadoy/contract/roles";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount, signIn } from "../../../test/accounts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { users } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { DEMO_ANNOUNCEMENT, DEMO_PASSWORD, seedDemo } from "../../db/seed/demo.ts";
import { seedAnnouncement } from "../../db/seed/news.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const getData = (token: string | undefined) => t.request({ method: "GET", url: "/api/users/data/", token });
const patchProfile = (token: string, payload: unknown) =>
  t.request({ method: "PATCH", url: "/api/users/user_profile/", token, payload: payload as object });

type Kind = "number" | "string" | "string|null" | "boolean" | "number[]" | "array";

/** Spec §3 "User data", field by field, with the type each one has. */
const USER_DATA_FIELDS: Record<string, Kind> = {
  id: "number",
  username: "string",
  first_name: "string",
  last_name: "string",
  avatar: "string|null",
  groups: "number[]",
  is_superuser: "boolean",
  theme: "string",
  boards_menu_style: "string",
  users_online: "number[]",
  announcement: "string|null",
  read_status: "boolean",
  iframes: "array",
  iframegroup: "array",
  database_report: "array",
  database_plan_fact: "array",
  database_segmentation: "array",
  custom_segmentation: "array",
  keygen_workspaces: "array",
  report_generator_workspaces: "array",
  user_databases: "array",
  farms: "array",
  user_companies: "array",
  boards: "boolean",
  reports: "array",
  database_upload_statistic: "array",
  exports: "array",
  export_template_databases: "array",
  dtm: "array",
  dc_305: "boolean",
  export_module: "boolean",
  tables_enabled: "boolean",
  use_bi: "boolean",
  table_lists: "boolean",
};

function kindOf(value: unknown): Kind | "other" {
  if (value === null) return "string|null";
  if (Array.isArray(value)) return value.length > 0 && value.every((v) => typeof v === "number") ? "number[]" : "array";
  if (typeof value === "number" || typeof value === "string" || typeof value === "boolean") return typeof value as Kind;
  return "other";
}

function expectKind(field: string, value: unknown, kind: Kind) {
  const actual = kindOf(value);
  const ok =
    actual === kind ||
    (kind === "string|null" && actual === "string") ||
    (kind === "number[]" && actual === "array" && Array.isArray(value) && value.length === 0);
  expect(ok, `${field} should be ${kind}, is ${JSON.stringify(value)}`).toBe(true);
}

describe("GET /api/users/data/", () => {
  it("carries exactly the fields of spec §3, each with its type", async () => {
    await createAccount(t.database.db, {
      username: "ivan",
      password: "correct-horse",
      firstName: "Иван",
      lastName: "Петров",
      roles: [Role.zootechnician, Role.viewer],
    });
    const { access } = await signIn(t, "ivan", "correct-horse");

    const res = await getData(access);

    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(Object.keys(data).sort()).toEqual(Object.keys(USER_DATA_FIELDS).sort());
    for (const [field, kind] of Object.entries(USER_DATA_FIELDS)) expectKind(field, data[field], kind);
    expect(data).toMatchObject({
      username: "ivan",
      first_name: "Иван",
      last_name: "Петров",
      groups: [Role.zootechnician, Role.viewer],
      is_superuser: false,
      theme: "default",
      boards_menu_style: "Card_menu",
      read_status: false,
    });
  });

  it("answers an anonymous caller 401", async () => {
    const res = await getData(undefined);

    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: ErrorCode.unauthorized, message: expect.any(String) });
  });
});

describe("GET /api/users/data/ with the demo data", () => {
  beforeEach(() => seedDemo(t.database.db));

  const dataOf = async (username: string) => {
    const { access } = await signIn(t, username, DEMO_PASSWORD);
    return (await getData(access)).json();
  };

  it("shows a client its role and the demo company with its two farms", async () => {
    const data = await dataOf("client");

    expect(data.groups).toEqual([Role.client]);
    expect(data.is_superuser).toBe(false);
    expect(data.user_companies).toEqual([{ uuid: expect.any(String), name: "Агрохолдинг Заря" }]);
    expect(data.farms).toHaveLength(2);
    expect(data.farms).toEqual(
      expect.arrayContaining([
        { uuid: expect.any(String), name: "МТФ «Заря-1»", use_genetic: true },
        { uuid: expect.any(String), name: "МТФ «Рассвет»", use_genetic: false },
      ]),
    );
  });

  it("shows the admin as a superuser with every demo company and every farm", async () => {
    const data = await dataOf("admin");

    expect(data.groups).toEqual([Role.admin]);
    expect(data.is_superuser).toBe(true);
    expect(data.user_companies.map((c: { name: string }) => c.name)).toEqual([
      "Агрохолдинг Заря",
      "АО «Сибирская нива»",
      "СПК «Уральский молочник»",
    ]);
    expect(data.farms).toHaveLength(7);
  });

  it("shows a zootechnician the demo company's farms and the one farm picked in the second company", async () => {
    const data = await dataOf("zootech");

    expect(data.groups).toEqual([Role.zootechnician]);
    expect(data.user_companies.map((c: { name: string }) => c.name)).toEqual([
      "Агрохолдинг Заря",
      "СПК «Уральский молочник»",
    ]);
    expect(data.farms.map((f: { name: string }) => f.name)).toEqual(["МТФ «Заря-1»", "МТФ «Рассвет»", "МТФ «Сысерть»"]);
  });

  it("shows the client the demo group of reports and the report given to it directly", async () => {
    const data = await dataOf("client");

    expect(data.iframegroup.map((g: { title: string }) => g.title)).toEqual(["Молочное производство"]);
    expect(data.iframegroup[0]?.iframegroup.map((r: { title: string }) => r.title)).toHaveLength(2);
    expect(data.iframes).toHaveLength(3);
    // By tag: only what is not in a group already.
    expect(data.reports.map((r: { title: string }) => r.title)).toEqual(["Воспроизводство стада (Metabase)"]);
  });

  it("shows a content editor without a company no companies and no farms", async () => {
    const data = await dataOf("editor");

    expect(data.groups).toEqual([Role.contentEditor]);
    expect(data.user_companies).toEqual([]);
    expect(data.farms).toEqual([]);
  });
});

describe("module flags in users/data", () => {
  const signedInZootech = async (switches: Partial<typeof users.$inferInsert>) => {
    const { company } = await seedCompany(t.database.db, { name: "ООО Луг" });
    const user = await createAccount(t.database.db, {
      username: "zoo",
      password: "correct-horse",
      roles: [Role.zootechnician],
      companyIds: [company.id],
    });
    if (Object.keys(switches).length > 0) await t.database.db.update(users).set(switches).where(eq(users.id, user.id));
    const { access } = await signIn(t, "zoo", "correct-horse");
    return (await getData(access)).json();
  };

  it("gives a company member boards, lists and tables but no DC305, export or BI by default", async () => {
    const data = await signedInZootech({});

    expect(data).toMatchObject({
      boards: true,
      table_lists: true,
      tables_enabled: true,
      dc_305: false,
      export_module: false,
      use_bi: false,
    });
  });

  it("shows the modules an admin switched on and takes away the ones switched off", async () => {
    const data = await signedInZootech({
      dc305: true,
      exportModule: true,
      useBi: true,
      boardsEnabled: false,
      tableListsEnabled: false,
      tablesEnabled: false,
    });

    expect(data).toMatchObject({
      boards: false,
      table_lists: false,
      tables_enabled: false,
      dc_305: true,
      export_module: true,
      use_bi: true,
    });
  });

  it("does not give boards, lists or tables to a user without a company, whatever the switches say", async () => {
    await createAccount(t.database.db, { username: "lone", password: "correct-horse", roles: [Role.zootechnician] });
    const { access } = await signIn(t, "lone", "correct-horse");

    const data = (await getData(access)).json();

    expect(data).toMatchObject({ boards: false, table_lists: false, tables_enabled: false });
  });
});

describe("PATCH /api/users/user_profile/", () => {
  let access: string;

  beforeEach(async () => {
    await createAccount(t.database.db, {
      username: "ivan",
      email: "ivan@example.com",
      password: "correct-horse",
      roles: [Role.zootechnician],
    });
    ({ access } = await signIn(t, "ivan", "correct-horse"));
  });

  it("saves the theme, which users/data then shows", async () => {
    const res = await patchProfile(access, { theme: "black" });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ theme: "black", email: { email: "ivan@example.com" } });
    expect((await getData(access)).json().theme).toBe("black");
    await patchProfile(access, { theme: "default" });
    expect((await getData(access)).json().theme).toBe("default");
  });

  it("records the acceptance of the terms", async () => {
    const res = await patchProfile(access, { read_status: true });

    expect(res.statusCode).toBe(200);
    expect(res.json().read_status).toBe(true);
    expect((await getData(access)).json().read_status).toBe(true);
  });

  it("keeps the theme of one user away from another", async () => {
    await createAccount(t.database.db, { username: "olga", password: "correct-horse" });
    const olga = await signIn(t, "olga", "correct-horse");

    await patchProfile(access, { theme: "black" });

    expect((await getData(olga.access)).json().theme).toBe("default");
  });

  it.each([
    ["no fields", {}],
    ["an unknown theme", { theme: "pink" }],
    ["an unknown field", { theme: "black", is_superuser: true }],
  ])("refuses %s with 400 and changes nothing", async (_name, payload) => {
    const res = await patchProfile(access, payload);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.validation, message: expect.any(String) });
    expect((await getData(access)).json()).toMatchObject({ theme: "default", is_superuser: false });
  });

  it("answers a company member with the company name", async () => {
    const { company } = await seedCompany(t.database.db, { name: "ООО Луг" });
    await createAccount(t.database.db, {
      username: "member",
      password: "correct-horse",
      roles: [Role.client],
      companyIds: [company.id],
    });
    const member = await signIn(t, "member", "correct-horse");

    const res = await patchProfile(member.access, { read_status: true });

    expect(res.json().company).toBe("ООО Луг");
    expect((await patchProfile(access, { read_status: true })).json().company).toBeNull();
  });
});

describe("the announcement in users/data (spec §4)", () => {
  let access: string;

  beforeEach(async () => {
    await createAccount(t.database.db, { username: "ivan", password: "correct-horse" });
    ({ access } = await signIn(t, "ivan", "correct-horse"));
  });

  it("is null when there is no active announcement", async () => {
    await seedAnnouncement(t.database.db, { text: "Старое", active: false });

    expect((await getData(access)).json().announcement).toBeNull();
  });

  it("is the text of the newest active announcement", async () => {
    await seedAnnouncement(t.database.db, { text: "Прошлое", createdAt: new Date("2025-11-01T00:00:00Z") });
    await seedAnnouncement(t.database.db, { text: "Текущее", createdAt: new Date("2025-11-20T00:00:00Z") });
    await seedAnnouncement(t.database.db, {
      text: "Снятое",
      active: false,
      createdAt: new Date("2025-11-25T00:00:00Z"),
    });

    expect((await getData(access)).json().announcement).toBe("Текущее");
  });

  it("stays shown in users/data after the user closes it; the profile keeps what was read", async () => {
    await seedAnnouncement(t.database.db, { text: "Плановые работы" });

    const res = await patchProfile(access, { last_read_announcement: "Плановые работы" });

    expect(res.statusCode).toBe(200);
    expect(res.json().last_read_announcement).toBe("Плановые работы");
    expect((await getData(access)).json().announcement).toBe("Плановые работы");
  });

  it("is the demo announcement in the demo data", async () => {
    await resetDatabase(t.database);
    await seedDemo(t.database.db);
    const demo = await signIn(t, "client", DEMO_PASSWORD);

    expect((await getData(demo.access)).json().announcement).toBe(DEMO_ANNOUNCEMENT);
  });
});
