import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DB, renderPage, serveMonitoring } from "../test-support.tsx";
import { MonitoringFrame } from "./MonitoringFrame.tsx";

const open = (pattern: string, path: string) =>
  renderPage(pattern, <MonitoringFrame title="Страница">{() => <p>содержимое</p>}</MonitoringFrame>, path);

describe("MonitoringFrame", () => {
  it("links every power page of the database from a power page, the page shown named without a link", async () => {
    serveMonitoring();
    open("/equipment_monitoring/power_monitoring/hours/:uuid", `/equipment_monitoring/power_monitoring/hours/${DB}`);
    const nav = await screen.findByRole("navigation", { name: "Разделы электроэнергии" });
    const links = within(nav)
      .getAllByRole("link")
      .map((a) => [a.textContent, a.getAttribute("href")]);
    const base = "/equipment_monitoring/power_monitoring";
    expect(links).toEqual([
      ["Обзор", `${base}/${DB}`],
      ["Подстанции", `${base}/substations/${DB}`],
      ["Потери на подстанции", `${base}/substation-diff/${DB}`],
      ["Средний суточный профиль", `${base}/hours-avg/${DB}`],
      ["Среднее по дням", `${base}/days-avg/${DB}`],
      ["Средние за период", `${base}/avg/${DB}`],
    ]);
    expect(within(nav).getByText("Почасовое потребление").closest("[aria-current=page]")).toBeTruthy();
  });

  it("shows no power links on the equipment pages", async () => {
    serveMonitoring();
    open("/equipment_monitoring/monitoring_report/:uuid", `/equipment_monitoring/monitoring_report/${DB}`);
    expect(await screen.findByText("содержимое")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Разделы электроэнергии" })).toBeNull();
  });
});
