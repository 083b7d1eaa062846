import type { UserData } from "@nadoy/contract/users";
import { describe, expect, it } from "vitest";
import { userDataFixture } from "../../../test/fixtures.ts";
import { everythingUserData } from "../../../test/signed-in.ts";
import { activeLinkKey, buildSideMenu, type MenuItem, type MenuSection } from "./build-side-menu.ts";

const labels = (items: MenuItem[]) => items.map((item) => item.label);

function sectionLinks(items: MenuItem[], key: string): string[] {
  const section = items.find((item): item is MenuSection => item.kind === "section" && item.key === key);
  if (!section) return [];
  return section.entries.flatMap((entry) => (entry.kind === "link" ? [entry.href] : entry.links.map((l) => l.href)));
}

const STAFF_MENU = [
  "Главная",
  "Отчёты",
  "Отчёты по стаду",
  "Мониторинг",
  "Сервисы",
  "Доски задач",
  "Списки",
  "Импорт и экспорт",
];

const menuFor = (overrides: Partial<UserData>) => buildSideMenu(everythingUserData(overrides));

describe("side menu by role (spec §6)", () => {
  it("role 1: the admin section, no content menu", () => {
    const items = menuFor({ groups: [1] });
    expect(labels(items)).toEqual([...STAFF_MENU, "Администрирование"]);
    expect(sectionLinks(items, "admin")).toEqual(["/admin", "/user-reports", "/admin-list-page", "/admin-export-list"]);
  });

  it("role 2: the content menu, no admin section", () => {
    const items = menuFor({ groups: [2] });
    expect(labels(items)).toEqual([...STAFF_MENU, "Контент"]);
    expect(sectionLinks(items, "content")).toEqual([
      "/add-news",
      "/manage-news",
      "/add-notification",
      "/manage-notifications",
      "/manage-instructions",
    ]);
  });

  it("roles 3 and 6: neither", () => {
    expect(labels(menuFor({ groups: [3] }))).toEqual(STAFF_MENU);
    expect(labels(menuFor({ groups: [6] }))).toEqual(STAFF_MENU);
  });

  it("a superuser: both, whatever the role", () => {
    expect(labels(menuFor({ groups: [4], is_superuser: true }))).toEqual([
      ...STAFF_MENU,
      "Администрирование",
      "Контент",
    ]);
  });

  it("role 7: report groups and tags instead of the plain item; monitoring only for its database", () => {
    const items = menuFor({ groups: [7] });
    expect(labels(items)).toEqual([
      "Главная",
      "Продажи молока",
      "Индивидуальные отчёты",
      "Отчёты по стаду",
      "Мониторинг",
      "Сервисы",
      "Доски задач",
      "Списки",
      "Импорт и экспорт",
    ]);
    expect(sectionLinks(items, "report-group-1")).toEqual(["/report/r-sales"]);
    expect(sectionLinks(items, "report-tag-custom_reports")).toEqual(["/report/r-custom"]);
    // `iframes` repeats every report (the /reports page): no menu section of its own.
    expect(sectionLinks(items, "report-iframes")).toEqual([]);
    expect(sectionLinks(items, "monitoring")).toEqual([
      "/equipment_monitoring/monitoring_report/db-mon",
      "/equipment_monitoring/monitoring_report_discrete/db-mon",
      "/equipment_monitoring/power_monitoring/db-mon",
      "/equipment_monitoring/power_monitoring/hours/db-mon",
      "/equipment_monitoring/power_monitoring/substations/db-mon",
    ]);
  });

  it("role 7: tag sections are named by the contract's reportTagName", () => {
    const reports = ["business_milk", "forms", "dpa"].map((tag, i) => ({
      pk: 20 + i,
      uuid: `r-${tag}`,
      title: `Отчёт ${tag}`,
      tag,
      img: null,
      active: true,
      group: [],
    }));
    const items = menuFor({ groups: [7], reports });
    expect(labels(items)).toEqual(expect.arrayContaining(["Бизнес: молоко", "Формы", "DPA"]));
    expect(sectionLinks(items, "report-tag-business_milk")).toEqual(["/report/r-business_milk"]);
  });

  it("role 7 without a monitoring database has no monitoring", () => {
    const items = menuFor({ groups: [7], user_databases: [] });
    expect(labels(items)).not.toContain("Мониторинг");
  });

  it("staff see monitoring for the monitoring databases and the demo pages", () => {
    const links = sectionLinks(menuFor({ groups: [3] }), "monitoring");
    expect(links).not.toContain("/equipment_monitoring/monitoring_report/db-herd");
    expect(links).toContain("/equipment_monitoring/power_monitoring/substations/db-mon");
    expect(links.slice(-2)).toEqual([
      "/equipment_monitoring/monitoring_report/demo",
      "/equipment_monitoring/power_monitoring/demo",
    ]);
  });
});

