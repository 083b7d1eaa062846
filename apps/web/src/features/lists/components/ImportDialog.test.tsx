import { ErrorCode, ErrorText, importRowsLimitText } from "@nadoy/contract/errors";
import { type ImportResult, LIST_ROWS_MAX } from "@nadoy/contract/lists";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/render-app.tsx";
import { col, LIST_UUID, REPAIR, serveList } from "../test-support.ts";

const IMPORT = `POST /api/tableLists/lists/${LIST_UUID}/import/`;

const previewResult: ImportResult = {
  rows_total: 3,
  rows_valid: 2,
  unknown_columns: ["Примечание"],
  errors: [
    { line: 3, column: "Надой", message: "Введите число" },
    { line: 3, column: "Дата", message: "Введите дату" },
  ],
  error_count: 2,
  preview: [
    { [col.name]: "Звёздочка", [col.milk]: 25.5, [col.tags]: [REPAIR] },
    { [col.name]: "Мурка", [col.milk]: "" },
  ],
  written: 0,
};

/** The URL and headers of every import call, in order. */
function importCalls(fetchMock: { mock: { calls: unknown[][] } }) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).includes("/import/"))
    .map(([url, init]) => ({
      query: new URL(String(url), "http://localhost").searchParams,
      headers: (init as RequestInit).headers as Record<string, string>,
      body: (init as RequestInit).body,
    }));
}

async function openImport() {
  const api = serveList(undefined, {
    [IMPORT]: { status: 200, body: previewResult },
  });
  renderApp(`/lists/${LIST_UUID}`);
  await screen.findByText("Зорька");
  fireEvent.click(screen.getByText("Загрузить из файла"));
  const dialog = await screen.findByRole("dialog");
  return { api, dialog };
}

function chooseFile(dialog: HTMLElement, file: File) {
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("no file input");
  fireEvent.change(input, { target: { files: [file] } });
}

describe("import dialog", { timeout: 20_000 }, () => {
  it("says which date forms a file may have: those the import reads", async () => {
    const { dialog } = await openImport();
    expect(within(dialog).getByText(/Даты — ДД\.ММ\.ГГГГ или ГГГГ-ММ-ДД\./)).toBeTruthy();
  });

  it("checks the file first and shows the per-row errors with their lines, unknown columns and a preview", async () => {
    const { api, dialog } = await openImport();
    const file = new File(["Кличка,Надой\r\nЗвёздочка,25.5\r\n"], "коровы.csv", { type: "text/csv" });
    chooseFile(dialog, file);

    const errors = await within(dialog).findByRole("region", { name: "Ошибки в файле" });
    const cells = within(errors)
      .getAllByRole("row")
      .slice(1)
      .map((row) => [...row.querySelectorAll("td")].map((td) => td.textContent));
    expect(cells).toEqual([
      ["3", "Надой", "Введите число"],
      ["3", "Дата", "Введите дату"],
    ]);
    // One bad row with two errors: rows add up to the file's (3 = 2 + 1), errors counted apart.
    const counts = [...dialog.querySelectorAll(".ant-descriptions-item")].map((item) => item.textContent);
    expect(counts).toEqual(["Строк в файле3", "Без ошибок2", "С ошибками1", "Ошибок2"]);
    expect(dialog.textContent).toContain("Примечание");
    const preview = within(dialog).getByRole("region", { name: "Предпросмотр" });
    expect(preview.textContent).toContain("Звёздочка");
    expect(preview.textContent).toContain("25,5");

    const [call] = importCalls(api.fetchMock);
    expect(call?.query.get("mode")).toBe("preview");
    expect(call?.query.get("format")).toBe("csv");
    expect(call?.headers["content-type"]).toBe("text/csv");
    expect(call?.headers.authorization).toBe("Bearer access-1");
    expect(call?.body).toBe(file);
  });

  it("cannot apply a file with errors until told to skip them; then sends the mode and skip_invalid", async () => {
    const { api, dialog } = await openImport();
    chooseFile(dialog, new File(["x"], "коровы.xlsx"));
    await within(dialog).findByRole("region", { name: "Ошибки в файле" });

    const apply = within(dialog).getByText("Загрузить").closest("button") as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.click(within(dialog).getByText("Заменить все строки списка строками файла"));
    fireEvent.click(within(dialog).getByText(/Пропустить строки с ошибками/));
    await waitFor(() => expect(apply.disabled).toBe(false));
    fireEvent.click(apply);

    await waitFor(() => expect(importCalls(api.fetchMock)).toHaveLength(2));
    const [preview, applied] = importCalls(api.fetchMock);
    expect(preview?.query.get("format")).toBe("xlsx");
    expect(preview?.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(applied?.query.get("mode")).toBe("replace");
    expect(applied?.query.get("skip_invalid")).toBe("true");
  });

  it("refuses a file that is neither CSV nor XLSX without calling the server", async () => {
    const { api, dialog } = await openImport();
    chooseFile(dialog, new File(["x"], "коровы.txt", { type: "text/plain" }));
    expect(await within(dialog).findByText("Выберите файл CSV или XLSX")).toBeTruthy();
    expect(importCalls(api.fetchMock)).toHaveLength(0);
  });

  it.each([
    [409, ErrorCode.importInProgress, ErrorText.importInProgress],
    [400, ErrorCode.validation, importRowsLimitText(LIST_ROWS_MAX)],
    [429, ErrorCode.tooManyRequests, ErrorText.tooManyRequests],
  ])("shows the server's %s answer as it is", async (status, code, message) => {
    serveList(undefined, { [IMPORT]: { status, body: { code, message } } });
    renderApp(`/lists/${LIST_UUID}`);
    await screen.findByText("Зорька");
    fireEvent.click(screen.getByText("Загрузить из файла"));
    const dialog = await screen.findByRole("dialog");

    chooseFile(dialog, new File(["Кличка\r\n"], "коровы.csv", { type: "text/csv" }));

    await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toBe(message));
  });
});
