import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { RecordedCall } from "../../../test/mock-api.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { COLUMNS, col, LIST_UUID, labelledIn, pickOption, serveList } from "../test-support.ts";

const columnPath = (id: string) => `/api/tableLists/columns/${id}/`;
const NEW_COLUMN = "00000000-0000-4000-8000-000000000150";

async function openColumns(extra: Parameters<typeof serveList>[1] = {}) {
  const api = serveList(undefined, extra);
  renderApp(`/lists/${LIST_UUID}`);
  await screen.findByText("Зорька");
  fireEvent.click(screen.getByText("Столбцы", { selector: ".ant-tabs-tab-btn" }));
  const table = await screen.findByRole("table", { name: "Столбцы" });
  return { api, table };
}

const callsTo = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path);

describe("column management", { timeout: 20_000 }, () => {
  it("adds a tag column with its options and colours", async () => {
    const { api } = await openColumns({
      [`POST /api/tableLists/lists/${LIST_UUID}/columns/`]: (call) => ({
        status: 201,
        body: { uuid: NEW_COLUMN, order: 9, ...(call.body as object) },
      }),
    });
    fireEvent.click(screen.getByText("Добавить столбец"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Название столбца"), { target: { value: "Статус" } });
    pickOption(within(dialog).getByLabelText("Тип"), "Теги");
    fireEvent.change(await within(dialog).findByLabelText("Вариант 1"), { target: { value: "Ремонт" } });
    fireEvent.click(within(dialog).getByText("Добавить вариант"));
    fireEvent.change(within(dialog).getByLabelText("Вариант 2"), { target: { value: "Сухостой" } });
    fireEvent.click(within(dialog).getByText("Добавить").closest("button") as HTMLElement);

    await waitFor(() =>
      expect(callsTo(api.calls, "POST", `/api/tableLists/lists/${LIST_UUID}/columns/`)).toHaveLength(1),
    );
    expect(callsTo(api.calls, "POST", `/api/tableLists/lists/${LIST_UUID}/columns/`)[0]?.body).toEqual({
      name: "Статус",
      type: "tag",
      options: [
        { name: "Ремонт", color: "#1677ff" },
        { name: "Сухостой", color: "#13c2c2" },
      ],
    });
  });

  it("offers «Разрешить больше 100 %» for a percent column only, and sends it", async () => {
    const { api } = await openColumns({
      [`POST /api/tableLists/lists/${LIST_UUID}/columns/`]: (call) => ({
        status: 201,
        body: { uuid: NEW_COLUMN, order: 9, ...(call.body as object) },
      }),
    });
    fireEvent.click(screen.getByText("Добавить столбец"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Название столбца"), { target: { value: "Прирост" } });
    expect(within(dialog).queryByLabelText("Разрешить больше 100 %")).toBeNull();
    pickOption(within(dialog).getByLabelText("Тип"), "Число");
    expect(within(dialog).queryByLabelText("Разрешить больше 100 %")).toBeNull();
    pickOption(within(dialog).getByLabelText("Тип"), "Процент");
    const allow = await within(dialog).findByLabelText("Разрешить больше 100 %");
    expect(allow.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(allow);
    fireEvent.click(within(dialog).getByText("Добавить").closest("button") as HTMLElement);

    await waitFor(() =>
      expect(callsTo(api.calls, "POST", `/api/tableLists/lists/${LIST_UUID}/columns/`)).toHaveLength(1),
    );
    expect(callsTo(api.calls, "POST", `/api/tableLists/lists/${LIST_UUID}/columns/`)[0]?.body).toEqual({
      name: "Прирост",
      type: "percent",
      options: [],
      percent_over_100: true,
    });
  });

  it("turns «Разрешить больше 100 %» on for an existing percent column; a text column has no such switch", async () => {
    const fat = COLUMNS.find((c) => c.uuid === col.fat);
    const { api } = await openColumns({
      [`PATCH ${columnPath(col.fat)}`]: (call) => ({ status: 200, body: { ...fat, ...(call.body as object) } }),
    });
    fireEvent.click(labelledIn(document.body, "Изменить столбец «Кличка»"));
    const textDialog = await screen.findByRole("dialog");
    expect(within(textDialog).queryByLabelText("Разрешить больше 100 %")).toBeNull();
    fireEvent.click(within(textDialog).getByText("Отмена").closest("button") as HTMLElement);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.click(labelledIn(document.body, "Изменить столбец «Жирность»"));
    const dialog = await screen.findByRole("dialog");
    const allow = within(dialog).getByLabelText("Разрешить больше 100 %");
    expect(allow.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(allow);
    fireEvent.click(within(dialog).getByText("Сохранить").closest("button") as HTMLElement);

    await waitFor(() => expect(callsTo(api.calls, "PATCH", columnPath(col.fat))).toHaveLength(1));
    expect(callsTo(api.calls, "PATCH", columnPath(col.fat))[0]?.body).toEqual({ percent_over_100: true });
  });

  it("shows the server's 409 message when the cells do not fit the new type", async () => {
    const message = "Тип не изменён: 3 ячейки не подходят к типу «Число»";
    const { api } = await openColumns({
      [`PATCH ${columnPath(col.name)}`]: { status: 409, body: { code: "conflict", message } },
    });
    fireEvent.click(labelledIn(document.body, "Изменить столбец «Кличка»"));
    const dialog = await screen.findByRole("dialog");
    pickOption(within(dialog).getByLabelText("Тип"), "Число");
    fireEvent.click(within(dialog).getByText("Сохранить").closest("button") as HTMLElement);

    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(callsTo(api.calls, "PATCH", columnPath(col.name))[0]?.body).toEqual({ type: "number" });
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("renames an option with previous_name so that every row follows", async () => {
    const tags = COLUMNS.find((c) => c.uuid === col.tags);
    const { api } = await openColumns({
      [`PATCH ${columnPath(col.tags)}`]: (call) => ({ status: 200, body: { ...tags, ...(call.body as object) } }),
    });
    fireEvent.click(labelledIn(document.body, "Изменить столбец «Метки»"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Вариант 1"), { target: { value: "В ремонте" } });
    fireEvent.click(within(dialog).getByText("Сохранить").closest("button") as HTMLElement);

    await waitFor(() => expect(callsTo(api.calls, "PATCH", columnPath(col.tags))).toHaveLength(1));
    expect(callsTo(api.calls, "PATCH", columnPath(col.tags))[0]?.body).toEqual({
      options: [
        { name: "В ремонте", color: "#f5222d", previous_name: "Ремонт" },
        { name: "Сухостой", color: "#1677ff" },
      ],
    });
  });

  it("reorders columns with the whole new order", async () => {
    const { api } = await openColumns({
      [`PUT /api/tableLists/lists/${LIST_UUID}/columns/order/`]: (call) => ({
        status: 200,
        body: (call.body as string[]).map((id, order) => ({ ...COLUMNS.find((c) => c.uuid === id), order })),
      }),
    });
    fireEvent.click(labelledIn(document.body, "Столбец «Надой» левее"));
    await waitFor(() =>
      expect(callsTo(api.calls, "PUT", `/api/tableLists/lists/${LIST_UUID}/columns/order/`)[0]?.body).toEqual([
        col.milk,
        col.name,
        ...COLUMNS.slice(2).map((c) => c.uuid),
      ]),
    );
  });

  it("warns that a column's data is lost before deleting it", async () => {
    const { api } = await openColumns({ [`DELETE ${columnPath(col.phone)}`]: { status: 204 } });
    fireEvent.click(labelledIn(document.body, "Удалить столбец «Телефон»"));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("данные во всех строках будут потеряны");
    expect(callsTo(api.calls, "DELETE", columnPath(col.phone))).toHaveLength(0);
    fireEvent.click(within(dialog).getByText("Удалить").closest("button") as HTMLElement);
    await waitFor(() => expect(callsTo(api.calls, "DELETE", columnPath(col.phone))).toHaveLength(1));
  });
});
