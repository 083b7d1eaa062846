import { describe, expect, it } from "vitest";
import {
  type AccessSubject,
  canAdminister,
  canManageContent,
  canOpenDatasets,
  canOpenProfileSettings,
  canUploadDc305,
  canUseBoards,
  canUseKeyGenerator,
  canUseLists,
  canUseReportGenerator,
  canUseTables,
  exportTemplateDatabases,
  geneticsFarms,
  hasInitialsAvatar,
  hasRoleOrSuperuser,
  herdReportDatabases,
  isClient,
  monitoringDatabases,
  parser1cDatabases,
  ROLE_IDS,
  ROLE_NAMES,
  roleOf,
  seesClientReportMenus,
  seesMonitoringDemo,
  seesPlainReportsItem,
} from "./roles.ts";

describe("roles", () => {
  it("takes the first group as the role", () => {
    expect(roleOf([7, 2])).toBe(7);
    expect(roleOf([])).toBeUndefined();
  });
  it("lets superusers through any role rule", () => {
    expect(hasRoleOrSuperuser({ is_superuser: true, groups: [] }, [1])).toBe(true);
  });
  it("checks the role, which is the first group only (spec §6)", () => {
    expect(hasRoleOrSuperuser({ is_superuser: false, groups: [2, 3] }, [2])).toBe(true);
    expect(hasRoleOrSuperuser({ is_superuser: false, groups: [3, 2] }, [2])).toBe(false);
    expect(hasRoleOrSuperuser({ is_superuser: false, groups: [] }, [1, 2])).toBe(false);
  });
  it("names every role in Russian", () => {
    for (const id of ROLE_IDS) expect(ROLE_NAMES[id]).toMatch(/^[А-ЯЁ][а-яё ]+$/);
  });
});

const database = (uuid: string, overrides: Partial<AccessSubject["user_databases"][number]> = {}) => ({
  pk: 1,
  uuid,
  name: `База ${uuid}`,
  server: "db1.nadoy.local",
  db_name: "herd",
  active: true,
  kind: "herd" as const,
  ...overrides,
});

function subject(overrides: Partial<AccessSubject> = {}): AccessSubject {
  return {
    groups: [3],
    is_superuser: false,
    boards: false,
    user_companies: [{ uuid: "c1", name: "АО Молочный край" }],
    table_lists: false,
    tables_enabled: false,
    dc_305: false,
    farms: [],
    export_module: false,
    export_template_databases: [],
    keygen_workspaces: [],
    report_generator_workspaces: [],
    user_databases: [],
    database_report: [],
    ...overrides,
  };
}

/** What each spec §6 role rule answers, for one user. */
function roleRules(user: AccessSubject) {
  return {
    client: isClient(user),
    clientReportMenus: seesClientReportMenus(user),
    plainReports: seesPlainReportsItem(user),
    initialsAvatar: hasInitialsAvatar(user),
    datasets: canOpenDatasets(user),
    profileSettings: canOpenProfileSettings(user),
    admin: canAdminister(user),
    content: canManageContent(user),
    monitoringDemo: seesMonitoringDemo(user),
  };
}

describe("spec §6 role rules", () => {
  const staff = {
    client: false,
    clientReportMenus: false,
    plainReports: true,
    initialsAvatar: false,
    datasets: true,
    profileSettings: true,
    admin: false,
    content: false,
    monitoringDemo: true,
  };

  it.each([
    ["role 1", subject({ groups: [1] }), { ...staff, admin: true }],
    ["role 2", subject({ groups: [2] }), { ...staff, content: true }],
    ["role 3", subject({ groups: [3] }), staff],
    ["role 6", subject({ groups: [6] }), { ...staff, profileSettings: false }],
    [
      "role 7",
      subject({ groups: [7] }),
      {
        ...staff,
        client: true,
        clientReportMenus: true,
        plainReports: false,
        initialsAvatar: true,
        datasets: false,
        monitoringDemo: false,
      },
    ],
    ["a superuser", subject({ groups: [], is_superuser: true }), { ...staff, admin: true, content: true }],
    [
      "a superuser with role 7",
      subject({ groups: [7], is_superuser: true }),
      { ...roleRules(subject({ groups: [7] })), admin: true, content: true },
    ],
  ])("%s", (_name, user, expected) => {
    expect(roleRules(user)).toEqual(expected);
  });

  it("reads the role from the first group only", () => {
    expect(canAdminister(subject({ groups: [3, 1] }))).toBe(false);
    expect(canManageContent(subject({ groups: [2, 3] }))).toBe(true);
    expect(isClient(subject({ groups: [3, 7] }))).toBe(false);
  });

  it("treats a user without groups as staff without admin or content rights", () => {
    expect(roleRules(subject({ groups: [] }))).toEqual(staff);
  });
});

