import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import { ROUTE_KEYS, ROUTES } from "../../shared/routes/registry.ts";
import { BREADCRUMB_TITLES, breadcrumbKeyFor, breadcrumbsFor, EXTRA_BREADCRUMB_TITLES } from "./breadcrumb-titles.ts";

/** Spec §2 "Breadcrumbs": the paths that have titles, copied as listed. */
const SPEC_BREADCRUMB_PATHS = [
  "/reports",
  "/",
  "/news",
  "/manage-users",
  "/manage-roles",
  "/add-news",
  "/manage-news",
  "/add-notification",
  "/manage-notifications",
  "/manage-instructions",
  "/boards",
  "/tasks",
  "/user-pages/notifications",
  "/user-pages/datasets",
  "/user-pages/excelinfo",
  "/user-pages/cloudstorage",
  "/business-pages",
  "/user-reports",
  "/edit-business",
  "/plan_fact",
  "/business-page",
  "/admin",
  "/admin/manage_user",
  "/admin/manage_roles",
  "/admin/business_users",
  "/userprofile/settings",
  "/userprofile/notifications",
  "/userprofile/services",
  "/services/plan_fact",
  "/edit/plan_fact",
  "/services/custom_segmentation",
  "/services/custom_segmentation_edit",
  "/services/milk_protocols",
  "/services/parser_1c",
  "/services/key_generator/",
  "/services/dc305_upload",
  "/services/farm_audit",
  "/services/tables",
  "/services/tables-edit/",
  "/services/genetic",
  "/business-user/farm",
  "/equipment_monitoring/monitoring_report_discrete",
  "/equipment_monitoring/monitoring_report",
  "/equipment_monitoring/power_monitoring",
  "/chat",
];

const isRoute = (path: string) => ROUTE_KEYS.some((key) => matchPath(ROUTES[key].path, path));

