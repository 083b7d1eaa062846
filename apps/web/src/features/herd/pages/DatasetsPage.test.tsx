import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DB, dataset, renderPage, serveHerd, uploadRecord } from "../test-support.tsx";
import { DatasetsPage } from "./DatasetsPage.tsx";

const DATASETS = "/api/herd/datasets/";

// 25 November 2026, noon: the last upload (22 November) was three days ago.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-25T12:00:00.000Z"));
});
afterEach(() => vi.useRealTimers());

const open = () => renderPage("/user-pages/datasets", <DatasetsPage />);

describe("/user-pages/datasets", { timeout: 30_000 }, () => {
  it("shows each herd database: animals by status, events, freshness and where to go", async () => {
    serveHerd({
      [`GET ${DATASETS}`]: { status: 200, body: [dataset()] },
      [`GET /api/herd/${DB}/uploads/`]: {
        status: 200,
        body: [uploadRecord(), uploadRecord({ upload_uuid: "8b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9", status: "failed" })],
      },
    });
    open();

    const card = (await screen.findByText("Стадо Заречная")).closest(".ant-card") as HTMLElement;
    expect(within(card).getByText("АО Молочный край, Ферма Заречная")).toBeTruthy();
    expect(within(card).getByText("Дойная: 1 234")).toBeTruthy();
    expect(within(card).getByText("Тёлка: 420")).toBeTruthy();
    expect(within(card).queryByText(/Пала/)).toBeNull();
    expect(within(card).getByText("25 410, с 15.01.2024 по 21.11.2026")).toBeTruthy();
    expect(within(card).getByText("нет")).toBeTruthy();
    expect(within(card).getByText(/обновлено 3 дня назад/)).toBeTruthy();
    expect(
      within(card)
        .getByRole("link", { name: /Загрузить данные/ })
        .getAttribute("href"),
    ).toBe(`/services/dc305_upload?db=${DB}`);
    expect(
      within(card)
        .getByRole("link", { name: /Животные/ })
        .getAttribute("href"),
    ).toBe(`/user-pages/datasets/${DB}`);
    expect(
      within(card)
        .getByRole("link", { name: /Загрузить таблицу/ })
        .getAttribute("href"),
    ).toBe(`/user-pages/BSupload/${DB}`);

    expect(screen.getByRole("link", { name: "Файлы" }).getAttribute("href")).toBe("/user-pages/cloudstorage");

    fireEvent.click(within(card).getByRole("button", { name: /История загрузок/ }));
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findAllByText("events-2026.csv")).toHaveLength(2);
    expect(within(drawer).getByText("Записан")).toBeTruthy();
    expect(within(drawer).getByText("Ошибка")).toBeTruthy();
    expect(within(drawer).getAllByText("1,4 МБ")).toHaveLength(2);
    expect(within(drawer).getAllByText("4,2 с")).toHaveLength(2);
    expect(within(drawer).getAllByText("Иван Петров")).toHaveLength(2);
  });

  it("offers no upload to a reader", async () => {
    serveHerd({ [`GET ${DATASETS}`]: { status: 200, body: [dataset({ can_upload: false, last_upload: null })] } });
    open();
    expect(await screen.findByText("Данные ещё не загружались")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Загрузить данные/ })).toBeNull();
    expect(screen.queryByRole("link", { name: /Загрузить таблицу/ })).toBeNull();
  });

  it("says so when the user has no herd database", async () => {
    serveHerd({ [`GET ${DATASETS}`]: { status: 200, body: [] } });
    open();
    expect(await screen.findByText(/У вас нет баз стада/)).toBeTruthy();
  });
});
