import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { pickOption } from "../../../test/pick-option.ts";
import {
  answerProgress,
  commitResult,
  DB,
  dataset,
  holdRequests,
  renderPage,
  serveHerd,
  spreadsheetCreated,
  UPLOAD,
} from "../test-support.tsx";
import { SpreadsheetUploadPage } from "./SpreadsheetUploadPage.tsx";

const DATASETS = "/api/herd/datasets/";
const UPLOADS = `/api/herd/${DB}/uploads/`;
const REMAP = `/api/herd/uploads/${UPLOAD}/mapping/`;
const COMMIT = `/api/herd/uploads/${UPLOAD}/commit/`;

type Handlers = Parameters<typeof serveHerd>[0];

function serve(extra: Handlers = {}) {
  const api = serveHerd({
    [`GET ${DATASETS}`]: { status: 200, body: [dataset()] },
    [`POST ${UPLOADS}`]: { status: 201, body: spreadsheetCreated() },
    ...extra,
  });
  answerProgress();
  return api;
}

const open = (query = "?kind=test_days") =>
  renderPage("/user-pages/BSupload/:uuid", <SpreadsheetUploadPage />, `/user-pages/BSupload/${DB}${query}`);

const csv = () => new File(["Номер;Дата замера;Удой\n1234;10.11.2026;38,5\n"], "дойки.csv", { type: "text/csv" });

async function sendFile() {
  fireEvent.change(await screen.findByLabelText("Файл таблицы"), { target: { files: [csv()] } });
  return screen.findByRole("region", { name: "Сопоставление столбцов" });
}

const commitButton = () => screen.getByRole("button", { name: /Записать в базу/ }) as HTMLButtonElement;
const recheckButton = () => screen.getByRole("button", { name: /Проверить снова/ }) as HTMLButtonElement;

