import { ROUTES } from "../../shared/routes/registry.ts";

/**
 * Spec §2 "Breadcrumbs": a Russian title for every path of its list, keyed exactly as listed. A
 * page's breadcrumb is the Home link, then — for some — a parent link, then its title. `match`
 * is given where the listed key is not the start of the page's real path.
 */
interface BreadcrumbEntry {
  readonly title: string;
  /** Another key of this table whose page is linked between Home and the title. */
  readonly parent?: string;
  readonly match?: string;
  /**
   * The title of the pages below this one (`<key>/<something>`): their breadcrumb links this page
   * between Home and that title.
   */
  readonly below?: string;
  /**
   * The parent is the page of the same item (a database): its link ends with this path's last
   * segment («…/power_monitoring/hours/<uuid>» → «…/power_monitoring/<uuid>»).
   */
  readonly parentOfItem?: true;
}

export const BREADCRUMB_TITLES = {
  "/reports": { title: "Отчёты" },
  "/": { title: "Новости" },
  "/news": { title: "Новость" },
  "/manage-users": { title: "Пользователи" },
  "/manage-roles": { title: "Роли" },
  "/add-news": { title: "Добавить новость", parent: "/manage-news" },
  "/manage-news": { title: "Управление новостями" },
  "/add-notification": { title: "Добавить уведомление", parent: "/manage-notifications" },
  "/manage-notifications": { title: "Управление уведомлениями" },
  "/manage-instructions": { title: "Управление инструкциями" },
  "/boards": { title: "Доски задач" },
  "/tasks": { title: "Задача", parent: "/boards" },
  "/user-pages/notifications": { title: "Уведомления" },
  "/user-pages/datasets": { title: "Наборы данных", below: "Животные" },
  "/user-pages/excelinfo": { title: "Загрузки Excel" },
  "/user-pages/cloudstorage": { title: "Файлы" },
  "/business-pages": { title: "Компании и фермы" },
  "/user-reports": { title: "Посещаемость" },
  "/edit-business": { title: "Компания", parent: "/business-pages" },
  "/plan_fact": { title: "План-факт" },
  "/business-page": { title: "Бизнес-отчёты", parent: "/reports" },
  "/admin": { title: "Администрирование" },
  "/admin/manage_user": { title: "Пользователи", parent: "/admin" },
  "/admin/manage_roles": { title: "Роли", parent: "/admin" },
  "/admin/business_users": { title: "Бизнес-пользователи", parent: "/admin" },
  "/userprofile/settings": { title: "Настройки профиля" },
  "/userprofile/notifications": { title: "Уведомления" },
  "/userprofile/services": { title: "Сервисы" },
  "/services/plan_fact": { title: "План-факт" },
  "/edit/plan_fact": { title: "Редактирование плана", parent: "/plan_fact", match: "/services/edit/plan_fact" },
  "/services/custom_segmentation": { title: "Сегментация" },
  "/services/custom_segmentation_edit": { title: "Редактор сегментов" },
  "/services/milk_protocols": { title: "Протоколы качества молока" },
  "/services/parser_1c": { title: "Загрузка из 1С" },
  "/services/key_generator/": { title: "Генератор ключей" },
  "/services/dc305_upload": { title: "Загрузка DairyComp 305" },
  "/services/farm_audit": { title: "Аудит фермы" },
  "/services/tables": { title: "Таблицы" },
  "/services/tables-edit/": { title: "Редактор таблицы", parent: "/services/tables" },
  "/services/genetic": { title: "Генетика" },
  "/business-user/farm": { title: "Ферма", parent: "/business-pages" },
  "/equipment_monitoring/monitoring_report_discrete": { title: "Состояния оборудования" },
  "/equipment_monitoring/monitoring_report": { title: "Мониторинг оборудования" },
  "/equipment_monitoring/power_monitoring": { title: "Мониторинг электроэнергии" },
  "/chat": { title: "Чат" },
} as const satisfies Record<string, BreadcrumbEntry>;

/**
 * Pages the spec's list does not name but whose place in the admin or reports area a breadcrumb
 * should show: the admin area's sub-pages and the other business forms.
 */
