import { FormValueText } from "@nadoy/contract/form-values";
import type { ListView } from "@nadoy/contract/list-view";
import type { ListRow } from "@nadoy/contract/lists";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { RecordedCall } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";
import {
  cellOf,
  col,
  columnIndex,
  DRY,
  grid,
  LIST_UUID,
  labelledIn,
  listFixture,
  pickOption,
  ROWS,
  rowId,
  rowOf,
  serveList,
  shownNames,
} from "../test-support.ts";

const LIST_PATH = `/lists/${LIST_UUID}`;
const rowPath = (id: string) => `/api/tableLists/rows/${id}/`;

/** The server's answer to a PATCH: the row with the sent values. */
function patchedRow(call: RecordedCall) {
  const id = call.path.split("/").at(-2) ?? "";
  const row = ROWS.find((r) => r.uuid === id) as ListRow;
  const { values } = call.body as { values: ListRow["values"] };
  return { status: 200, body: { ...row, values: { ...row.values, ...values } } };
}

const patches = (calls: RecordedCall[]) => calls.filter((c) => c.method === "PATCH");

async function openGrid(extra: Parameters<typeof serveList>[1] = {}, list = listFixture()) {
  const api = serveList(list, extra);
  renderApp(LIST_PATH);
  await screen.findByText("Зорька");
  return api;
}

describe("list grid: display", { timeout: 60_000 }, () => {
  it("shows every type of cell", async () => {
    await openGrid();
    expect(shownNames()).toEqual(["Зорька", "Белка", "Ночка"]);
    expect(cellOf("Зорька", "Надой").textContent).toBe("1\u00a0234,5");
    expect(cellOf("Зорька", "Жирность").textContent).toBe("3,6\u00a0%");
    expect(cellOf("Зорька", "Дата отёла").textContent).toBe("08.03.2025");
    expect(within(cellOf("Зорька", "Здорова")).getByRole("checkbox")).toHaveProperty("checked", true);
    expect(within(cellOf("Белка", "Здорова")).getByRole("checkbox")).toHaveProperty("checked", false);
    expect(cellOf("Зорька", "Метки").textContent).toBe("Ремонт");
    expect(cellOf("Зорька", "Группа").textContent).toBe("Дойная");
    expect(cellOf("Зорька", "Телефон").textContent).toBe("+7 916 123-45-67");
    const link = within(cellOf("Зорька", "Карточка")).getByRole("link");
    expect(link.getAttribute("href")).toBe("https://example.ru/cows/1");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(screen.getByText("3 строки")).toBeTruthy();
  });

  it("wraps a column header only between words, with an ellipsis and the full name for a too-long word", async () => {
    await openGrid();
    const header = within(grid()).getAllByRole("columnheader")[columnIndex("Дата отёла")] as HTMLElement;
    const title = within(header).getByTitle("Дата отёла");
    const style = getComputedStyle(title);
    expect([style.wordBreak, style.overflowWrap, style.whiteSpace]).toEqual(["normal", "normal", "normal"]);
    expect([style.overflow, style.textOverflow]).toEqual(["hidden", "ellipsis"]);
  });
});

