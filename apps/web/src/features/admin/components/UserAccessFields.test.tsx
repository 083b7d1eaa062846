import type { AdminIframeGroup, AdminReport } from "@nadoy/contract/reports";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { RecordedCall } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { adminUser, businessOf, COMPANY, OTHER_COMPANY, pickOption, serveAdmin, userRow } from "../test-support.ts";

// «Доступ» in the user drawer: farms, databases and DTM codes of the user's companies, reports,
// report groups.

const F1 = "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c31";
const F2 = "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c32";
const F3 = "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c33";
const D1 = "1a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c31";
const D2 = "1a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c32";
const D3 = "1a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c33";
const T1 = "3a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c31";
const T2 = "3a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c32";
const T3 = "3a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c33";
const R1 = "2a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c31";
const R2 = "2a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c32";
const R3 = "2a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c33";

const farm = (uuid: string, name: string) => ({ uuid, name, use_genetic: false, timezone: "Europe/Moscow", users: [] });
const database = (uuid: string, name: string, active = true) => ({
  pk: 1,
  uuid,
  name,
  server: "db1.nadoy.local",
  db_name: "herd",
  active,
  kind: "herd" as const,
  farm_uuid: null,
  users: [],
});
const dtm = (uuid: string, companyCode: string) => ({ uuid, company_code: companyCode, users: [] });
const report = (uuid: string, title: string, company: { uuid: string; name: string } | null): AdminReport => ({
  pk: 1,
  uuid,
  title,
  tag: "custom_reports",
  img_uuid: null,
  img: null,
  active: true,
  provider: "url",
  url: "https://bi.example.ru/r",
  resource_id: "",
  restrict_param: null,
  has_secret: false,
  company,
  groups: [],
  users_count: 0,
  updated_at: "2026-03-01T10:00:00.000Z",
});
const group = (pk: number, title: string, active = true): AdminIframeGroup => ({
  pk,
  title,
  img_uuid: null,
  img: null,
  active,
  reports: [],
  users_count: 0,
});

const answers = {
  [`GET /api/admin/businesses/${COMPANY.uuid}/`]: {
    status: 200,
    body: businessOf(COMPANY, {
      farms: [farm(F1, "Ферма Заречная"), farm(F2, "Ферма Луговая")],
      databases: [database(D1, "Стадо Заречная"), database(D2, "Архив", false)],
      dtm: [dtm(T1, "ZR-001"), dtm(T2, "ZR-002")],
    }),
  },
  [`GET /api/admin/businesses/${OTHER_COMPANY.uuid}/`]: {
    status: 200,
    body: businessOf(OTHER_COMPANY, {
      farms: [farm(F3, "Ферма Рассвет")],
      databases: [database(D3, "Стадо Рассвет")],
      dtm: [dtm(T3, "RS-01")],
    }),
  },
  "GET /api/admin/reports/": {
    status: 200,
    body: [
      report(R1, "Реализация", null),
      report(R2, "Корма", COMPANY),
      report(R3, "Чужой отчёт", { uuid: "7a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c39", name: "ЗАО Чужое" }),
    ],
  },
  "GET /api/admin/iframe-groups/": { status: 200, body: [group(1, "Продажи молока"), group(2, "Кормление", false)] },
  "GET /api/admin/users/": { status: 200, body: { items: [userRow()], total: 1, page: 1, page_size: 25 } },
};

const writes = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method !== "GET" && c.path.startsWith("/api/admin/users/")).map((c) => c.body);

/** The open drawer's form. */
async function drawer() {
  return waitFor(() => {
    const found = document.querySelector(".ant-drawer-open .ant-drawer-body form");
    if (!found) throw new Error("no drawer form");
    return found as HTMLElement;
  });
}

