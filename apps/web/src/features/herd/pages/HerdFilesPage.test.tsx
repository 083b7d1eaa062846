import type { HerdFile, HerdFiles } from "@nadoy/contract/herd-files";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../app/providers.tsx";
import { createQueryClient } from "../../../shared/lib/query-client.ts";
import { screenWidth } from "../../../test/screen-width.ts";
import {
  commitResult,
  DB,
  dataset,
  renderPage,
  serveHerd,
  spreadsheetCreated,
  UPLOAD,
  uploadCreated,
} from "../test-support.tsx";
import { Dc305UploadPage } from "./Dc305UploadPage.tsx";
import { HerdFilesPage } from "./HerdFilesPage.tsx";
import { SpreadsheetUploadPage } from "./SpreadsheetUploadPage.tsx";

const FILES = "/api/herd/files/";
const GIB = 1024 * 1024 * 1024;
const SECOND = "9b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9";

function herdFile(overrides: Partial<HerdFile> = {}): HerdFile {
  return {
    upload_uuid: UPLOAD,
    database: { uuid: DB, name: "Стадо Заречная" },
    user: { id: 42, name: "Иван Петров" },
    file_name: "events-2026.csv",
    size_bytes: 1_468_006,
    format: "dc305",
    kind: "events",
    status: "committed",
    // 22 November 2026, 09:00 where the test runs (the page shows local time).
    created_at: new Date(2026, 10, 22, 9, 0).toISOString(),
    can_delete: true,
    ...overrides,
  };
}

function answer(items: HerdFile[], used = Math.round(1.2 * GIB)): HerdFiles {
  return {
    companies: [
      {
        uuid: "5b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9",
        name: "АО Молочный край",
        used_bytes: used,
        limit_bytes: 10 * GIB,
      },
    ],
    items,
  };
}

const open = () => renderPage("/user-pages/cloudstorage", <HerdFilesPage />);
const rowOf = async (name: string) => (await screen.findByText(name)).closest("tr") as HTMLElement;

