import type { AdminUser, AdminUserRow, UserAccess, UserModules } from "@nadoy/contract/admin-users";
import type { CompanyRef, UserRecord } from "./admin-users.repository.ts";

/** «Имя Фамилия», or the username when both are empty. */
export function displayName(user: { firstName: string; lastName: string; username: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username;
}

export function modulesOf(user: UserRecord): UserModules {
  return {
    dc_305: user.dc305,
    export_module: user.exportModule,
    use_bi: user.useBi,
    boards: user.boardsEnabled,
    table_lists: user.tableListsEnabled,
    tables_enabled: user.tablesEnabled,
  };
}

/** The contract's module keys as users columns. */
export const MODULE_COLUMNS = {
  dc_305: "dc305",
  export_module: "exportModule",
  use_bi: "useBi",
  boards: "boardsEnabled",
  table_lists: "tableListsEnabled",
  tables_enabled: "tablesEnabled",
} as const satisfies Record<keyof UserModules, keyof UserRecord>;

export function adminUserRow(user: UserRecord, companies: CompanyRef[]): AdminUserRow {
  return {
    id: user.id,
    username: user.username,
    name: displayName(user),
    email: user.email,
    role: user.role,
    is_superuser: user.isSuperuser,
    is_active: user.isActive,
    companies,
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
  };
}

export function adminUser(user: UserRecord, companies: CompanyRef[], access: UserAccess): AdminUser {
  return {
    ...adminUserRow(user, companies),
    first_name: user.firstName,
    last_name: user.lastName,
    modules: modulesOf(user),
    access,
    created_at: user.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a user: the fields an admin edits, companies by name (a person reads it). */
export function auditSnapshot(user: AdminUser): Record<string, unknown> {
  return {
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    role: user.role,
    is_superuser: user.is_superuser,
    is_active: user.is_active,
    companies: user.companies.map((c) => c.name),
    modules: user.modules,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Only what changed between two snapshots, for an audit entry's before/after: top-level fields,
 * and of `modules` only the switches that moved. Undefined when nothing changed.
 */
export function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | undefined {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (same(before[key], after[key])) continue;
    if (key === "modules") {
      const oldModules = before.modules as Record<string, unknown>;
      const newModules = after.modules as Record<string, unknown>;
      const moved = Object.keys(newModules).filter((m) => oldModules[m] !== newModules[m]);
      was.modules = Object.fromEntries(moved.map((m) => [m, oldModules[m]]));
      now.modules = Object.fromEntries(moved.map((m) => [m, newModules[m]]));
      continue;
    }
    was[key] = before[key];
    now[key] = after[key];
  }
  return Object.keys(now).length > 0 ? { before: was, after: now } : undefined;
}