describe("/user-pages/BSupload/:uuid", { timeout: 30_000 }, () => {
  it("asks what the table holds before taking a file, and keeps the choice in the URL", async () => {
    const api = serve();
    const page = open("");
    expect(await screen.findByText("Загрузка таблицы: Стадо Заречная")).toBeTruthy();
    expect(screen.getByText("Сначала выберите, что в таблице.")).toBeTruthy();
    expect((screen.getByLabelText("Файл таблицы") as HTMLInputElement).disabled).toBe(true);
    // Even a file that reaches it (a script, a drop) goes nowhere without a kind.
    fireEvent.change(screen.getByLabelText("Файл таблицы"), { target: { files: [csv()] } });
    expect(api.calls.filter((c) => c.method === "POST")).toEqual([]);

    fireEvent.click(screen.getByRole("radio", { name: "События" }));
    await waitFor(() => expect(page.search()).toEqual({ kind: "events" }));
    expect((screen.getByLabelText("Файл таблицы") as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole("button", { name: "Скачать шаблон «События»" })).toBeTruthy();
  });

  it("downloads the chosen kind's template with the bearer token", async () => {
    const api = serve({ "GET /api/herd/templates/test_days/": { status: 200, body: "xlsx" } });
    const createObjectURL = vi.fn(() => "blob:template");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    open();
    fireEvent.click(await screen.findByRole("button", { name: "Скачать шаблон «Контрольные дойки»" }));
    await waitFor(() => expect(saved).toEqual(["Шаблон — Контрольные дойки.xlsx"]));
    const call = api.calls.find((c) => c.path === "/api/herd/templates/test_days/");
    expect(call?.authorization).toBe("Bearer access-1");
  });

  it("sends the table as a spreadsheet of the kind and shows the guessed mapping, its sample values and row errors", async () => {
    const api = serve();
    open();
    const mapping = await sendFile();

    const sent = api.calls.find((c) => c.method === "POST" && c.path === UPLOADS);
    expect(Object.fromEntries(sent?.query ?? [])).toMatchObject({
      format: "spreadsheet",
      kind: "test_days",
      name: "дойки.csv",
    });
    expect(screen.getByText("Сопоставление угадано по названиям столбцов")).toBeTruthy();
    expect(screen.getByText("Контрольные дойки (CSV)")).toBeTruthy();
    const row = (column: string) => within(mapping).getByText(column).closest("tr") as HTMLElement;
    expect(within(row("Номер")).getByText("1234")).toBeTruthy();
    expect(within(row("Номер")).getByTitle("Номер животного (обязательно)")).toBeTruthy();
    expect(within(row("Дата замера")).getByTitle("Сохранить как атрибут")).toBeTruthy();
    expect(within(row("Удой")).getByText("38,5")).toBeTruthy();
    const errors = screen.getByRole("region", { name: "Ошибки в строках" });
    expect(within(errors).getByText("4")).toBeTruthy();
    expect(within(errors).getByText("Неверная дата «31.02.2026»")).toBeTruthy();
  });

  it("refuses to write while a required field has no column, and names it", async () => {
    serve();
    open();
    await sendFile();
    expect(screen.getByText("Не выбраны столбцы для обязательных полей: Дата контрольной дойки")).toBeTruthy();
    expect(commitButton().disabled).toBe(true);
    // Nothing changed yet: nothing to check again.
    expect(recheckButton().disabled).toBe(true);
  });

  it("sends the changed mapping on «Проверить снова», then writes the new preview", async () => {
    const api = serve({
      [`POST ${REMAP}`]: {
        status: 200,
        body: spreadsheetCreated({
          spreadsheet: {
            file_type: "csv",
            mapping_source: "given",
            columns: [
              { column: "Номер", field: "barn_number", sample: "1234" },
              { column: "Дата замера", field: "test_date", sample: "10.11.2026" },
              { column: "Удой", field: "milk_kg", sample: "38,5" },
            ],
            missing: [],
          },
        }),
      },
      [`POST ${COMMIT}`]: { status: 200, body: { ...commitResult(), test_days_new: 2 } },
    });
    const held = holdRequests((method, path) => method === "POST" && path === REMAP);
    open();
    await sendFile();

    await pickOption(
      screen.getByRole("combobox", { name: "Поле для столбца «Дата замера»" }),
      "Дата контрольной дойки (обязательно)",
    );
    // Changed but not checked: the warning is gone, and the change must be checked before writing.
    expect(screen.queryByText(/Не выбраны столбцы/)).toBeNull();
    expect(screen.getByText("Сопоставление изменено")).toBeTruthy();
    expect(commitButton().disabled).toBe(true);

    fireEvent.click(recheckButton());
    await waitFor(() => expect(held.count).toBe(1));
    expect(commitButton().disabled).toBe(true);
    held.release();
    expect(await screen.findByText("Сопоставление указано вами")).toBeTruthy();
    expect(api.calls.find((c) => c.path === REMAP)?.body).toEqual({
      mapping: { Номер: "barn_number", "Дата замера": "test_date", Удой: "milk_kg" },
    });
    expect(commitButton().disabled).toBe(false);

    fireEvent.click(commitButton());
    expect(await screen.findByText("Данные записаны в базу")).toBeTruthy();
    expect(api.calls.filter((c) => c.path === COMMIT)).toHaveLength(1);
    expect(screen.getByRole("link", { name: /К списку животных/ }).getAttribute("href")).toBe(
      `/user-pages/datasets/${DB}`,
    );
  });

  it("offers each field to one column only", async () => {
    serve();
    open();
    await sendFile();
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Поле для столбца «Дата замера»" }));
    const taken = await waitFor(() => {
      const option = document.querySelector('.ant-select-item-option[title="Номер животного (обязательно)"]');
      if (!option) throw new Error("no option");
      return option;
    });
    expect(taken.className).toMatch(/disabled/);
    const free = document.querySelector('.ant-select-item-option[title="Жир, %"]');
    expect(free?.className).not.toMatch(/disabled/);
  });

  it("gives the server's refusal of a remap and keeps the preview", async () => {
    const message = "Файл этой загрузки уже удалён: загрузите таблицу снова";
    serve({ [`POST ${REMAP}`]: { status: 409, body: { code: "conflict", message } } });
    open();
    await sendFile();
    await pickOption(
      screen.getByRole("combobox", { name: "Поле для столбца «Дата замера»" }),
      "Дата контрольной дойки (обязательно)",
    );
    fireEvent.click(recheckButton());
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole("region", { name: "Сопоставление столбцов" })).toBeTruthy();
  });

  it("tells a reader that uploads are not theirs to make", async () => {
    serve({ [`GET ${DATASETS}`]: { status: 200, body: [dataset({ can_upload: false })] } });
    open();
    expect(await screen.findByText("Загрузка данных вам недоступна")).toBeTruthy();
    expect(screen.queryByLabelText("Файл таблицы")).toBeNull();
    expect(screen.getByRole("link", { name: /Животные/ }).getAttribute("href")).toBe(`/user-pages/datasets/${DB}`);
  });

  it("says so when the database is not one of the user's herd databases", async () => {
    serve({ [`GET ${DATASETS}`]: { status: 200, body: [] } });
    open();
    expect(await screen.findByText("База стада не найдена")).toBeTruthy();
    expect(screen.queryByLabelText("Файл таблицы")).toBeNull();
  });
});
