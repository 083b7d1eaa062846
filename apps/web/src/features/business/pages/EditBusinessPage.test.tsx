import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { RecordedCall } from "../../../test/mock-api.ts";
import {
  adminData,
  businessFixture,
  button,
  COMPANY_UUID,
  DATABASE_UUID,
  DTM_UUID,
  databaseFixture,
  dtmFixture,
  FARM_UUID,
  IVAN,
  labelled,
  OLGA,
  OTHER_FARM_UUID,
  pickOption,
  renderBusiness,
  serveBusiness,
  userRowFixture,
} from "../test-support.tsx";

const COMPANY_PATH = `/api/admin/businesses/${COMPANY_UUID}/`;
const GET_COMPANY = `GET ${COMPANY_PATH}`;
const PAGE = `/edit-business/${COMPANY_UUID}`;

const writes = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method !== "GET").map((c) => [c.method, c.path, c.body]);

async function rowOf(text: string) {
  return (await screen.findByText(text)).closest("tr") as HTMLElement;
}

/** The open confirmation popover. */
async function popconfirm(title: string) {
  return (await screen.findByText(title)).closest(".ant-popover") as HTMLElement;
}

/** The open modal (the database form). */
async function modal() {
  return waitFor(() => {
    const found = document.querySelector(".ant-modal-wrap:not([style*='display: none']) .ant-modal");
    if (!found?.querySelector("form")) throw new Error("no modal form");
    return found as HTMLElement;
  });
}

