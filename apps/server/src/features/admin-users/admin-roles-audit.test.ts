import { AUDIT_PAGE_SIZE, ROLE_DESCRIPTIONS } from "@nadoy/contract/admin-users";
import { ErrorCode } from "@nadoy/contract/errors";
import { ROLE_IDS, ROLE_NAMES, Role } from "@nadoy/contract/roles";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { auditLog, userGroups } from "../../db/schema/index.ts";
import { seedUser } from "../../db/seed/users.ts";
import { type AdminApi, signedInAdmin } from "./admin-users.test-kit.ts";
import { AUDIT_ACTION_TEXT } from "./audit-log.service.ts";

let t: TestApp;
let api: AdminApi;
let adminId: number;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  const admin = await signedInAdmin(t);
  api = admin.api;
  adminId = admin.user.id;
});

describe("GET /api/admin/roles/", () => {
  it("lists roles 1–7 with their names and descriptions", async () => {
    const roles = await api.roleList();

    expect(roles.map((r) => r.id)).toEqual([...ROLE_IDS]);
    for (const role of roles) {
      expect(role.name).toBe(ROLE_NAMES[role.id as keyof typeof ROLE_NAMES]);
      expect(role.description).toBe(ROLE_DESCRIPTIONS[role.id as keyof typeof ROLE_DESCRIPTIONS]);
    }
  });

  it("counts the users of each role by their first group", async () => {
    await seedUser(t.database.db, { username: "z1", roles: [Role.zootechnician] });
    await seedUser(t.database.db, { username: "z2", roles: [Role.zootechnician, Role.viewer] });
    await seedUser(t.database.db, { username: "c1", roles: [Role.client], isActive: false });
    const moved = await seedUser(t.database.db, { username: "m1" });
    await t.database.db.insert(userGroups).values([
      { userId: moved.id, groupId: Role.viewer, position: 1 },
      { userId: moved.id, groupId: Role.farmManager, position: 0 },
    ]);
    await seedUser(t.database.db, { username: "none" });

    const counts = Object.fromEntries((await api.roleList()).map((r) => [r.id, r.users_count]));

    expect(counts).toEqual({ 1: 1, 2: 0, 3: 2, 4: 0, 5: 1, 6: 0, 7: 1 });
  });

  it("says what each role may open, from the spec §6 rules", async () => {
    const roles = Object.fromEntries((await api.roleList()).map((r) => [r.id, r.may_open]));

    const has = (role: number, text: RegExp) => roles[role]?.some((s) => text.test(s)) ?? false;
    expect(ROLE_IDS.filter((r) => has(r, /^Администрирование/))).toEqual([Role.admin]);
    expect(ROLE_IDS.filter((r) => has(r, /^Контент/))).toEqual([Role.contentEditor]);
    expect(ROLE_IDS.filter((r) => !has(r, /^Настройки профиля/))).toEqual([Role.viewer]);
    expect(ROLE_IDS.filter((r) => has(r, /^Отчёты своих компаний/))).toEqual([Role.client]);
    expect(ROLE_IDS.filter((r) => !has(r, /^Таблицы/))).toEqual([Role.client]);
    expect(ROLE_IDS.filter((r) => !has(r, /^Изменение строк списков/))).toEqual([Role.viewer]);
    expect(ROLE_IDS.filter((r) => has(r, /^Настройка списков/))).toEqual([1, 2, 3, 4, 5]);
    for (const role of ROLE_IDS) expect(roles[role]?.[0]).toMatch(/^Главная/);
  });
});

