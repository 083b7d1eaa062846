import type { AdminIframeGroup, AdminReport, PortalGroup, PortalReport, ReportEmbed } from "@nadoy/contract/reports";
import type { UserData } from "@nadoy/contract/users";
import { fireEvent, waitFor } from "@testing-library/react";
import { COMPANY_FIXTURE, userDataFixture } from "../../test/fixtures.ts";
import { mockSignedIn } from "../../test/signed-in.ts";

// Fixtures of the reports pages' tests (answers shaped as contract reports.ts says).

export const COMPANY = COMPANY_FIXTURE;

/** A uuid numbered `n` (valid for the contract's schemas). */
export const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

export function portalReport(
  n: number,
  title: string,
  tag: string,
  overrides: Partial<PortalReport> = {},
): PortalReport {
  return { pk: n, uuid: uuidOf(n), title, tag, img: null, active: true, group: [], ...overrides };
}

export function portalGroup(pk: number, title: string, reports: PortalReport[]): PortalGroup {
  return { pk, title, img: `/api/content/images/${uuidOf(900 + pk)}/`, active: true, iframegroup: reports };
}

export const SALES = portalReport(1, "Реализация молока", "business_milk", { group: [10] });
export const FEED = portalReport(2, "Расход кормов", "business_feed", { group: [10] });
export const CUSTOM = portalReport(3, "Мой отчёт по стаду", "custom_reports");
export const DPA = portalReport(4, "Аудит DPA", "dpa");
export const SALES_GROUP = portalGroup(10, "Продажи", [SALES, FEED]);

export const portalAnswer = (reports: PortalReport[], groups: PortalGroup[] = []) => ({
  status: 200,
  body: { reports, groups },
});

export function embedOf(report: PortalReport, overrides: Partial<ReportEmbed> = {}): ReportEmbed {
  return { report, provider: "url", url: `https://bi.example.ru/${report.pk}`, expires_at: null, ...overrides };
}

export const embedPath = (report: PortalReport) => `/api/reports/${report.uuid}/embed/`;

export function adminReport(overrides: Partial<AdminReport> = {}): AdminReport {
  return {
    pk: 1,
    uuid: uuidOf(1),
    title: "Реализация молока",
    tag: "business_milk",
    img_uuid: null,
    img: null,
    active: true,
    provider: "url",
    url: "https://bi.example.ru/sales",
    resource_id: "",
    restrict_param: null,
    has_secret: false,
    company: COMPANY,
    groups: [{ pk: 10, title: "Продажи" }],
    users_count: 3,
    updated_at: "2026-03-05T11:30:00.000Z",
    ...overrides,
  };
}

export function adminGroup(overrides: Partial<AdminIframeGroup> = {}): AdminIframeGroup {
  return {
    pk: 10,
    title: "Продажи",
    img_uuid: null,
    img: null,
    active: true,
    reports: [{ uuid: uuidOf(1), title: "Реализация молока", active: true }],
    users_count: 4,
    ...overrides,
  };
}

/** An administrator (role 1) of one company. */
export const adminData = (overrides: Partial<UserData> = {}) =>
  userDataFixture({ id: 1, username: "admin", groups: [1], user_companies: [COMPANY], ...overrides });

type Handlers = Parameters<typeof mockSignedIn>[1];

/** Signed in as `user`, with the page's answers in `extra`. */
/** A signed-in session; the admins' company search finds COMPANY unless `extra` says otherwise. */
export const serve = (user: UserData, extra: Handlers = {}) =>
  mockSignedIn(user, {
    "GET /api/admin/businesses/": {
      status: 200,
      body: {
        items: [{ ...COMPANY, farms_count: 2, users_count: 4, databases_count: 1 }],
        total: 1,
        page: 1,
        page_size: 25,
      },
    },
    ...extra,
  });

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

/** The open drawer's form. */
export async function drawerForm() {
  return waitFor(() => {
    const found = document.querySelector(".ant-drawer-open .ant-drawer-body form");
    if (!found) throw new Error("no drawer form");
    return found as HTMLElement;
  });
}
