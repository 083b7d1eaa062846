import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import { buildHref, href } from "./href.ts";
import { ROUTE_KEYS, ROUTES } from "./registry.ts";

/**
 * Spec §2 "Route table", copied as written (the power-monitoring sub-pages and the native reports
 * N = 1, 2, 4 … 8 spelled out).
 */
const SPEC_ROUTE_TABLE = [
  // Main and reports
  "/",
  "/reports",
  "/report/:id",
  "/news/:id",
  // Equipment monitoring
  "/equipment_monitoring/monitoring_report/:uuid",
  "/equipment_monitoring/monitoring_report_discrete/:uuid",
  "/equipment_monitoring/power_monitoring/:uuid",
  "/equipment_monitoring/power_monitoring/substations/:uuid",
  "/equipment_monitoring/power_monitoring/substation-diff/:uuid",
  "/equipment_monitoring/power_monitoring/hours/:uuid",
  "/equipment_monitoring/power_monitoring/hours-avg/:uuid",
  "/equipment_monitoring/power_monitoring/days-avg/:uuid",
  "/equipment_monitoring/power_monitoring/avg/:uuid",
  // Authentication and session
  "/login",
  "/register",
  "/yandex/token/redirect",
  "/submit-email",
  "/token-confirm",
  "/reset-password/:token",
  "/registration-confirm/:token",
  "/email-confirm/:token",
  "/logout",
  // User pages
  "/userprofile/:tab?",
  "/user-pages/notifications",
  "/user-pages/excelinfo",
  "/user-pages/cloudstorage",
  "/user-pages/datasets",
  "/user-pages/BSupload/:uuid",
  "/user-reports",
  // Tasks, export, boards, lists, forms
  "/tasks/:uuid",
  "/export-templates/:uuid",
  "/export/:uuid?",
  "/user-templates/:db_uuid/:template_uuid",
  "/boards",
  "/lists/:uuid",
  "/lists",
  "/form/:uuid",
  // Services
  "/services/key_generator/:uuid?",
  "/services/plan_fact/:uuid/:segment?/:as_group?",
  "/services/report/plan_fact_report/:uuid/:segment?",
  "/services/edit/plan_fact/:id",
  "/services/custom_segmentation/:uuid/:segment?",
  "/services/custom_segmentation_edit",
  "/services/tables",
  "/services/tables-edit/:table_uuid?",
  "/services/genetic/:farm_uuid",
  "/services/report/1/:uuid",
  "/services/report/2/:uuid",
  "/services/report/4/:uuid",
  "/services/report/5/:uuid",
  "/services/report/6/:uuid",
  "/services/report/7/:uuid",
  "/services/report/8/:uuid",
  "/services/milk_protocols/:uuid?",
  "/services/dtm_module/:uuid?",
  "/services/parser_1c/:uuid?",
  "/services/dc305_upload",
  "/services/farm_audit/:farm_uuid/:date",
  "/services/generator-report",
  "/services/generator-report/clients",
  "/services/generator-report/clients/:uuid",
  "/services/generator-report/billing",
  "/plan_fact/:uuid?",
  // Administration and business
  "/manage-users",
  "/manage-roles",
  "/admin-export/:uuid?",
  "/admin-export-list",
  "/admin/:page?",
  "/analytics-db",
  "/admin-list-page",
  "/business-pages",
  "/business-page/:iframe?",
  "/iframe-group/:user/:group?",
  "/edit-business/:id",
  "/workspace/:uuid?",
  "/business-user/farm/:uuid?",
  "/business-user/company/:uuid?",
  // News and notifications
  "/manage-news",
  "/add-news",
  "/news-edit/:id",
  "/manage-notifications",
  "/add-notification",
  // Other
  "/chat/:uuid?",
  "/404",
  "/500",
  "/terms-of-service",
  "/changelog",
  "/personal-data-agreement",
];

/** Routes the registry has beyond the spec table, and why. */
const EXTRA_ROUTES = {
  // The animals of one herd database, linked from its dataset (issue 17).
  "/user-pages/datasets/:uuid": "profile",
  // Linked from the spec §2 side menu (content) and titled in its breadcrumb list.
  "/manage-instructions": "content",
};

