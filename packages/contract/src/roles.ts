import { z } from "zod";
import type { UserData } from "./users.ts";

/** Role ids are group ids (spec §6): the first group of a user is its role. */
export const Role = {
  admin: 1,
  contentEditor: 2,
  zootechnician: 3,
  agronomist: 4,
  farmManager: 5,
  viewer: 6,
  client: 7,
} as const;
export type RoleId = (typeof Role)[keyof typeof Role];

export const ROLE_IDS: readonly RoleId[] = [1, 2, 3, 4, 5, 6, 7];

/** A role id in a request body (1–7). */
export const roleIdSchema = z
  .number()
  .int()
  .refine((n): n is RoleId => (ROLE_IDS as readonly number[]).includes(n), "Нет такой роли");

/** Russian names of the groups, as stored in the groups table. */
export const ROLE_NAMES: Record<RoleId, string> = {
  1: "Администратор",
  2: "Редактор контента",
  3: "Зоотехник",
  4: "Агроном",
  5: "Управляющий фермой",
  6: "Наблюдатель",
  7: "Клиент",
};

/** The role of a user is its first group id, or undefined when it has none. */
export function roleOf(groups: readonly number[]): number | undefined {
  return groups[0];
}

// ---- spec §6 visibility rules: one source for the web app's menus and the server's route guards ----

/** Roles (besides superusers) that see the admin section, user reports, DB analytics and export setup. */
export const ADMIN_ROLES: readonly RoleId[] = [Role.admin];

/** Roles (besides superusers) that see the content menu: news, notifications, instructions. */
export const CONTENT_ROLES: readonly RoleId[] = [Role.contentEditor];

/** The part of the user data (spec §3) the rules read. */
export type AccessSubject = Pick<
  UserData,
  | "groups"
  | "is_superuser"
  | "boards"
  | "user_companies"
  | "table_lists"
  | "tables_enabled"
  | "dc_305"
  | "farms"
  | "export_module"
  | "export_template_databases"
  | "keygen_workspaces"
  | "report_generator_workspaces"
  | "user_databases"
  | "database_report"
>;

type Database = AccessSubject["user_databases"][number];
type Farm = AccessSubject["farms"][number];

/** Superuser, or a user whose role (first group) is one of `roles`. */
export function hasRoleOrSuperuser(
  user: Pick<AccessSubject, "groups" | "is_superuser">,
  roles: readonly number[],
): boolean {
  const role = roleOf(user.groups);
  return user.is_superuser || (role !== undefined && roles.includes(role));
}

/** Role 7: a client-type user (spec §6). */
export function isClient(user: Pick<AccessSubject, "groups">): boolean {
  return roleOf(user.groups) === Role.client;
}

/** Clients see the report menus: report groups, report tags, iframes (and client monitoring). */
export const seesClientReportMenus = isClient;

/** Everyone but clients sees one plain «Отчёты» item. */
export function seesPlainReportsItem(user: Pick<AccessSubject, "groups">): boolean {
  return !isClient(user);
}

/** Clients have an initials avatar. */
export const hasInitialsAvatar = isClient;

/** Clients have no datasets link. */
export function canOpenDatasets(user: Pick<AccessSubject, "groups">): boolean {
  return !isClient(user);
}

/** Role 6 cannot open profile settings. */
export function canOpenProfileSettings(user: Pick<AccessSubject, "groups">): boolean {
  return roleOf(user.groups) !== Role.viewer;
}

/** Admin section, user reports, DB analytics and export setup: superusers or role 1. */
export function canAdminister(user: Pick<AccessSubject, "groups" | "is_superuser">): boolean {
  return hasRoleOrSuperuser(user, ADMIN_ROLES);
}

/**
 * Only a superuser makes, unmakes or edits a superuser — their companies, farms, databases, DTM
 * codes, reports and groups included; an admin (role 1) edits everyone else. The server answers 403
 * otherwise, whichever route carries the change.
 */
export function canChangeUser(
  caller: Pick<AccessSubject, "is_superuser">,
  target: Pick<AccessSubject, "is_superuser">,
): boolean {
  return caller.is_superuser || !target.is_superuser;
}

/** Add and manage news, notifications and instructions: superusers or role 2. */
export function canManageContent(user: Pick<AccessSubject, "groups" | "is_superuser">): boolean {
  return hasRoleOrSuperuser(user, CONTENT_ROLES);
}

/** Task boards: the boards flag and at least one company. */
export function canUseBoards(user: Pick<AccessSubject, "boards" | "user_companies">): boolean {
  return user.boards && user.user_companies.length > 0;
}

/**
 * The lists flag of user data (`table_lists`): superusers, and members of at least one company.
 * Decided on the server from memberships; the menus read the flag.
 */
export function listsEnabledFor(user: { isMember: boolean; isSuperuser: boolean }): boolean {
  return user.isSuperuser || user.isMember;
}