export const EXTRA_BREADCRUMB_TITLES = {
  "/admin/audit": { title: "Журнал изменений", parent: "/admin" },
  "/admin/reports": { title: "Отчёты", parent: "/admin" },
  "/admin/iframe_groups": { title: "Группы отчётов", parent: "/admin" },
  "/business-user/company": { title: "Компания", parent: "/business-pages" },
  "/iframe-group": { title: "Группы отчётов", parent: "/reports" },
  "/report": { title: "Отчёт", parent: "/reports" },
  "/analytics-db": { title: "Статистика загрузок", parent: "/admin" },
  "/admin-list-page": { title: "Статистика загрузок", parent: "/admin" },
  // Spec §2: power_monitoring's sub-pages, under the same database's overview.
  ...powerPage("substations", ROUTES.powerSubstations.title),
  ...powerPage("substation-diff", ROUTES.powerSubstationDiff.title),
  ...powerPage("hours", ROUTES.powerHours.title),
  ...powerPage("hours-avg", ROUTES.powerHoursAvg.title),
  ...powerPage("days-avg", ROUTES.powerDaysAvg.title),
  ...powerPage("avg", ROUTES.powerAvg.title),
} as const satisfies Record<string, BreadcrumbEntry>;

function powerPage<Sub extends string>(sub: Sub, title: string) {
  const parent = "/equipment_monitoring/power_monitoring" as const;
  return { [`${parent}/${sub}`]: { title, parent, parentOfItem: true } } as Record<
    `${typeof parent}/${Sub}`,
    { title: string; parent: typeof parent; parentOfItem: true }
  >;
}

type ListedKey = keyof typeof BREADCRUMB_TITLES;
export type BreadcrumbKey = ListedKey | keyof typeof EXTRA_BREADCRUMB_TITLES;

const ALL_TITLES: Record<BreadcrumbKey, BreadcrumbEntry> = { ...BREADCRUMB_TITLES, ...EXTRA_BREADCRUMB_TITLES };

export interface Crumb {
  title: string;
  /** Absent for the last crumb (the current page). */
  href?: string;
}

const HOME_CRUMB = { title: "Главная", href: ROUTES.home.path };

/** Without trailing slashes: "/services/key_generator/" and "/services/key_generator" are one key. */
function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/** The key whose path is the longest whole-segment prefix of `pathname` ("/admin" never matches "/admin-list-page"). */
export function breadcrumbKeyFor(pathname: string): BreadcrumbKey | undefined {
  const path = trimSlash(pathname);
  let best: { key: BreadcrumbKey; length: number } | undefined;
  for (const [key, entry] of Object.entries(ALL_TITLES) as [BreadcrumbKey, BreadcrumbEntry][]) {
    const prefix = trimSlash(entry.match ?? key);
    const matches = prefix === "/" ? path === "/" : path === prefix || path.startsWith(`${prefix}/`);
    if (matches && (!best || prefix.length > best.length)) best = { key, length: prefix.length };
  }
  return best?.key;
}

function entryOf(key: string): BreadcrumbEntry | undefined {
  return (ALL_TITLES as Record<string, BreadcrumbEntry>)[key];
}

/**
 * The crumbs after Home for `pathname`: [parent link,] title. A path missing from the spec list
 * gets its route's title (`fallbackTitle`), so no page shows Home alone when it has a name. A page
 * that names its item (shared/lib/breadcrumb-item.ts) ends with it: «Главная / Списки / <name>»,
 * its section linked before it (or, without a section, the page's title as text).
 */
export function breadcrumbsFor(
  pathname: string,
  fallbackTitle?: string,
  item?: { name: string; section?: { title: string; href: string } },
): Crumb[] {
  const crumbs = pageCrumbs(pathname, fallbackTitle);
  if (!item) return crumbs;
  if (!item.section) return [...crumbs, { title: item.name }];
  // The item replaces the page's generic title («Список»); its section is linked once.
  const { title, href } = item.section;
  const before = crumbs.slice(0, -1);
  if (!before.some((crumb) => crumb.href === href)) before.push({ title, href });
  return [...before, { title: item.name }];
}

function pageCrumbs(pathname: string, fallbackTitle?: string): Crumb[] {
  const key = breadcrumbKeyFor(pathname);
  if (!key) return fallbackTitle ? [HOME_CRUMB, { title: fallbackTitle }] : [HOME_CRUMB];
  const entry: BreadcrumbEntry = ALL_TITLES[key];
  const own = trimSlash(entry.match ?? key);
  if (entry.below && trimSlash(pathname) !== own) {
    return [HOME_CRUMB, { title: entry.title, href: own }, { title: entry.below }];
  }
  const parent = entry.parent === undefined ? undefined : entryOf(entry.parent);
  const crumbs: Crumb[] = [HOME_CRUMB];
  if (entry.parent && parent) {
    const item = entry.parentOfItem ? `/${trimSlash(pathname).split("/").pop()}` : "";
    crumbs.push({ title: parent.title, href: `${trimSlash(entry.parent)}${item}` });
  }
  crumbs.push({ title: entry.title });
  return crumbs;
}
