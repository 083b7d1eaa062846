import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { PERIOD, period } from "../averages-test-support.ts";
import { DB, renderPage, serveMonitoring } from "../test-support.tsx";

vi.mock("echarts-for-react/esm/core", async () => ({ default: (await import("../chart-mock.tsx")).ChartMock }));

const { PowerAvgPage } = await import("./PowerAvgPage.tsx");

const ROUTE = "/equipment_monitoring/power_monitoring/avg/:uuid";
const URL = `/equipment_monitoring/power_monitoring/avg/${DB}`;

describe(ROUTE, { timeout: 30_000 }, () => {
  it("shows each meter's kWh a day against the previous period and per cow of the company's herd", async () => {
    serveMonitoring({ [`GET ${PERIOD}`]: { status: 200, body: period(50, 1) } });
    renderPage(ROUTE, <PowerAvgPage />, URL);
    const table = await screen.findByRole("table", { name: "Средние за период" });
    // Ввод: 300 kWh over 2 days = 150 a day, 50 before (+200 %); 150 ÷ 50 cows = 3 a cow, 1 before.
    expect(within(table).getByText("Ввод (ввод)").closest("tr")?.textContent).toBe(
      "Ввод (ввод)300 кВт·ч150 кВт·ч50 кВт·ч+200 %3 кВт·ч1 кВт·ч",
    );
    // Коровник: nothing before — no change to show.
    expect(within(table).getByText("Коровник").closest("tr")?.textContent).toBe(
      "Коровник120 кВт·ч60 кВт·ч0 кВт·ч—1,2 кВт·ч0 кВт·ч",
    );
    expect(screen.getByText(/По поголовью|по поголовью/).textContent).toContain(
      "50 коров (лактация ≥ 1, дойные и сухостойные)",
    );
    expect(screen.getByTestId("chart").textContent).toBe(
      "Ввод (ввод), Коровник | Этот период: bar [150 60]; Прошлый период: bar [50 0]",
    );
  });

  it("shows «—» a cow and says why when the company has no herd database", async () => {
    serveMonitoring({ [`GET ${PERIOD}`]: { status: 200, body: period(null, 0) } });
    renderPage(ROUTE, <PowerAvgPage />, URL);
    const table = await screen.findByRole("table", { name: "Средние за период" });
    expect(within(table).getByText("Ввод (ввод)").closest("tr")?.textContent).toBe(
      "Ввод (ввод)300 кВт·ч150 кВт·ч50 кВт·ч+200 %——",
    );
    expect(screen.getByText(/у компании нет базы стада/)).toBeTruthy();
  });
});
