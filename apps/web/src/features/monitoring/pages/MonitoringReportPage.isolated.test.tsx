import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { catalog, DB, POINTS, renderPage, serveMonitoring } from "../test-support.tsx";

// ECharts draws nothing in jsdom: the chart shows its series' names and point counts as text.
vi.mock("echarts-for-react/esm/core", () => ({
  default: ({ option }: { option: { series: { name: string; data: unknown[] }[] } }) => (
    <p data-testid="chart">{option.series.map((s) => `${s.name}: ${s.data.length}`).join("; ")}</p>
  ),
}));

const { MonitoringReportPage } = await import("./MonitoringReportPage.tsx");

const open = () =>
  renderPage(
    "/equipment_monitoring/monitoring_report/:uuid",
    <MonitoringReportPage />,
    `/equipment_monitoring/monitoring_report/${DB}`,
  );

const queriesOf = (api: ReturnType<typeof serveMonitoring>) =>
  api.calls.filter((call) => call.path === POINTS).map((call) => Object.fromEntries(call.query));

describe("/equipment_monitoring/monitoring_report/:uuid", { timeout: 30_000 }, () => {
  it("charts the sensors with min/max/avg against the previous period and the periods above the threshold", async () => {
    const api = serveMonitoring();
    open();
    expect(await screen.findByText("Мониторинг оборудования: Датчики Заречная")).toBeTruthy();
    expect((await screen.findByTestId("chart")).textContent).toBe("Температура молока, °C: 2");
    const stats = screen.getByRole("table", { name: "Минимум, максимум и среднее" });
    expect(within(stats).getByText("Танк-охладитель 1 — Температура молока")).toBeTruthy();
    expect(within(stats).getByText("4 °C / 8 °C / 6 °C")).toBeTruthy();
    expect(within(stats).getByText("1 °C / 3 °C / 2 °C")).toBeTruthy();
    expect(within(stats).getByText("1 раз, 2 ч 00 мин (было 0)")).toBeTruthy();
    // The period above the threshold in the site's time (UTC+7).
    const periods = screen.getByRole("table", { name: "Выходы за пороги" });
    expect(within(periods).getByText("10.03.2026 08:00")).toBeTruthy();
    expect(within(periods).getByText("8,5")).toBeTruthy();
    // Asked for the sensor, at the chart's width (800 before layout), from the site's midnight.
    const [query] = queriesOf(api);
    expect(query).toMatchObject({ series: "10", width: "800" });
    expect(new Date(query?.from ?? "").getUTCHours()).toBe(17);
  });

  it("asks for the last 7 days when picked", async () => {
    const api = serveMonitoring();
    open();
    await screen.findByTestId("chart");
    fireEvent.click(screen.getByText("7 дней"));
    await waitFor(() => expect(queriesOf(api)).toHaveLength(2));
    const last = queriesOf(api)[1];
    const days = (Date.parse(last?.to ?? "") - Date.parse(last?.from ?? "")) / 86_400_000;
    expect(days).toBe(7);
  });

  it("says what to do when the database has no sensors", async () => {
    serveMonitoring({ [`GET /api/monitoring/${DB}/`]: { status: 200, body: catalog({ series: [] }) } });
    open();
    expect(await screen.findByText("В этой базе пока нет датчиков.")).toBeTruthy();
    expect(screen.getByText(/Добавьте ряды в «Схеме площадки».*создайте ключ устройства/)).toBeTruthy();
  });
});