describe("spec §6 module rules", () => {
  it("boards need the flag and a company", () => {
    expect(canUseBoards(subject({ boards: true }))).toBe(true);
    expect(canUseBoards(subject({ boards: true, user_companies: [] }))).toBe(false);
    expect(canUseBoards(subject({ boards: false }))).toBe(false);
  });

  it("lists, tables and DC305 follow their flags", () => {
    expect([canUseLists(subject()), canUseTables(subject()), canUploadDc305(subject())]).toEqual([false, false, false]);
    const all = subject({ table_lists: true, tables_enabled: true, dc_305: true });
    expect([canUseLists(all), canUseTables(all), canUploadDc305(all)]).toEqual([true, true, true]);
  });

  it("genetics is offered for the farms that use it", () => {
    const farms = [
      { uuid: "f1", name: "Заря-1", use_genetic: true },
      { uuid: "f2", name: "Рассвет", use_genetic: false },
    ];
    expect(geneticsFarms(subject({ farms })).map((f) => f.uuid)).toEqual(["f1"]);
    expect(geneticsFarms(subject({ farms: [farms[1] as (typeof farms)[number]] }))).toEqual([]);
  });

  it("export templates are offered for herd databases only", () => {
    const templates = [
      database("herd"),
      database("mon", { kind: "monitoring" }),
      database("1c", { kind: "accounting" }),
    ];
    expect(
      exportTemplateDatabases(subject({ export_module: true, export_template_databases: templates })).map(
        (db) => db.uuid,
      ),
    ).toEqual(["herd"]);
  });

  it("export needs the module flag and template databases", () => {
    const templates = [database("d1")];
    expect(exportTemplateDatabases(subject({ export_module: true, export_template_databases: templates }))).toEqual(
      templates,
    );
    expect(exportTemplateDatabases(subject({ export_module: false, export_template_databases: templates }))).toEqual(
      [],
    );
    expect(exportTemplateDatabases(subject({ export_module: true }))).toEqual([]);
  });

  it("key and report generators need a workspace", () => {
    expect(canUseKeyGenerator(subject())).toBe(false);
    expect(canUseKeyGenerator(subject({ keygen_workspaces: [{ uuid: "w", name: "Ключи" }] }))).toBe(true);
    expect(canUseReportGenerator(subject())).toBe(false);
    expect(canUseReportGenerator(subject({ report_generator_workspaces: [{ uuid: "w", name: "Отчёты" }] }))).toBe(true);
  });

  // Each database is offered only for the pages of its kind, whatever its server or name.
  const ofEveryKind = [
    database("herd", { server: "1c.nadoy.local", db_name: "monitoring" }),
    database("mon", { kind: "monitoring" }),
    database("1c", { kind: "accounting" }),
    database("old-herd", { active: false }),
    database("old-mon", { kind: "monitoring", active: false }),
    database("old-1c", { kind: "accounting", active: false }),
  ];

  it("herd reports are offered for active herd databases only", () => {
    expect(herdReportDatabases(subject({ database_report: ofEveryKind })).map((db) => db.uuid)).toEqual(["herd"]);
  });

  it("the 1C parser is offered for active accounting databases only", () => {
    expect(parser1cDatabases(subject({ user_databases: ofEveryKind })).map((db) => db.uuid)).toEqual(["1c"]);
  });

  it("monitoring is offered for active monitoring databases only, to clients and staff alike", () => {
    for (const groups of [[7], [3], [1]]) {
      expect(monitoringDatabases(subject({ groups, user_databases: ofEveryKind })).map((db) => db.uuid)).toEqual([
        "mon",
      ]);
    }
  });
});
