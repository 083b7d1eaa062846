import type { PowerEnergy } from "@nadoy/contract/monitoring";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { byPeriod } from "../averages-test-support.ts";
import { dayjs } from "../lib/site-time.ts";
import { DB, ENERGY, renderPage, serveMonitoring } from "../test-support.tsx";

vi.mock("echarts-for-react/esm/core", async () => ({ default: (await import("../chart-mock.tsx")).ChartMock }));

const { PowerLossesPage } = await import("./PowerLossesPage.tsx");

const ROUTE = "/equipment_monitoring/power_monitoring/substation-diff/:uuid";

/** ТП-1 by day: the input and its two feeders. */
function days(
  buckets: string[],
  input: number[],
  cowshed: number[],
  parlour: number[],
  missing: number[] = [],
): PowerEnergy {
  const meter = (series_id: number, name: string, role: "input" | "feeder", kwh: number[]) => ({
    series_id,
    name,
    substation_id: 1,
    role,
    kwh,
    missing,
  });
  return {
    grain: "day",
    sites: [
      {
        id: 1,
        name: "МТФ-1",
        time_zone: "Asia/Novosibirsk",
        buckets,
        meters: [
          meter(20, "Ввод", "input", input),
          meter(21, "Коровник", "feeder", cowshed),
          meter(22, "Доильный зал", "feeder", parlour),
        ],
      },
    ],
  };
}

// Local midnights of 10–12.03 (UTC+7). Losses: 100 − 95 = 5 %, 100 − 90 = 10 %, 100 − 97 = 3 %;
// the period 18 of 300 = 6 %. Before it, 200 in and 196 out: 4 kWh, 2 %.
const CURRENT = days(
  ["2026-03-09T17:00:00.000Z", "2026-03-10T17:00:00.000Z", "2026-03-11T17:00:00.000Z"],
  [100, 100, 100],
  [50, 45, 50],
  [45, 45, 47],
);
const PREVIOUS = days(["2026-03-07T17:00:00.000Z", "2026-03-08T17:00:00.000Z"], [100, 100], [50, 50], [48, 48]);

describe(ROUTE, { timeout: 30_000 }, () => {
  it("shows each day's losses against the threshold from the URL, the period's total and the previous one's", async () => {
    const api = serveMonitoring({ [`GET ${ENERGY}`]: byPeriod(CURRENT, PREVIOUS) });
    const view = renderPage(
      ROUTE,
      <PowerLossesPage />,
      `/equipment_monitoring/power_monitoring/substation-diff/${DB}?threshold=4`,
    );
    // Days above 4 % in red: 5 and 10.
    expect((await screen.findByTestId("chart")).textContent).toBe(
      "10.03, 11.03, 12.03 | Потери, %: bar [!5 !10 3] порог 4",
    );
    expect(screen.getByText(/Дней выше порога 4 %/).textContent).toBe("Дней выше порога 4 %: 2 из 3");
    const totals = screen.getByRole("table", { name: "Итоги: ТП-1" });
    expect(within(totals).getByText("Итого за период").closest("tr")?.textContent).toBe(
      "Итого за период300 кВт·ч282 кВт·ч18 кВт·ч6 %",
    );
    expect(within(totals).getByText("Предыдущий период").closest("tr")?.textContent).toBe(
      "Предыдущий период200 кВт·ч196 кВт·ч4 кВт·ч2 %",
    );
    const daysTable = screen.getByRole("table", { name: "Потери по дням: ТП-1" });
    expect(within(daysTable).getByText("11.03.2026").closest("tr")?.textContent).toContain("10 % — выше порога");
    expect(api.calls.filter((c) => c.path === ENERGY).map((c) => c.query.get("grain"))).toEqual(["day", "day"]);
    // «30 дней»: 30 whole local days ending today, from a local midnight; the previous period the
    // 30 whole days before, ending where the range starts (no day in both).
    const [current, previous] = api.calls.filter((c) => c.path === ENERGY).map((c) => Object.fromEntries(c.query));
    const local = (iso: string | undefined) => dayjs(iso).tz("Asia/Novosibirsk");
    expect(local(current?.from).format("HH:mm")).toBe("00:00");
    expect(local(current?.to).startOf("day").diff(local(current?.from), "day")).toBe(29);
    expect(previous?.to).toBe(current?.from);
    expect(local(current?.from).diff(local(previous?.from), "day", true)).toBe(30);
    expect(screen.queryByText("24 часа")).toBeNull();

    // A threshold of 7 %: only the 10 % day is above it, and the URL keeps it.
    fireEvent.change(screen.getByLabelText("Порог потерь, %"), { target: { value: "7" } });
    await waitFor(() => expect(view.search()).toEqual({ threshold: "7" }));
    expect(screen.getByText(/Дней выше порога 7 %/).textContent).toBe("Дней выше порога 7 %: 1 из 3");
    expect(screen.getByTestId("chart").textContent).toContain("[5 !10 3] порог 7");
  });

  it("takes 6 % without a threshold in the URL and says what to do when no input came", async () => {
    const none = days(["2026-03-09T17:00:00.000Z"], [0], [0], [0]);
    serveMonitoring({ [`GET ${ENERGY}`]: byPeriod(none, none) });
    renderPage(ROUTE, <PowerLossesPage />, `/equipment_monitoring/power_monitoring/substation-diff/${DB}`);
    expect(await screen.findByText("За этот период на ввод ничего не пришло.")).toBeTruthy();
    expect((screen.getByLabelText("Порог потерь, %") as HTMLInputElement).value).toBe("6,0");
  });

  it("says «нет данных» for days nothing was read and a previous period without data, not 0 kWh", async () => {
    // 10.03 nothing read; 11.03 100 − 90 = 10 %; 12.03 100 − 97 = 3 %. The period: 200 in, 187 out,
    // 13 kWh, 6,5 %. Before it nothing was read at all.
    const current = days(CURRENT.sites[0]?.buckets ?? [], [0, 100, 100], [0, 45, 50], [0, 45, 47], [0]);
    const before = days(["2026-03-07T17:00:00.000Z", "2026-03-08T17:00:00.000Z"], [0, 0], [0, 0], [0, 0], [0, 1]);
    serveMonitoring({ [`GET ${ENERGY}`]: byPeriod(current, before) });
    renderPage(ROUTE, <PowerLossesPage />, `/equipment_monitoring/power_monitoring/substation-diff/${DB}`);
    const daysTable = await screen.findByRole("table", { name: "Потери по дням: ТП-1" });
    expect(within(daysTable).getByText("10.03.2026").closest("tr")?.textContent).toBe(
      "10.03.2026нет данныхнет данныхнет данныхнет данных",
    );
    const totals = screen.getByRole("table", { name: "Итоги: ТП-1" });
    expect(within(totals).getByText("Итого за период").closest("tr")?.textContent).toBe(
      "Итого за период200 кВт·ч187 кВт·ч13 кВт·ч6,5 %",
    );
    expect(within(totals).getByText("Предыдущий период").closest("tr")?.textContent).toBe(
      "Предыдущий периоднет данныхнет данныхнет данныхнет данных",
    );
    expect(screen.getByText(/Дней выше порога/).textContent).toBe(
      "Дней выше порога 6 %: 1 из 2 (нет данных за 1 из 3)",
    );
  });
});
