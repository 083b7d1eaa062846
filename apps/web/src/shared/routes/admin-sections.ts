import { ROUTES, type RouteKey } from "./registry.ts";

// The pages of the admin area, in one list: the /admin index (features/admin) shows it.

export interface AdminSection {
  title: string;
  /** Where the card leads. */
  path: string;
  description: string;
  /** False until its page is built (the registry route of `route` says so, or it is planned here): «скоро». */
  ready: boolean;
}

interface AdminSectionDef {
  title: string;
  path: string;
  description: string;
  /** The registry route that opens `path`; the section is ready once that route is built. */
  route: RouteKey;
  /** Planned for a later update whatever its route says. */
  planned?: true;
}

export const ADMIN_SECTION_DEFS: readonly AdminSectionDef[] = [
  {
    title: "Пользователи",
    path: "/manage-users",
    route: "manageUsers",
    description: "Поиск, создание, роли, компании, модули",
  },
  { title: "Роли", path: "/manage-roles", route: "manageRoles", description: "Что открывает каждая из семи ролей" },
  {
    title: "Компании и фермы",
    path: "/business-pages",
    route: "businessPages",
    description: "Компании, их фермы и базы данных",
  },
  {
    title: "Бизнес-пользователи",
    path: "/admin/business_users",
    route: "admin",
    description: "Какие фермы и базы данных видит каждый пользователь",
  },
  { title: "Отчёты", path: "/admin/reports", route: "admin", description: "Встроенные отчёты, их ссылки и доступ" },
  {
    title: "Группы отчётов",
    path: "/admin/iframe_groups",
    route: "admin",
    description: "Наборы отчётов для меню пользователей",
  },
  {
    title: "Посещаемость",
    path: "/user-reports",
    route: "userReports",
    description: "Переходы по дням, разделам и пользователям, выгрузка в XLSX",
  },
  {
    title: "Статистика загрузок",
    path: "/analytics-db",
    route: "analyticsDb",
    description: "Базы данных компаний и загрузки данных в них",
  },
  {
    title: "Журнал изменений",
    path: "/admin/audit",
    route: "admin",
    description: "Кто, что и когда изменил: было → стало",
  },
  {
    title: "Настройка выгрузок",
    path: "/admin-export-list",
    route: "adminExportList",
    description: "Шаблоны выгрузки данных для пользователей",
    planned: true,
  },
];

/** Every section of the admin area, in the order the index shows them. */
export function adminSections(): AdminSection[] {
  return ADMIN_SECTION_DEFS.map(({ title, path, description, route, planned }) => ({
    title,
    path,
    description,
    ready: planned !== true && ROUTES[route].built,
  }));
}
