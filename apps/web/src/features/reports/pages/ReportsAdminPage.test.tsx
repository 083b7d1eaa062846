import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userDataFixture } from "../../../test/fixtures.ts";
import type { RecordedCall } from "../../../test/mock-api.ts";
import { renderPage } from "../test-render.tsx";
import { adminData, adminReport, COMPANY, drawerForm, pickOption, serve, uuidOf } from "../test-support.ts";
import { ReportsAdminPage } from "./ReportsAdminPage.tsx";

const LIST = "GET /api/admin/reports/";
const render = () => renderPage("/admin/reports", "/admin/reports", <ReportsAdminPage />);
const writes = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method !== "GET" && call.path.startsWith("/api/admin/reports/"));

const METABASE = adminReport({
  pk: 2,
  uuid: uuidOf(2),
  title: "Надои по фермам",
  tag: "dpa",
  provider: "metabase",
  url: "https://metabase.example.ru",
  resource_id: "17",
  restrict_param: "company",
  has_secret: true,
  company: null,
  groups: [],
  users_count: 0,
});

async function rowOf(title: string) {
  return (await screen.findByRole("button", { name: title })).closest("tr") as HTMLElement;
}

describe("/admin/reports", { timeout: 30_000 }, () => {
  it("a non-admin sees the no-access result and the catalogue is not asked for", async () => {
    const api = serve(userDataFixture({ groups: [3] }));
    render();
    expect(await screen.findByText("Недостаточно прав")).toBeTruthy();
    expect(api.calls.some((call) => call.path.startsWith("/api/admin/"))).toBe(false);
  });

  it("lists reports with tag, provider, company, groups, active and users; the switch saves", async () => {
    const api = serve(adminData(), {
      [LIST]: { status: 200, body: [adminReport(), METABASE] },
      [`PATCH /api/admin/reports/${uuidOf(1)}/`]: { status: 200, body: adminReport({ active: false }) },
    });
    render();

    const sales = await rowOf("Реализация молока");
    for (const text of ["Бизнес: молоко", "Ссылка (iframe)", COMPANY.name, "Продажи", "3"]) {
      expect(sales.textContent).toContain(text);
    }
    const metabase = await rowOf("Надои по фермам");
    expect(metabase.textContent).toContain("Metabase (подписанная ссылка)");
    expect(metabase.textContent).toContain("Все компании");
    expect(metabase.textContent).toContain("DPA");

    fireEvent.click(within(sales).getByRole("switch", { name: "Активен: Реализация молока" }));
    await waitFor(() => expect(writes(api.calls)).toEqual([expect.objectContaining({ body: { active: false } })]));
  });

  it("a new report: signing fields only for signed providers; the body has the tag and the secret", async () => {
    const api = serve(adminData(), {
      [LIST]: { status: 200, body: [] },
      "POST /api/admin/reports/": { status: 201, body: METABASE },
    });
    render();
    fireEvent.click(await screen.findByRole("button", { name: /Добавить отчёт/ }));
    const form = await drawerForm();

    expect(within(form).queryByLabelText("Секретный ключ встраивания")).toBeNull();
    expect(within(form).queryByLabelText("Номер дашборда")).toBeNull();
    expect(within(form).queryByLabelText("Параметр компании")).toBeNull();

    fireEvent.change(within(form).getByLabelText("Название"), { target: { value: "Продажи молока" } });
    await pickOption(within(form).getByRole("combobox", { name: "Тег" }), "Бизнес: <продукт>");
    fireEvent.change(await within(form).findByLabelText("Продукт"), { target: { value: "milk" } });
    fireEvent.change(within(form).getByLabelText("Адрес"), { target: { value: "https://metabase.example.ru" } });
    await pickOption(within(form).getByRole("combobox", { name: "Поставщик" }), "Metabase (подписанная ссылка)");
    fireEvent.change(await within(form).findByLabelText("Номер дашборда"), { target: { value: "17" } });
    fireEvent.change(within(form).getByLabelText("Параметр компании"), { target: { value: "company" } });
    fireEvent.change(within(form).getByLabelText("Секретный ключ встраивания"), { target: { value: "s3cret" } });
    await pickOption(within(form).getByRole("combobox", { name: "Компания" }), COMPANY.name);
    fireEvent.click(within(form).getByRole("button", { name: "Добавить отчёт" }));

    await waitFor(() => expect(writes(api.calls)).toHaveLength(1));
    expect(writes(api.calls)[0]?.body).toEqual({
      title: "Продажи молока",
      tag: "business_milk",
      img_uuid: null,
      active: true,
      provider: "metabase",
      url: "https://metabase.example.ru",
      resource_id: "17",
      restrict_param: "company",
      secret: "s3cret",
      company_uuid: COMPANY.uuid,
    });
  });

  it("a stored secret is never shown: «Ключ задан», an empty «Заменить ключ», and no secret in the body", async () => {
    const api = serve(adminData(), {
      [LIST]: { status: 200, body: [METABASE] },
      [`PATCH /api/admin/reports/${METABASE.uuid}/`]: { status: 200, body: METABASE },
    });
    render();
    fireEvent.click(await screen.findByRole("button", { name: METABASE.title }));
    const form = await drawerForm();

    expect(within(form).getByText("Ключ задан")).toBeTruthy();
    const replace = within(form).getByLabelText("Заменить ключ") as HTMLTextAreaElement;
    expect(replace.value).toBe("");
    expect((within(form).getByLabelText("Номер дашборда") as HTMLInputElement).value).toBe("17");
    fireEvent.click(within(form).getByRole("button", { name: "Сохранить" }));

    await waitFor(() => expect(writes(api.calls)).toHaveLength(1));
    const body = writes(api.calls)[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty("secret");
    expect(body).toMatchObject({ provider: "metabase", resource_id: "17", restrict_param: "company", tag: "dpa" });

    // A plain link hides the signing fields altogether.
    fireEvent.click(await screen.findByRole("button", { name: METABASE.title }));
    const again = await drawerForm();
    await pickOption(within(again).getByRole("combobox", { name: "Поставщик" }), "Ссылка (iframe)");
    await waitFor(() => expect(within(again).queryByLabelText("Заменить ключ")).toBeNull());
    expect(within(again).queryByText("Ключ задан")).toBeNull();
  });

  it("shows the server's field errors under the fields", async () => {
    serve(adminData(), {
      [LIST]: { status: 200, body: [] },
      "POST /api/admin/reports/": {
        status: 400,
        body: {
          code: "validation_error",
          message: "Проверьте поля",
          fields: { url: "Адрес недоступен", tag: "Такой тег не подходит" },
        },
      },
    });
    render();
    fireEvent.click(await screen.findByRole("button", { name: /Добавить отчёт/ }));
    const form = await drawerForm();
    fireEvent.change(within(form).getByLabelText("Название"), { target: { value: "Отчёт" } });
    fireEvent.change(within(form).getByLabelText("Адрес"), { target: { value: "https://bi.example.ru" } });
    fireEvent.click(within(form).getByRole("button", { name: "Добавить отчёт" }));

    expect(await within(form).findByText("Адрес недоступен")).toBeTruthy();
    expect(within(form).getByText("Такой тег не подходит")).toBeTruthy();
  });

  it("picks the company among all companies (admin businesses search)", async () => {
    const other = { uuid: uuidOf(77), name: "ООО Рассвет", farms_count: 1, users_count: 2, databases_count: 0 };
    const api = serve(adminData({ groups: [], is_superuser: true, user_companies: [] }), {
      [LIST]: { status: 200, body: [] },
      "GET /api/admin/businesses/": { status: 200, body: { items: [other], total: 1, page: 1, page_size: 25 } },
      "POST /api/admin/reports/": { status: 201, body: adminReport() },
    });
    render();
    fireEvent.click(await screen.findByRole("button", { name: /Добавить отчёт/ }));
    const form = await drawerForm();
    fireEvent.change(within(form).getByLabelText("Название"), { target: { value: "Отчёт" } });
    fireEvent.change(within(form).getByLabelText("Адрес"), { target: { value: "https://bi.example.ru" } });
    await pickOption(within(form).getByRole("combobox", { name: "Компания" }), other.name);
    fireEvent.click(within(form).getByRole("button", { name: "Добавить отчёт" }));

    await waitFor(() => expect(writes(api.calls)).toHaveLength(1));
    expect(writes(api.calls)[0]?.body).toMatchObject({
      company_uuid: other.uuid,
      tag: "custom_reports",
      provider: "url",
    });
  });

  it("deletes after the confirmation", async () => {
    const api = serve(adminData(), {
      [LIST]: { status: 200, body: [adminReport()] },
      [`DELETE /api/admin/reports/${uuidOf(1)}/`]: { status: 204 },
    });
    render();
    const row = await rowOf("Реализация молока");
    fireEvent.click(within(row).getByRole("button", { name: "Удалить «Реализация молока»" }));
    expect(writes(api.calls)).toHaveLength(0);
    fireEvent.click(await screen.findByRole("button", { name: "Удалить" }));
    await waitFor(() => expect(writes(api.calls)).toEqual([expect.objectContaining({ method: "DELETE" })]));
  });
});
