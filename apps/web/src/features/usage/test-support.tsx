import type { AdminUser, AdminUserRow } from "@nadoy/contract/admin-users";
import type { DatabaseUploadStats, UsageReport } from "@nadoy/contract/usage";
import type { UserData } from "@nadoy/contract/users";
import { fireEvent, waitFor } from "@testing-library/react";
import { adminUserRowFixture, COMPANY_FIXTURE, userDataFixture } from "../../test/fixtures.ts";
import type { mockApi } from "../../test/mock-api.ts";
import { mockSignedIn } from "../../test/signed-in.ts";

// Fixtures of the usage pages' tests (answers shaped as contract usage.ts says). The app's router
// gets these pages from the lead's wiring; here each page is mounted at its path on its own.

export const COMPANY = COMPANY_FIXTURE;

/** An administrator (role 1, not a superuser). */
export function adminData(overrides: Partial<UserData> = {}): UserData {
  return userDataFixture({ id: 1, username: "admin", groups: [1], ...overrides });
}

type Handlers = Parameters<typeof mockSignedIn>[1];

export function serveAdmin(extra: Handlers = {}, user: UserData = adminData()) {
  return mockSignedIn(user, extra);
}

export { renderPage } from "../../test/render-page.tsx";

export function usageReport(overrides: Partial<UsageReport> = {}): UsageReport {
  return {
    total: 42,
    users_count: 2,
    by_day: [
      { day: "2026-11-24", hits: 30, users: 2 },
      { day: "2026-11-25", hits: 12, users: 1 },
    ],
    by_section: [
      { section: "/lists", hits: 25 },
      { section: "/services", hits: 10 },
      { section: "/unknown-thing", hits: 7 },
    ],
    by_user: [
      { user: { id: 12, name: "Иван Петров", username: "zootech" }, hits: 40, last_at: "2026-11-25T09:30:00.000Z" },
      { user: null, hits: 2, last_at: "2026-11-24T10:00:00.000Z" },
    ],
    ...overrides,
  };
}

export function emptyReport(): UsageReport {
  return usageReport({ total: 0, users_count: 0, by_section: [], by_user: [], by_day: [] });
}

export function database(overrides: Partial<DatabaseUploadStats> = {}): DatabaseUploadStats {
  return {
    uuid: "1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9",
    name: "Стадо Заречная",
    server: "db1.nadoy.local",
    db_name: "herd",
    active: true,
    company: COMPANY,
    uploads_count: 0,
    last_upload_at: null,
    rows_total: 0,
    ...overrides,
  };
}

export const userRow = adminUserRowFixture;

export function adminUser(overrides: Partial<AdminUserRow> = {}): AdminUser {
  return {
    ...userRow(overrides),
    first_name: "Иван",
    last_name: "Петров",
    modules: {
      dc_305: false,
      export_module: false,
      use_bi: false,
      boards: true,
      table_lists: true,
      tables_enabled: true,
    },
    access: { farms: [], databases: [], dtm: [], reports: [], iframe_groups: [] },
    created_at: "2026-01-10T08:00:00.000Z",
  };
}

/** The query strings the page sent to `path`, in order. */
export function queriesTo(api: ReturnType<typeof mockApi>, path: string): Record<string, string>[] {
  return api.fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));
}

/** The search of the last call to the API (a handler reads its query with it). */
export function lastQuery(api: ReturnType<typeof mockApi>): URLSearchParams {
  return new URL(String(api.fetchMock.mock.lastCall?.[0]), "http://localhost").searchParams;
}

const optionTitled = (title: string) => document.querySelector(`.ant-select-item-option[title="${title}"]`);

/** Opens an antd select and clicks its option `title`. */
export async function pickOption(combobox: HTMLElement, title: string) {
  fireEvent.mouseDown(combobox);
  const option = await waitFor(() => {
    const found = optionTitled(title);
    if (!found) throw new Error(`no option ${title}`);
    return found;
  });
  fireEvent.click(option);
}
