import type { UserData } from "@nadoy/contract/users";
import { storeSession, userDataFixture } from "./fixtures.ts";
import { mockApi } from "./mock-api.ts";

type Handlers = Parameters<typeof mockApi>[0];

/** The public configuration without Yandex sign-in or a Metrika counter. */
export const APP_CONFIG = { version: "0.1.0", yandex_login: false, yandex_metrika_id: null };

/**
 * A stored session whose token checks out and whose users/data answers `user`; more routes (or
 * other answers) in `extra`. What every signed-in page calls by itself is answered too: the
 * notification poll (no notifications), page hits and the public configuration.
 */
export function mockSignedIn(user: UserData = userDataFixture(), extra: Handlers = {}) {
  storeSession();
  return mockApi({
    "GET /api/users/verify_token/": { status: 200, body: { user_id: user.id } },
    "GET /api/users/data/": { status: 200, body: user },
    "POST /api/news/user_notifications/": { status: 200, body: [] },
    "POST /api/analytics/page_hit/": { status: 204 },
    "GET /api/config/": { status: 200, body: APP_CONFIG },
    ...extra,
  });
}

const database = (uuid: string, name: string, overrides: Partial<UserData["user_databases"][number]> = {}) => ({
  pk: 1,
  uuid,
  name,
  server: "db1.nadoy.local",
  db_name: "herd",
  active: true,
  kind: "herd" as const,
  ...overrides,
});

const report = (pk: number, uuid: string, title: string, tag: string) => ({
  pk,
  uuid,
  title,
  tag,
  img: null,
  active: true,
  group: [],
});

/**
 * User data with every module switched on and something in every list, so that only the role
 * decides what the menus show.
 */
export function everythingUserData(overrides: Partial<UserData> = {}): UserData {
  return userDataFixture({
    iframegroup: [
      {
        pk: 1,
        title: "Продажи молока",
        img: null,
        active: true,
        iframegroup: [report(11, "r-sales", "Реализация", "business_milk")],
      },
    ],
    reports: [report(12, "r-custom", "Мой отчёт по кормам", "custom_reports")],
    iframes: [report(13, "r-frame", "Сводка по ферме", "dpa")],
    database_report: [database("db-herd", "Стадо Заречная")],
    database_plan_fact: [{ uuid: "pf1", name: "План 2026", active: true }],
    database_segmentation: [{ uuid: "seg1", name: "Сегменты Заречная", active: true }],
    keygen_workspaces: [{ uuid: "kw1", name: "Ключи фермы" }],
    report_generator_workspaces: [{ uuid: "rg1", name: "Консалтинг" }],
    user_databases: [
      database("db-herd", "Стадо Заречная"),
      database("db-mon", "Мониторинг Заречная", { kind: "monitoring" }),
      database("db-1c", "Бухгалтерия", { kind: "accounting" }),
    ],
    farms: [{ uuid: "f1", name: "Ферма Заречная", use_genetic: true }],
    boards: true,
    database_upload_statistic: [{ uuid: "up1", name: "Загрузки Заречная", active: true }],
    export_template_databases: [database("db-herd", "Стадо Заречная")],
    dtm: [{ uuid: "dtm1", company_code: "ZR-01" }],
    dc_305: true,
    export_module: true,
    tables_enabled: true,
    table_lists: true,
    ...overrides,
  });
}
