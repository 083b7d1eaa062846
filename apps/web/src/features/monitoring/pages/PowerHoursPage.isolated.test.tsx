import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DB, ENERGY, renderPage, serveMonitoring } from "../test-support.tsx";

// ECharts draws nothing in jsdom: the chart shows its hours (site time) and each series' kind and stack.
vi.mock("echarts-for-react/esm/core", () => ({
  default: ({
    option,
  }: {
    option: { xAxis: { data: string[] }; series: { type: string; name: string; stack?: string }[] };
  }) => (
    <p data-testid="chart">
      {option.xAxis.data.join(", ")} |{" "}
      {option.series.map((s) => `${s.name}: ${s.type}${s.stack ? " (стопка)" : ""}`).join(", ")}
    </p>
  ),
}));

const { PowerHoursPage } = await import("./PowerHoursPage.tsx");

describe("/equipment_monitoring/power_monitoring/hours/:uuid", { timeout: 30_000 }, () => {
  it("stacks the feeders' kWh by the site's hour under the input's line, with totals per meter", async () => {
    const api = serveMonitoring();
    renderPage(
      "/equipment_monitoring/power_monitoring/hours/:uuid",
      <PowerHoursPage />,
      `/equipment_monitoring/power_monitoring/hours/${DB}`,
    );
    // 00:00Z is 07:00 in UTC+7.
    expect((await screen.findByTestId("chart")).textContent).toBe(
      "10.03 07:00, 10.03 08:00, 10.03 09:00 | Ввод: line, Коровник: bar (стопка), Доильный зал: bar (стопка)",
    );
    const totals = screen.getByRole("table", { name: "Потребление за период" });
    const milking = within(totals).getByText("Доильный зал").closest("tr");
    expect(milking?.textContent).toContain("9,5 кВт·ч");
    expect(within(totals).getByText("Ввод (ввод)").closest("tr")?.textContent).toContain("22 кВт·ч");
    const call = api.calls.find((c) => c.path === ENERGY);
    expect(Object.fromEntries(call?.query ?? [])).toMatchObject({ grain: "hour" });
  });
});