/** The control labelled `label` in `container` (role queries are slow over antd's styles in jsdom). */
function labelled(container: HTMLElement, label: string): HTMLElement {
  const found = container.querySelector<HTMLElement>(`[aria-label="${label}"]`);
  if (!found) throw new Error(`nothing labelled ${label}`);
  return found;
}

const submit = (container: HTMLElement, text: string) =>
  fireEvent.click(
    [...container.querySelectorAll("button")].find((b) => b.textContent?.trim() === text) as HTMLButtonElement,
  );

/** The tags picked in the select labelled `label`. */
const picked = (container: HTMLElement, label: string) =>
  [...(labelled(container, label).closest(".ant-select")?.querySelectorAll(".ant-select-selection-item") ?? [])].map(
    (tag) => tag.getAttribute("title"),
  );

/** Takes the tag `title` off the select labelled `label`. */
function unpick(container: HTMLElement, label: string, title: string) {
  const select = labelled(container, label).closest(".ant-select") as HTMLElement;
  const tag = select.querySelector(`.ant-select-selection-item[title="${title}"] .ant-select-selection-item-remove`);
  fireEvent.click(tag as HTMLElement);
}

async function openUser() {
  fireEvent.click((await screen.findByText("zootech", { selector: "a" })).closest("tr") as HTMLElement);
  return drawer();
}

