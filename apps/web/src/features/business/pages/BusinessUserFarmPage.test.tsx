import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { RecordedCall } from "../../../test/mock-api.ts";
import {
  businessFixture,
  button,
  COMPANY_UUID,
  FARM_UUID,
  farmFixture,
  labelled,
  OLGA,
  pickOption,
  renderBusiness,
  serveBusiness,
} from "../test-support.tsx";

const COMPANY_PATH = `/api/admin/businesses/${COMPANY_UUID}/`;
const FARM_PATH = `/api/admin/farms/${FARM_UUID}/`;
const company = { uuid: COMPANY_UUID, name: "АО Молочный край" };
const writes = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method !== "GET").map((c) => [c.method, c.path, c.body]);

describe("/business-user/farm/:uuid?", { timeout: 20_000 }, () => {
  it("needs a name for a new farm, then sends its time zone, genetics and users and goes back", async () => {
    const api = serveBusiness({
      [`GET ${COMPANY_PATH}`]: { status: 200, body: businessFixture() },
      [`POST ${COMPANY_PATH}farms/`]: { status: 201, body: { ...farmFixture(), company } },
    });
    const { router } = renderBusiness(`/business-user/farm?company=${COMPANY_UUID}`);

    expect(await screen.findByText("Новая ферма")).toBeTruthy();
    // Moscow unless another zone is picked.
    expect(screen.getByTitle("Москва (UTC+3)")).toBeTruthy();
    fireEvent.click(button("Добавить"));
    expect(await screen.findByText("Введите название")).toBeTruthy();
    expect(writes(api.calls)).toEqual([]);

    fireEvent.change(screen.getByLabelText("Название"), { target: { value: " Ферма Северная " } });
    await pickOption(labelled("Часовой пояс"), "Новосибирск (UTC+7)");
    fireEvent.click(labelled("Генетика"));
    await pickOption(labelled("Пользователи фермы"), "Ольга Смирнова (client1)");
    fireEvent.click(button("Добавить"));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/edit-business/${COMPANY_UUID}`));
    expect(writes(api.calls)).toEqual([
      [
        "POST",
        `${COMPANY_PATH}farms/`,
        { name: "Ферма Северная", use_genetic: true, timezone: "Asia/Novosibirsk", user_ids: [OLGA.id] },
      ],
    ]);
  });

  it("shows a farm name taken in the company under the field", async () => {
    serveBusiness({
      [`GET ${COMPANY_PATH}`]: { status: 200, body: businessFixture() },
      [`POST ${COMPANY_PATH}farms/`]: {
        status: 409,
        body: {
          code: "conflict",
          message: "Такая ферма уже есть",
          fields: { name: "У компании уже есть ферма с таким названием" },
        },
      },
    });
    renderBusiness(`/business-user/farm?company=${COMPANY_UUID}`);
    fireEvent.change(await screen.findByLabelText("Название"), { target: { value: "Ферма Заречная" } });
    fireEvent.click(button("Добавить"));
    expect(await screen.findByText("У компании уже есть ферма с таким названием")).toBeTruthy();
  });

  it("asks for the company of a new farm", async () => {
    serveBusiness();
    renderBusiness("/business-user/farm");
    expect(await screen.findByText("Не выбрана компания новой фермы")).toBeTruthy();
  });

  it("edits a farm with only what changed, then goes back to its company", async () => {
    const api = serveBusiness({
      [`GET ${FARM_PATH}`]: { status: 200, body: { ...farmFixture(), company } },
      [`GET ${COMPANY_PATH}`]: { status: 200, body: businessFixture() },
      [`PATCH ${FARM_PATH}`]: {
        status: 200,
        body: { ...farmFixture({ timezone: "Europe/Samara", users: [] }), company },
      },
    });
    const { router } = renderBusiness(`/business-user/farm/${FARM_UUID}`);

    expect(await screen.findByText("Ферма «Ферма Заречная»")).toBeTruthy();
    expect((screen.getByLabelText("Название") as HTMLInputElement).value).toBe("Ферма Заречная");
    expect(screen.getByTitle("Екатеринбург (UTC+5)")).toBeTruthy();
    expect(screen.getByTitle("Иван Петров (zootech)")).toBeTruthy();
    await pickOption(labelled("Часовой пояс"), "Самара (UTC+4)");
    fireEvent.click(
      screen.getByTitle("Иван Петров (zootech)").querySelector(".ant-select-selection-item-remove") as HTMLElement,
    );
    fireEvent.click(button("Сохранить"));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/edit-business/${COMPANY_UUID}`));
    expect(writes(api.calls)).toEqual([["PATCH", FARM_PATH, { timezone: "Europe/Samara", user_ids: [] }]]);
  });

  it("says so when the farm does not exist", async () => {
    serveBusiness({ [`GET ${FARM_PATH}`]: { status: 404, body: { code: "not_found", message: "Не найдено" } } });
    renderBusiness(`/business-user/farm/${FARM_UUID}`);
    expect(await screen.findByText("Ферма не найдена")).toBeTruthy();
  });
});
