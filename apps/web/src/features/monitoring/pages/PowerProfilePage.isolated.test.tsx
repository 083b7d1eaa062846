import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { byPeriod, PROFILE, profile } from "../averages-test-support.ts";
import { DB, renderPage, serveMonitoring } from "../test-support.tsx";

vi.mock("echarts-for-react/esm/core", async () => ({ default: (await import("../chart-mock.tsx")).ChartMock }));

const { PowerProfilePage } = await import("./PowerProfilePage.tsx");

const ROUTE = "/equipment_monitoring/power_monitoring/hours-avg/:uuid";
const hours = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`).join(", ");
/** 24 values, `entries` at their hours, «—» elsewhere. */
const line = (entries: Record<number, number>) =>
  Array.from({ length: 24 }, (_, h) => (h in entries ? String(entries[h]) : "—")).join(" ");

describe(ROUTE, { timeout: 30_000 }, () => {
  it("draws the inputs' mean kWh by local hour, weekdays and weekends, the previous period dashed", async () => {
    const api = serveMonitoring({ [`GET ${PROFILE}`]: byPeriod(profile(), profile(2)) });
    renderPage(ROUTE, <PowerProfilePage />, `/equipment_monitoring/power_monitoring/hours-avg/${DB}`);
    // The inputs only (the feeder's 100 kWh are left out); the previous period twice as much.
    expect((await screen.findByTestId("chart")).textContent).toBe(
      `${hours} | Будни: line [${line({ 8: 10, 9: 5 })}]; Выходные: line [${line({ 8: 4 })}]; ` +
        `Будни, прошлый период: line пунктир [${line({ 8: 20, 9: 10 })}]; Выходные, прошлый период: line пунктир [${line({ 8: 8 })}]`,
    );
    const days = screen.getByRole("table", { name: "Средние сутки" });
    expect(within(days).getByText("Будни (пн–пт)").closest("tr")?.textContent).toBe("Будни (пн–пт)15 кВт·ч30 кВт·ч");
    expect(within(days).getByText("Выходные (сб, вс)").closest("tr")?.textContent).toBe(
      "Выходные (сб, вс)4 кВт·ч8 кВт·ч",
    );
    // The current range, then the one of equal length ending where it starts.
    const [now, before] = api.calls.filter((c) => c.path === PROFILE).map((c) => Object.fromEntries(c.query));
    expect(before?.to).toBe(now?.from);
    expect(Date.parse(now?.to ?? "") - Date.parse(now?.from ?? "")).toBe(30 * 86_400_000);
    expect(screen.getByText("Все вводы (сумма)")).toBeTruthy();
    // The hour still going would pull its slot down: the page says it is left out.
    expect(screen.getByText(/^Среднее — по полным часам/).textContent).toBe(
      "Среднее — по полным часам: закончившимся и покрытым показаниями счётчика от начала до конца; текущий час и первый неполный час счётчика не считаются.",
    );

    // «Год»: 365 days at once, past the hourly route's 62.
    fireEvent.click(screen.getByText("Год"));
    await waitFor(() => {
      const last = api.calls.filter((c) => c.path === PROFILE).at(-2);
      const q = Object.fromEntries(last?.query ?? []);
      expect(Date.parse(q.to ?? "") - Date.parse(q.from ?? "")).toBe(365 * 86_400_000);
    });
  });

  it("says what to do when the meters sent nothing in the period", async () => {
    const empty = { ...profile(), sites: [] };
    serveMonitoring({ [`GET ${PROFILE}`]: byPeriod(empty, empty) });
    renderPage(ROUTE, <PowerProfilePage />, `/equipment_monitoring/power_monitoring/hours-avg/${DB}`);
    expect(await screen.findByText("За этот период у счётчика нет показаний.")).toBeTruthy();
  });
});
