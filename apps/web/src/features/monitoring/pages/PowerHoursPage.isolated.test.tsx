import type { PowerEnergy } from "@nadoy/contract/monitoring";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { captureDownloads } from "../../../test/downloads.ts";
import { DB, ENERGY, energy, renderPage, serveMonitoring } from "../test-support.tsx";

// ECharts draws nothing in jsdom: the chart shows its hours (site time) and each series' kind,
// stack, dashes and values («—» for none).
vi.mock("echarts-for-react/esm/core", () => ({
  default: ({
    option,
  }: {
    option: {
      xAxis: { data: string[] };
      series: { type: string; name: string; stack?: string; lineStyle?: { type?: string }; data: (number | null)[] }[];
    };
  }) => (
    <p data-testid="chart">
      {option.xAxis.data.join(", ")} |{" "}
      {option.series
        .map(
          (s) =>
            `${s.name}: ${s.type}${s.stack ? " (стопка)" : ""}${s.lineStyle?.type === "dashed" ? " пунктир" : ""} [${s.data
              .map((v) => (v === null ? "—" : String(v)))
              .join(" ")}]`,
        )
        .join(", ")}
    </p>
  ),
}));

const { PowerHoursPage } = await import("./PowerHoursPage.tsx");

/**
 * The previous period's hours (the same three positions): the input read 8 and 10 kWh and
 * nothing in the last hour; the feeders 4 + 3 and 4 + 5.
 */
function before(): PowerEnergy {
  const answer = energy();
  answer.sites = answer.sites.map((site) => ({
    ...site,
    buckets: ["2026-03-09T21:00:00.000Z", "2026-03-09T22:00:00.000Z", "2026-03-09T23:00:00.000Z"],
    meters: site.meters.map((m) => ({
      ...m,
      kwh: { 20: [8, 10, 0], 21: [4, 4, 0], 22: [3, 5, 0] }[m.series_id] ?? [],
      missing: [2],
    })),
  }));
  return answer;
}

/** «Сегодня» starts at the site's midnight, 17:00Z in UTC+7: the request ending there is the previous period's. */
const serve = () =>
  serveMonitoring({
    [`GET ${ENERGY}`]: (call) => ({
      status: 200,
      // «Сегодня» so far is compared with the same hours a day earlier: that request ends a day ago.
      body: Date.parse(call.query.get("to") ?? "") < Date.now() - 12 * 3_600_000 ? before() : energy(),
    }),
  });

const open = () =>
  renderPage(
    "/equipment_monitoring/power_monitoring/hours/:uuid",
    <PowerHoursPage />,
    `/equipment_monitoring/power_monitoring/hours/${DB}`,
  );

describe("/equipment_monitoring/power_monitoring/hours/:uuid", { timeout: 30_000 }, () => {
  it("stacks the feeders' kWh by the site's hour under the input's line, with totals per meter", async () => {
    const api = serve();
    open();
    // 00:00Z is 07:00 in UTC+7.
    expect((await screen.findByTestId("chart")).textContent).toMatch(
      /^10\.03 07:00, 10\.03 08:00, 10\.03 09:00 \| Ввод: line \[0 12 10\], Коровник: bar \(стопка\) \[0 6 5\], Доильный зал: bar \(стопка\) \[0 5 4\.5\]/,
    );
    const totals = screen.getByRole("table", { name: "Потребление за период" });
    const milking = within(totals).getByText("Доильный зал").closest("tr");
    expect(milking?.textContent).toContain("9,5 кВт·ч");
    expect(within(totals).getByText("Ввод (ввод)").closest("tr")?.textContent).toContain("22 кВт·ч");
    const call = api.calls.find((c) => c.path === ENERGY);
    expect(Object.fromEntries(call?.query ?? [])).toMatchObject({ grain: "hour" });
  });

  it("compares with the previous period (today's hours a day earlier): its hourly total dashed over the bars, the totals «было»", async () => {
    const api = serve();
    open();
    // The previous period's site total by position: 8, 10 and nothing read in the last hour.
    await waitForText(", Прошлый период, всего: line пунктир [8 10 —]");
    // This period 0 + 12 + 10 = 22 kWh, the previous 8 + 10 = 18: +4 of 18 = +22,22 %.
    expect(screen.getByText(/Площадка за период:/).textContent).toBe(
      "Площадка за период: 22 кВт·ч; было 18 кВт·ч (+22,22 %)",
    );
    const totals = screen.getByRole("table", { name: "Потребление за период" });
    expect(within(totals).getByText("Ввод (ввод)").closest("tr")?.textContent).toContain("было 18 кВт·ч");
    expect(within(totals).getByText("Коровник").closest("tr")?.textContent).toContain("было 8 кВт·ч");
    expect(within(totals).getByText("Доильный зал").closest("tr")?.textContent).toContain("было 8 кВт·ч");
    // «Сегодня» is under a day: the previous period is its hours a day earlier.
    const [now, then] = api.calls.filter((c) => c.path === ENERGY).map((c) => Object.fromEntries(c.query));
    const DAY = 24 * 3_600_000;
    expect(Date.parse(then?.from ?? "")).toBe(Date.parse(now?.from ?? "") - DAY);
    expect(Date.parse(then?.to ?? "")).toBe(Date.parse(now?.to ?? "") - DAY);
  });

  it("exports the hours with the previous period's, as CSV and XLSX", async () => {
    serve();
    const { blobs, saved } = captureDownloads();
    open();
    await waitForText("пунктир [8 10 —]");
    fireEvent.click(screen.getByRole("button", { name: /CSV/ }));
    expect(saved[0]).toMatch(/^Датчики Заречная — по часам, \d\d\.\d\d\.\d{4}\.csv$/);
    const lines = (await blobs[0]?.text())?.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines).toEqual([
      "Час (местное время);Ввод, кВт·ч;Коровник, кВт·ч;Доильный зал, кВт·ч;Площадка всего, кВт·ч;Час прошлого периода;Прошлый период, всего, кВт·ч",
      "10.03.2026 07:00;0;0;0;0;10.03.2026 04:00;8",
      "10.03.2026 08:00;12;6;5;12;10.03.2026 05:00;10",
      "10.03.2026 09:00;10;5;4,5;10;10.03.2026 06:00;",
      "За период;22;11;9,5;22;;18",
      "Прошлый период;18;8;8;18",
    ]);
    expect(screen.getByRole("button", { name: /XLSX/ })).toBeTruthy();
  });
});

async function waitForText(part: string) {
  const chart = await screen.findByTestId("chart");
  await vi.waitFor(() => expect(chart.textContent).toContain(part));
}
