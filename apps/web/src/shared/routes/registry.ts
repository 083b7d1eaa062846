/**
 * Every route of spec §2 in one table: its path (react-router syntax, `:name?` optional), the
 * module that owns it, its Russian title and whether its page is built yet. The router
 * (app/router.tsx) builds itself from this table — a built route gets its lazy page from
 * app/pages.ts, the others a «Раздел в разработке» placeholder — and `href` (./href.ts) derives
 * one typed link builder per route from it.
 */

import { HERD_REPORT_TITLES } from "@nadoy/contract/herd-reports";
import type { DatabaseKind } from "@nadoy/contract/users";

export type ModuleName =
  | "auth"
  | "home"
  | "reports"
  | "monitoring"
  | "services"
  | "boards"
  | "lists"
  | "forms"
  | "import"
  | "export"
  | "chat"
  | "admin"
  | "content"
  | "profile"
  | "notifications"
  | "static";

export interface RouteInfo {
  readonly path: string;
  readonly module: ModuleName;
  readonly title: string;
  /** True once the module's page exists; false shows the «Раздел в разработке» placeholder. */
  readonly built: boolean;
  /** Full-page routes only: a narrow card (forms, the default) or a wide one (documents). */
  readonly width?: "narrow" | "wide";
  /**
   * Pages of one user database (`:uuid`) that only a database of this kind has: opened for a
   * database of another kind, they say so instead (app/DatabaseKindGate.tsx).
   */
  readonly databaseKind?: DatabaseKind;
}

/** A route whose module comes in a later issue: the router shows the placeholder page. */
function planned<const P extends string>(path: P, module: ModuleName, title: string) {
  return { path, module, title, built: false as const };
}

/** A route whose page exists (app/pages.ts must give it one: the types check that). */
function page<const P extends string>(path: P, module: ModuleName, title: string, width?: "narrow" | "wide") {
  return { path, module, title, built: true as const, width };
}

/** A page of one database (its `:uuid`) of this kind. */
function ofDatabase<const R extends RouteInfo>(databaseKind: DatabaseKind, route: R) {
  return { ...route, databaseKind };
}

