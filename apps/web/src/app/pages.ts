import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { BuiltRouteKey } from "../shared/routes/registry.ts";

type LazyPage = LazyExoticComponent<ComponentType>;

const loaders = new Map<LazyPage, () => Promise<unknown>>();

/** A page of its own chunk, loaded when its route is first opened (or preloaded: preloadPage). */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  const component = lazy(() => load().then((module) => ({ default: pick(module) })));
  loaders.set(component, load);
  return component;
}

/**
 * The page of every built route of the registry (shared/routes/registry.ts); the types demand one
 * for each route marked built and refuse one for a placeholder.
 */
export const PAGES: Record<BuiltRouteKey, LazyPage> = {
  monitoringReport: page(
    () => import("../features/monitoring/pages/MonitoringReportPage.tsx"),
    (m) => m.MonitoringReportPage,
  ),
  monitoringReportDiscrete: page(
    () => import("../features/monitoring/pages/MonitoringDiscretePage.tsx"),
    (m) => m.MonitoringDiscretePage,
  ),
  powerMonitoring: page(
    () => import("../features/monitoring/pages/PowerMonitoringPage.tsx"),
    (m) => m.PowerMonitoringPage,
  ),
  powerHours: page(
    () => import("../features/monitoring/pages/PowerHoursPage.tsx"),
    (m) => m.PowerHoursPage,
  ),
  powerSubstations: page(
    () => import("../features/monitoring/pages/PowerSubstationsPage.tsx"),
    (m) => m.PowerSubstationsPage,
  ),
  powerSubstationDiff: page(
    () => import("../features/monitoring/pages/PowerLossesPage.tsx"),
    (m) => m.PowerLossesPage,
  ),
  powerHoursAvg: page(
    () => import("../features/monitoring/pages/PowerProfilePage.tsx"),
    (m) => m.PowerProfilePage,
  ),
  powerDaysAvg: page(
    () => import("../features/monitoring/pages/PowerDaysAvgPage.tsx"),
    (m) => m.PowerDaysAvgPage,
  ),
  powerAvg: page(
    () => import("../features/monitoring/pages/PowerAvgPage.tsx"),
    (m) => m.PowerAvgPage,
  ),
  home: page(
    () => import("../features/home/pages/HomePage.tsx"),
    (m) => m.HomePage,
  ),
  login: page(
    () => import("../features/auth/pages/LoginPage.tsx"),
    (m) => m.LoginPage,
  ),
  register: page(
    () => import("../features/auth/pages/RegisterPage.tsx"),
    (m) => m.RegisterPage,
  ),
  yandexRedirect: page(
    () => import("../features/auth/pages/YandexRedirectPage.tsx"),
    (m) => m.YandexRedirectPage,
  ),
  submitEmail: page(
    () => import("../features/auth/pages/SubmitEmailPage.tsx"),
    (m) => m.SubmitEmailPage,
  ),
  tokenConfirm: page(
    () => import("../features/auth/pages/TokenConfirmPage.tsx"),
    (m) => m.TokenConfirmPage,
  ),
  resetPassword: page(
    () => import("../features/auth/pages/ResetPasswordPage.tsx"),
    (m) => m.ResetPasswordPage,
  ),
  registrationConfirm: page(
    () => import("../features/auth/pages/RegistrationConfirmPage.tsx"),
    (m) => m.RegistrationConfirmPage,
  ),
  emailConfirm: page(
    () => import("../features/auth/pages/EmailConfirmPage.tsx"),
    (m) => m.EmailConfirmPage,
  ),
  logout: page(
    () => import("../features/auth/pages/LogoutPage.tsx"),
    (m) => m.LogoutPage,
  ),
  userProfile: page(
    () => import("./UserProfileRoute.tsx"),
    (m) => m.UserProfileRoute,
  ),
  userNotifications: page(
    () => import("../features/notifications/pages/NotificationsPage.tsx"),
    (m) => m.NotificationsPage,
  ),
  lists: page(
    () => import("../features/lists/pages/ListsPage.tsx"),
    (m) => m.ListsPage,
  ),
  list: page(
    () => import("../features/lists/pages/ListPage.tsx"),
    (m) => m.ListPage,
  ),
  tables: page(
    () => import("../features/lists/pages/TablesPage.tsx"),
    (m) => m.TablesPage,
  ),
  tablesEdit: page(
    () => import("../features/lists/pages/TableEditPage.tsx"),
    (m) => m.TableEditPage,
  ),
  news: page(
    () => import("../features/news/pages/NewsPage.tsx"),
    (m) => m.NewsPage,
  ),
  manageNews: page(
    () => import("../features/news/pages/ManageNewsPage.tsx"),
    (m) => m.ManageNewsPage,
  ),
  addNews: page(
    () => import("../features/news/pages/AddNewsPage.tsx"),
    (m) => m.AddNewsPage,
  ),
  newsEdit: page(
    () => import("../features/news/pages/NewsEditPage.tsx"),
    (m) => m.NewsEditPage,
  ),
  manageNotifications: page(
    () => import("../features/notifications-admin/pages/ManageNotificationsPage.tsx"),
    (m) => m.ManageNotificationsPage,
  ),
  addNotification: page(
    () => import("../features/notifications-admin/pages/AddNotificationPage.tsx"),
    (m) => m.AddNotificationPage,
  ),
  manageUsers: page(
    () => import("../features/admin/pages/ManageUsersPage.tsx"),
    (m) => m.ManageUsersPage,
  ),
  manageRoles: page(
    () => import("../features/admin/pages/ManageRolesPage.tsx"),
    (m) => m.ManageRolesPage,
  ),
  // /admin/:page? — the admin feature's pages, and those of other features under it (AdminAreaPage).
  admin: page(
    () => import("./AdminAreaPage.tsx"),
    (m) => m.AdminAreaPage,
  ),
  manageInstructions: page(
    () => import("../features/instructions/pages/ManageInstructionsPage.tsx"),
    (m) => m.ManageInstructionsPage,
  ),
  businessPages: page(
    () => import("../features/business/pages/BusinessPagesPage.tsx"),
    (m) => m.BusinessPagesPage,
  ),
  editBusiness: page(
    () => import("../features/business/pages/EditBusinessPage.tsx"),
    (m) => m.EditBusinessPage,
  ),
  businessUserCompany: page(
    () => import("../features/business/pages/BusinessUserCompanyPage.tsx"),
    (m) => m.BusinessUserCompanyPage,
  ),
  businessUserFarm: page(
    () => import("../features/business/pages/BusinessUserFarmPage.tsx"),
    (m) => m.BusinessUserFarmPage,
  ),
  reports: page(
    () => import("../features/reports/pages/ReportsPage.tsx"),
    (m) => m.ReportsPage,
  ),
  report: page(
    () => import("../features/reports/pages/ReportPage.tsx"),
    (m) => m.ReportPage,
  ),
  businessPage: page(
    () => import("../features/reports/pages/BusinessPage.tsx"),
    (m) => m.BusinessPage,
  ),
  iframeGroup: page(
    () => import("../features/reports/pages/IframeGroupPage.tsx"),
    (m) => m.IframeGroupPage,
  ),
  datasets: page(
    () => import("../features/herd/pages/DatasetsPage.tsx"),
    (m) => m.DatasetsPage,
  ),
  herdStructureReport: page(
    () => import("../features/herd-reports/pages/HerdReportPage.tsx"),
    (m) => m.HERD_REPORT_PAGES[1],
  ),
  milkProductionReport: page(
    () => import("../features/herd-reports/pages/HerdReportPage.tsx"),
    (m) => m.HERD_REPORT_PAGES[2],
  ),
  reproductionReport: page(
    () => import("../features/herd-reports/pages/HerdReportPage.tsx"),
    (m) => m.HERD_REPORT_PAGES[4],
  ),
  cullingReport: page(
    () => import("../features/herd-reports/pages/HerdReportPage.tsx"),
    (m) => m.HERD_REPORT_PAGES[5],
  ),
  calvingReport: page(
    () => import("../features/herd-reports/pages/HerdReportPage.tsx"),
    (m) => m.HERD_REPORT_PAGES[6],
  ),
  healthReport: page(
    () => import("../features/herd-reports/pages/HerdReportPage.tsx"),
    (m) => m.HERD_REPORT_PAGES[7],
  ),
  dryPeriodReport: page(
    () => import("../features/herd-reports/pages/HerdReportPage.tsx"),
    (m) => m.HERD_REPORT_PAGES[8],
  ),
  herdAnimals: page(
    () => import("../features/herd/pages/HerdAnimalsPage.tsx"),
    (m) => m.HerdAnimalsPage,
  ),
  keyGenerator: page(
    () => import("../features/key-generator/pages/KeyGeneratorPage.tsx"),
    (m) => m.KeyGeneratorPage,
  ),
  dtmModule: page(
    () => import("../features/dtm-module/pages/DtmModulePage.tsx"),
    (m) => m.DtmModulePage,
  ),
  cloudStorage: page(
    () => import("../features/herd/pages/HerdFilesPage.tsx"),
    (m) => m.HerdFilesPage,
  ),
  customSegmentation: page(
    () => import("../features/herd-segments/pages/SegmentsPage.tsx"),
    (m) => m.SegmentsPage,
  ),
  customSegmentationEdit: page(
    () => import("../features/herd-segments/pages/SegmentBuilderPage.tsx"),
    (m) => m.SegmentBuilderPage,
  ),
  bsUpload: page(
    () => import("../features/herd/pages/SpreadsheetUploadPage.tsx"),
    (m) => m.SpreadsheetUploadPage,
  ),
  excelInfo: page(
    () => import("../features/herd/pages/ExcelInfoPage.tsx"),
    (m) => m.ExcelInfoPage,
  ),
  dc305Upload: page(
    () => import("../features/herd/pages/Dc305UploadPage.tsx"),
    (m) => m.Dc305UploadPage,
  ),
  userReports: page(
    () => import("../features/usage/pages/UserReportsPage.tsx"),
    (m) => m.UserReportsPage,
  ),
  analyticsDb: page(
    () => import("../features/usage/pages/AnalyticsDbPage.tsx"),
    (m) => m.AnalyticsDbPage,
  ),
  // Spec §6 "DB analytics", the side menu's link: the page of /analytics-db (the admin index's card).
  adminListPage: page(
    () => import("../features/usage/pages/AnalyticsDbPage.tsx"),
    (m) => m.AnalyticsDbPage,
  ),
  chat: page(
    () => import("../features/chat/pages/ChatPage.tsx"),
    (m) => m.ChatPage,
  ),
  boards: page(
    () => import("../features/boards/pages/BoardsPage.tsx"),
    (m) => m.BoardsPage,
  ),
  workspace: page(
    () => import("../features/boards/pages/WorkspacePage.tsx"),
    (m) => m.WorkspacePage,
  ),
  task: page(
    () => import("../features/boards/pages/TaskPage.tsx"),
    (m) => m.TaskPage,
  ),
  feedbackForm: page(
    () => import("../features/feedback-form/FeedbackFormRoute.tsx"),
    (m) => m.FeedbackFormRoute,
  ),
  notFound: page(
    () => import("../features/static/pages/NotFoundPage.tsx"),
    (m) => m.NotFoundPage,
  ),
  serverError: page(
    () => import("../features/static/pages/ServerErrorPage.tsx"),
    (m) => m.ServerErrorPage,
  ),
  termsOfService: page(
    () => import("../features/static/pages/TermsOfServicePage.tsx"),
    (m) => m.TermsOfServicePage,
  ),
  changelog: page(
    () => import("../features/static/pages/ChangelogPage.tsx"),
    (m) => m.ChangelogPage,
  ),
  personalDataAgreement: page(
    () => import("../features/static/pages/PersonalDataAgreementPage.tsx"),
    (m) => m.PersonalDataAgreementPage,
  ),
};

/** The «Раздел в разработке» page of every route whose module is not built yet. */
export const PlaceholderPage = lazy(() =>
  import("./PlaceholderPage.tsx").then((m) => ({ default: m.PlaceholderPage })),
);

/**
 * Starts loading the chunk of a route's page now (the browser keeps one module per URL, so the lazy
 * page later gets the same one). A failure is left to the lazy page, which shows it.
 */
export function preloadPage(key: BuiltRouteKey): void {
  loaders
    .get(PAGES[key])?.()
    .catch(() => undefined);
}
