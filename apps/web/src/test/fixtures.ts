import type { AdminUserRow } from "@nadoy/contract/admin-users";
import type { RouteResponse } from "@nadoy/contract/http";
import type { Notification } from "@nadoy/contract/news";
import type { UserData, userProfilePatchRoute } from "@nadoy/contract/users";

/** A valid GET /api/users/data/ answer; override what a test cares about. */
export function userDataFixture(overrides: Partial<UserData> = {}): UserData {
  return {
    id: 42,
    username: "zootech",
    first_name: "Иван",
    last_name: "Петров",
    avatar: null,
    groups: [3],
    is_superuser: false,
    theme: "default",
    boards_menu_style: "Card_menu",
    users_online: [],
    announcement: null,
    read_status: true,
    iframes: [],
    iframegroup: [],
    database_report: [],
    database_plan_fact: [],
    database_segmentation: [],
    custom_segmentation: [],
    keygen_workspaces: [],
    report_generator_workspaces: [],
    user_databases: [],
    farms: [{ uuid: "f1", name: "Ферма Заречная", use_genetic: false }],
    user_companies: [{ uuid: "c1", name: "АО Молочный край" }],
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
    ...overrides,
  };
}

/** A valid PATCH /api/users/user_profile/ answer for the fixture user. */
export function userProfileFixture(
  overrides: Partial<RouteResponse<typeof userProfilePatchRoute>> = {},
): RouteResponse<typeof userProfilePatchRoute> {
  return {
    id: 42,
    username: "zootech",
    first_name: "Иван",
    last_name: "Петров",
    email: { email: "zootech@example.ru" },
    company: "АО Молочный край",
    theme: "default",
    read_status: true,
    last_read_announcement: null,
    boards_menu_style: "Card_menu",
    has_password: true,
    pending_email: null,
    ...overrides,
  };
}

/** Stores a signed-in session the way a successful login leaves it. */
export function storeSession(): void {
  localStorage.setItem("theme", "default");
  localStorage.setItem("access", "access-1");
  localStorage.setItem("refresh", "refresh-1");
  localStorage.setItem("username", "zootech");
  localStorage.setItem("user_id", "42");
}

export function storageSnapshot(): Record<string, string | null> {
  return Object.fromEntries(
    ["theme", "access", "refresh", "username", "user_id"].map((key) => [key, localStorage.getItem(key)]),
  );
}

/** A notification as POST /api/news/user_notifications/ answers it (unread, sent at noon UTC). */
export function notificationFixture(pk: number, fields: Partial<Notification["fields"]> = {}): Notification {
  return {
    pk,
    fields: {
      title: `Уведомление ${pk}`,
      msg: `Текст уведомления ${pk}`,
      dt: "2025-11-28T12:00:00.000Z",
      read: false,
      link: null,
      ...fields,
    },
  };
}

/** `count` notifications with pks 1…count, the first `unread` of them unread. */
export function notificationsFixture(count: number, unread = count): Notification[] {
  return Array.from({ length: count }, (_, i) => notificationFixture(i + 1, { read: i >= unread }));
}

/** A company the admin-area tests share. */
export const COMPANY_FIXTURE = { uuid: "8a1f0c2e-3b4d-4e5f-8a6b-7c8d9e0f1a2b", name: "АО Молочный край" };

/** A row of GET /api/admin/users/: the zootechnician of COMPANY_FIXTURE. */
export function adminUserRowFixture(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: 12,
    username: "zootech",
    name: "Иван Петров",
    email: "zootech@example.ru",
    role: 3,
    is_superuser: false,
    is_active: true,
    companies: [COMPANY_FIXTURE],
    last_login_at: "2026-03-05T11:30:00.000Z",
    ...overrides,
  };
}
