import { HERD_REPORT_TITLES } from "@nadoy/contract/herd-reports";
import { reportTagName } from "@nadoy/contract/reports";
import {
  canAdminister,
  canManageContent,
  canUploadDc305,
  canUseBoards,
  canUseLists,
  canUseReportGenerator,
  canUseTables,
  exportTemplateDatabases,
  geneticsFarms,
  herdReportDatabases,
  monitoringDatabases,
  parser1cDatabases,
  seesClientReportMenus,
  seesMonitoringDemo,
  seesPlainReportsItem,
} from "@nadoy/contract/roles";
import type { UserData } from "@nadoy/contract/users";
import { href } from "../../../shared/routes/href.ts";

/**
 * Spec §2 "Side menu links" filtered by the spec §6 rules (packages/contract/src/roles.ts), as
 * plain data: both menu styles render the same tree.
 */
export type MenuIcon =
  | "home"
  | "reports"
  | "herd"
  | "monitoring"
  | "services"
  | "boards"
  | "lists"
  | "transfer"
  | "admin"
  | "content";

export interface MenuLink {
  kind: "link";
  key: string;
  label: string;
  href: string;
}

/** A titled run of links inside a section (a database, a farm list ...). */
export interface MenuGroup {
  kind: "group";
  key: string;
  label: string;
  links: MenuLink[];
}

/** An expandable section; only one is open at a time (spec §4). */
export interface MenuSection {
  kind: "section";
  key: string;
  label: string;
  icon: MenuIcon;
  entries: (MenuLink | MenuGroup)[];
}

export type TopLink = MenuLink & { icon: MenuIcon };
export type MenuItem = TopLink | MenuSection;

const link = (label: string, to: string): MenuLink => ({ kind: "link", key: to, label, href: to });

function group(key: string, label: string, links: MenuLink[]): MenuGroup[] {
  return links.length > 0 ? [{ kind: "group", key, label, links }] : [];
}

function section(key: string, label: string, icon: MenuIcon, entries: (MenuLink | MenuGroup)[]): MenuSection[] {
  return entries.length > 0 ? [{ kind: "section", key, label, icon, entries }] : [];
}

/** The native herd reports of /services/report/N/:uuid (N = 1, 2, 4 … 8), named as their pages are. */
const HERD_REPORTS = [
  [1, href.herdStructureReport],
  [2, href.milkProductionReport],
  [4, href.reproductionReport],
  [5, href.cullingReport],
  [6, href.calvingReport],
  [7, href.healthReport],
  [8, href.dryPeriodReport],
] as const;

function clientReportSections(user: UserData): MenuSection[] {
  const reportLink = (report: { uuid: string; title: string }) => link(report.title, href.report({ id: report.uuid }));
  const groups = user.iframegroup
    .filter((g) => g.active)
    .flatMap((g) =>
      section(`report-group-${g.pk}`, g.title, "reports", g.iframegroup.filter((r) => r.active).map(reportLink)),
    );
  // `reports`: the ones given directly, not through a group (users/data).
  const tags = [...new Set(user.reports.filter((r) => r.active).map((r) => r.tag))].flatMap((tag) =>
    section(
      `report-tag-${tag}`,
      reportTagName(tag),
      "reports",
      user.reports.filter((r) => r.active && r.tag === tag).map(reportLink),
    ),
  );
  // `iframes` holds every report again (the /reports page lists them): the menu needs only these two.
  return [...groups, ...tags];
}

function monitoringSection(user: UserData): MenuSection[] {
  const perDatabase = monitoringDatabases(user).flatMap((db) =>
    group(`monitoring-${db.uuid}`, db.name, [
      link("Оборудование", href.monitoringReport({ uuid: db.uuid })),
      link("Состояния оборудования", href.monitoringReportDiscrete({ uuid: db.uuid })),
      link("Электроэнергия", href.powerMonitoring({ uuid: db.uuid })),
      link("Почасовое потребление", href.powerHours({ uuid: db.uuid })),
      link("Подстанции", href.powerSubstations({ uuid: db.uuid })),
    ]),
  );
  const demo = seesMonitoringDemo(user)
    ? group("monitoring-demo", "Демонстрация", [
        link("Оборудование (демо)", href.monitoringReport({ uuid: "demo" })),
        link("Электроэнергия (демо)", href.powerMonitoring({ uuid: "demo" })),
      ])
    : [];
  return section("monitoring", "Мониторинг", "monitoring", [...perDatabase, ...demo]);
}

