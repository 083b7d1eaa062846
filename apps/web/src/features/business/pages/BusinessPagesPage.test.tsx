import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  adminData,
  button,
  COMPANY_UUID,
  OTHER_COMPANY_UUID,
  queriesTo,
  renderBusiness,
  serveBusiness,
} from "../test-support.tsx";

const LIST_PATH = "/api/admin/businesses/";
const rows = [
  { uuid: COMPANY_UUID, name: "АО Молочный край", farms_count: 3, users_count: 1250, databases_count: 2 },
  { uuid: OTHER_COMPANY_UUID, name: "ООО Рассвет", farms_count: 0, users_count: 0, databases_count: 0 },
];
const listAnswer = { status: 200, body: { items: rows, total: 60, page: 1, page_size: 25 } };

async function rowOf(name: string) {
  return (await screen.findByText(name, { selector: "a" })).closest("tr") as HTMLElement;
}

describe("/business-pages", { timeout: 20_000 }, () => {
  it("lists companies with their farms, users and databases, each a link to its page", async () => {
    serveBusiness({ [`GET ${LIST_PATH}`]: listAnswer });
    renderBusiness("/business-pages");

    const first = await rowOf("АО Молочный край");
    expect([...first.querySelectorAll("td")].map((cell) => cell.textContent)).toEqual([
      "АО Молочный край",
      "3",
      "1\u00a0250",
      "2",
    ]);
    expect(button("АО Молочный край", first).getAttribute("href")).toBe(`/edit-business/${COMPANY_UUID}`);
    expect(await rowOf("ООО Рассвет")).toBeTruthy();
    expect(screen.getByText("Всего: 60")).toBeTruthy();
  });

  it("puts the search and the page in the URL and the query", async () => {
    const api = serveBusiness({ [`GET ${LIST_PATH}`]: listAnswer });
    const { router } = renderBusiness("/business-pages");
    await rowOf("АО Молочный край");

    const search = screen.getByLabelText("Поиск");
    for (const typed of ["з", "за", "зар"]) fireEvent.change(search, { target: { value: typed } });
    await waitFor(() => expect(router.state.location.search).toBe("?q=%D0%B7%D0%B0%D1%80"));
    await waitFor(() => expect(queriesTo(api, LIST_PATH).at(-1)?.get("q")).toBe("зар"));
    expect(queriesTo(api, LIST_PATH).map((q) => q.get("q"))).toEqual(["", "зар"]);

    fireEvent.click(await screen.findByTitle("2"));
    await waitFor(() => expect(queriesTo(api, LIST_PATH).at(-1)?.get("page")).toBe("2"));
    expect(Object.fromEntries(queriesTo(api, LIST_PATH).at(-1) ?? [])).toEqual({ q: "зар", page: "2" });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ q: "зар", page: "2" });
  });

  it("reads the search and page from the URL, and says when nothing matched", async () => {
    const api = serveBusiness({
      [`GET ${LIST_PATH}`]: { status: 200, body: { items: [], total: 0, page: 3, page_size: 25 } },
    });
    renderBusiness("/business-pages?q=луг&page=3");
    expect(await screen.findByText("Ничего не найдено")).toBeTruthy();
    expect(Object.fromEntries(queriesTo(api, LIST_PATH)[0] ?? [])).toEqual({ q: "луг", page: "3" });
  });

  it("«Добавить компанию» opens the new company form", async () => {
    serveBusiness({ [`GET ${LIST_PATH}`]: listAnswer });
    const { router } = renderBusiness("/business-pages");
    await rowOf("АО Молочный край");

    fireEvent.click(button(/Добавить компанию/));
    await waitFor(() => expect(router.state.location.pathname).toBe("/business-user/company"));
    expect(await screen.findByText("Новая компания")).toBeTruthy();
  });

  it("offers a retry when the list fails", async () => {
    let status = 500;
    serveBusiness({
      [`GET ${LIST_PATH}`]: () =>
        status === 500 ? { status, body: { code: "internal", message: "Что-то пошло не так..." } } : listAnswer,
    });
    renderBusiness("/business-pages");
    expect(await screen.findByText("Список компаний не загрузился.")).toBeTruthy();
    status = 200;
    fireEvent.click(button("Повторить"));
    expect(await rowOf("АО Молочный край")).toBeTruthy();
  });

  it("is for admins only: others see «Недостаточно прав» and nothing is asked", async () => {
    const api = serveBusiness({}, adminData({ groups: [7] }));
    renderBusiness("/business-pages");
    expect(await screen.findByText("Недостаточно прав")).toBeTruthy();
    expect(api.calls.filter((call) => call.path.startsWith("/api/admin/"))).toEqual([]);
  });
});
