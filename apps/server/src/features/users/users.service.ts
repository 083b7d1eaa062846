import type { Theme } from "@nadoy/contract/constants";
import { DEFAULT_MENU_STYLE } from "@nadoy/contract/constants";
import type { UserData, UserProfile } from "@nadoy/contract/users";
import type { Db } from "../../db/client.ts";
import { audit } from "../../platform/audit.ts";
import type { AuthUser } from "../../platform/auth/guard.ts";
import { unauthorized } from "../../platform/errors.ts";
import * as repo from "./users.repository.ts";

const asTheme = (value: string): Theme => (value === "black" ? "black" : "default");

export function createUsersService(db: Db) {
  async function loadUser(userId: number) {
    const user = await repo.findUserWithGroups(db, userId);
    if (!user) throw unauthorized();
    return user;
  }

  async function profile(userId: number): Promise<UserProfile> {
    const user = await loadUser(userId);
    const [company] = await repo.findVisibleCompanies(db, user.id, false);
    return {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: { email: user.email },
      company: company?.name ?? null,
      theme: asTheme(user.theme),
      read_status: user.readStatus,
      last_read_announcement: user.lastReadAnnouncement,
    };
  }

  return {
    /**
     * Spec §3 "User data". Modules that later issues build (reports, boards, lists ...) answer with
     * empty lists and false flags until they exist; companies and farms are real.
     */
    async data(caller: AuthUser): Promise<UserData> {
      const user = await loadUser(caller.id);
      const companies = await repo.findVisibleCompanies(db, user.id, user.isSuperuser);
      const farms = companies.flatMap((c) => c.farms).sort((a, b) => a.name.localeCompare(b.name, "ru"));
      return {
        id: user.id,
        username: user.username,
        first_name: user.firstName,
        last_name: user.lastName,
        avatar: user.avatar,
        groups: user.groups,
        is_superuser: user.isSuperuser,
        theme: asTheme(user.theme),
        boards_menu_style: user.boardsMenuStyle || DEFAULT_MENU_STYLE,
        users_online: [],
        announcement: null,
        read_status: user.readStatus,
        iframes: [],
        iframegroup: [],
        database_report: [],
        database_plan_fact: [],
        database_segmentation: [],
        custom_segmentation: [],
        keygen_workspaces: [],
        report_generator_workspaces: [],
        user_databases: [],
        farms: farms.map((f) => ({ uuid: f.uuid, name: f.name, use_genetic: f.useGenetic })),
        user_companies: companies.map((c) => ({ uuid: c.uuid, name: c.name })),
        boards: false,
        reports: [],
        database_upload_statistic: [],
        exports: [],
        export_template_databases: [],
        dtm: [],
        dc_305: false,
        export_module: false,
        tables_enabled: false,
        use_bi: false,
        table_lists: false,
      };
    },

    async updateProfile(
      caller: AuthUser,
      patch: { theme?: Theme; read_status?: boolean; last_read_announcement?: string | null },
      ip: string,
    ): Promise<UserProfile> {
      await db.transaction(async (tx) => {
        await repo.updateProfile(tx, caller.id, {
          ...(patch.theme !== undefined && { theme: patch.theme }),
          ...(patch.read_status !== undefined && { readStatus: patch.read_status }),
          ...(patch.last_read_announcement !== undefined && { lastReadAnnouncement: patch.last_read_announcement }),
        });
        await audit(tx, { action: "profile_updated", userId: caller.id, ip, details: { fields: Object.keys(patch) } });
      });
      return profile(caller.id);
    },
  };
}
