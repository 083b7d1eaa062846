import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { captureDownloads } from "../../../test/downloads.ts";
import { catalog, DB, POINTS, points, renderPage, serveMonitoring } from "../test-support.tsx";

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
    // Each line is named with its device, as in the table: two devices' «Температура молока» differ.
    expect((await screen.findByTestId("chart")).textContent).toBe("Танк-охладитель 1 — Температура молока, °C: 2");
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

  it("counts the exits beyond the thresholds in Russian: «2 раза»", async () => {
    const twice = points();
    const [sensor] = twice.series;
    if (sensor) sensor.thresholds = { ...sensor.thresholds, count: 2, seconds: 1800 };
    serveMonitoring({ [`GET ${POINTS}`]: { status: 200, body: twice } });
    open();
    const stats = await screen.findByRole("table", { name: "Минимум, максимум и среднее" });
    expect(await within(stats).findByText("2 раза, 30 мин (было 0)")).toBeTruthy();
  });

  it("exports the chart's buckets as intervals, rounded as on screen, named by the database once and days", async () => {
    const noisy = points();
    const [sensor] = noisy.series;
    if (sensor) sensor.points.avg = [4.000000000000001, 8];
    serveMonitoring({ [`GET ${POINTS}`]: { status: 200, body: noisy } });
    const { blobs, saved } = captureDownloads();
    open();
    await screen.findByTestId("chart");
    fireEvent.click(screen.getByRole("button", { name: /CSV/ }));
    // «Сегодня» at the site (UTC+7): one day; the database's name once.
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatch(/^Датчики Заречная — датчики, \d\d\.\d\d\.\d{4}\.csv$/);
    const lines = (await blobs[0]?.text())?.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines?.[0]).toBe("Датчик;Интервал с (время площадки);по;Минимум;Максимум;Среднее;Показаний");
    // The buckets start at 00:00Z and 02:00Z (07:00 and 09:00 there) and are 146 s long.
    expect(lines?.[1]).toBe("Танк-охладитель 1 — Температура молока;10.03.2026 07:00;10.03.2026 07:02;4;4;4;1");
    expect(lines?.[2]).toBe("Танк-охладитель 1 — Температура молока;10.03.2026 09:00;10.03.2026 09:02;8;8;8;1");
  });

  it("says why a range the server refuses shows nothing: its Russian message", async () => {
    serveMonitoring({
      [`GET ${POINTS}`]: { status: 400, body: { code: "validation_error", message: "Период не длиннее 400 дней" } },
    });
    open();
    expect(await screen.findByText("Период не длиннее 400 дней")).toBeTruthy();
    expect(screen.queryByText("Нет данных")).toBeNull();
  });

  it("says what to do when the database has no sensors", async () => {
    serveMonitoring({ [`GET /api/monitoring/${DB}/`]: { status: 200, body: catalog({ series: [] }) } });
    open();
    expect(await screen.findByText("В этой базе пока нет датчиков.")).toBeTruthy();
    expect(screen.getByText(/Добавьте ряды в «Схеме площадки».*создайте ключ устройства/)).toBeTruthy();
  });
});