/** The routes whose module is not built yet: each shows «Раздел в разработке». */
const PLACEHOLDERS = [
  "/export-templates/:uuid",
  "/export/:uuid?",
  "/user-templates/:db_uuid/:template_uuid",
  "/services/plan_fact/:uuid/:segment?/:as_group?",
  "/services/report/plan_fact_report/:uuid/:segment?",
  "/services/edit/plan_fact/:id",
  "/services/genetic/:farm_uuid",
  "/services/milk_protocols/:uuid?",
  "/services/parser_1c/:uuid?",
  "/services/farm_audit/:farm_uuid/:date",
  "/services/generator-report",
  "/services/generator-report/clients",
  "/services/generator-report/clients/:uuid",
  "/services/generator-report/billing",
  "/plan_fact/:uuid?",
  "/admin-export/:uuid?",
  "/admin-export-list",
];

const registryPaths = ROUTE_KEYS.map((key) => ROUTES[key].path as string);

describe("route registry", () => {
  it.each(SPEC_ROUTE_TABLE)("has the spec route %s", (path) => {
    expect(registryPaths).toContain(path);
  });

  it("has no route beyond the spec table except the ones explained", () => {
    const extra = registryPaths.filter((path) => !SPEC_ROUTE_TABLE.includes(path));
    expect(extra).toEqual(Object.keys(EXTRA_ROUTES));
    for (const [path, module] of Object.entries(EXTRA_ROUTES)) {
      expect(ROUTE_KEYS.filter((key) => ROUTES[key].path === path).map((key) => ROUTES[key].module)).toEqual([module]);
    }
  });

  it("lists every path once", () => {
    expect(new Set(registryPaths).size).toBe(registryPaths.length);
  });

  it("knows which routes are still placeholders", () => {
    const placeholders = ROUTE_KEYS.filter((key) => !ROUTES[key].built).map((key) => ROUTES[key].path);
    expect(placeholders).toEqual(PLACEHOLDERS);
  });

  it("gives the profile and notification pages to their modules", () => {
    expect(ROUTES.userProfile).toMatchObject({ path: "/userprofile/:tab?", module: "profile", built: true });
    expect(ROUTES.userNotifications).toMatchObject({
      path: "/user-pages/notifications",
      module: "notifications",
      built: true,
    });
  });

  it("names every route in Russian", () => {
    for (const key of ROUTE_KEYS) expect(ROUTES[key].title).toMatch(/^[А-ЯЁ0-9]/);
  });
});

describe("href", () => {
  it("fills required and optional parameters", () => {
    expect(href.home()).toBe("/");
    expect(href.report({ id: 5 })).toBe("/report/5");
    expect(href.userProfile()).toBe("/userprofile");
    expect(href.userProfile({ tab: "settings" })).toBe("/userprofile/settings");
    expect(href.planFact({ uuid: "u1" })).toBe("/services/plan_fact/u1");
    expect(href.planFact({ uuid: "u1", segment: "s", as_group: 1 })).toBe("/services/plan_fact/u1/s/1");
    expect(href.farmAudit({ farm_uuid: "f", date: "2026-11-23" })).toBe("/services/farm_audit/f/2026-11-23");
    expect(href.powerHours({ uuid: "demo" })).toBe("/equipment_monitoring/power_monitoring/hours/demo");
  });

  it("encodes values", () => {
    expect(href.resetPassword({ token: "a/b c" })).toBe("/reset-password/a%2Fb%20c");
  });

  it("refuses a missing required parameter", () => {
    expect(() => buildHref("/report/:id", {})).toThrow("Missing parameter id");
  });

  it("builds a link that its own route matches, for every route", () => {
    for (const key of ROUTE_KEYS) {
      const { path } = ROUTES[key];
      const params = Object.fromEntries([...path.matchAll(/:(\w+)/g)].map(([, name]) => [name, `x-${name}`]));
      const link = buildHref(path, params);
      expect(matchPath(path, link), `${key}: ${link}`).not.toBeNull();
    }
  });
});
