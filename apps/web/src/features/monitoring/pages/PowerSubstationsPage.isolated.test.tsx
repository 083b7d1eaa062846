import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { captureDownloads } from "../../../test/downloads.ts";
import { dayjs } from "../lib/site-time.ts";
import { DB, ENERGY, energy, POWER, power, renderPage, serveMonitoring } from "../test-support.tsx";

vi.mock("echarts-for-react/esm/core", async () => ({ default: (await import("../chart-mock.tsx")).ChartMock }));

const { PowerSubstationsPage } = await import("./PowerSubstationsPage.tsx");

const open = () =>
  renderPage(
    "/equipment_monitoring/power_monitoring/substations/:uuid",
    <PowerSubstationsPage />,
    `/equipment_monitoring/power_monitoring/substations/${DB}`,
  );

/** ТП-1 now (test-support power()): input 50 kWh today, 50 yesterday, 7,5 kW; the feeders drawing 3 and 2,5 kW. */
function loadNow() {
  const answer = power();
  answer.sites = answer.sites.map((site) => ({
    ...site,
    substations: site.substations.map((s) => ({
      ...s,
      feeders: s.feeders.map((f, i) => ({ ...f, power_kw: [3, 2.5][i] ?? null, power_at: "2026-03-10T03:00:00.000Z" })),
    })),
  }));
  return answer;
}