describe("side menu by database kind", () => {
  const herd = { pk: 1, uuid: "h", name: "Стадо", server: "s", db_name: "herd", active: true, kind: "herd" as const };
  const monitoring = { ...herd, pk: 2, uuid: "m", name: "Датчики", kind: "monitoring" as const };
  const accounting = { ...herd, pk: 3, uuid: "a", name: "1С", kind: "accounting" as const };

  /** What each per-database section offers, with the users/data lists holding only `databases`. */
  function perDatabase(groups: number[], databases: UserData["user_databases"]) {
    const items = menuFor({
      groups,
      user_databases: databases,
      database_report: databases,
      export_template_databases: databases,
    });
    const uuidsIn = (key: string, prefix: string) =>
      sectionLinks(items, key)
        .filter((href) => href.startsWith(prefix))
        .map((href) => href.split("/").at(-1));
    return {
      herdReports: [...new Set(uuidsIn("herd-reports", "/services/report/"))],
      monitoring: [...new Set(uuidsIn("monitoring", "/equipment_monitoring/"))].filter((uuid) => uuid !== "demo"),
      parser1c: uuidsIn("services", "/services/parser_1c/"),
      exportTemplates: uuidsIn("transfer", "/export-templates/"),
    };
  }

  it("offers a herd database herd reports and export templates only", () => {
    expect(perDatabase([3], [herd])).toEqual({
      herdReports: ["h"],
      monitoring: [],
      parser1c: [],
      exportTemplates: ["h"],
    });
  });

  it("offers a monitoring database monitoring only", () => {
    const menu = perDatabase([3], [monitoring]);
    expect(menu).toEqual({ herdReports: [], monitoring: ["m"], parser1c: [], exportTemplates: [] });
    expect(labels(menuFor({ groups: [3], database_report: [monitoring] }))).not.toContain("Отчёты по стаду");
  });

  it("offers an accounting database the 1C parser only", () => {
    expect(perDatabase([3], [accounting])).toEqual({
      herdReports: [],
      monitoring: [],
      parser1c: ["a"],
      exportTemplates: [],
    });
  });

  it("puts each database of a mixed set in its own kind's section, for clients and staff alike", () => {
    for (const groups of [[7], [3], [1]]) {
      expect(perDatabase(groups, [herd, monitoring, accounting])).toEqual({
        herdReports: ["h"],
        monitoring: ["m"],
        parser1c: ["a"],
        exportTemplates: ["h"],
      });
    }
  });
});

describe("side menu by module flags and data (spec §6)", () => {
  it("offers every service the data allows", () => {
    expect(sectionLinks(menuFor({ groups: [3] }), "services")).toEqual([
      "/services/dc305_upload",
      "/services/generator-report",
      "/services/tables",
      "/services/plan_fact/pf1",
      "/services/custom_segmentation/seg1",
      "/services/milk_protocols/f1",
      "/services/genetic/f1",
      "/services/dtm_module/dtm1",
      "/services/parser_1c/db-1c",
      "/services/key_generator/kw1",
    ]);
    expect(sectionLinks(menuFor({ groups: [3] }), "transfer")).toEqual([
      "/user-pages/BSupload/up1",
      "/export-templates/db-herd",
    ]);
    expect(sectionLinks(menuFor({ groups: [3] }), "herd-reports")).toEqual(
      [1, 2, 4, 5, 6, 7, 8].map((n) => `/services/report/${n}/db-herd`),
    );
  });

  it("hides what the flags and data do not allow", () => {
    const items = buildSideMenu(userDataFixture({ groups: [3], boards: true, user_companies: [] }));
    expect(labels(items)).toEqual(["Главная", "Отчёты", "Мониторинг", "Сервисы"]);
    expect(sectionLinks(items, "services")).toEqual(["/services/milk_protocols/f1"]);
    const noExportTemplates = menuFor({ groups: [3], export_module: false });
    expect(sectionLinks(noExportTemplates, "transfer")).toEqual(["/user-pages/BSupload/up1"]);
  });
});

describe("side menu helpers", () => {
  it("finds the current page's link", () => {
    const items = menuFor({ groups: [1] });
    expect(activeLinkKey(items, "/")).toBe("/");
    expect(activeLinkKey(items, "/user-reports")).toBe("/user-reports");
    expect(activeLinkKey(items, "/nowhere")).toBeUndefined();
  });
});
