import { DEFAULT_MENU_STYLE, MENU_STYLES, type MenuStyle, type Theme } from "@nadoy/contract/constants";
import { canManageKeys } from "@nadoy/contract/keys";
import { boardsEnabledFor, canOpenProfileSettings, listsEnabledFor, tablesEnabledFor } from "@nadoy/contract/roles";
import {
  PROFILE_SETTINGS_FIELDS,
  type UserData,
  type UserProfileSettings,
  type userProfilePatchSchema,
} from "@nadoy/contract/users";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { canUploadHerd } from "../../platform/access/herd-upload.ts";
import { assembleReports, seesEveryReport } from "../../platform/access/reports.ts";
import { audit } from "../../platform/audit.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { pendingEmailChange } from "../../platform/auth/one-time-links.ts";
import { forbidden, unauthorized } from "../../platform/errors.ts";
import * as repo from "./users.repository.ts";

// One collator for every sort here: localeCompare(…, "ru") builds one per comparison.
const ruCollator = new Intl.Collator("ru");

const asTheme = (value: string): Theme => (value === "black" ? "black" : "default");
const asMenuStyle = (value: string): MenuStyle =>
  (MENU_STYLES as readonly string[]).includes(value) ? (value as MenuStyle) : DEFAULT_MENU_STYLE;

type ProfilePatch = z.output<typeof userProfilePatchSchema>;

export interface UsersServiceDeps {
  db: Db;
  /** Ids of the users online on any instance that the caller may see (the realtime hub). */
  onlineUsers: (caller: AuthUser) => Promise<number[]>;
}