describe("/user-pages/cloudstorage", { timeout: 30_000 }, () => {
  it("shows the company's usage and each file: database, what it held, size, who, when, status", async () => {
    screenWidth(1280);
    serveHerd({
      [`GET ${FILES}`]: {
        status: 200,
        body: answer([
          herdFile(),
          herdFile({
            upload_uuid: SECOND,
            file_name: "list.csv",
            kind: "items",
            status: "staged",
            size_bytes: 512,
            user: null,
            can_delete: false,
          }),
        ]),
      },
    });
    open();

    expect(await screen.findByText("Занято 1,2 ГБ из 10 ГБ")).toBeTruthy();
    const row = await rowOf("events-2026.csv");
    for (const text of [
      "Стадо Заречная",
      "DC305 · События (EVENTS)",
      "1,4 МБ",
      "Иван Петров",
      "22.11.2026 09:00",
      "Записан",
    ]) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    const other = await rowOf("list.csv");
    expect(within(other).getByText("DC305 · Показатели животных (LIST/SHOW)")).toBeTruthy();
    expect(within(other).getByText("512 Б")).toBeTruthy();
    expect(within(other).getByText("Удалённый пользователь")).toBeTruthy();
    expect(within(other).getByText("Проверен, не записан")).toBeTruthy();
    // Someone else's file, seen by an admin only: a member may download but not delete it.
    expect(within(other).queryByRole("button", { name: /Удалить/ })).toBeNull();
  });

  it("downloads a file with the sign-in token under its own name", async () => {
    screenWidth(1280);
    const api = serveHerd({
      [`GET ${FILES}`]: { status: 200, body: answer([herdFile()]) },
      [`GET /api/herd/files/${UPLOAD}/download/`]: { status: 200, body: "ID,BDAT" },
    });
    const createObjectURL = vi.fn(() => "blob:herd");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    open();

    fireEvent.click(within(await rowOf("events-2026.csv")).getByRole("button", { name: "Скачать events-2026.csv" }));
    await waitFor(() => expect(saved).toEqual(["events-2026.csv"]));
    const call = api.calls.find((c) => c.path === `/api/herd/files/${UPLOAD}/download/`);
    expect(call?.authorization).toMatch(/^Bearer /);
  });

  it("deletes a file after a confirmation that says the data stays, then shows the freed room", async () => {
    screenWidth(1280);
    let deleted = false;
    const api = serveHerd({
      [`GET ${FILES}`]: () => ({ status: 200, body: deleted ? answer([], 0) : answer([herdFile()]) }),
      [`DELETE /api/herd/files/${UPLOAD}/`]: () => {
        deleted = true;
        return { status: 204 };
      },
    });
    open();

    fireEvent.click(within(await rowOf("events-2026.csv")).getByRole("button", { name: "Удалить events-2026.csv" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Удалить файл «events-2026.csv»?");
    expect(dialog.textContent).toContain(
      "Файл удалится с сервера, место освободится. Данные стада, уже записанные из него, останутся.",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Удалить" }));

    expect(await screen.findByText("Занято 0 Б из 10 ГБ")).toBeTruthy();
    expect(await screen.findByText(/Файлов пока нет/)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
  });

  it("says how to upload when there are no files", async () => {
    screenWidth(1280);
    serveHerd({ [`GET ${FILES}`]: { status: 200, body: answer([], 0) } });
    open();

    expect(await screen.findByText(/Файлов пока нет/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "«Загрузка DairyComp 305»" }).getAttribute("href")).toBe(
      "/services/dc305_upload",
    );
    expect(screen.getByRole("link", { name: "«Наборы данных»" }).getAttribute("href")).toBe("/user-pages/datasets");
  });

  it("on a phone keeps the name, its database and date under it, the size and the buttons", async () => {
    screenWidth(375);
    serveHerd({ [`GET ${FILES}`]: { status: 200, body: answer([herdFile()]) } });
    open();

    const row = await rowOf("events-2026.csv");
    expect(within(row).getByText("Стадо Заречная, 22.11.2026 09:00")).toBeTruthy();
    expect(within(row).getByText("1,4 МБ")).toBeTruthy();
    expect(within(row).getByRole("button", { name: "Скачать events-2026.csv" })).toBeTruthy();
    expect(within(row).queryByText("Иван Петров")).toBeNull();
  });

  it("checks a kept table again and opens its preview on its database's spreadsheet page, with its kind", async () => {
    screenWidth(1280);
    const api = serveHerd({
      [`GET ${FILES}`]: {
        status: 200,
        body: answer([herdFile({ format: "spreadsheet", kind: "test_days", file_name: "дойки.csv" })]),
      },
      [`POST /api/herd/files/${UPLOAD}/rerun/`]: { status: 201, body: spreadsheetCreated({ upload_uuid: SECOND }) },
      "GET /api/herd/datasets/": { status: 200, body: [dataset()] },
    });
    const router = createMemoryRouter(
      [
        { path: "/user-pages/cloudstorage", element: <HerdFilesPage /> },
        { path: "/user-pages/BSupload/:uuid", element: <SpreadsheetUploadPage /> },
      ],
      { initialEntries: ["/user-pages/cloudstorage"] },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );

    fireEvent.click(within(await rowOf("дойки.csv")).getByRole("button", { name: "Проверить снова дойки.csv" }));
    expect(await screen.findByRole("region", { name: "Сопоставление столбцов" })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/user-pages/BSupload/${DB}`);
    expect(router.state.location.search).toBe("?kind=test_days");
    expect(api.calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      `/api/herd/files/${UPLOAD}/rerun/`,
    ]);
  });

  it("checks a DC305 file again and opens its preview on the DC305 page, to be written from there", async () => {
    screenWidth(1280);
    const created = { ...uploadCreated(), upload_uuid: SECOND };
    const api = serveHerd({
      [`GET ${FILES}`]: { status: 200, body: answer([herdFile()]) },
      [`POST /api/herd/files/${UPLOAD}/rerun/`]: { status: 201, body: created },
      [`POST /api/herd/uploads/${SECOND}/commit/`]: { status: 200, body: commitResult() },
    });
    const router = createMemoryRouter(
      [
        { path: "/user-pages/cloudstorage", element: <HerdFilesPage /> },
        { path: "/services/dc305_upload", element: <Dc305UploadPage /> },
      ],
      { initialEntries: ["/user-pages/cloudstorage"] },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );

    fireEvent.click(
      within(await rowOf("events-2026.csv")).getByRole("button", { name: "Проверить снова events-2026.csv" }),
    );
    expect(await screen.findByText("События (EVENTS)")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/services/dc305_upload");
    expect(router.state.location.search).toBe(`?db=${DB}`);
    expect(screen.getByText("events-2026.csv (1,4 МБ)")).toBeTruthy();
    expect(screen.getByText("1 180")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: /Записать в базу/ }));
    expect(await screen.findByText("Данные записаны в базу")).toBeTruthy();
    expect(api.calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      `/api/herd/files/${UPLOAD}/rerun/`,
      `/api/herd/uploads/${SECOND}/commit/`,
    ]);
  });
});
