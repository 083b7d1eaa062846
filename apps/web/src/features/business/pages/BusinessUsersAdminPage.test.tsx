import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  businessUserFixture,
  button,
  COMPANY_UUID,
  FARM_UUID,
  labelled,
  OTHER_COMPANY_UUID,
  pickOption,
  queriesTo,
  renderBusiness,
  serveBusiness,
} from "../test-support.tsx";

const USERS_PATH = "/api/admin/business-users/";
const rows = [
  businessUserFixture(),
  businessUserFixture({
    id: 12,
    name: "Иван Петров",
    username: "zootech",
    role: 3,
    is_active: false,
    farms: [{ uuid: FARM_UUID, name: "Ферма Заречная" }],
    databases: [{ uuid: "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d", name: "Архив", active: false }],
    reports_count: 0,
    iframe_groups_count: 2,
  }),
];
const usersAnswer = { status: 200, body: { items: rows, total: 2, page: 1, page_size: 25 } };
const companiesAnswer = {
  status: 200,
  body: {
    items: [
      { uuid: COMPANY_UUID, name: "АО Молочный край", farms_count: 2, users_count: 2, databases_count: 1 },
      { uuid: OTHER_COMPANY_UUID, name: "ООО Рассвет", farms_count: 0, users_count: 0, databases_count: 0 },
    ],
    total: 2,
    page: 1,
    page_size: 25,
  },
};

async function rowOf(username: string) {
  return (await screen.findByText(username)).closest("tr") as HTMLElement;
}

describe("/admin/business_users", { timeout: 20_000 }, () => {
  it("lists business users with companies, farms, databases and what they are given", async () => {
    serveBusiness({ [`GET ${USERS_PATH}`]: usersAnswer, "GET /api/admin/businesses/": companiesAnswer });
    renderBusiness("/admin/business_users");

    const olga = await rowOf("client1");
    const cells = (row: HTMLElement) => [...row.querySelectorAll("td")].map((cell) => cell.textContent);
    expect(cells(olga)).toEqual([
      "Ольга Смирноваclient1",
      "Клиент",
      "АО Молочный край",
      "все фермы",
      "Стадо Заречная",
      "3",
      "1",
      "Активен",
      "Изменить доступ",
    ]);
    expect(button("Изменить доступ", olga).getAttribute("href")).toBe("/manage-users?q=client1");
    const ivan = await rowOf("zootech");
    expect(cells(ivan)).toEqual([
      "Иван Петровzootech",
      "Зоотехник",
      "АО Молочный край",
      "Ферма Заречная",
      "Архив (отключена)",
      "0",
      "2",
      "Отключён",
      "Изменить доступ",
    ]);
  });

  it("asks for clients only by default; the search, company and switch go to the URL and the query", async () => {
    const api = serveBusiness({ [`GET ${USERS_PATH}`]: usersAnswer, "GET /api/admin/businesses/": companiesAnswer });
    const { router } = renderBusiness("/admin/business_users");
    await rowOf("client1");
    expect(Object.fromEntries(queriesTo(api, USERS_PATH)[0] ?? [])).toEqual({ q: "", clients_only: "true", page: "1" });

    fireEvent.change(screen.getByLabelText("Поиск"), { target: { value: "ольга" } });
    await waitFor(() => expect(queriesTo(api, USERS_PATH).at(-1)?.get("q")).toBe("ольга"));
    await pickOption(labelled("Компания"), "ООО Рассвет");
    await waitFor(() => expect(queriesTo(api, USERS_PATH).at(-1)?.get("company_uuid")).toBe(OTHER_COMPANY_UUID));
    fireEvent.click(labelled("Только клиенты"));
    await waitFor(() => expect(queriesTo(api, USERS_PATH).at(-1)?.get("clients_only")).toBe("false"));

    expect(Object.fromEntries(queriesTo(api, USERS_PATH).at(-1) ?? [])).toEqual({
      q: "ольга",
      company_uuid: OTHER_COMPANY_UUID,
      clients_only: "false",
      page: "1",
    });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      q: "ольга",
      company: OTHER_COMPANY_UUID,
      clients: "all",
    });
  });

  it("reads the filters from the URL", async () => {
    const api = serveBusiness({
      [`GET ${USERS_PATH}`]: { status: 200, body: { items: [], total: 0, page: 2, page_size: 25 } },
      "GET /api/admin/businesses/": companiesAnswer,
    });
    renderBusiness(`/admin/business_users?q=ivan&company=${COMPANY_UUID}&clients=all&page=2`);
    expect(await screen.findByText("Никого не найдено")).toBeTruthy();
    expect(Object.fromEntries(queriesTo(api, USERS_PATH)[0] ?? [])).toEqual({
      q: "ivan",
      company_uuid: COMPANY_UUID,
      clients_only: "false",
      page: "2",
    });
    expect(await screen.findByTitle("АО Молочный край")).toBeTruthy();
  });
});