describe("list grid: inline editing", { timeout: 60_000 }, () => {
  it("saves a text cell on Enter and keeps the new text", async () => {
    const api = await openGrid({ [`PATCH ${rowPath(rowId.zorka)}`]: patchedRow });
    fireEvent.click(cellOf("Зорька", "Кличка"));
    const input = screen.getByRole("textbox", { name: "Кличка" });
    expect((input as HTMLInputElement).value).toBe("Зорька");
    fireEvent.change(input, { target: { value: "Зорька II" } });
    fireEvent.keyDown(input, { key: "Enter" });

    await waitFor(() => expect(patches(api.calls)).toHaveLength(1));
    expect(patches(api.calls)[0]).toMatchObject({
      path: rowPath(rowId.zorka),
      body: { values: { [col.name]: "Зорька II" } },
    });
    expect(await screen.findByText("Зорька II")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Кличка" })).toBeNull();
  });

  it("cancels on Esc without a call", async () => {
    const api = await openGrid();
    fireEvent.click(cellOf("Белка", "Кличка"));
    const input = screen.getByRole("textbox", { name: "Кличка" });
    fireEvent.change(input, { target: { value: "Лиса" } });
    fireEvent.keyDown(input, { key: "Escape" });
    expect(screen.queryByRole("textbox", { name: "Кличка" })).toBeNull();
    expect(cellOf("Белка", "Кличка").textContent).toBe("Белка");
    expect(patches(api.calls)).toHaveLength(0);
  });

  it("edits a number with its raw value, takes a comma as the decimal dot and sends a float on blur", async () => {
    const api = await openGrid({ [`PATCH ${rowPath(rowId.zorka)}`]: patchedRow });
    fireEvent.click(cellOf("Зорька", "Надой"));
    const input = screen.getByRole("textbox", { name: "Надой" }) as HTMLInputElement;
    expect(input.value).toBe("1234.5");
    fireEvent.change(input, { target: { value: "412,5" } });
    expect(input.value).toBe("412.5");
    expect(screen.queryByRole("tooltip")).toBeNull();
    fireEvent.blur(input);

    await waitFor(() => expect(patches(api.calls)).toHaveLength(1));
    expect(patches(api.calls)[0]?.body).toEqual({ values: { [col.milk]: 412.5 } });
    await waitFor(() => expect(cellOf("Зорька", "Надой").textContent).toBe("412,5"));
  });

  it("says which typed characters a number cell refused instead of dropping them silently", async () => {
    await openGrid();
    fireEvent.click(cellOf("Зорька", "Надой"));
    const input = screen.getByRole("textbox", { name: "Надой" }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "12a.5.0" } });
    expect(input.value).toBe("12.50");
    expect((await screen.findByRole("tooltip")).textContent).toBe(
      "Можно вводить только цифры, минус в начале и одну запятую; не принято: «a», «.»",
    );
    expect(input.className).toContain("ant-input-status-warning");
    fireEvent.change(input, { target: { value: "12.505" } });
    expect(input.className).not.toContain("ant-input-status-warning");
  });

  it("takes a date typed as the grid shows it (DD.MM.YYYY)", async () => {
    const api = await openGrid({ [`PATCH ${rowPath(rowId.zorka)}`]: patchedRow });
    fireEvent.click(cellOf("Зорька", "Дата отёла"));
    const input = screen.getByRole("textbox", { name: "Дата отёла" }) as HTMLInputElement;
    expect(input.value).toBe("08.03.2025");
    fireEvent.change(input, { target: { value: "15.04.2025" } });
    fireEvent.keyDown(input, { key: "Enter" });

    await waitFor(() => expect(patches(api.calls)).toHaveLength(1));
    expect(patches(api.calls)[0]?.body).toEqual({ values: { [col.date]: "2025-04-15" } });
    await waitFor(() => expect(cellOf("Зорька", "Дата отёла").textContent).toBe("15.04.2025"));
  });

  it("edits a percent with a comma", async () => {
    const api = await openGrid({ [`PATCH ${rowPath(rowId.belka)}`]: patchedRow });
    fireEvent.click(cellOf("Белка", "Жирность"));
    const input = screen.getByRole("textbox", { name: "Жирность" }) as HTMLInputElement;
    expect(input.value).toBe("4,1");
    fireEvent.change(input, { target: { value: "3.75" } });
    expect(input.value).toBe("3,75");
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(patches(api.calls)[0]?.body).toEqual({ values: { [col.fat]: 3.75 } }));
  });

  it("sends the picked tags with their colours", async () => {
    const api = await openGrid({ [`PATCH ${rowPath(rowId.belka)}`]: patchedRow });
    fireEvent.click(cellOf("Белка", "Метки"));
    const select = screen.getByRole("combobox", { name: "Метки" });
    pickOption(select, "Сухостой");
    fireEvent.blur(select);

    await waitFor(() => expect(patches(api.calls)).toHaveLength(1));
    expect(patches(api.calls)[0]?.body).toEqual({ values: { [col.tags]: [DRY] } });
    await waitFor(() => expect(cellOf("Белка", "Метки").textContent).toBe("Сухостой"));
  });

  it("toggles a checkbox at once", async () => {
    const api = await openGrid({ [`PATCH ${rowPath(rowId.belka)}`]: patchedRow });
    fireEvent.click(within(cellOf("Белка", "Здорова")).getByRole("checkbox"));
    await waitFor(() => expect(patches(api.calls)[0]?.body).toEqual({ values: { [col.ok]: true } }));
  });

  it("takes a Russian phone typed with 8 and stores it as +7…", async () => {
    const api = await openGrid({ [`PATCH ${rowPath(rowId.belka)}`]: patchedRow });
    fireEvent.click(cellOf("Белка", "Телефон"));
    const input = screen.getByRole("textbox", { name: "Телефон" });
    fireEvent.change(input, { target: { value: "8 (916) 765-43-21" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(patches(api.calls)[0]?.body).toEqual({ values: { [col.phone]: "+79167654321" } }));
    await waitFor(() => expect(cellOf("Белка", "Телефон").textContent).toBe("+7 916 765-43-21"));
  });

  it("refuses a percent above 100 in the grid with the form's message", async () => {
    const api = await openGrid();
    fireEvent.click(cellOf("Белка", "Жирность"));
    const input = screen.getByRole("textbox", { name: "Жирность" });
    fireEvent.change(input, { target: { value: "120,5" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(await screen.findByText(FormValueText.percentMax)).toBeTruthy();
    expect(patches(api.calls)).toHaveLength(0);
  });

  it("takes a percent above 100 in the grid where the column allows it", async () => {
    const columns = listFixture().columns.map((c) => (c.uuid === col.fat ? { ...c, percent_over_100: true } : c));
    const api = await openGrid({ [`PATCH ${rowPath(rowId.belka)}`]: patchedRow }, listFixture({ columns }));
    fireEvent.click(cellOf("Белка", "Жирность"));
    const input = screen.getByRole("textbox", { name: "Жирность" });
    fireEvent.change(input, { target: { value: "120,5" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(patches(api.calls)[0]?.body).toEqual({ values: { [col.fat]: 120.5 } }));
    expect(screen.queryByText(FormValueText.percentMax)).toBeNull();
  });

  it("refuses a value that breaks the column's rule without calling the server", async () => {
    const api = await openGrid();
    fireEvent.click(cellOf("Белка", "Телефон"));
    const input = screen.getByRole("textbox", { name: "Телефон" });
    fireEvent.change(input, { target: { value: "123" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(await screen.findByText(FormValueText.telephone)).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Телефон" })).toBeTruthy();
    expect(patches(api.calls)).toHaveLength(0);
  });

  it("puts the old value back and says so when the server refuses the edit", async () => {
    const api = await openGrid({
      [`PATCH ${rowPath(rowId.zorka)}`]: {
        status: 403,
        body: { code: "forbidden", message: "Недостаточно прав" },
      },
    });
    fireEvent.click(cellOf("Зорька", "Кличка"));
    const input = screen.getByRole("textbox", { name: "Кличка" });
    fireEvent.change(input, { target: { value: "Ромашка" } });
    fireEvent.keyDown(input, { key: "Enter" });

    expect(await screen.findByText("Изменение не сохранено: Недостаточно прав")).toBeTruthy();
    expect(patches(api.calls)).toHaveLength(1);
    await waitFor(() => expect(cellOf("Зорька", "Кличка").textContent).toBe("Зорька"));
    expect(screen.queryByText("Ромашка")).toBeNull();
  });
});

describe("list grid: view", { timeout: 20_000 }, () => {
  it("sorts by a column header: ascending, descending, none", async () => {
    await openGrid();
    const header = () => within(grid()).getAllByRole("columnheader")[columnIndex("Надой")] as HTMLElement;
    fireEvent.click(header());
    await waitFor(() => expect(shownNames()).toEqual(["Белка", "Ночка", "Зорька"]));
    fireEvent.click(header());
    await waitFor(() => expect(shownNames()).toEqual(["Зорька", "Ночка", "Белка"]));
    fireEvent.click(header());
    await waitFor(() => expect(shownNames()).toEqual(["Зорька", "Белка", "Ночка"]));
  });

  it("filters by a column and shows the filter, which can be removed", async () => {
    await openGrid();
    const header = within(grid()).getAllByRole("columnheader")[columnIndex("Надой")] as HTMLElement;
    const trigger = header.querySelector<HTMLElement>(".ant-table-filter-trigger");
    if (!trigger) throw new Error("no filter trigger");
    fireEvent.click(trigger);
    pickOption(await screen.findByRole("combobox", { name: "Условие фильтра" }), "больше");
    fireEvent.change(screen.getByRole("textbox", { name: "Значение фильтра" }), { target: { value: "25" } });
    fireEvent.click(screen.getByRole("button", { name: "Применить" }));

    await waitFor(() => expect(shownNames()).toEqual(["Зорька", "Ночка"]));
    expect(screen.getByText("Показано 2 из 3")).toBeTruthy();
    const chip = screen.getByText("Надой: больше «25»");
    const close = chip.closest(".ant-tag")?.querySelector<HTMLElement>(".ant-tag-close-icon");
    if (!close) throw new Error("no close icon");
    fireEvent.click(close);
    await waitFor(() => expect(shownNames()).toEqual(["Зорька", "Белка", "Ночка"]));
  });

  it("hides a column", async () => {
    await openGrid();
    fireEvent.click(screen.getByRole("button", { name: /Столбцы/ }));
    fireEvent.click(await screen.findByRole("checkbox", { name: "Телефон" }));
    await waitFor(() =>
      expect(
        within(grid())
          .queryAllByRole("columnheader")
          .some((h) => h.textContent === "Телефон"),
      ).toBe(false),
    );
  });

  it("exports exactly the view: the request carries the view as JSON and the file is named after the list", async () => {
    const api = await openGrid({
      [`GET /api/tableLists/lists/${LIST_UUID}/export/`]: { status: 200, body: "Кличка\r\n" },
    });
    const createObjectURL = vi.fn(() => "blob:export");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });

    fireEvent.click(within(grid()).getAllByRole("columnheader")[columnIndex("Надой")] as HTMLElement);
    await waitFor(() => expect(shownNames()).toEqual(["Белка", "Ночка", "Зорька"]));
    fireEvent.click(screen.getByRole("button", { name: /Скачать XLSX/ }));

    await waitFor(() => expect(clicked).toEqual(["Коровы на контроле.xlsx"]));
    const exportCall = api.fetchMock.mock.calls.find(([url]) => String(url).includes("/export/"));
    const url = new URL(String(exportCall?.[0]), "http://localhost");
    expect(url.searchParams.get("format")).toBe("xlsx");
    const view = JSON.parse(url.searchParams.get("view") ?? "") as ListView;
    expect(view).toEqual({ sort: { column_uuid: col.milk, dir: "asc" }, filters: [], hidden_columns: [] });
    expect(api.calls.find((c) => c.path.endsWith("/export/"))?.authorization).toBe("Bearer access-1");
  });
});

describe("list grid: CSV for a Russian Excel", { timeout: 60_000 }, () => {
  it("downloads the «;» kind by default; a kind picked from the menu is downloaded and remembered", async () => {
    const api = await openGrid({
      [`GET /api/tableLists/lists/${LIST_UUID}/export/`]: { status: 200, body: "Кличка\r\n" },
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:export"), revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const dialects = () =>
      api.fetchMock.mock.calls
        .map(([url]) => new URL(String(url), "http://localhost"))
        .filter((url) => url.pathname.endsWith("/export/"))
        .map((url) => `${url.searchParams.get("format")}:${url.searchParams.get("csv")}`);

    fireEvent.click(screen.getByRole("button", { name: /Скачать CSV для Excel \(;\)$/ }));
    await waitFor(() => expect(clicked).toEqual(["Коровы на контроле.csv"]));
    expect(dialects()).toEqual(["csv:excel"]);

    fireEvent.click(screen.getByRole("button", { name: "Выбрать вид CSV" }));
    fireEvent.click(await screen.findByText("CSV (,)"));
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(dialects()).toEqual(["csv:excel", "csv:comma"]);
    expect(screen.getByRole("button", { name: /Скачать CSV \(,\)$/ })).toBeTruthy();
    expect(localStorage.getItem("csv_dialect")).toBe("comma");
  });
});

describe("list grid: rows", { timeout: 20_000 }, () => {
  it("moves a row down after the next one", async () => {
    const api = await openGrid({
      [`POST ${rowPath(rowId.zorka)}move/`]: { status: 200, body: { ...ROWS[0], order: "2.5" } },
    });
    fireEvent.click(labelledIn(rowOf("Зорька"), "Переместить ниже"));
    await waitFor(() => expect(shownNames()).toEqual(["Белка", "Зорька", "Ночка"]));
    const move = api.calls.find((c) => c.path.endsWith("/move/"));
    expect(move?.body).toEqual({ after_uuid: rowId.belka });
  });

  it("moves a row up to the top with after_uuid null", async () => {
    const api = await openGrid({
      [`POST ${rowPath(rowId.belka)}move/`]: { status: 200, body: { ...ROWS[1], order: "0.5" } },
    });
    fireEvent.click(labelledIn(rowOf("Белка"), "Переместить выше"));
    await waitFor(() => expect(shownNames()).toEqual(["Белка", "Зорька", "Ночка"]));
    expect(api.calls.find((c) => c.path.endsWith("/move/"))?.body).toEqual({ after_uuid: null });
  });

  it("puts a moved row back when the move fails", async () => {
    await openGrid({
      [`POST ${rowPath(rowId.zorka)}move/`]: { status: 404, body: { code: "not_found", message: "Строка не найдена" } },
    });
    fireEvent.click(labelledIn(rowOf("Зорька"), "Переместить ниже"));
    expect(await screen.findByText("Строка не перемещена: Строка не найдена")).toBeTruthy();
    expect(shownNames()).toEqual(["Зорька", "Белка", "Ночка"]);
  });

  it("asks about one row in the accusative: «Удалить 1 строку?»", async () => {
    await openGrid();
    fireEvent.click(labelledIn(rowOf("Белка"), "Выбрать строку"));
    fireEvent.click(screen.getByText("Удалить выбранные (1)"));
    expect((await screen.findByRole("dialog")).textContent).toContain("Удалить 1 строку?");
  });

  it("asks before deleting the selected rows, then deletes them", async () => {
    const api = await openGrid({
      [`POST /api/tableLists/lists/${LIST_UUID}/rows/delete/`]: { status: 200, body: { deleted: 2 } },
    });
    fireEvent.click(labelledIn(rowOf("Зорька"), "Выбрать строку"));
    fireEvent.click(labelledIn(rowOf("Ночка"), "Выбрать строку"));
    fireEvent.click(screen.getByText("Удалить выбранные (2)"));

    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Удалить 2 строки?");
    expect(api.calls.some((c) => c.path.endsWith("/rows/delete/"))).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Удалить" }));

    await waitFor(() => expect(shownNames()).toEqual(["Белка"]));
    expect(api.calls.find((c) => c.path.endsWith("/rows/delete/"))?.body).toEqual({
      uuids: [rowId.zorka, rowId.nochka],
    });
  });

  it("adds a row at the end and opens its first cell", async () => {
    const created = { ...ROWS[2], uuid: "00000000-0000-4000-8000-000000000299", order: "4", values: {} };
    const api = await openGrid({
      [`POST /api/tableLists/lists/${LIST_UUID}/rows/`]: { status: 201, body: created },
    });
    fireEvent.click(screen.getByRole("button", { name: /Добавить строку/ }));
    expect(await screen.findByRole("textbox", { name: "Кличка" })).toBeTruthy();
    expect(api.calls.find((c) => c.path.endsWith("/rows/"))?.body).toEqual({ values: {}, after_uuid: null });
    expect(shownNames()).toEqual(["Зорька", "Белка", "Ночка", ""]);
  });
});

describe("list grid: viewers", { timeout: 20_000 }, () => {
  it("is read-only without can_edit_rows: no editors, no row or schema actions", async () => {
    await openGrid({}, listFixture({ can_edit_rows: false, can_manage: false }));
    fireEvent.click(cellOf("Зорька", "Кличка"));
    expect(screen.queryByRole("textbox", { name: "Кличка" })).toBeNull();
    expect(within(cellOf("Зорька", "Здорова")).getByRole("checkbox")).toHaveProperty("disabled", true);
    expect(screen.queryByRole("button", { name: /Добавить строку/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Загрузить из файла/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Переместить ниже" })).toBeNull();
    expect(screen.queryByRole("tab", { name: "Столбцы" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Переименовать" })).toBeNull();
    expect(screen.getByText("Только просмотр")).toBeTruthy();
    // Export stays: what is shown may be downloaded.
    expect(screen.getByRole("button", { name: /Скачать CSV/ })).toBeTruthy();
  });
});