describe("/equipment_monitoring/power_monitoring/substations/:uuid", { timeout: 30_000 }, () => {
  it("shows each substation's input and feeders with the load now, kWh today beside yesterday, and the losses", async () => {
    serveMonitoring({ [`GET ${POWER}`]: { status: 200, body: loadNow() } });
    open();
    const substation = await screen.findByRole("region", { name: "ТП-1" });
    expect(within(substation).getByText("Нагрузка ввода сейчас").closest(".ant-statistic")?.textContent).toContain(
      "7,5 кВт",
    );
    // 3 + 2,5 kW.
    expect(within(substation).getByText("Нагрузка фидеров сейчас").closest(".ant-statistic")?.textContent).toContain(
      "5,5 кВт",
    );
    expect(within(substation).getByText("Ввод сегодня").closest(".ant-statistic")?.textContent).toContain(
      "50 кВт·ч (вчера 50 кВт·ч)",
    );
    expect(within(substation).getByText("15 кВт·ч (30 %)")).toBeTruthy();
    expect(within(substation).getByText("10 кВт·ч (20 %)")).toBeTruthy();
    const meters = within(substation).getByRole("table", { name: "Нагрузка: ТП-1" });
    // The cowshed 20 of the input's 50 kWh today: 40 %; the parlour 15 of 50: 30 %. Read at 10:00 (UTC+7).
    expect(within(meters).getByText("Коровник").closest("tr")?.textContent).toBe(
      "Коровник3 кВт · 10.03.2026 10:0020 кВт·ч40 %20 кВт·ч",
    );
    expect(within(meters).getByText("Доильный зал").closest("tr")?.textContent).toBe(
      "Доильный зал2,5 кВт · 10.03.2026 10:0015 кВт·ч30 %20 кВт·ч",
    );
    const chart = within(substation).getByRole("figure", { name: "Фидеры сегодня и вчера: ТП-1" });
    expect(within(chart).getByTestId("chart").textContent).toBe(
      "Коровник, Доильный зал | Сегодня: bar [20 15]; Вчера: bar [20 20]",
    );
  });

  it("exports the load now and the days on screen", async () => {
    serveMonitoring({ [`GET ${POWER}`]: { status: 200, body: loadNow() } });
    const { blobs, saved } = captureDownloads();
    open();
    await screen.findByRole("table", { name: "Нагрузка: ТП-1" });
    await screen.findByRole("table", { name: "Потери: ТП-1" });
    fireEvent.click(screen.getByRole("button", { name: /CSV/ }));
    expect(saved[0]).toMatch(/^Датчики Заречная — подстанции, \d\d\.\d\d\.\d{4}–\d\d\.\d\d\.\d{4}\.csv$/);
    const lines = (await blobs[0]?.text())?.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines?.slice(0, 7)).toEqual([
      "Подстанция;Счётчик;Мощность сейчас, кВт;Сегодня, кВт·ч;Вчера, кВт·ч;Сегодня, % ввода",
      "ТП-1;Ввод (ввод);7,5;50;50;",
      "ТП-1;Коровник;3;20;20;40",
      "ТП-1;Доильный зал;2,5;15;20;30",
      "ТП-1;Потери (ввод − фидеры);;15;10;30",
      "",
      "Подстанция;День;Ввод, кВт·ч;Фидеры, кВт·ч;Потери, кВт·ч;Потери, %",
    ]);
    expect(screen.getByRole("button", { name: /XLSX/ })).toBeTruthy();
  });

  it("shows each substation's input, feeders and losses by the site's day, and the period's total", async () => {
    const days = energy();
    days.grain = "day";
    // Local days of Novosibirsk start at 17:00Z the day before.
    days.sites = days.sites.map((site) => ({
      ...site,
      buckets: ["2026-03-08T17:00:00.000Z", "2026-03-09T17:00:00.000Z"],
      meters: site.meters.map((m) => ({ ...m, kwh: m.role === "input" ? [50, 40] : [20, 15] })),
    }));
    const api = serveMonitoring({ [`GET ${ENERGY}`]: { status: 200, body: days } });
    open();
    const table = await screen.findByRole("table", { name: "Потери: ТП-1" });
    // 9 March: 50 − (20 + 20) = 10 kWh, 20 %; 10 March: 40 − 30 = 10 kWh, 25 %; in all 20 of 90.
    expect(within(table).getByText("09.03.2026").closest("tr")?.textContent).toContain("20 %");
    expect(within(table).getByText("10.03.2026").closest("tr")?.textContent).toContain("25 %");
    const total = within(table).getByText("Итого").closest("tr");
    expect(total?.textContent).toContain("90 кВт·ч");
    expect(total?.textContent).toContain("22,22 %");
    const call = api.calls.find((c) => c.path === ENERGY);
    const query = Object.fromEntries(call?.query ?? []);
    expect(query.grain).toBe("day");
    // «7 дней»: exactly 7 local days ending today — from the local midnight 6 days before today's
    // to now — so 7 day rows, not the whole of an 8th day the range would start in.
    const local = (iso: string | undefined) => dayjs(iso).tz("Asia/Novosibirsk");
    expect(local(query.from).format("HH:mm")).toBe("00:00");
    expect(local(query.to).startOf("day").diff(local(query.from), "day")).toBe(6);
    // «24 часа» would cut a day in two: a page of days does not offer it.
    expect(screen.queryByText("24 часа")).toBeNull();
    expect(screen.getByText("7 дней")).toBeTruthy();
  });

  it("says «нет данных» for a day a meter read nothing, and leaves it out of the total", async () => {
    const days = energy();
    days.grain = "day";
    // 9 March: nothing read by any meter; 10 March: 40 − 30 = 10 kWh, 25 %; the total that day alone.
    days.sites = days.sites.map((site) => ({
      ...site,
      buckets: ["2026-03-08T17:00:00.000Z", "2026-03-09T17:00:00.000Z"],
      meters: site.meters.map((m) => ({ ...m, kwh: m.role === "input" ? [0, 40] : [0, 15], missing: [0] })),
    }));
    serveMonitoring({ [`GET ${ENERGY}`]: { status: 200, body: days } });
    open();
    const table = await screen.findByRole("table", { name: "Потери: ТП-1" });
    expect(within(table).getByText("09.03.2026").closest("tr")?.textContent).toBe(
      "09.03.2026нет данныхнет данныхнет данныхнет данных",
    );
    expect(within(table).getByText("Итого").closest("tr")?.textContent).toBe("Итого40 кВт·ч30 кВт·ч10 кВт·ч25 %");
  });
});
