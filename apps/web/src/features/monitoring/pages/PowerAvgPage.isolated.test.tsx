import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { farmHerd, PERIOD, period } from "../averages-test-support.ts";
import { DB, renderPage, serveMonitoring } from "../test-support.tsx";

vi.mock("echarts-for-react/esm/core", async () => ({ default: (await import("../chart-mock.tsx")).ChartMock }));

const { PowerAvgPage } = await import("./PowerAvgPage.tsx");

const ROUTE = "/equipment_monitoring/power_monitoring/avg/:uuid";
const URL = `/equipment_monitoring/power_monitoring/avg/${DB}`;

describe(ROUTE, { timeout: 30_000 }, () => {
  it("shows each meter's kWh a day over its whole days with data, and per cow of its farm's herd", async () => {
    serveMonitoring({ [`GET ${PERIOD}`]: { status: 200, body: period(farmHerd(16)) } });
    renderPage(ROUTE, <PowerAvgPage />, URL);
    const table = await screen.findByRole("table", { name: "Средние за период" });
    // Ввод: 560 kWh, 40 a day over its 14 whole days of 30 (not 560 ÷ 30 = 18,67); nothing before:
    // «нет данных», no change; 40 ÷ 16 cows = 2,5 a cow.
    expect(within(table).getByText("Ввод (ввод)").closest("tr")?.textContent).toBe(
      "Ввод (ввод)560 кВт·ч40 кВт·ч14 из 30нет данных—2,5 кВт·ч—",
    );
    // Коровник: 25 a day over 12 days, 20 before: +25 %; 25 ÷ 16 = 1,5625, 20 ÷ 16 = 1,25 a cow.
    expect(within(table).getByText("Коровник").closest("tr")?.textContent).toBe(
      "Коровник300 кВт·ч25 кВт·ч12 из 3020 кВт·ч+25 %1,56 кВт·ч1,25 кВт·ч",
    );
    expect(screen.getByText(/не за все/).textContent).toContain(
      "среднее за полные местные сутки с показаниями счётчика, а не за все 30 суток периода",
    );
    expect(screen.getByText(/сегодняшние и первые неполные сутки не считаются/)).toBeTruthy();
    expect(screen.getByText(/^На корову —/).textContent).toBe(
      "На корову — по стаду фермы «МТФ «Заря-1»» (база стада «Стадо «Заря-1»»): 16 коров (лактация ≥ 1, дойные и сухостойные) сейчас.",
    );
    expect(screen.getByTestId("chart").textContent).toBe(
      "Ввод (ввод), Коровник | Этот период: bar [40 25]; Прошлый период: bar [— 20]",
    );
  });

  it("divides by no herd and says why when the database has no farm and the company several herds", async () => {
    const herd = { basis: "ambiguous" as const, farm: null, databases: ["Стадо-1", "Стадо-2"], cows: null };
    serveMonitoring({ [`GET ${PERIOD}`]: { status: 200, body: period(herd) } });
    renderPage(ROUTE, <PowerAvgPage />, URL);
    const table = await screen.findByRole("table", { name: "Средние за период" });
    expect(within(table).getByText("Коровник").closest("tr")?.textContent).toBe(
      "Коровник300 кВт·ч25 кВт·ч12 из 3020 кВт·ч+25 %——",
    );
    expect(screen.getByText(/^На корову —/).textContent).toBe(
      "На корову — не считается: база мониторинга не привязана к ферме, а у компании несколько баз стада («Стадо-1», «Стадо-2»). Укажите ферму базы мониторинга, чтобы делить на её стадо.",
    );
  });

  it("says why when the farm has no herd database", async () => {
    const herd = { basis: "farm" as const, farm: "МТФ «Рассвет»", databases: [], cows: null };
    serveMonitoring({ [`GET ${PERIOD}`]: { status: 200, body: period(herd) } });
    renderPage(ROUTE, <PowerAvgPage />, URL);
    await screen.findByRole("table", { name: "Средние за период" });
    expect(screen.getByText(/у фермы «МТФ «Рассвет»» нет базы стада/)).toBeTruthy();
  });
});
