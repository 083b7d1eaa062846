import { describe, expect, it } from "vitest";
import { ADMIN_SECTION_DEFS, adminSections } from "./admin-sections.ts";
import { ROUTES } from "./registry.ts";

/** Whether a concrete path is one the registry route opens (`:x` any segment, `:x?` maybe one). */
function opens(pattern: string, path: string): boolean {
  const source = pattern
    .split("/")
    .map((part) => (part.startsWith(":") ? (part.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+") : part ? `/${part}` : ""))
    .join("");
  return new RegExp(`^${source || "/"}$`).test(path);
}

describe("admin sections", () => {
  it("lists the admin area's pages in order, each with a line of description", () => {
    expect(adminSections().map((s) => [s.title, s.path])).toEqual([
      ["Пользователи", "/manage-users"],
      ["Роли", "/manage-roles"],
      ["Компании и фермы", "/business-pages"],
      ["Бизнес-пользователи", "/admin/business_users"],
      ["Отчёты", "/admin/reports"],
      ["Группы отчётов", "/admin/iframe_groups"],
      ["Посещаемость", "/user-reports"],
      ["Статистика загрузок", "/analytics-db"],
      ["Журнал изменений", "/admin/audit"],
      ["Настройка выгрузок", "/admin-export-list"],
    ]);
    for (const section of adminSections()) expect(section.description.length).toBeGreaterThan(10);
  });

  it("names for each section a registry route that opens its path", () => {
    for (const def of ADMIN_SECTION_DEFS) expect(opens(ROUTES[def.route].path, def.path), def.path).toBe(true);
  });

  it("is ready once its route is built, except what is planned here", () => {
    for (const [section, def] of adminSections().map((s, i) => [s, ADMIN_SECTION_DEFS[i]] as const)) {
      expect(section.ready).toBe(def?.planned !== true && ROUTES[def?.route ?? "home"].built);
    }
    expect(adminSections().find((s) => s.path === "/admin-export-list")?.ready).toBe(false);
    expect(adminSections().find((s) => s.path === "/manage-users")?.ready).toBe(true);
  });
});