function servicesSection(user: UserData): MenuSection[] {
  const active = <T extends { active: boolean }>(items: T[]) => items.filter((item) => item.active);
  return section("services", "Сервисы", "services", [
    ...(canUploadDc305(user) ? [link("Загрузка DairyComp 305", href.dc305Upload())] : []),
    ...(canUseReportGenerator(user) ? [link("Генератор отчётов", href.reportGenerator())] : []),
    ...(canUseTables(user) ? [link("Таблицы", href.tables())] : []),
    ...group(
      "plan-fact",
      "План-факт",
      active(user.database_plan_fact).map((db) => link(db.name, href.planFact({ uuid: db.uuid }))),
    ),
    ...group(
      "segmentation",
      "Сегментация",
      active(user.database_segmentation).map((db) => link(db.name, href.customSegmentation({ uuid: db.uuid }))),
    ),
    ...group(
      "milk-protocols",
      "Протоколы качества молока",
      user.farms.map((farm) => link(farm.name, href.milkProtocols({ uuid: farm.uuid }))),
    ),
    ...group(
      "genetics",
      "Генетика",
      geneticsFarms(user).map((farm) => link(farm.name, href.genetic({ farm_uuid: farm.uuid }))),
    ),
    ...group(
      "dtm",
      "Передачи данных (DTM)",
      user.dtm.map((entry) => link(entry.company_code, href.dtmModule({ uuid: entry.uuid }))),
    ),
    ...group(
      "parser-1c",
      "Загрузка из 1С",
      parser1cDatabases(user).map((db) => link(db.name, href.parser1c({ uuid: db.uuid }))),
    ),
    ...group(
      "key-generator",
      "Генератор ключей",
      user.keygen_workspaces.map((ws) => link(ws.name, href.keyGenerator({ uuid: ws.uuid }))),
    ),
  ]);
}

export function buildSideMenu(user: UserData): MenuItem[] {
  const items: MenuItem[] = [{ ...link("Главная", href.home()), icon: "home" }];
  if (seesPlainReportsItem(user)) items.push({ ...link("Отчёты", href.reports()), icon: "reports" });
  if (seesClientReportMenus(user)) items.push(...clientReportSections(user));
  items.push(
    ...section(
      "herd-reports",
      "Отчёты по стаду",
      "herd",
      herdReportDatabases(user).flatMap((db) =>
        group(
          `herd-reports-${db.uuid}`,
          db.name,
          HERD_REPORTS.map(([n, build]) => ({
            ...link(HERD_REPORT_TITLES[n], build({ uuid: db.uuid })),
            key: `${n}-${db.uuid}`,
          })),
        ),
      ),
    ),
  );
  items.push(...monitoringSection(user), ...servicesSection(user));
  if (canUseBoards(user)) items.push({ ...link("Доски задач", href.boards()), icon: "boards" });
  if (canUseLists(user)) items.push({ ...link("Списки", href.lists()), icon: "lists" });
  items.push(
    ...section("transfer", "Импорт и экспорт", "transfer", [
      ...group(
        "uploads",
        "Загрузка данных",
        user.database_upload_statistic
          .filter((db) => db.active)
          .map((db) => link(db.name, href.bsUpload({ uuid: db.uuid }))),
      ),
      ...group(
        "export-templates",
        "Шаблоны выгрузки",
        exportTemplateDatabases(user).map((db) => link(db.name, href.exportTemplates({ uuid: db.uuid }))),
      ),
    ]),
  );
  if (canAdminister(user)) {
    items.push(
      ...section("admin", "Администрирование", "admin", [
        // Spec §6: the admin section (/admin, the index of every admin page), user reports, DB
        // analytics (/admin-list-page: the databases' upload statistics) and export setup.
        link("Панель администратора", href.admin()),
        link("Посещаемость", href.userReports()),
        link("Статистика загрузок", href.adminListPage()),
        link("Настройка выгрузок", href.adminExportList()),
      ]),
    );
  }
  if (canManageContent(user)) {
    items.push(
      ...section("content", "Контент", "content", [
        link("Добавить новость", href.addNews()),
        link("Управление новостями", href.manageNews()),
        link("Добавить уведомление", href.addNotification()),
        link("Управление уведомлениями", href.manageNotifications()),
        link("Управление инструкциями", href.manageInstructions()),
      ]),
    );
  }
  return items;
}

/** The link of `items` that is the current page, for highlighting. */
export function activeLinkKey(items: MenuItem[], pathname: string): string | undefined {
  for (const item of items) {
    if (item.kind === "link") {
      if (item.href === pathname) return item.key;
      continue;
    }
    for (const entry of item.entries) {
      const links = entry.kind === "link" ? [entry] : entry.links;
      const found = links.find((l) => l.href === pathname);
      if (found) return found.key;
    }
  }
  return undefined;
}
