import type { HerdReportNumber } from "@nadoy/contract/herd-reports";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DB, DRILL, dataset, REPORT, renderPage, serveReport } from "../test-support.tsx";

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

  it("says to upload data when the database has no animals", async () => {
    serveReport({ "GET /api/herd/datasets/": { status: 200, body: [dataset(0)] } });
    open();
    expect(await screen.findByText(/В базе ещё нет животных/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "«Загрузка DairyComp 305»" }).getAttribute("href")).toBe(
      "/services/dc305_upload",
    );
  });
});