export const ROUTES = {
  // Main and reports
  home: page("/", "home", "Главная"),
  reports: page("/reports", "reports", "Отчёты"),
  report: page("/report/:id", "reports", "Отчёт"),
  news: page("/news/:id", "content", "Новость"),

  // Equipment and power monitoring
  monitoringReport: ofDatabase(
    "monitoring",
    page("/equipment_monitoring/monitoring_report/:uuid", "monitoring", "Мониторинг оборудования"),
  ),
  monitoringReportDiscrete: ofDatabase(
    "monitoring",
    page("/equipment_monitoring/monitoring_report_discrete/:uuid", "monitoring", "Состояния оборудования"),
  ),
  powerMonitoring: ofDatabase(
    "monitoring",
    page("/equipment_monitoring/power_monitoring/:uuid", "monitoring", "Мониторинг электроэнергии"),
  ),
  powerSubstations: ofDatabase(
    "monitoring",
    page("/equipment_monitoring/power_monitoring/substations/:uuid", "monitoring", "Подстанции"),
  ),
  powerSubstationDiff: ofDatabase(
    "monitoring",
    page("/equipment_monitoring/power_monitoring/substation-diff/:uuid", "monitoring", "Потери на подстанции"),
  ),
  powerHours: ofDatabase(
    "monitoring",
    page("/equipment_monitoring/power_monitoring/hours/:uuid", "monitoring", "Почасовое потребление"),
  ),
  powerHoursAvg: ofDatabase(
    "monitoring",
    page("/equipment_monitoring/power_monitoring/hours-avg/:uuid", "monitoring", "Средний суточный профиль"),
  ),
  powerDaysAvg: ofDatabase(
    "monitoring",
    page("/equipment_monitoring/power_monitoring/days-avg/:uuid", "monitoring", "Среднее по дням"),
  ),
  powerAvg: ofDatabase(
    "monitoring",
    page("/equipment_monitoring/power_monitoring/avg/:uuid", "monitoring", "Средние за период"),
  ),

  // Authentication and session
  login: page("/login", "auth", "Вход"),
  register: page("/register", "auth", "Регистрация"),
  yandexRedirect: page("/yandex/token/redirect", "auth", "Вход через Яндекс"),
  submitEmail: page("/submit-email", "auth", "Восстановление пароля"),
  tokenConfirm: page("/token-confirm", "auth", "Код из письма"),
  resetPassword: page("/reset-password/:token", "auth", "Новый пароль"),
  registrationConfirm: page("/registration-confirm/:token", "auth", "Подтверждение регистрации"),
  emailConfirm: page("/email-confirm/:token", "auth", "Подтверждение адреса"),
  logout: page("/logout", "auth", "Выход"),

  // User pages
  userProfile: page("/userprofile/:tab?", "profile", "Профиль"),
  userNotifications: page("/user-pages/notifications", "notifications", "Уведомления"),
  excelInfo: page("/user-pages/excelinfo", "import", "Загрузки Excel"),
  // The herd files kept on the server (issue 17): «Файлы», as the upload's quota refusal names it.
  cloudStorage: page("/user-pages/cloudstorage", "import", "Файлы"),
  datasets: page("/user-pages/datasets", "profile", "Наборы данных"),
  // Not in the spec table: the animals of one herd database, opened from its dataset.
  herdAnimals: ofDatabase("herd", page("/user-pages/datasets/:uuid", "profile", "Животные")),
  // A spreadsheet (CSV or XLSX) into one herd database.
  bsUpload: ofDatabase("herd", page("/user-pages/BSupload/:uuid", "import", "Загрузка данных")),
  userReports: page("/user-reports", "admin", "Посещаемость"),

  // Tasks, export, boards, lists, forms
  task: page("/tasks/:uuid", "boards", "Задача"),
  exportTemplates: ofDatabase("herd", planned("/export-templates/:uuid", "export", "Шаблоны выгрузки")),
  export: planned("/export/:uuid?", "export", "Выгрузка данных"),
  userTemplate: planned("/user-templates/:db_uuid/:template_uuid", "export", "Шаблон выгрузки"),
  boards: page("/boards", "boards", "Доски задач"),
  list: page("/lists/:uuid", "lists", "Список"),
  lists: page("/lists", "lists", "Списки"),
  feedbackForm: page("/form/:uuid", "forms", "Форма обратной связи"),

  // Services
  keyGenerator: page("/services/key_generator/:uuid?", "services", "Генератор ключей"),
  planFact: planned("/services/plan_fact/:uuid/:segment?/:as_group?", "services", "План-факт"),
  planFactReport: planned("/services/report/plan_fact_report/:uuid/:segment?", "services", "Отчёт план-факт"),
  planFactEdit: planned("/services/edit/plan_fact/:id", "services", "Редактирование плана"),
  customSegmentation: ofDatabase(
    "herd",
    page("/services/custom_segmentation/:uuid/:segment?", "services", "Сегментация"),
  ),
  customSegmentationEdit: page("/services/custom_segmentation_edit", "services", "Редактор сегментов"),
  tables: page("/services/tables", "services", "Таблицы"),
  tablesEdit: page("/services/tables-edit/:table_uuid?", "services", "Редактор таблицы"),
  genetic: planned("/services/genetic/:farm_uuid", "services", "Генетика"),
  // Native herd reports: one page (features/herd-reports) for every report, named by the contract.
  herdStructureReport: ofDatabase("herd", page("/services/report/1/:uuid", "services", HERD_REPORT_TITLES[1])),
  milkProductionReport: ofDatabase("herd", page("/services/report/2/:uuid", "services", HERD_REPORT_TITLES[2])),
  reproductionReport: ofDatabase("herd", page("/services/report/4/:uuid", "services", HERD_REPORT_TITLES[4])),
  cullingReport: ofDatabase("herd", page("/services/report/5/:uuid", "services", HERD_REPORT_TITLES[5])),
  calvingReport: ofDatabase("herd", page("/services/report/6/:uuid", "services", HERD_REPORT_TITLES[6])),
  healthReport: ofDatabase("herd", page("/services/report/7/:uuid", "services", HERD_REPORT_TITLES[7])),
  dryPeriodReport: ofDatabase("herd", page("/services/report/8/:uuid", "services", HERD_REPORT_TITLES[8])),
  milkProtocols: planned("/services/milk_protocols/:uuid?", "services", "Протоколы качества молока"),
  dtmModule: page("/services/dtm_module/:uuid?", "services", "Передачи данных (DTM)"),
  parser1c: ofDatabase("accounting", planned("/services/parser_1c/:uuid?", "services", "Загрузка из 1С")),
  dc305Upload: page("/services/dc305_upload", "services", "Загрузка DairyComp 305"),
  farmAudit: planned("/services/farm_audit/:farm_uuid/:date", "services", "Аудит фермы"),
  reportGenerator: planned("/services/generator-report", "services", "Генератор отчётов"),
  reportGeneratorClients: planned("/services/generator-report/clients", "services", "Клиенты"),
  reportGeneratorClient: planned("/services/generator-report/clients/:uuid", "services", "Клиент"),
  reportGeneratorBilling: planned("/services/generator-report/billing", "services", "Счета и тарифы"),
  planFactOverview: planned("/plan_fact/:uuid?", "services", "План-факт"),

  // Administration and business
  manageUsers: page("/manage-users", "admin", "Пользователи"),
  manageRoles: page("/manage-roles", "admin", "Роли"),
  adminExport: planned("/admin-export/:uuid?", "admin", "Настройка выгрузки"),
  adminExportList: planned("/admin-export-list", "admin", "Настройка выгрузок"),
  admin: page("/admin/:page?", "admin", "Администрирование"),
  analyticsDb: page("/analytics-db", "admin", "Статистика загрузок"),
  adminListPage: page("/admin-list-page", "admin", "Статистика загрузок"),
  businessPages: page("/business-pages", "admin", "Компании и фермы"),
  businessPage: page("/business-page/:iframe?", "reports", "Бизнес-отчёты"),
  iframeGroup: page("/iframe-group/:user/:group?", "reports", "Группы отчётов"),
  editBusiness: page("/edit-business/:id", "admin", "Компания"),
  workspace: page("/workspace/:uuid?", "boards", "Рабочее пространство"),
  businessUserFarm: page("/business-user/farm/:uuid?", "admin", "Ферма"),
  businessUserCompany: page("/business-user/company/:uuid?", "admin", "Компания"),

  // News and notifications
  manageNews: page("/manage-news", "content", "Управление новостями"),
  addNews: page("/add-news", "content", "Добавить новость"),
  newsEdit: page("/news-edit/:id", "content", "Редактирование новости"),
  manageNotifications: page("/manage-notifications", "content", "Управление уведомлениями"),
  addNotification: page("/add-notification", "content", "Добавить уведомление"),
  // Not in the spec §2 route table, but linked from its side menu and given a breadcrumb title.
  manageInstructions: page("/manage-instructions", "content", "Управление инструкциями"),

  // Other
  chat: page("/chat/:uuid?", "chat", "Чат"),
  notFound: page("/404", "static", "Страница не найдена"),
  serverError: page("/500", "static", "Ошибка сервера"),
  termsOfService: page("/terms-of-service", "static", "Пользовательское соглашение", "wide"),
  changelog: page("/changelog", "static", "История изменений", "wide"),
  personalDataAgreement: page(
    "/personal-data-agreement",
    "static",
    "Согласие на обработку персональных данных",
    "wide",
  ),
} satisfies Record<string, RouteInfo>;

export type RouteKey = keyof typeof ROUTES;

/** The keys of the routes whose page is built (each has a lazy page in app/pages.ts). */
export type BuiltRouteKey = { [K in RouteKey]: (typeof ROUTES)[K]["built"] extends true ? K : never }[RouteKey];

export const ROUTE_KEYS = Object.keys(ROUTES) as RouteKey[];
