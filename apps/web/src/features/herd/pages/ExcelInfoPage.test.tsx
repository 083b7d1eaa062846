import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { screenWidth } from "../../../test/screen-width.ts";
import { DB, DB2, dataset, renderPage, serveHerd, uploadRecord } from "../test-support.tsx";
import { ExcelInfoPage } from "./ExcelInfoPage.tsx";

const DATASETS = "/api/herd/datasets/";
const MINE = "/api/herd/uploads/mine/";

const open = () => renderPage("/user-pages/excelinfo", <ExcelInfoPage />);

describe("/user-pages/excelinfo", { timeout: 30_000 }, () => {
  it("says what to do when the user has uploaded no table, and where they may upload one", async () => {
    const api = serveHerd({
      [`GET ${DATASETS}`]: {
        status: 200,
        body: [dataset(), dataset({ uuid: DB2, name: "Стадо Луговое", can_upload: false })],
      },
      [`GET ${MINE}`]: { status: 200, body: [] },
    });
    open();
    expect(await screen.findByText(/Вы ещё не загружали таблицы/)).toBeTruthy();
    expect(api.calls.find((c) => c.path === MINE)?.query.get("format")).toBe("spreadsheet");
    const where = screen.getByRole("region", { name: "Куда загрузить" });
    expect(
      (await within(where).findByRole("link", { name: "Загрузить таблицу: Стадо Заречная" })).getAttribute("href"),
    ).toBe(`/user-pages/BSupload/${DB}`);
    expect(within(where).queryByText(/Стадо Луговое/)).toBeNull();
  });

  it("explains each kind's columns and offers its template", async () => {
    serveHerd({ [`GET ${DATASETS}`]: { status: 200, body: [] }, [`GET ${MINE}`]: { status: 200, body: [] } });
    open();
    const tests = await screen.findByRole("region", { name: "Столбцы: Контрольные дойки" });
    const row = within(tests).getByText("Дата контрольной дойки").closest("tr") as HTMLElement;
    expect(within(row).getByText("обязательный")).toBeTruthy();
    expect(within(row).getByText("дата (ДД.ММ.ГГГГ)")).toBeTruthy();
    expect(within(row).getByText("День контрольной дойки.")).toBeTruthy();
    const fat = within(tests).getByText("Жир, %").closest("tr") as HTMLElement;
    expect(within(fat).getByText("нет")).toBeTruthy();
    expect(within(fat).getByText("число (запятая или точка)")).toBeTruthy();
    for (const kind of ["Животные", "События", "Контрольные дойки"]) {
      expect(screen.getByRole("button", { name: `Скачать шаблон «${kind}»` })).toBeTruthy();
    }
    expect(await screen.findByText(/Вам не выдана ни одна база стада/)).toBeTruthy();
  });

  it("on a phone lists each kind's columns a line each, with format and hint under the name", async () => {
    screenWidth(390);
    serveHerd({ [`GET ${DATASETS}`]: { status: 200, body: [] }, [`GET ${MINE}`]: { status: 200, body: [] } });
    open();
    const tests = await screen.findByRole("region", { name: "Столбцы: Контрольные дойки" });
    expect(tests.querySelector("table")).toBeNull();
    const item = within(tests).getByText("Дата контрольной дойки").closest("li") as HTMLElement;
    expect(item.textContent).toBe("Дата контрольной дойкиобязательныйдата (ДД.ММ.ГГГГ)День контрольной дойки.");
  });

  it("lists the user's table uploads with their status and counts; one with errors opens", async () => {
    serveHerd({
      [`GET ${DATASETS}`]: { status: 200, body: [dataset({ can_upload: false })] },
      [`GET ${MINE}`]: {
        status: 200,
        body: [
          {
            ...uploadRecord({
              file_name: "дойки-ноябрь.xlsx",
              format: "spreadsheet",
              kind: "test_days",
              counts: {
                ...uploadRecord().counts,
                rows: 120,
                animals_new: 3,
                events_new: 0,
                test_days_new: 118,
                rows_refused: 3,
              },
              errors_count: 3,
            }),
            errors: [
              { line: 14, message: "Неверная дата «31.02.2026» в столбце «Дата»" },
              { line: 90, message: "Удой «-3» меньше нуля" },
            ],
          },
          {
            errors: [],
            ...uploadRecord({
              upload_uuid: "8b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9",
              file_name: "стадо.csv",
              format: "spreadsheet",
              kind: "animals",
              status: "staged",
              errors_count: 0,
            }),
          },
        ],
      },
    });
    open();
    const mine = await screen.findByRole("region", { name: "Мои загрузки" });
    const row = (await within(mine).findByText("дойки-ноябрь.xlsx")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Контрольные дойки")).toBeTruthy();
    expect(within(row).getByText("Записан")).toBeTruthy();
    expect(within(row).getByText("Стадо Заречная")).toBeTruthy();
    expect(within(row).getByText(/контрольные дойки: \+118/)).toBeTruthy();
    const staged = within(mine).getByText("стадо.csv").closest("tr") as HTMLElement;
    expect(within(staged).getByText("Проверен, не записан")).toBeTruthy();
    expect(within(staged).getByText("Животные")).toBeTruthy();

    fireEvent.click(within(row).getByRole("button", { name: /Развернуть строку|Expand row/ }));
    expect(await within(mine).findByText(/Отклонено строк: 3 из 120/)).toBeTruthy();
    expect(within(mine).getByText("Строка 14: Неверная дата «31.02.2026» в столбце «Дата»")).toBeTruthy();
    expect(within(mine).getByText("Строка 90: Удой «-3» меньше нуля")).toBeTruthy();
    expect(within(mine).getByText("Показаны первые 2 из 3.")).toBeTruthy();
    expect(within(staged).queryByRole("button", { name: /Развернуть строку|Expand row/ })).toBeNull();
    // A reader uploads nothing: no upload links.
    expect(await screen.findByText(/Вам открыт только просмотр данных стада/)).toBeTruthy();
  });
});