describe("breadcrumb titles", () => {
  it("has exactly the spec's list, each with a Russian title", () => {
    expect(Object.keys(BREADCRUMB_TITLES).sort()).toEqual([...SPEC_BREADCRUMB_PATHS].sort());
    for (const entry of Object.values(BREADCRUMB_TITLES)) expect(entry.title).toMatch(/^[А-ЯЁ]/);
  });

  it("adds titles only for paths the spec list leaves out", () => {
    for (const key of Object.keys(EXTRA_BREADCRUMB_TITLES)) {
      expect(SPEC_BREADCRUMB_PATHS).not.toContain(key);
      expect(isRoute(key) || isRoute(`${key}/x`), key).toBe(true);
    }
  });

  it("links parents only to pages that exist and are in the table", () => {
    for (const [key, entry] of Object.entries({ ...BREADCRUMB_TITLES, ...EXTRA_BREADCRUMB_TITLES })) {
      if (!("parent" in entry)) continue;
      expect(Object.keys(BREADCRUMB_TITLES), key).toContain(entry.parent);
      // A parent of the same item is linked with the item's segment: «…/power_monitoring/<uuid>».
      const linked = "parentOfItem" in entry ? `${entry.parent}/x` : entry.parent;
      expect(isRoute(linked), `${key} → ${linked}`).toBe(true);
    }
  });

  it.each([
    ["/", "/"],
    ["/reports", "/reports"],
    ["/news/12", "/news"],
    ["/tasks/t1", "/tasks"],
    ["/admin", "/admin"],
    ["/admin/manage_user", "/admin/manage_user"],
    ["/admin/other", "/admin"],
    ["/admin-list-page", "/admin-list-page"],
    ["/business-page/7", "/business-page"],
    ["/business-pages", "/business-pages"],
    ["/services/key_generator/w1", "/services/key_generator/"],
    ["/services/key_generator", "/services/key_generator/"],
    ["/services/custom_segmentation/u1/s", "/services/custom_segmentation"],
    ["/services/custom_segmentation_edit", "/services/custom_segmentation_edit"],
    ["/services/edit/plan_fact/5", "/edit/plan_fact"],
    ["/equipment_monitoring/monitoring_report_discrete/db1", "/equipment_monitoring/monitoring_report_discrete"],
    ["/equipment_monitoring/monitoring_report/db1", "/equipment_monitoring/monitoring_report"],
    ["/equipment_monitoring/power_monitoring/db1", "/equipment_monitoring/power_monitoring"],
    ["/equipment_monitoring/power_monitoring/hours/db1", "/equipment_monitoring/power_monitoring/hours"],
    ["/equipment_monitoring/power_monitoring/hours-avg/db1", "/equipment_monitoring/power_monitoring/hours-avg"],
    ["/chat", "/chat"],
    ["/chat/c1", "/chat"],
    ["/lists", undefined],
  ])("%s takes the title of %s", (path, key) => {
    expect(breadcrumbKeyFor(path)).toBe(key);
  });

  it("is Home then the title", () => {
    expect(breadcrumbsFor("/boards")).toEqual([{ title: "Главная", href: "/" }, { title: "Доски задач" }]);
    expect(breadcrumbsFor("/")).toEqual([{ title: "Главная", href: "/" }, { title: "Новости" }]);
  });

  it("puts the parent link between Home and the title where there is one", () => {
    expect(breadcrumbsFor("/admin/manage_roles")).toEqual([
      { title: "Главная", href: "/" },
      { title: "Администрирование", href: "/admin" },
      { title: "Роли" },
    ]);
    expect(breadcrumbsFor("/tasks/t1")).toEqual([
      { title: "Главная", href: "/" },
      { title: "Доски задач", href: "/boards" },
      { title: "Задача" },
    ]);
    expect(breadcrumbsFor("/services/tables-edit/t1")).toEqual([
      { title: "Главная", href: "/" },
      { title: "Таблицы", href: "/services/tables" },
      { title: "Редактор таблицы" },
    ]);
  });

  it("puts a power sub-page under the same database's power overview, linked", () => {
    expect(breadcrumbsFor("/equipment_monitoring/power_monitoring/hours/db1")).toEqual([
      { title: "Главная", href: "/" },
      { title: "Мониторинг электроэнергии", href: "/equipment_monitoring/power_monitoring/db1" },
      { title: "Почасовое потребление" },
    ]);
    expect(breadcrumbsFor("/equipment_monitoring/power_monitoring/substation-diff/db1/")).toEqual([
      { title: "Главная", href: "/" },
      { title: "Мониторинг электроэнергии", href: "/equipment_monitoring/power_monitoring/db1" },
      { title: "Потери на подстанции" },
    ]);
    expect(breadcrumbsFor("/equipment_monitoring/power_monitoring/db1")).toEqual([
      { title: "Главная", href: "/" },
      { title: "Мониторинг электроэнергии" },
    ]);
  });

  it("links a herd database's animals under Наборы данных", () => {
    expect(breadcrumbsFor("/user-pages/datasets")).toEqual([
      { title: "Главная", href: "/" },
      { title: "Наборы данных" },
    ]);
    expect(breadcrumbsFor("/user-pages/datasets/db1")).toEqual([
      { title: "Главная", href: "/" },
      { title: "Наборы данных", href: "/user-pages/datasets" },
      { title: "Животные" },
    ]);
  });

  it("places the admin area's sub-pages under Администрирование", () => {
    expect(breadcrumbsFor("/admin/audit")).toEqual([
      { title: "Главная", href: "/" },
      { title: "Администрирование", href: "/admin" },
      { title: "Журнал изменений" },
    ]);
    expect(breadcrumbsFor("/business-user/company/5f1c")).toEqual([
      { title: "Главная", href: "/" },
      { title: "Компании и фермы", href: "/business-pages" },
      { title: "Компания" },
    ]);
  });

  it("names the item a page shows, after its section (issue 16 item 11)", () => {
    const lists = { title: "Списки", href: "/lists" };
    expect(breadcrumbsFor("/lists/l1", "Список", { name: "Надои по фермам", section: lists })).toEqual([
      { title: "Главная", href: "/" },
      { title: "Списки", href: "/lists" },
      { title: "Надои по фермам" },
    ]);
    // A section already linked as the page's parent is not linked twice.
    const companies = { title: "Компании и фермы", href: "/business-pages" };
    expect(breadcrumbsFor("/edit-business/b1", undefined, { name: "АО Молочный край", section: companies })).toEqual([
      { title: "Главная", href: "/" },
      { title: "Компании и фермы", href: "/business-pages" },
      { title: "АО Молочный край" },
    ]);
    const board = { title: "Доска фермы", href: "/workspace/w1?board=b1" };
    expect(breadcrumbsFor("/tasks/t1", "Задача", { name: "Починить поилку", section: board })).toEqual([
      { title: "Главная", href: "/" },
      { title: "Доски задач", href: "/boards" },
      { title: "Доска фермы", href: "/workspace/w1?board=b1" },
      { title: "Починить поилку" },
    ]);
    expect(breadcrumbsFor("/news/7", undefined, { name: "Отёл в ноябре" })).toEqual([
      { title: "Главная", href: "/" },
      { title: "Новость" },
      { title: "Отёл в ноябре" },
    ]);
  });

  it("falls back to the route's own title for a page the spec list does not name", () => {
    expect(breadcrumbsFor("/lists", "Списки")).toEqual([{ title: "Главная", href: "/" }, { title: "Списки" }]);
    expect(breadcrumbsFor("/lists")).toEqual([{ title: "Главная", href: "/" }]);
  });
});
