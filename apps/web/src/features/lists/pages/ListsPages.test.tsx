import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userDataFixture } from "../../../test/fixtures.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { mockSignedIn } from "../../../test/signed-in.ts";
import { COMPANY, LIST_UUID, listFixture, pickOption, serveList, summaryOf, uuid } from "../test-support.ts";

const LISTS = "GET /api/tableLists/lists/";
const TABLE_UUID = uuid(2);
const lists = [
  summaryOf(listFixture()),
  { ...summaryOf(listFixture()), uuid: uuid(3), name: "Заявки на осеменение", form_link: uuid(9), row_count: 12 },
];
const table = listFixture({ uuid: TABLE_UUID, kind: "table", name: "Цены на корма" });

describe("lists catalogue", { timeout: 20_000 }, () => {
  it("shows the user's lists with company, counts and a published form link", async () => {
    serveList(undefined, { [LISTS]: { status: 200, body: lists } });
    renderApp("/lists");

    const link = await screen.findByRole("link", { name: "Коровы на контроле" });
    expect(link.getAttribute("href")).toBe(`/lists/${LIST_UUID}`);
    const row = link.closest("tr") as HTMLElement;
    expect(row.textContent).toContain(COMPANY.name);
    const other = screen.getByText("Заявки на осеменение").closest("tr") as HTMLElement;
    expect(within(other).getByText("Опубликована").closest("a")?.getAttribute("href")).toBe(`/form/${uuid(9)}`);
    expect(other.textContent).toContain("12");
  });

  it("says when there are no lists yet", async () => {
    serveList(undefined, { [LISTS]: { status: 200, body: [] } });
    renderApp("/lists");
    expect(await screen.findByText("Списков пока нет")).toBeTruthy();
  });

  it("creates a list with a starter column in the user's company and opens it", async () => {
    const created = listFixture({ uuid: uuid(4), name: "Новый список", columns: [], rows: [] });
    const api = serveList(created, {
      [LISTS]: { status: 200, body: [] },
      "POST /api/tableLists/lists/": { status: 201, body: created },
    });
    const { router } = renderApp("/lists");
    fireEvent.click(await screen.findByText("Создать список"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Название"), { target: { value: "Новый список" } });
    fireEvent.click(within(dialog).getByText("Добавить столбец"));
    fireEvent.change(await within(dialog).findByLabelText("Название столбца"), { target: { value: "Кличка" } });
    fireEvent.click(within(dialog).getByText("Создать список").closest("button") as HTMLElement);

    await waitFor(() => expect(router.state.location.pathname).toBe(`/lists/${uuid(4)}`));
    expect(api.calls.find((c) => c.method === "POST" && c.path === "/api/tableLists/lists/")?.body).toEqual({
      name: "Новый список",
      kind: "list",
      company_uuid: COMPANY.uuid,
      columns: [{ name: "Кличка", type: "text", options: [] }],
    });
  });

  it("lets only managers create, rename and delete", async () => {
    serveList(undefined, { [LISTS]: { status: 200, body: lists } }, [6]);
    renderApp("/lists");
    await screen.findByRole("link", { name: "Коровы на контроле" });
    expect(screen.queryByText("Создать список")).toBeNull();
    expect(document.querySelector('[aria-label="Удалить «Коровы на контроле»"]')).toBeNull();
  });

  it("renames a list", async () => {
    const api = serveList(undefined, {
      [LISTS]: { status: 200, body: lists },
      [`PATCH /api/tableLists/lists/${LIST_UUID}/`]: (call) => ({
        status: 200,
        body: { ...lists[0], ...(call.body as object) },
      }),
    });
    renderApp("/lists");
    await screen.findByRole("link", { name: "Коровы на контроле" });
    fireEvent.click(document.querySelector('[aria-label="Переименовать «Коровы на контроле»"]') as HTMLElement);
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Название"), { target: { value: "Коровы: контроль" } });
    fireEvent.click(within(dialog).getByText("Сохранить").closest("button") as HTMLElement);
    expect(await screen.findByRole("link", { name: "Коровы: контроль" })).toBeTruthy();
    expect(api.calls.find((c) => c.method === "PATCH")?.body).toEqual({ name: "Коровы: контроль" });
  });

  it("is «Раздел недоступен» without the lists flag", async () => {
    const api = mockSignedIn(userDataFixture({ table_lists: false }));
    renderApp("/lists");
    expect(await screen.findByText("Раздел недоступен")).toBeTruthy();
    expect(api.calls.some((c) => c.path.startsWith("/api/tableLists/"))).toBe(false);
  });

  it("says when a list does not exist", async () => {
    serveList(undefined, {
      [`GET /api/tableLists/lists/${uuid(77)}/`]: { status: 404, body: { code: "not_found", message: "Не найдено" } },
    });
    renderApp(`/lists/${uuid(77)}`);
    expect(await screen.findByText("Такого списка нет или у вас нет к нему доступа.")).toBeTruthy();
  });
});

describe("tables", { timeout: 20_000 }, () => {
  it("lists tables with a link to their editor", async () => {
    serveList(undefined, { [LISTS]: { status: 200, body: [summaryOf(table)] } });
    renderApp("/services/tables");
    const link = await screen.findByRole("link", { name: "Цены на корма" });
    expect(link.getAttribute("href")).toBe(`/services/tables-edit/${TABLE_UUID}`);
  });

  it("asks the server for tables, not lists", async () => {
    const api = serveList(undefined, { [LISTS]: { status: 200, body: [] } });
    renderApp("/services/tables");
    expect(await screen.findByText("Таблиц пока нет")).toBeTruthy();
    const call = api.fetchMock.mock.calls.find(([url]) => String(url).startsWith("/api/tableLists/lists/"));
    expect(String(call?.[0])).toBe("/api/tableLists/lists/?kind=table");
  });

  it("creates a table on the editor page and opens it", async () => {
    const api = serveList(table, { "POST /api/tableLists/lists/": { status: 201, body: table } });
    const { router } = renderApp("/services/tables-edit");
    fireEvent.change(await screen.findByLabelText("Название"), { target: { value: "Цены на корма" } });
    fireEvent.click(screen.getByText("Добавить столбец"));
    fireEvent.change(await screen.findByLabelText("Название столбца"), { target: { value: "Корм" } });
    pickOption(screen.getByLabelText("Тип"), "Выбор из списка");
    fireEvent.change(await screen.findByLabelText("Вариант 1"), { target: { value: "Силос" } });
    fireEvent.click(screen.getByText("Создать таблицу").closest("button") as HTMLElement);

    await waitFor(() => expect(router.state.location.pathname).toBe(`/services/tables-edit/${TABLE_UUID}`));
    expect(api.calls.find((c) => c.method === "POST" && c.path === "/api/tableLists/lists/")?.body).toEqual({
      name: "Цены на корма",
      kind: "table",
      company_uuid: COMPANY.uuid,
      columns: [{ name: "Корм", type: "select", options: [{ name: "Силос", color: "#1677ff" }] }],
    });
  });

  it.each([
    [6, "a viewer"],
    [7, "a client"],
  ])("offers role %i (%s) no new-table form, even by its address", async (role) => {
    serveList(undefined, {}, [role]);
    renderApp("/services/tables-edit");

    expect(await screen.findByText("Недостаточно прав")).toBeTruthy();
    expect(
      screen.getByText("Создавать таблицы могут сотрудники компании, кроме наблюдателей и клиентов."),
    ).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Новая таблица" })).toBeNull();
    expect(screen.queryByLabelText("Название")).toBeNull();
    expect(screen.queryByText("Создать таблицу")).toBeNull();
  });

  it("edits a table: its structure above its rows, with the import", async () => {
    serveList(table);
    renderApp(`/services/tables-edit/${TABLE_UUID}`);
    expect(await screen.findByText("Структура таблицы")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Цены на корма" })).toBeTruthy();
    expect(screen.getByText("Добавить столбец")).toBeTruthy();
    expect(screen.getByText("Загрузить из файла")).toBeTruthy();
    expect(screen.getAllByText("Зорька").length).toBeGreaterThan(0);
  });

  it("is «Раздел недоступен» without the tables flag", async () => {
    mockSignedIn(userDataFixture({ tables_enabled: false }));
    renderApp("/services/tables");
    expect(await screen.findByText("Раздел недоступен")).toBeTruthy();
  });
});