describe("GET /api/admin/audit/", () => {
  const entry = (values: { action: string; at: string; userId?: number | null; details?: object | string }) =>
    t.database.db.insert(auditLog).values({
      action: values.action,
      at: new Date(values.at),
      userId: values.userId ?? null,
      ip: "10.1.2.3",
      details:
        values.details === undefined
          ? null
          : typeof values.details === "string"
            ? values.details
            : JSON.stringify(values.details),
    });

  it("shows admins' changes newest first: who, the action in Russian, and before → after", async () => {
    const target = await seedUser(t.database.db, { username: "zoo", email: "zoo@example.com", roles: [Role.viewer] });
    await api.patched(target.id, { first_name: "Зоя" });
    await api.patched(target.id, { is_active: false });

    const page = await api.auditPage();

    expect(page.items.map((e) => e.action)).toEqual(["user_deactivated", "user_updated"]);
    expect(page.items[1]).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      user: { id: adminId, name: "Анна Админова" },
      action: "user_updated",
      action_text: "Изменение пользователя",
      ip: expect.any(String),
      subject: "Зоя",
      details: { id: target.id, before: { first_name: "" }, after: { first_name: "Зоя" } },
    });
    expect(page.items[0]?.action_text).toBe("Отключение пользователя");
  });

  it("names what each entry is about (user, company, farm, database), a deleted one by its snapshot", async () => {
    const ivan = await seedUser(t.database.db, { username: "ivan", firstName: "Иван", lastName: "Петров" });
    await entry({
      action: "user_updated",
      at: "2026-03-01T10:00:00Z",
      details: { id: ivan.id, before: {}, after: {} },
    });
    await entry({
      action: "business_deleted",
      at: "2026-03-01T10:01:00Z",
      details: { id: 987_654, before: { name: "ООО «Заря»" }, after: null },
    });
    await entry({ action: "login", at: "2026-03-01T10:02:00Z", userId: ivan.id });

    const page = await api.auditPage({ from: "2026-03-01", to: "2026-03-01" });

    expect(page.items.map((e) => [e.action, e.subject])).toEqual([
      ["login", null],
      ["business_deleted", "ООО «Заря»"],
      ["user_updated", "Иван Петров"],
    ]);
  });

  it("lists every action with its Russian name for the filter", async () => {
    const page = await api.auditPage();

    expect(page.actions).toEqual(Object.entries(AUDIT_ACTION_TEXT).map(([action, text]) => ({ action, text })));
    for (const { text } of page.actions) expect(text).toMatch(/^[А-ЯЁ]/);
    expect(page.actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(["user_created", "user_updated", "user_deactivated", "user_activated", "login"]),
    );
  });

  it("filters by user, by action and by Moscow days", async () => {
    const other = await seedUser(t.database.db, { username: "other" });
    await entry({ action: "login", at: "2026-03-01T20:59:00Z", userId: adminId }); // 23:59 on 1 March in Moscow
    await entry({ action: "login", at: "2026-03-01T21:00:00Z", userId: other.id }); // 00:00 on 2 March in Moscow
    await entry({ action: "logout", at: "2026-03-02T12:00:00Z", userId: adminId });
    await entry({ action: "login", at: "2026-03-02T21:00:00Z", userId: adminId }); // 00:00 on 3 March

    const ids = async (params: Record<string, string | number>) =>
      (await api.auditPage(params)).items.map((e) => `${e.action}@${e.at}`);

    expect(await ids({ user_id: other.id })).toEqual(["login@2026-03-01T21:00:00.000Z"]);
    expect(await ids({ action: "logout" })).toEqual(["logout@2026-03-02T12:00:00.000Z"]);
    expect(await ids({ from: "2026-03-02", to: "2026-03-02" })).toEqual([
      "logout@2026-03-02T12:00:00.000Z",
      "login@2026-03-01T21:00:00.000Z",
    ]);
    expect(await ids({ to: "2026-03-01" })).toEqual(["login@2026-03-01T20:59:00.000Z"]);
    expect(await ids({ from: "2026-03-03", action: "login", user_id: adminId })).toEqual([
      "login@2026-03-02T21:00:00.000Z",
    ]);
    expect((await api.auditPage({ action: "no_such_action" })).total).toBe(0);
  });

  it("pages by AUDIT_PAGE_SIZE, newest first, with the total", async () => {
    for (let i = 0; i < AUDIT_PAGE_SIZE + 2; i++) {
      await entry({ action: "login", at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), userId: adminId });
    }

    const first = await api.auditPage();
    const second = await api.auditPage({ page: 2 });

    expect(first.items).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.items[0]?.at).toBe("2026-01-01T00:51:00.000Z");
    expect(second.items.map((e) => e.at)).toEqual(["2026-01-01T00:01:00.000Z", "2026-01-01T00:00:00.000Z"]);
    expect([first.total, second.total]).toEqual([AUDIT_PAGE_SIZE + 2, AUDIT_PAGE_SIZE + 2]);
  });

  it("shows entries without a user, and details that are not JSON as they are", async () => {
    await entry({ action: "login_failed", at: "2026-01-01T00:00:00Z", details: { username: "ghost" } });
    await entry({ action: "legacy_action", at: "2026-01-01T00:01:00Z", details: "plain text" });

    const page = await api.auditPage();

    expect(page.items[0]).toMatchObject({ user: null, action_text: "legacy_action", details: "plain text" });
    expect(page.items[1]).toMatchObject({
      user: null,
      action_text: "Неудачная попытка входа",
      details: { username: "ghost" },
    });
  });

  it("refuses a malformed date with 400", async () => {
    expect((await api.audit({ from: "01.03.2026" })).statusCode).toBe(400);
  });

  it.each([
    ["from", "0001-01-01"],
    ["to", "0001-01-01"],
    ["from", "1899-12-31"],
  ])(
    "refuses %s=%s, before the earliest day the filter takes, with 400 naming the field in Russian",
    async (field, day) => {
      const res = await api.audit({ [field]: day });

      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: ErrorCode.validation,
        fields: { [field]: "Дата не может быть раньше 01.01.1900" },
      });
    },
  );

  it("accepts the widest range the filter allows", async () => {
    await entry({ action: "login_failed", at: "2026-03-01T10:00:00Z", details: { username: "ghost" } });

    const page = await api.auditPage({ from: "1900-01-01", to: "9999-12-31" });

    expect(page.total).toBe(1);
  });
});