describe("user drawer: «Доступ»", { timeout: 20_000 }, () => {
  it("offers farms, databases and DTM codes of the user's companies, reports of theirs or of none, and sends the five lists", async () => {
    const api = serveAdmin({
      ...answers,
      "GET /api/admin/users/12/": {
        status: 200,
        body: adminUser({
          companies: [COMPANY],
          access: {
            farms: [{ uuid: F1, name: "Ферма Заречная", company_uuid: COMPANY.uuid }],
            databases: [{ uuid: D1, name: "Стадо Заречная", company_uuid: COMPANY.uuid, active: true }],
            dtm: [{ uuid: T1, company_code: "ZR-001", company_uuid: COMPANY.uuid }],
            reports: [{ uuid: R2, title: "Корма", active: true }],
            iframe_groups: [{ pk: 1, title: "Продажи молока", active: true }],
          },
        }),
      },
      "PATCH /api/admin/users/12/": { status: 200, body: adminUser() },
    });
    renderApp("/manage-users");
    const form = await openUser();

    expect(form.textContent).toContain("Если фермы не выбраны, пользователь видит все фермы своих компаний");
    expect(picked(form, "Фермы")).toEqual(["Ферма Заречная"]);
    expect(picked(form, "Базы данных")).toEqual(["Стадо Заречная"]);
    expect(picked(form, "DTM")).toEqual(["ZR-001"]);
    await waitFor(() => expect(picked(form, "Отчёты")).toEqual(["Корма — АО Молочный край"]));
    expect(picked(form, "Группы отчётов")).toEqual(["Продажи молока"]);

    await pickOption(labelled(form, "Компании"), OTHER_COMPANY.name);
    await pickOption(labelled(form, "Фермы"), "Ферма Рассвет");
    await pickOption(labelled(form, "Базы данных"), "Стадо Рассвет");
    await pickOption(labelled(form, "DTM"), "RS-01");
    await pickOption(labelled(form, "Отчёты"), "Реализация");
    expect(document.querySelector('.ant-select-item-option[title^="Чужой отчёт"]')).toBeNull();
    await pickOption(labelled(form, "Группы отчётов"), "Кормление (отключена)");
    submit(form, "Сохранить");

    await waitFor(() => expect(writes(api.calls)).toHaveLength(1));
    expect(writes(api.calls)[0]).toEqual({
      company_uuids: [COMPANY.uuid, OTHER_COMPANY.uuid],
      farm_uuids: [F1, F3],
      database_uuids: [D1, D3],
      dtm_uuids: [T1, T3],
      report_uuids: [R2, R1],
      iframe_group_ids: [1, 2],
    });
  });

  it("drops a company's farms, databases, DTM codes and reports when the company is taken off", async () => {
    const api = serveAdmin({
      ...answers,
      "GET /api/admin/users/12/": {
        status: 200,
        body: adminUser({
          companies: [COMPANY, OTHER_COMPANY],
          access: {
            farms: [
              { uuid: F1, name: "Ферма Заречная", company_uuid: COMPANY.uuid },
              { uuid: F3, name: "Ферма Рассвет", company_uuid: OTHER_COMPANY.uuid },
            ],
            databases: [
              { uuid: D1, name: "Стадо Заречная", company_uuid: COMPANY.uuid, active: true },
              { uuid: D3, name: "Стадо Рассвет", company_uuid: OTHER_COMPANY.uuid, active: true },
            ],
            dtm: [
              { uuid: T1, company_code: "ZR-001", company_uuid: COMPANY.uuid },
              { uuid: T3, company_code: "RS-01", company_uuid: OTHER_COMPANY.uuid },
            ],
            reports: [
              { uuid: R2, title: "Корма", active: true },
              { uuid: R1, title: "Реализация", active: true },
            ],
            iframe_groups: [{ pk: 1, title: "Продажи молока", active: true }],
          },
        }),
      },
      "PATCH /api/admin/users/12/": { status: 200, body: adminUser() },
    });
    renderApp("/manage-users");
    const form = await openUser();
    await waitFor(() => expect(picked(form, "Отчёты")).toEqual(["Корма — АО Молочный край", "Реализация"]));

    unpick(form, "Компании", COMPANY.name);
    await waitFor(() => expect(picked(form, "Фермы")).toEqual(["Ферма Рассвет"]));
    expect(picked(form, "Базы данных")).toEqual(["Стадо Рассвет"]);
    expect(picked(form, "DTM")).toEqual(["RS-01"]);
    expect(picked(form, "Отчёты")).toEqual(["Реализация"]);
    submit(form, "Сохранить");

    await waitFor(() => expect(writes(api.calls)).toHaveLength(1));
    expect(writes(api.calls)[0]).toEqual({
      company_uuids: [OTHER_COMPANY.uuid],
      farm_uuids: [F3],
      database_uuids: [D3],
      dtm_uuids: [T3],
      report_uuids: [R1],
    });
  });

  it("creates a user with the farms, databases and DTM codes picked among their companies'", async () => {
    const api = serveAdmin({
      ...answers,
      "POST /api/admin/users/": { status: 201, body: adminUser({ id: 20, username: "petrova" }) },
    });
    renderApp("/manage-users");
    await screen.findByText("zootech", { selector: "a" });
    submit(document.body, "Добавить пользователя");
    const form = await drawer();

    expect(labelled(form, "Фермы").closest(".ant-select")?.className).toContain("disabled");
    expect(labelled(form, "DTM").closest(".ant-select")?.className).toContain("disabled");
    fireEvent.change(within(form).getByLabelText("Логин"), { target: { value: "petrova" } });
    fireEvent.change(within(form).getByLabelText("Эл. почта"), { target: { value: "petrova@example.ru" } });
    await pickOption(labelled(form, "Компании"), COMPANY.name);
    // The farms and databases open once a company is picked.
    await waitFor(() => expect(labelled(form, "Фермы").closest(".ant-select")?.className).not.toContain("disabled"));
    await pickOption(labelled(form, "Фермы"), "Ферма Луговая");
    await pickOption(labelled(form, "Базы данных"), "Архив (отключена)");
    await pickOption(labelled(form, "DTM"), "ZR-002");
    submit(form, "Создать");

    await waitFor(() => expect(writes(api.calls)).toHaveLength(1));
    expect(writes(api.calls)[0]).toMatchObject({
      company_uuids: [COMPANY.uuid],
      farm_uuids: [F2],
      database_uuids: [D2],
      dtm_uuids: [T2],
      report_uuids: [],
      iframe_group_ids: [],
    });
  });
});