/** The tables flag (`tables_enabled`): like lists, but never for clients (tables feed reports). */
export function tablesEnabledFor(user: {
  isMember: boolean;
  isSuperuser: boolean;
  groups: readonly number[];
}): boolean {
  return user.isSuperuser || (user.isMember && roleOf(user.groups) !== Role.client);
}

/**
 * The boards flag of user data (`boards`): superusers, and members of at least one company (whose
 * workspaces they see). Decided on the server from memberships; the menus read it with canUseBoards.
 */
export function boardsEnabledFor(user: { isMember: boolean; isSuperuser: boolean }): boolean {
  return user.isSuperuser || user.isMember;
}

/** Create, edit, move, delete and comment tasks of a company's boards: everyone but viewers (role 6). */
export function canEditBoardTasks(user: Pick<AccessSubject, "groups" | "is_superuser">): boolean {
  return canEditListRows(user);
}

/** Workspaces, boards, groups and projects: the list managers' roles 1–5 and superusers. */
export function canManageBoards(user: Pick<AccessSubject, "groups" | "is_superuser">): boolean {
  return hasRoleOrSuperuser(user, LIST_MANAGER_ROLES);
}

/** Force-close another user's open task on a board (spec §7 request_close, close_all): role 1, superusers. */
export function canForceCloseTasks(user: Pick<AccessSubject, "groups" | "is_superuser">): boolean {
  return canAdminister(user);
}

/** Delete anyone's chat message (besides its author): role 1 and superusers. */
export function canModerateChat(user: Pick<AccessSubject, "groups" | "is_superuser">): boolean {
  return canAdminister(user);
}

/** Add, edit, move, delete and import rows of a company's lists: everyone but viewers (role 6). */
export function canEditListRows(user: Pick<AccessSubject, "groups" | "is_superuser">): boolean {
  return user.is_superuser || (roleOf(user.groups) !== undefined && roleOf(user.groups) !== Role.viewer);
}

/** Roles that change a list's schema, its form and publication, or delete it (besides superusers). */
export const LIST_MANAGER_ROLES: readonly RoleId[] = [
  Role.admin,
  Role.contentEditor,
  Role.zootechnician,
  Role.agronomist,
  Role.farmManager,
];

export function canManageLists(user: Pick<AccessSubject, "groups" | "is_superuser">): boolean {
  return hasRoleOrSuperuser(user, LIST_MANAGER_ROLES);
}

export function canUseLists(user: Pick<AccessSubject, "table_lists">): boolean {
  return user.table_lists;
}

export function canUseTables(user: Pick<AccessSubject, "tables_enabled">): boolean {
  return user.tables_enabled;
}

export function canUploadDc305(user: Pick<AccessSubject, "dc_305">): boolean {
  return user.dc_305;
}

/** Genetics is offered per farm with use_genetic. */
export function geneticsFarms(user: Pick<AccessSubject, "farms">): Farm[] {
  return user.farms.filter((farm) => farm.use_genetic);
}

/** Export: the module flag and at least one herd database with templates; these are the databases. */
export function exportTemplateDatabases(
  user: Pick<AccessSubject, "export_module" | "export_template_databases">,
): Database[] {
  return user.export_module ? user.export_template_databases.filter((db) => db.kind === "herd") : [];
}

export function canUseKeyGenerator(user: Pick<AccessSubject, "keygen_workspaces">): boolean {
  return user.keygen_workspaces.length > 0;
}

export function canUseReportGenerator(user: Pick<AccessSubject, "report_generator_workspaces">): boolean {
  return user.report_generator_workspaces.length > 0;
}

// Per-database menus and pages go by the database's kind (contract users.ts): herd
// reports for herd data, monitoring for equipment monitoring, the 1C parser for accounting.

/** The native herd reports (/services/report/N/:uuid) are offered for each active herd database. */
export function herdReportDatabases(user: Pick<AccessSubject, "database_report">): Database[] {
  return user.database_report.filter((db) => db.active && db.kind === "herd");
}

/**
 * The 1C parser is offered for each active accounting database (spec §6 "1C parser: a database on
 * a particular server": the admin marks such databases with the accounting kind).
 */
export function parser1cDatabases(user: Pick<AccessSubject, "user_databases">): Database[] {
  return user.user_databases.filter((db) => db.active && db.kind === "accounting");
}

/**
 * The databases whose equipment and power monitoring the user may open: the active monitoring
 * databases (spec §6 "monitoring for the special database", for clients and staff alike).
 */
export function monitoringDatabases(user: Pick<AccessSubject, "user_databases">): Database[] {
  return user.user_databases.filter((db) => db.active && db.kind === "monitoring");
}

/** The monitoring demo pages are for staff, not for clients. */
export function seesMonitoringDemo(user: Pick<AccessSubject, "groups">): boolean {
  return !isClient(user);
}
