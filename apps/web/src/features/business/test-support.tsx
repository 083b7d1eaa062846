import type { AdminUserRow } from "@nadoy/contract/admin-users";
import type {
  Business,
  BusinessDatabase,
  BusinessDtm,
  BusinessFarm,
  BusinessUser,
  BusinessUserRef,
} from "@nadoy/contract/business";
import type { UserData } from "@nadoy/contract/users";
import { fireEvent, render, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { AppProviders } from "../../app/providers.tsx";
import { createQueryClient } from "../../shared/lib/query-client.ts";
import { userDataFixture } from "../../test/fixtures.ts";
import type { mockApi } from "../../test/mock-api.ts";
import { mockSignedIn } from "../../test/signed-in.ts";
import { BusinessPagesPage } from "./pages/BusinessPagesPage.tsx";
import { BusinessUserCompanyPage } from "./pages/BusinessUserCompanyPage.tsx";
import { BusinessUserFarmPage } from "./pages/BusinessUserFarmPage.tsx";
import { BusinessUsersAdminPage } from "./pages/BusinessUsersAdminPage.tsx";
import { EditBusinessPage } from "./pages/EditBusinessPage.tsx";

// Fixtures and a router of the business pages' tests (answers shaped as contract business.ts says).
// The pages are rendered at their own paths without the app shell: the lead wires them into it.

export const COMPANY_UUID = "8a1f0c2e-3b4d-4e5f-8a6b-7c8d9e0f1a2b";
export const OTHER_COMPANY_UUID = "9b2e1d3f-4c5e-4f6a-9b7c-8d9e0f1a2b3c";
export const FARM_UUID = "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
export const OTHER_FARM_UUID = "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a";
export const DATABASE_UUID = "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b";
export const DTM_UUID = "4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d";

/** An administrator (role 1, not a superuser). */
export function adminData(overrides: Partial<UserData> = {}): UserData {
  return userDataFixture({ id: 1, username: "admin", groups: [1], ...overrides });
}

export const IVAN: BusinessUserRef = { id: 12, name: "Иван Петров", username: "zootech", role: 3 };
export const OLGA: BusinessUserRef = { id: 13, name: "Ольга Смирнова", username: "client1", role: 7 };

export function farmFixture(overrides: Partial<BusinessFarm> = {}): BusinessFarm {
  return {
    uuid: FARM_UUID,
    name: "Ферма Заречная",
    use_genetic: true,
    timezone: "Asia/Yekaterinburg",
    users: [IVAN],
    ...overrides,
  };
}

export function databaseFixture(overrides: Partial<BusinessDatabase> = {}): BusinessDatabase {
  return {
    pk: 5,
    uuid: DATABASE_UUID,
    name: "Стадо Заречная",
    server: "db1.nadoy.local",
    db_name: "herd",
    active: true,
    kind: "herd",
    farm_uuid: FARM_UUID,
    users: [OLGA],
    ...overrides,
  };
}

export function dtmFixture(overrides: Partial<BusinessDtm> = {}): BusinessDtm {
  return { uuid: DTM_UUID, company_code: "ZR-001", users: [IVAN], ...overrides };
}

export function businessFixture(overrides: Partial<Business> = {}): Business {
  return {
    uuid: COMPANY_UUID,
    name: "АО Молочный край",
    farms: [
      farmFixture(),
      farmFixture({ uuid: OTHER_FARM_UUID, name: "Ферма Луговая", use_genetic: false, users: [] }),
    ],
    users: [IVAN, OLGA],
    databases: [databaseFixture()],
    dtm: [dtmFixture()],
    ...overrides,
  };
}

export function userRowFixture(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: 20,
    username: "petrova",
    name: "Анна Петрова",
    email: "petrova@example.ru",
    role: 7,
    is_superuser: false,
    is_active: true,
    companies: [],
    last_login_at: null,
    ...overrides,
  };
}

export function businessUserFixture(overrides: Partial<BusinessUser> = {}): BusinessUser {
  return {
    id: 13,
    name: "Ольга Смирнова",
    username: "client1",
    role: 7,
    is_active: true,
    companies: [{ uuid: COMPANY_UUID, name: "АО Молочный край" }],
    farms: [],
    databases: [{ uuid: DATABASE_UUID, name: "Стадо Заречная", active: true }],
    reports_count: 3,
    iframe_groups_count: 1,
    ...overrides,
  };
}

type Handlers = Parameters<typeof mockSignedIn>[1];

/** Signed in as an administrator (or `user`), with the business routes' answers in `extra`. */
export function serveBusiness(extra: Handlers = {}, user: UserData = adminData()) {
  return mockSignedIn(user, extra);
}

/** Where the router went, for pages outside this feature (the users page, another company). */
function Elsewhere() {
  const location = useLocation();
  return <p>Другая страница: {location.pathname}</p>;
}

/** The business pages at their paths (as the lead's router has them), in the app's providers. */
export function renderBusiness(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/business-pages", element: <BusinessPagesPage /> },
      { path: "/edit-business/:id", element: <EditBusinessPage /> },
      { path: "/business-user/company/:uuid?", element: <BusinessUserCompanyPage /> },
      { path: "/business-user/farm/:uuid?", element: <BusinessUserFarmPage /> },
      { path: "/admin/business_users", element: <BusinessUsersAdminPage /> },
      { path: "*", element: <Elsewhere /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { ...view, router };
}

/** The query strings sent to `path`, in order. */
export function queriesTo(api: ReturnType<typeof mockApi>, path: string): URLSearchParams[] {
  return api.fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
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

// Role queries compute every candidate's visibility through antd's many style tags, which takes
// seconds in jsdom; these find controls by what a user reads on them instead.

/** The element whose aria-label is `label` (switches, icon buttons, selects). */
export function labelled(label: string, container: ParentNode = document): HTMLElement {
  const found = [...container.querySelectorAll<HTMLElement>("[aria-label]")].find(
    (element) => element.getAttribute("aria-label") === label,
  );
  if (!found) throw new Error(`nothing labelled ${label}`);
  return found;
}

/** The button (or link styled as one) named `name` by its text or aria-label. */
export function button(name: string | RegExp, container: ParentNode = document): HTMLElement {
  const matches = (text: string | null) =>
    text !== null && (typeof name === "string" ? text.trim() === name : name.test(text.trim()));
  const found = [...container.querySelectorAll<HTMLElement>("button, a")].find(
    (element) => matches(element.getAttribute("aria-label")) || matches(element.textContent),
  );
  if (!found) throw new Error(`no button ${String(name)}`);
  return found;
}
