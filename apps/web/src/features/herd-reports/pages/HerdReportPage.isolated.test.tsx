import type { HerdReportNumber } from "@nadoy/contract/herd-reports";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DB, DRILL, dataset, REPORT, renderPage, report1, serveReport } from "../test-support.tsx";

// ECharts draws nothing in jsdom: the chart is a button that clicks its first bar, through the
// page's own click handler.
vi.mock("echarts-for-react/esm/core", () => ({
  default: ({ onEvents }: { onEvents: { click: (event: { seriesIndex: number; dataIndex: number }) => void } }) => (
    <button type="button" onClick={() => onEvents.click({ seriesIndex: 0, dataIndex: 0 })}>
      первый столбец
    </button>
  ),
}));

const { HerdReportPage } = await import("./HerdReportPage.tsx");

const open = (search = "", n: HerdReportNumber = 1) =>
  renderPage(`/services/report/${n}/:uuid`, <HerdReportPage n={n} />, `/services/report/${n}/${DB}${search}`);

const queriesOf = (api: ReturnType<typeof serveReport>, path: string) =>
  api.calls.filter((call) => call.path === path).map((call) => Object.fromEntries(call.query));

describe("/services/report/1/:uuid", { timeout: 30_000 }, () => {
  it("colours each KPI's change by whether it went the better way", async () => {
    serveReport();
    open();
    const born = await screen.findByLabelText("Родилось");
    expect(within(born).getByText("120 гол.")).toBeTruthy();
    const bornChange = within(born).getByText("+20 · было 100 гол.");
    expect(bornChange.dataset.direction).toBe("better");
    const died = screen.getByLabelText("Пало");
    expect(within(died).getByText("+3 · было 6 гол.").dataset.direction).toBe("worse");
    // A figure of today has no comparison, hence no colour.
    const herd = screen.getByLabelText("Поголовье");
    expect(within(herd).queryByText(/было/)).toBeNull();
    expect(bornChange.style.color).not.toBe(within(died).getByText(/было 6/).style.color);
    expect(await screen.findByText("Структура стада: Стадо Заречная")).toBeTruthy();
  });

  it("shows where the farm stands among the farms, on a card that has a band", async () => {
    serveReport();
    open();
    const dry = await screen.findByLabelText("Доля сухостойных");
    expect(within(dry).getByText("Выше, чем у трёх четвертей из 9 хозяйств · медиана 14,5")).toBeTruthy();
    expect(within(dry).getByRole("img", { name: /половина — ниже 14,5/ })).toBeTruthy();
    // Counts of animals have no band.
    expect(within(screen.getByLabelText("Поголовье")).queryByTestId("benchmark-band")).toBeNull();
  });

  it("opens the animals behind a table cell, with the cell's drill and their number", async () => {
    const api = serveReport();
    open();
    fireEvent.click(await screen.findByLabelText("1-я лактация, Сухостойные: 12"));
    const drawer = await screen.findByRole("dialog");
    expect(within(drawer).getByText("1-я лактация — Сухостойные — 12 животных")).toBeTruthy();
    expect(await within(drawer).findByText("Всего: 12")).toBeTruthy();
    expect(queriesOf(api, DRILL)).toEqual([{ drill: "t-l1-dry", page: "1" }]);

    fireEvent.click(within(drawer).getByText("RU0012345"));
    expect(await screen.findByText("Животное № 1234")).toBeTruthy();
  });

  it("opens the animals behind a chart's bar", async () => {
    const api = serveReport();
    open();
    // The chart comes in its own chunk (ECharts), which takes a while to load in jsdom.
    fireEvent.click(await screen.findByText("первый столбец", undefined, { timeout: 20_000 }));
    const drawer = await screen.findByRole("dialog");
    expect(within(drawer).getByText("Родилось, мар 2026 — 7 животных")).toBeTruthy();
    await waitFor(() => expect(queriesOf(api, DRILL)).toEqual([{ drill: "t-born-03", page: "1" }]));
  });

  it("asks for the view the link describes and puts a changed comparison in the URL", async () => {
    const api = serveReport();
    const page = open("?from=2026-01-01&to=2026-03-31&compare=none&lact_group=1&pen=5");
    await screen.findByLabelText("Родилось");
    expect(queriesOf(api, REPORT)[0]).toEqual({
      from: "2026-01-01",
      to: "2026-03-31",
      compare: "none",
      lact_group: "1",
      pen: "5",
    });
    expect((screen.getByLabelText("Группа") as HTMLInputElement).value).toBe("5");

    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Сравнение" }));
    const option = await waitFor(() => {
      const found = document.querySelector('.ant-select-item-option[title="С тем же периодом прошлого года"]');
      if (!found) throw new Error("no option");
      return found;
    });
    fireEvent.click(option);
    await waitFor(() =>
      expect(page.search()).toEqual({
        from: "2026-01-01",
        to: "2026-03-31",
        compare: "last_year",
        lact_group: "1",
        pen: "5",
      }),
    );
    await waitFor(() => expect(queriesOf(api, REPORT).at(-1)?.compare).toBe("last_year"));
  });

  it("shows fat, protein, F/P and services per pregnancy to the hundredth, and a change that rounds to 0 as none", async () => {
    const figure = (key: string, label: string, unit: string, value: number, before: number) => ({
      key,
      label,
      unit,
      value,
      compare_value: before,
      better: "higher" as const,
      drill: null,
      hint: label,
    });
    serveReport({
      [`GET ${REPORT}`]: {
        status: 200,
        body: report1({
          kpis: [
            figure("fat", "Жир", "%", 3.87, 3.88),
            figure("protein", "Белок", "%", 3.3, 3.3),
            figure("fp", "Жир / белок", "", 1.18, 1.2),
            { ...figure("spc", "Осеменений на стельность", "", 2.99, 2.82), better: "lower" },
          ],
          tables: [
            {
              key: "months",
              title: "По месяцам",
              columns: [
                { key: "fat", label: "Жир", unit: "%" },
                { key: "protein", label: "Белок", unit: "%" },
              ],
              rows: [
                {
                  key: "2025-12-15",
                  label: "2025-12-15",
                  cells: { fat: { value: 3.87, drill: null }, protein: { value: 3.3, drill: null } },
                },
                { key: "2026-11", label: "2026-11", cells: {} },
              ],
            },
          ],
        }),
      },
    });
    open();
    const fat = await screen.findByLabelText("Жир");
    expect(within(fat).getByText("3,87 %")).toBeTruthy();
    expect(within(fat).getByText("−0,01 · было 3,88 %").dataset.direction).toBe("worse");
    const protein = screen.getByLabelText("Белок");
    expect(within(protein).getByText("3,30 %")).toBeTruthy();
    expect(within(protein).getByText("±0,00 · было 3,30 %").dataset.direction).toBe("neutral");
    expect(within(screen.getByLabelText("Жир / белок")).getByText("1,18")).toBeTruthy();
    const spc = screen.getByLabelText("Осеменений на стельность");
    expect(within(spc).getByText("2,99")).toBeTruthy();
    expect(within(spc).getByText("+0,17 · было 2,82").dataset.direction).toBe("worse");
    const table = screen.getByRole("region", { name: "По месяцам" });
    expect(within(table).getByText("3,87")).toBeTruthy();
    expect(within(table).getByText("3,30")).toBeTruthy();
    // A test day and a due month as a person writes them, not ISO.
    expect(within(table).getByText("15.12.2025")).toBeTruthy();
    expect(within(table).getByText("ноябрь 2026")).toBeTruthy();
    // A card label is hyphenated by the Russian rules, not cut at any letter.
    expect(within(fat).getByText("Жир").style.hyphens).toBe("auto");
  });

  it("says a period without data has none, which days the data covers, and offers them", async () => {
    const span = {
      ...dataset(640),
      events: { count: 900, from: "2018-03-01", to: "2023-12-28" },
      test_days: { count: 40, from: "2019-01-15", to: "2023-11-20" },
    };
    serveReport({ "GET /api/herd/datasets/": { status: 200, body: [span] } });
    const page = open("?from=2026-01-01&to=2026-03-31");
    expect(
      await screen.findByText(/За выбранный период данных нет\. Данные базы — с 01\.03\.2018 по 28\.12\.2023/),
    ).toBeTruthy();
    // No cards of dashes under it.
    expect(screen.queryByLabelText("Родилось")).toBeNull();
    // The figures of today were of 28.12.2023: 1 064 days before the herd's «today» 26.11.2026.
    expect(screen.getByText("Последние данные базы — от 28.12.2023")).toBeTruthy();
    expect(screen.getByText(/Данные не обновлялись 1\s064 дн\./)).toBeTruthy();
    expect(screen.getByText(/состояние стада на 26\.11\.2026 \(последние данные — 28\.12\.2023\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Показать последние 12 месяцев данных" }));
    await waitFor(() => expect(page.search()).toEqual({ from: "2022-12-29", to: "2023-12-28" }));
  });

  it("warns of nothing when the data is fresh and covers the period", async () => {
    const fresh = {
      ...dataset(640),
      events: { count: 900, from: "2024-01-01", to: "2026-11-20" },
      test_days: { count: 40, from: "2024-01-15", to: "2026-11-10" },
    };
    serveReport({ "GET /api/herd/datasets/": { status: 200, body: [fresh] } });
    open();
    expect(await screen.findByLabelText("Родилось")).toBeTruthy();
    expect(await screen.findByText(/последние данные — 20\.11\.2026/)).toBeTruthy();
    expect(screen.queryByText(/Последние данные базы/)).toBeNull();
    expect(screen.queryByText(/За выбранный период данных нет/)).toBeNull();
  });

  it("says a database the user may not read is not found or not theirs, without a toolbar or a toast", async () => {
    serveReport({ [`GET ${REPORT}`]: { status: 404, body: { code: "not_found", message: "Не найдено" } } });
    open();
    expect(await screen.findByText("База не найдена или у вас нет к ней доступа")).toBeTruthy();
    expect(screen.getByRole("link", { name: "На главную" }).getAttribute("href")).toBe("/");
    expect(screen.queryByRole("toolbar", { name: "Условия отчёта" })).toBeNull();
    expect(screen.queryByText("Что-то пошло не так...")).toBeNull();
  });

  it("says a link whose database is not a database is not found, without asking the server", async () => {
    const api = serveReport();
    renderPage("/services/report/1/:uuid", <HerdReportPage n={1} />, "/services/report/1/not-a-uuid");
    expect(await screen.findByText("База не найдена или у вас нет к ней доступа")).toBeTruthy();
    expect(queriesOf(api, "/api/herd/not-a-uuid/reports/1/")).toEqual([]);
  });

  it("a refused period: its message once, and nothing to print or export", async () => {
    serveReport({
      [`GET ${REPORT}`]: { status: 400, body: { code: "validation_error", message: "Начало периода позже его конца" } },
    });
    open("?from=2026-03-01&to=2026-01-01");
    expect(await screen.findByText("Начало периода позже его конца")).toBeTruthy();
    expect(screen.queryByText("Что-то пошло не так...")).toBeNull();
    expect(screen.getByRole("button", { name: /Скачать XLSX/ }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("button", { name: /Печать/ }).hasAttribute("disabled")).toBe(true);
  });

  it("prints the segment, quick filters and comparison the report was made with", async () => {
    serveReport();
    open("?compare=last_year&lact_group=1&pen=5");
    await screen.findByLabelText("Родилось");
    const conditions = document.querySelector(".herd-report-conditions");
    expect(conditions?.textContent).toBe(
      "Все животные; лактация: 1-я лактация; группа: 5; сравнение: с тем же периодом прошлого года",
    );
  });

  it("says to upload data when the database has no animals", async () => {
    serveReport({ "GET /api/herd/datasets/": { status: 200, body: [dataset(0)] } });
    open();
    expect(await screen.findByText(/В базе ещё нет животных/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "«Загрузка DairyComp 305»" }).getAttribute("href")).toBe(
      "/services/dc305_upload",
    );
  });
});