export function createUsersService(deps: UsersServiceDeps) {
  const { db } = deps;

  async function loadUser(userId: number) {
    const user = await repo.findUserWithGroups(db, userId);
    if (!user) throw unauthorized();
    return user;
  }

  async function profile(userId: number): Promise<UserProfileSettings> {
    const user = await loadUser(userId);
    const [company] = await repo.findVisibleCompanies(db, user.id, false);
    return {
      id: user.id,
      username: user.username,
      first_name: user.firstName,
      last_name: user.lastName,
      email: { email: user.email },
      company: company?.name ?? null,
      theme: asTheme(user.theme),
      read_status: user.readStatus,
      last_read_announcement: user.lastReadAnnouncement,
      boards_menu_style: asMenuStyle(user.boardsMenuStyle),
      has_password: user.passwordHash !== null,
      pending_email: await pendingEmailChange(db, user.id),
    };
  }

  return {
    /**
     * Spec §3 "User data". Modules that later issues build (plan-fact, exports ...) answer with
     * empty lists until they exist; companies, farms, user databases, DTM entries and reports
     * (platform/access: farm picks, assigned databases and DTM entries, reports given directly or
     * by groups), presence, the announcement and the module flags are real.
     */
    async data(caller: AuthUser): Promise<UserData> {
      // One query, whatever the user has (the user, groups, announcement, companies, farms,
      // databases, DTM entries, reports), beside the presence list (the realtime hub, cached).
      const [user, usersOnline] = await Promise.all([
        repo.findUserData(db, caller, seesEveryReport(caller)),
        deps.onlineUsers(caller),
      ]);
      if (!user) throw unauthorized();
      const { companies, farms, databases, dtm, segments } = user;
      const portal = assembleReports(user.reportGroups, user.reportRows);
      const isMember = companies.length > 0;
      const byName = (a: { name: string }, b: { name: string }) => ruCollator.compare(a.name, b.name);
      const userDatabases = databases.sort(byName);
      const uploader = canUploadHerd({ isSuperuser: user.isSuperuser, groups: user.groups });
      return {
        id: user.id,
        username: user.username,
        first_name: user.firstName,
        last_name: user.lastName,
        avatar: user.avatar,
        groups: user.groups,
        is_superuser: user.isSuperuser,
        theme: asTheme(user.theme),
        boards_menu_style: asMenuStyle(user.boardsMenuStyle),
        users_online: usersOnline,
        announcement: user.announcement,
        read_status: user.readStatus,
        // Every report the caller may open; the menus show groups, then by tag those given directly.
        iframes: portal.reports,
        iframegroup: portal.groups,
        // The native herd reports read herd data: only herd databases have them.
        database_report: userDatabases.filter((d) => d.kind === "herd"),
        database_plan_fact: [],
        // Segmentation (features/herd/segments) reads the same herd databases as the reports.
        database_segmentation: userDatabases
          .filter((d) => d.kind === "herd")
          .map(({ uuid, name, active }) => ({ uuid, name, active })),
        // Sorted here, like farms: the drivers may collate names differently.
        custom_segmentation: segments.sort(byName),
        // The key generator (features/keys): its companies' workspaces, for those who issue keys.
        keygen_workspaces: canManageKeys({ groups: user.groups, is_superuser: user.isSuperuser })
          ? user.keygenWorkspaces.sort(byName)
          : [],
        report_generator_workspaces: [],
        user_databases: userDatabases,
        farms: farms.sort(byName),
        // Sorted here, like farms and databases: PGlite and PostgreSQL may collate names differently.
        user_companies: [...companies].sort(byName),
        // The admin's module switches (contract admin-users.ts) can only take these away.
        boards: boardsEnabledFor({ isMember, isSuperuser: user.isSuperuser }) && user.boardsEnabled,
        reports: portal.reports.filter((report) => report.group.length === 0),
        // The «Загрузка данных» menu: herd databases the caller may upload to; viewers and clients,
        // who only read, get those that have committed uploads to look at.
        database_upload_statistic: userDatabases
          .filter((d) => d.kind === "herd" && (uploader || d.has_uploads))
          .map(({ uuid, name, active }) => ({ uuid, name, active })),
        exports: [],
        export_template_databases: [],
        // By code, sorted here for the same reason as companies.
        dtm: dtm.sort((a, b) => ruCollator.compare(a.company_code, b.company_code)),
        dc_305: user.dc305,
        export_module: user.exportModule,
        tables_enabled:
          tablesEnabledFor({ isMember, isSuperuser: user.isSuperuser, groups: user.groups }) && user.tablesEnabled,
        use_bi: user.useBi,
        table_lists: listsEnabledFor({ isMember, isSuperuser: user.isSuperuser }) && user.tableListsEnabled,
      };
    },

    profile: (caller: AuthUser) => profile(caller.id),

    /**
     * Theme, terms, announcement and menu style for everyone; names only for users who may open
     * the settings tab (spec §6: not role 6). The email is not changed here: see change_email in
     * the auth feature (current password, then the link mailed to the new address).
     */
    async updateProfile(caller: AuthUser, patch: ProfilePatch, ip: string): Promise<UserProfileSettings> {
      const touchesSettings = PROFILE_SETTINGS_FIELDS.some((field) => patch[field] !== undefined);
      if (touchesSettings && !canOpenProfileSettings({ groups: caller.groups })) throw forbidden();
      await db.transaction(async (tx) => {
        await repo.updateProfile(tx, caller.id, {
          ...(patch.theme !== undefined && { theme: patch.theme }),
          ...(patch.read_status !== undefined && { readStatus: patch.read_status }),
          ...(patch.last_read_announcement !== undefined && { lastReadAnnouncement: patch.last_read_announcement }),
          ...(patch.boards_menu_style !== undefined && { boardsMenuStyle: patch.boards_menu_style }),
          ...(patch.first_name !== undefined && { firstName: patch.first_name }),
          ...(patch.last_name !== undefined && { lastName: patch.last_name }),
        });
        await audit(tx, {
          action: "profile_updated",
          userId: caller.id,
          ip,
          details: { fields: Object.keys(patch) },
        });
      });
      return profile(caller.id);
    },
  };
}