describe("/edit-business/:id", { timeout: 20_000 }, () => {
  it("shows the company's farms with genetics, time zone and their users", async () => {
    serveBusiness({ [GET_COMPANY]: { status: 200, body: businessFixture() } });
    renderBusiness(PAGE);

    expect(await screen.findByText("АО Молочный край", { selector: "h2" })).toBeTruthy();
    const farm = await rowOf("Ферма Заречная");
    expect(farm.textContent).toContain("Да");
    expect(farm.textContent).toContain("Екатеринбург (UTC+5)");
    expect(farm.textContent).toContain("Иван Петров (zootech)");
    expect(button("Ферма Заречная", farm).getAttribute("href")).toBe(`/business-user/farm/${FARM_UUID}`);
    expect((await rowOf("Ферма Луговая")).textContent).toContain("Нет");
    expect(screen.getByText("Базы данных (1)")).toBeTruthy();
    expect(button(/Добавить ферму/).getAttribute("href")).toBe(`/business-user/farm?company=${COMPANY_UUID}`);
  });

  it("deletes a farm after confirming, and shows the server's 409 message", async () => {
    let answer: { status: number; body?: unknown } = {
      status: 409,
      body: { code: "conflict", message: "К ферме привязана база данных: сначала отвяжите её" },
    };
    const api = serveBusiness({
      [GET_COMPANY]: { status: 200, body: businessFixture() },
      [`DELETE /api/admin/farms/${FARM_UUID}/`]: () => answer,
    });
    renderBusiness(PAGE);

    fireEvent.click(button("Удалить ферму «Ферма Заречная»", await rowOf("Ферма Заречная")));
    const confirm = await popconfirm("Удалить ферму «Ферма Заречная»?");
    fireEvent.click(button(/Удалить$/, confirm));
    expect(await screen.findByText("К ферме привязана база данных: сначала отвяжите её")).toBeTruthy();

    answer = { status: 204 };
    fireEvent.click(button("Удалить ферму «Ферма Заречная»", await rowOf("Ферма Заречная")));
    fireEvent.click(button(/Удалить$/, await popconfirm("Удалить ферму «Ферма Заречная»?")));
    expect(await screen.findByText("Ферма удалена")).toBeTruthy();
    expect(writes(api.calls)).toEqual([
      ["DELETE", `/api/admin/farms/${FARM_UUID}/`, undefined],
      ["DELETE", `/api/admin/farms/${FARM_UUID}/`, undefined],
    ]);
  });

  it("refuses to delete a company with databases (409), and deletes one without", async () => {
    let answer: { status: number; body?: unknown } = {
      status: 409,
      body: { code: "conflict", message: "У компании есть базы данных: отключите их вместо удаления" },
    };
    const api = serveBusiness({
      [GET_COMPANY]: { status: 200, body: businessFixture() },
      [`DELETE ${COMPANY_PATH}`]: () => answer,
      "GET /api/admin/businesses/": { status: 200, body: { items: [], total: 0, page: 1, page_size: 25 } },
    });
    const { router } = renderBusiness(PAGE);

    fireEvent.click(await waitFor(() => button(/Удалить компанию/)));
    fireEvent.click(button(/Удалить$/, await popconfirm("Удалить компанию «АО Молочный край»?")));
    expect(await screen.findByText("У компании есть базы данных: отключите их вместо удаления")).toBeTruthy();
    expect(router.state.location.pathname).toBe(PAGE);

    answer = { status: 204 };
    fireEvent.click(button(/Удалить компанию/));
    fireEvent.click(button(/Удалить$/, await popconfirm("Удалить компанию «АО Молочный край»?")));
    await waitFor(() => expect(router.state.location.pathname).toBe("/business-pages"));
    expect(writes(api.calls)).toHaveLength(2);
  });

  it("renames the company inline and shows a taken name under the field", async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: {
        code: "conflict",
        message: "Такая компания уже есть",
        fields: { name: "Компания с таким названием уже есть" },
      },
    };
    const api = serveBusiness({
      [GET_COMPANY]: { status: 200, body: businessFixture() },
      [`PATCH ${COMPANY_PATH}`]: () => answer,
    });
    renderBusiness(PAGE);

    fireEvent.click(await waitFor(() => button("Переименовать компанию")));
    fireEvent.change(screen.getByLabelText("Название компании"), { target: { value: " ООО Рассвет " } });
    fireEvent.click(button("Сохранить"));
    expect(await screen.findByText("Компания с таким названием уже есть")).toBeTruthy();

    answer = { status: 200, body: businessFixture({ name: "АО Заря" }) };
    fireEvent.change(screen.getByLabelText("Название компании"), { target: { value: "АО Заря" } });
    fireEvent.click(button("Сохранить"));
    expect(await screen.findByText("АО Заря", { selector: "h2" })).toBeTruthy();
    expect(writes(api.calls)).toEqual([
      ["PATCH", COMPANY_PATH, { name: "ООО Рассвет" }],
      ["PATCH", COMPANY_PATH, { name: "АО Заря" }],
    ]);
  });

  it("adds found users to the members and removes one (the whole user_ids each time)", async () => {
    const api = serveBusiness({
      [GET_COMPANY]: { status: 200, body: businessFixture() },
      "GET /api/admin/users/": {
        status: 200,
        body: {
          items: [userRowFixture(), userRowFixture({ id: IVAN.id, username: IVAN.username, name: IVAN.name })],
          total: 2,
          page: 1,
          page_size: 25,
        },
      },
      [`PATCH ${COMPANY_PATH}`]: (call) => ({
        status: 200,
        body: businessFixture({
          users: [IVAN, OLGA, { id: 20, name: "Анна Петрова", username: "petrova", role: 7 }].filter((user) =>
            (call.body as { user_ids: number[] }).user_ids.includes(user.id),
          ),
        }),
      }),
    });
    const { router } = renderBusiness(`${PAGE}?tab=users`);

    const ivan = await rowOf("zootech");
    expect(ivan.textContent).toContain("Зоотехник");
    expect(button("Иван Петров", ivan).getAttribute("href")).toBe("/manage-users?q=zootech");
    expect((await rowOf("client1")).textContent).toContain("Клиент");

    // Members are not offered again.
    const search = labelled("Добавить пользователей");
    await pickOption(search, "Анна Петрова (petrova)");
    expect(document.querySelector('.ant-select-item-option[title="Иван Петров (zootech)"]')).toBeNull();
    fireEvent.click(button("Добавить"));
    expect(await rowOf("petrova")).toBeTruthy();

    fireEvent.click(button("Убрать «Иван Петров» из компании", await rowOf("zootech")));
    fireEvent.click(button(/Убрать$/, await popconfirm("Убрать «Иван Петров» из компании?")));
    await waitFor(() => expect(screen.queryByText("zootech")).toBeNull());
    expect(writes(api.calls)).toEqual([
      ["PATCH", COMPANY_PATH, { user_ids: [IVAN.id, OLGA.id, 20] }],
      ["PATCH", COMPANY_PATH, { user_ids: [OLGA.id, 20] }],
    ]);
    expect(router.state.location.search).toBe("?tab=users");
  });

  // Every field of the modal filled and checked: the longest test here.
  it("registers a database with every field from the modal, its kind required", { timeout: 40_000 }, async () => {
    const api = serveBusiness({
      [GET_COMPANY]: { status: 200, body: businessFixture() },
      [`POST ${COMPANY_PATH}databases/`]: {
        status: 201,
        body: databaseFixture({ uuid: "4f5a6b7c-8d9e-4f0a-9b1c-2d3e4f5a6b7c" }),
      },
    });
    renderBusiness(`${PAGE}?tab=databases`);

    const existing = await rowOf("Стадо Заречная");
    expect(existing.textContent).toContain("db1.nadoy.local");
    expect(existing.textContent).toContain("herd");
    expect(existing.textContent).toContain("Ферма Заречная");
    expect(existing.textContent).toContain("Ольга Смирнова (client1)");
    expect(existing.textContent).toContain("Данные стада");

    fireEvent.click(button(/Добавить базу данных/));
    const form = await modal();
    fireEvent.click(button("Добавить", form));
    expect(await within(form).findByText("Укажите сервер")).toBeTruthy();
    expect(await within(form).findByText("Выберите, что хранит база")).toBeTruthy();

    fireEvent.change(within(form).getByLabelText("Название"), { target: { value: " Корма Луговая " } });
    fireEvent.change(within(form).getByLabelText("Сервер"), { target: { value: "db2.nadoy.local" } });
    fireEvent.change(within(form).getByLabelText("Имя базы"), { target: { value: "корма" } });
    fireEvent.click(button("Добавить", form));
    expect(await within(form).findByText("Только латинские буквы, цифры и символы _ . -")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Имя базы"), { target: { value: "feed_2026" } });
    await pickOption(labelled("Что хранит база", form), "Бухгалтерия (1С)");
    await pickOption(labelled("Ферма", form), "Ферма Луговая");
    await pickOption(labelled("Пользователи базы", form), "Иван Петров (zootech)");
    fireEvent.click(labelled("Включена", form));
    fireEvent.click(button("Добавить", form));

    expect(await screen.findByText("База данных добавлена")).toBeTruthy();
    expect(writes(api.calls)).toEqual([
      [
        "POST",
        `${COMPANY_PATH}databases/`,
        {
          name: "Корма Луговая",
          server: "db2.nadoy.local",
          db_name: "feed_2026",
          kind: "accounting",
          active: false,
          farm_uuid: OTHER_FARM_UUID,
          user_ids: [IVAN.id],
        },
      ],
    ]);
  });

  it("edits a database with only the changed fields, shows a 409 there, and switches one off from the table", async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: {
        code: "conflict",
        message: "Такая база уже есть",
        fields: { db_name: "База с таким именем на этом сервере уже есть" },
      },
    };
    const api = serveBusiness({
      [GET_COMPANY]: { status: 200, body: businessFixture() },
      [`PATCH /api/admin/databases/${DATABASE_UUID}/`]: () => answer,
    });
    renderBusiness(`${PAGE}?tab=databases`);

    fireEvent.click(button("Изменить базу «Стадо Заречная»", await rowOf("Стадо Заречная")));
    const form = await modal();
    expect((within(form).getByLabelText("Сервер") as HTMLInputElement).value).toBe("db1.nadoy.local");
    fireEvent.change(within(form).getByLabelText("Имя базы"), { target: { value: "herd2" } });
    await pickOption(labelled("Что хранит база", form), "Мониторинг оборудования");
    await pickOption(labelled("Ферма", form), "Вся компания");
    fireEvent.click(button("Сохранить", form));
    expect(await within(form).findByText("База с таким именем на этом сервере уже есть")).toBeTruthy();

    answer = { status: 200, body: databaseFixture({ db_name: "herd2", farm_uuid: null }) };
    fireEvent.click(button("Сохранить", form));
    expect(await screen.findByText("Изменения сохранены")).toBeTruthy();

    answer = { status: 200, body: databaseFixture({ active: false }) };
    fireEvent.click(labelled("База «Стадо Заречная» включена", await rowOf("Стадо Заречная")));
    await waitFor(() => expect(writes(api.calls)).toHaveLength(3));
    expect(writes(api.calls)).toEqual([
      ["PATCH", `/api/admin/databases/${DATABASE_UUID}/`, { db_name: "herd2", kind: "monitoring", farm_uuid: null }],
      ["PATCH", `/api/admin/databases/${DATABASE_UUID}/`, { db_name: "herd2", kind: "monitoring", farm_uuid: null }],
      ["PATCH", `/api/admin/databases/${DATABASE_UUID}/`, { active: false }],
    ]);
  });

  it("lists the company's DTM codes, adds a trimmed one and shows a taken or malformed code under the field", async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: {
        code: "conflict",
        message: "У компании уже есть такой код DTM",
        fields: { company_code: "У компании уже есть такой код DTM" },
      },
    };
    const api = serveBusiness({
      [GET_COMPANY]: { status: 200, body: businessFixture() },
      [`POST ${COMPANY_PATH}dtm/`]: () => answer,
    });
    renderBusiness(`${PAGE}?tab=dtm`);

    expect((await rowOf("ZR-001")).textContent).toContain("Иван Петров (zootech)");
    const field = labelled("Новый код DTM");
    fireEvent.change(field, { target: { value: "ZR 002" } });
    fireEvent.click(button("Добавить код"));
    expect(await screen.findByText("Только буквы, цифры и символы - _")).toBeTruthy();

    fireEvent.change(field, { target: { value: " ZR-001 " } });
    fireEvent.click(button("Добавить код"));
    expect(await screen.findByText("У компании уже есть такой код DTM")).toBeTruthy();

    answer = {
      status: 201,
      body: dtmFixture({ uuid: "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e", company_code: "ZR-002" }),
    };
    fireEvent.change(field, { target: { value: "ZR-002" } });
    fireEvent.click(button("Добавить код"));
    expect(await screen.findByText("Код DTM добавлен")).toBeTruthy();
    await waitFor(() => expect((labelled("Новый код DTM") as HTMLInputElement).value).toBe(""));
    expect(writes(api.calls)).toEqual([
      ["POST", `${COMPANY_PATH}dtm/`, { company_code: "ZR-001" }],
      ["POST", `${COMPANY_PATH}dtm/`, { company_code: "ZR-002" }],
    ]);
  });

  it("deletes a DTM code after confirming", async () => {
    const api = serveBusiness({
      [GET_COMPANY]: { status: 200, body: businessFixture() },
      [`DELETE /api/admin/dtm/${DTM_UUID}/`]: { status: 204 },
    });
    renderBusiness(`${PAGE}?tab=dtm`);

    fireEvent.click(button("Удалить код «ZR-001»", await rowOf("ZR-001")));
    fireEvent.click(button(/Удалить$/, await popconfirm("Удалить код «ZR-001»?")));

    expect(await screen.findByText("Код DTM удалён")).toBeTruthy();
    expect(writes(api.calls)).toEqual([["DELETE", `/api/admin/dtm/${DTM_UUID}/`, undefined]]);
  });

  it("says so when the company does not exist", async () => {
    serveBusiness({ [GET_COMPANY]: { status: 404, body: { code: "not_found", message: "Не найдено" } } });
    renderBusiness(PAGE);
    expect(await screen.findByText("Компания не найдена")).toBeTruthy();
  });

  it("shows no company to a user who is not an admin, and asks nothing", async () => {
    const api = serveBusiness({}, adminData({ groups: [3] }));
    renderBusiness(PAGE);
    expect(await screen.findByText("Недостаточно прав")).toBeTruthy();
    expect(api.calls.filter((c) => c.path.startsWith("/api/admin/"))).toEqual([]);
  });
});
