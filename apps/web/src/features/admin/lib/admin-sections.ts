import { buildHref } from "../../../shared/routes/href.ts";
import { ROUTES } from "../../../shared/routes/registry.ts";

export interface AdminSection {
  title: string;
  path: string;
  description?: string;
  /** False: planned for a later update, shown as «скоро». */
  ready: boolean;
}

/** The pages under /admin/<page> (besides the index); business users come with issue 6 item 5. */
export const ADMIN_SUBPAGES = {
  manage_user: "users",
  manage_roles: "roles",
  audit: "audit",
  business_users: "planned",
} as const;

const own: AdminSection[] = [
  { title: "Пользователи", path: "/manage-users", description: "Поиск, создание, роли, компании, модули", ready: true },
  { title: "Роли", path: "/manage-roles", description: "Что открывает каждая из семи ролей", ready: true },
  {
    title: "Журнал изменений",
    path: "/admin/audit",
    description: "Кто, что и когда изменил: было → стало",
    ready: true,
  },
  { title: "Бизнес-пользователи", path: "/admin/business_users", ready: false },
];

const listed = new Set<string>(["/manage-users", "/manage-roles", "/admin/:page?"]);

/**
 * The index of the admin area: its own pages, then every other route of the "admin" module in the
 * registry that opens without a parameter (built ones as links, planned ones as «скоро»).
 */
export function adminSections(): AdminSection[] {
  const fromRegistry = Object.values(ROUTES)
    .filter((route) => route.module === "admin" && !listed.has(route.path))
    .filter((route) => route.path.split("/").every((part) => !part.startsWith(":") || part.endsWith("?")))
    .map((route) => ({ title: route.title, path: buildHref(route.path), ready: route.built }));
  return [...own, ...fromRegistry];
}
