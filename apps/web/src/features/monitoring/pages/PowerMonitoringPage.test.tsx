import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DB, POWER, power, renderPage, serveMonitoring } from "../test-support.tsx";
import { PowerMonitoringPage } from "./PowerMonitoringPage.tsx";

const open = () =>
  renderPage(
    "/equipment_monitoring/power_monitoring/:uuid",
    <PowerMonitoringPage />,
    `/equipment_monitoring/power_monitoring/${DB}`,
  );

describe("/equipment_monitoring/power_monitoring/:uuid", () => {
  it("shows each substation's meters with power now, kWh today and yesterday, and the losses", async () => {
    serveMonitoring();
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
    expect(screen.getByText(/сегодня 10\.03\.2026, время площадки \(Asia\/Novosibirsk\)/)).toBeTruthy();
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
