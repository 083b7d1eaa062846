import type { PowerEnergy } from "@nadoy/contract/monitoring";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { captureDownloads } from "../../../test/downloads.ts";
import { DB, ENERGY, POWER, power, renderPage, serveMonitoring } from "../test-support.tsx";

vi.mock("echarts-for-react/esm/core", async () => ({ default: (await import("../chart-mock.tsx")).ChartMock }));

const { PowerMonitoringPage } = await import("./PowerMonitoringPage.tsx");

const open = () =>
  renderPage(
    "/equipment_monitoring/power_monitoring/:uuid",
    <PowerMonitoringPage />,
    `/equipment_monitoring/power_monitoring/${DB}`,
  );

/**
 * 08:00 and 09:00 of the site (UTC+7) on 9 and 10 March: ТП-1's input and feeder, and a pump of
 * no substation. On 10 March at 09:00 neither the input nor the pump read anything.
 */
function hours(): PowerEnergy {
  const meter = (
    series_id: number,
    name: string,
    role: "input" | "feeder" | null,
    kwh: number[],
    missing: number[],
  ) => ({
    series_id,
    name,
    substation_id: role === null ? null : 1,
    role,
    kwh,
    missing,
  });
  return {
    grain: "hour",
    sites: [
      {
        id: 1,
        name: "МТФ-1",
        time_zone: "Asia/Novosibirsk",
        buckets: [
          "2026-03-09T01:00:00.000Z",
          "2026-03-09T02:00:00.000Z",
          "2026-03-10T01:00:00.000Z",
          "2026-03-10T02:00:00.000Z",
        ],
        meters: [
          meter(20, "Ввод", "input", [10, 12, 6, 0], [3]),
          meter(21, "Коровник", "feeder", [4, 5, 3, 4], []),
          meter(30, "Насос", null, [1, 1, 1, 0], [3]),
        ],
      },
    ],
  };
}

/** 24 local hours: «—» but where `values` says. */
const day = (values: Record<number, number>) =>
  Array.from({ length: 24 }, (_, h) => (h in values ? String(values[h]) : "—")).join(" ");

describe("/equipment_monitoring/power_monitoring/:uuid", { timeout: 30_000 }, () => {
  it("shows each substation's meters with power now, kWh today and yesterday, and the losses", async () => {
    serveMonitoring({ [`GET ${ENERGY}`]: { status: 200, body: hours() } });
    open();
    const substation = await screen.findByRole("region", { name: "ТП-1" });
    expect(within(substation).getByText("15 кВт·ч (30 %)")).toBeTruthy();
    expect(within(substation).getByText("10 кВт·ч (20 %)")).toBeTruthy();
    const meters = within(substation).getByRole("table", { name: "Счётчики: ТП-1" });
    expect(within(meters).getByText("Ввод (ввод)")).toBeTruthy();
    // The input's power, read at 10:00 of the site (03:00Z in UTC+7).
    expect(within(meters).getByText("7,5 кВт · 10.03.2026 10:00")).toBeTruthy();
    const milking = within(meters).getByText("Доильный зал").closest("tr");
    expect(milking?.textContent).toContain("15 кВт·ч");
    expect(milking?.textContent).toContain("нет данных");
    expect(screen.getByText(/сегодня 10\.03\.2026, время площадки \(Новосибирск, UTC\+7\)/)).toBeTruthy();
  });

  it("charts what the site used by local hour today beside yesterday, asked from yesterday's midnight", async () => {
    const api = serveMonitoring({ [`GET ${ENERGY}`]: { status: 200, body: hours() } });
    open();
    const chart = await screen.findByRole("figure", { name: "Потребление по часам: МТФ-1" });
    // The input and the pump, the feeder being inside the input: 9 March 08:00 10 + 1, 09:00 12 + 1;
    // 10 March 08:00 6 + 1, 09:00 nothing read — no data, not 0.
    expect(within(chart).getByTestId("chart").textContent).toBe(
      `${Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`).join(", ")} | ` +
        `Сегодня: bar [${day({ 8: 7 })}]; Вчера: line пунктир [${day({ 8: 11, 9: 13 })}]`,
    );
    const call = api.calls.find((c) => c.path === ENERGY);
    // 9 March 00:00 in UTC+7 is 8 March 17:00Z; up to the overview's now.
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      from: "2026-03-08T17:00:00.000Z",
      to: "2026-03-10T04:00:00.000Z",
      grain: "hour",
    });
  });

  it("exports the meters with the losses on screen and the hours, as CSV and XLSX", async () => {
    serveMonitoring({ [`GET ${ENERGY}`]: { status: 200, body: hours() } });
    const { blobs, saved } = captureDownloads();
    open();
    await screen.findByRole("figure", { name: "Потребление по часам: МТФ-1" });
    fireEvent.click(screen.getByRole("button", { name: /CSV/ }));
    expect(saved).toEqual(["Датчики Заречная — электроэнергия, 09.03.2026–10.03.2026.csv"]);
    const lines = (await blobs[0]?.text())?.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines?.slice(0, 5)).toEqual([
      "Площадка;Подстанция;Счётчик;Мощность, кВт;Сегодня, кВт·ч;Вчера, кВт·ч;Потери сегодня, %;Потери вчера, %",
      "МТФ-1;ТП-1;Ввод (ввод);7,5;50;50",
      "МТФ-1;ТП-1;Коровник;;20;20",
      "МТФ-1;ТП-1;Доильный зал;;15;20",
      // On screen: «15 кВт·ч (30 %)» today, «10 кВт·ч (20 %)» yesterday.
      "МТФ-1;ТП-1;Потери (ввод − фидеры);;15;10;30;20",
    ]);
    expect(lines).toContain("08:00;7;11");
    expect(lines).toContain("09:00;;13");
    fireEvent.click(screen.getByRole("button", { name: /XLSX/ }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe("Датчики Заречная — электроэнергия, 09.03.2026–10.03.2026.xlsx");
  });

  it("says what to do when there are no meters", async () => {
    const empty = power();
    empty.sites = empty.sites.map((s) => ({ ...s, substations: [], meters: [] }));
    serveMonitoring({ [`GET ${POWER}`]: { status: 200, body: empty } });
    open();
    expect(await screen.findByText("В этой базе пока нет счётчиков электроэнергии.")).toBeTruthy();
  });

  it("says why when the server refuses the database", async () => {
    const message = "Эта база — данные стада: мониторинг оборудования для неё недоступен";
    serveMonitoring({
      [`GET /api/monitoring/${DB}/`]: { status: 409, body: { code: "conflict", message } },
    });
    open();
    expect(await screen.findByText("Мониторинг недоступен")).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });
});
