import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { byPeriod, DAYS, days } from "../averages-test-support.ts";
import { DB, renderPage, serveMonitoring } from "../test-support.tsx";

vi.mock("echarts-for-react/esm/core", async () => ({ default: (await import("../chart-mock.tsx")).ChartMock }));

const { PowerDaysAvgPage } = await import("./PowerDaysAvgPage.tsx");

const ROUTE = "/equipment_monitoring/power_monitoring/days-avg/:uuid";

describe(ROUTE, { timeout: 30_000 }, () => {
  it("shows the inputs' mean daily kWh by weekday and by day of month beside the previous period", async () => {
    const api = serveMonitoring({ [`GET ${DAYS}`]: byPeriod(days(), days(0.5)) });
    renderPage(ROUTE, <PowerDaysAvgPage />, `/equipment_monitoring/power_monitoring/days-avg/${DB}`);
    const [weekdays, monthDays] = await screen.findAllByTestId("chart");
    expect(weekdays?.textContent).toBe(
      "Пн, Вт, Ср, Чт, Пт, Сб, Вс | Этот период: bar [120 — — — — — 60]; Прошлый период: bar [60 — — — — — 30]",
    );
    expect(monthDays?.textContent).toMatch(/^1, 2, 3, .*, 31 \| Этот период: bar \[90 30 — /);
    const table = screen.getByRole("table", { name: "Среднее по дням недели" });
    expect(within(table).getByText("Пн").closest("tr")?.textContent).toBe("Пн120 кВт·ч260 кВт·ч");
    expect(within(table).getByText("Ср").closest("tr")?.textContent).toBe("Ср—0—");
    // Today so far would pull its weekday down: the page says it is left out.
    expect(screen.getByText(/^Среднее — по полным местным суткам/).textContent).toBe(
      "Среднее — по полным местным суткам: закончившимся и покрытым показаниями счётчика от начала до конца; сегодняшние и первые неполные сутки счётчика не считаются. «Дней» — сколько полных суток вошло.",
    );
    const [now, before] = api.calls.filter((c) => c.path === DAYS).map((c) => Object.fromEntries(c.query));
    expect(before?.to).toBe(now?.from);
  });
});
