import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DB, ENERGY, energy, renderPage, serveMonitoring } from "../test-support.tsx";
import { PowerSubstationsPage } from "./PowerSubstationsPage.tsx";

describe("/equipment_monitoring/power_monitoring/substations/:uuid", () => {
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
    renderPage(
      "/equipment_monitoring/power_monitoring/substations/:uuid",
      <PowerSubstationsPage />,
      `/equipment_monitoring/power_monitoring/substations/${DB}`,
    );
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
    expect((Date.parse(query.to ?? "") - Date.parse(query.from ?? "")) / 86_400_000).toBe(7);
  });
});
