import type { AdminRole, AdminUser, AuditEntry } from "@nadoy/contract/admin-users";
import type { Business } from "@nadoy/contract/business";
import type { UserData } from "@nadoy/contract/users";
import { fireEvent, waitFor } from "@testing-library/react";
import { adminUserRowFixture, COMPANY_FIXTURE, userDataFixture } from "../../test/fixtures.ts";
import type { mockApi } from "../../test/mock-api.ts";
import { mockSignedIn } from "../../test/signed-in.ts";

// Fixtures of the admin pages' tests (answers shaped as contract admin-users.ts says).

export const COMPANY = COMPANY_FIXTURE;
export const OTHER_COMPANY = { uuid: "9b2e1d3f-4c5e-4f6a-9b7c-8d9e0f1a2b3c", name: "ООО Рассвет" };

/** An administrator (role 1, not a superuser) of two companies. */
export function adminData(overrides: Partial<UserData> = {}): UserData {
  return userDataFixture({
    id: 1,
    username: "admin",
    groups: [1],
    user_companies: [COMPANY, OTHER_COMPANY],
    ...overrides,
  });
}

export const userRow = adminUserRowFixture;

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    ...userRow(),
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
    ...overrides,
  };
}

export function roleFixture(id: number, name: string, count: number): AdminRole {
  return { id, name, description: `Описание роли ${name}`, may_open: ["Отчёты", "Списки"], users_count: count };
}

export function auditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 1,
    at: "2026-03-05T11:30:05.000Z",
    user: { id: 1, name: "Анна Админова" },
    action: "user_updated",
    action_text: "Пользователь изменён",
    ip: "10.0.0.5",
    subject: "Иван Петров",
    details: {
      id: 12,
      before: { first_name: "Иван", is_active: true },
      after: { first_name: "Илья", is_active: true },
    },
    ...overrides,
  };
}

/** GET admin/businesses/:uuid/ of a company without farms, members, databases or DTM codes; override what a test needs. */
export function businessOf(company: { uuid: string; name: string }, overrides: Partial<Business> = {}): Business {
  return { ...company, farms: [], users: [], databases: [], dtm: [], ...overrides };
}

type Handlers = Parameters<typeof mockSignedIn>[1];

/**
 * Signed in as an administrator (or `user`), with more answers in `extra`. What the user drawer's
 * «Доступ» asks for answers empty unless `extra` says otherwise: both companies, reports, groups.
 */
export function serveAdmin(extra: Handlers = {}, user: UserData = adminData()) {
  return mockSignedIn(user, {
    [`GET /api/admin/businesses/${COMPANY.uuid}/`]: { status: 200, body: businessOf(COMPANY) },
    [`GET /api/admin/businesses/${OTHER_COMPANY.uuid}/`]: { status: 200, body: businessOf(OTHER_COMPANY) },
    "GET /api/admin/reports/": { status: 200, body: [] },
    "GET /api/admin/iframe-groups/": { status: 200, body: [] },
    ...extra,
  });
}

/** The query strings the page sent to `path`, in order. */
export function queriesTo(api: ReturnType<typeof mockApi>, path: string): URLSearchParams[] {
  return api.fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
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
