import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { RecordedCall } from "../../../test/mock-api.ts";
import {
  businessFixture,
  button,
  COMPANY_UUID,
  labelled,
  OLGA,
  pickOption,
  renderBusiness,
  serveBusiness,
  userRowFixture,
} from "../test-support.tsx";

const COMPANY_PATH = `/api/admin/businesses/${COMPANY_UUID}/`;
const writes = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method !== "GET").map((c) => [c.method, c.path, c.body]);

describe("/business-user/company/:uuid?", { timeout: 20_000 }, () => {
  it("creates a company, then opens its page", async () => {
    const api = serveBusiness({
      "POST /api/admin/businesses/": { status: 201, body: businessFixture({ farms: [], users: [], databases: [] }) },
      [`GET ${COMPANY_PATH}`]: { status: 200, body: businessFixture({ farms: [], users: [], databases: [] }) },
    });
    const { router } = renderBusiness("/business-user/company");

    expect(await screen.findByText("Новая компания")).toBeTruthy();
    fireEvent.click(button("Создать"));
    expect(await screen.findByText("Введите название")).toBeTruthy();
    expect(writes(api.calls)).toEqual([]);

    fireEvent.change(screen.getByLabelText("Название"), { target: { value: "  АО Молочный край " } });
    fireEvent.click(button("Создать"));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/edit-business/${COMPANY_UUID}`));
    expect(writes(api.calls)).toEqual([["POST", "/api/admin/businesses/", { name: "АО Молочный край" }]]);
    expect(await screen.findByText("Ферм пока нет")).toBeTruthy();
  });

  it("shows a taken name under the field and stays", async () => {
    serveBusiness({
      "POST /api/admin/businesses/": {
        status: 409,
        body: {
          code: "conflict",
          message: "Такая компания уже есть",
          fields: { name: "Компания с таким названием уже есть" },
        },
      },
    });
    const { router } = renderBusiness("/business-user/company");
    fireEvent.change(await screen.findByLabelText("Название"), { target: { value: "АО Молочный край" } });
    fireEvent.click(button("Создать"));
    expect(await screen.findByText("Компания с таким названием уже есть")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/business-user/company");
  });

  it("renames a company and sets its members, then goes back to it", async () => {
    const api = serveBusiness({
      [`GET ${COMPANY_PATH}`]: { status: 200, body: businessFixture() },
      [`PATCH ${COMPANY_PATH}`]: { status: 200, body: businessFixture({ name: "АО Заря" }) },
      "GET /api/admin/users/": { status: 200, body: { items: [userRowFixture()], total: 1, page: 1, page_size: 25 } },
    });
    const { router } = renderBusiness(`/business-user/company/${COMPANY_UUID}`);

    const name = (await screen.findByLabelText("Название")) as HTMLInputElement;
    expect(name.value).toBe("АО Молочный край");
    fireEvent.change(name, { target: { value: "АО Заря" } });
    const members = labelled("Пользователи компании");
    // The current members are picked already; take one off and add a found one.
    const ivanTag = await screen.findByTitle("Иван Петров (zootech)");
    fireEvent.click(ivanTag.querySelector(".ant-select-selection-item-remove") as HTMLElement);
    await pickOption(members, "Анна Петрова (petrova)");
    fireEvent.click(button("Сохранить"));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/edit-business/${COMPANY_UUID}`));
    expect(writes(api.calls)).toEqual([["PATCH", COMPANY_PATH, { name: "АО Заря", user_ids: [OLGA.id, 20] }]]);
  });
});
