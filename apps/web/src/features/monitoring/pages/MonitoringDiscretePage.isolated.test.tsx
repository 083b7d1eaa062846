import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { catalog, DB, renderPage, STATES, serveMonitoring } from "../test-support.tsx";

// ECharts draws nothing in jsdom: the timeline shows its rows and its bars (state, colour) as text.
vi.mock("echarts-for-react/esm/core", () => ({
  default: ({
    option,
  }: {
    option: { yAxis: { data: string[] }; series: { data: { name: string; itemStyle: { color: string } }[] }[] };
  }) => (
    <p data-testid="timeline">
      {option.yAxis.data.join(", ")}: {option.series[0]?.data.map((d) => `${d.name} ${d.itemStyle.color}`).join(", ")}
    </p>
  ),
}));

const { MonitoringDiscretePage } = await import("./MonitoringDiscretePage.tsx");

const open = () =>
  renderPage(
    "/equipment_monitoring/monitoring_report_discrete/:uuid",
    <MonitoringDiscretePage />,
    `/equipment_monitoring/monitoring_report_discrete/${DB}`,
  );

describe("/equipment_monitoring/monitoring_report_discrete/:uuid", { timeout: 30_000 }, () => {
  it("draws each channel's runs in its states' colours, time and % in each state, the current state", async () => {
    const api = serveMonitoring();
    open();
    expect((await screen.findByTestId("timeline")).textContent).toBe(
      "Танк-охладитель 1 — Компрессор: Работает #2e7d32, Выключен #9e9e9e",
    );
    const table = screen.getByRole("table", { name: "Время в состояниях" });
    expect(within(table).getByText("Работает: 3 ч 00 мин, 75 %")).toBeTruthy();
    expect(within(table).getByText("Выключен: 1 ч 00 мин, 25 %")).toBeTruthy();
    // Off for 1 h 30 min, since 10:00 of the site (03:00Z in UTC+7).
    expect(within(table).getByText("1 ч 30 мин (с 10.03.2026 10:00)")).toBeTruthy();
    const call = api.calls.find((c) => c.path === STATES);
    expect(Object.fromEntries(call?.query ?? [])).toMatchObject({ series: "11", width: "800" });
  });

  it("says what to do when the database has no state channels", async () => {
    serveMonitoring({
      [`GET /api/monitoring/${DB}/`]: {
        status: 200,
        body: catalog({ series: catalog().series.filter((s) => s.kind !== "state") }),
      },
    });
    open();
    expect(await screen.findByText("В этой базе пока нет каналов состояний.")).toBeTruthy();
  });
});
