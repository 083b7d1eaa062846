import type { MonitoringModel } from "@nadoy/contract/monitoring-model";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userDataFixture } from "../../../../test/fixtures.ts";
import { PowerMonitoringPage } from "../../pages/PowerMonitoringPage.tsx";
import { catalog, DB, monitoringUser, renderPage, serveMonitoring } from "../../test-support.tsx";

// «Схема площадки» on a monitoring page: who gets the button, what the drawer lists, a deletion
// confirmed by name with what goes along, a new series sent with its device, the pages refetched.

const MODEL = `/api/monitoring/${DB}/model/`;

function model(): MonitoringModel {
  const c = catalog();
  return { ...c, editable: true, series: c.series.map((s) => ({ ...s, rollover: null })) };
}

const open = () =>
  renderPage(
    "/equipment_monitoring/power_monitoring/:uuid",
    <PowerMonitoringPage />,
    `/equipment_monitoring/power_monitoring/${DB}`,
  );

const catalogCalls = (api: ReturnType<typeof serveMonitoring>) =>
  api.calls.filter((call) => call.method === "GET" && call.path === `/api/monitoring/${DB}/`).length;

async function openDrawer() {
  fireEvent.click(await screen.findByRole("button", { name: /Схема площадки/ }));
  return screen.findByRole("region", { name: "Площадка «МТФ-1»" });
}

describe("«Схема площадки»", { timeout: 30_000 }, () => {
  it("lists the site's devices with their series and ids, and the substation's meters", async () => {
    serveMonitoring({ [`GET ${MODEL}`]: { status: 200, body: model() } });
    open();
    const site = await openDrawer();
    expect(within(site).getByText("Asia/Novosibirsk")).toBeTruthy();
    const cooler = within(site).getByRole("table", { name: "Ряды устройства «Танк-охладитель 1»" });
    expect(within(cooler).getByText("Температура молока")).toBeTruthy();
    expect(within(cooler).getByText("Датчик, °C, пороги 2 … 6")).toBeTruthy();
    expect(within(cooler).getByText("Канал состояний, Работает / Выключен")).toBeTruthy();
    expect(within(cooler).getByText("10")).toBeTruthy();
    // The device sent its kind as a code (milk_cooler): the card says what it is in Russian.
    expect(within(site).getByText("Танк-охладитель 1 · танк-охладитель")).toBeTruthy();
    expect(within(site).queryByText(/milk_cooler/)).toBeNull();
    const meters = within(site).getByRole("table", { name: "Счётчики подстанции «ТП-1»" });
    expect(within(meters).getByText("Ввод")).toBeTruthy();
    expect(within(meters).getByText("20")).toBeTruthy();
  });

  it("deletes a device after naming what goes along, says what went and refetches the page", async () => {
    const api = serveMonitoring({
      [`GET ${MODEL}`]: { status: 200, body: model() },
      [`DELETE ${MODEL}devices/1/`]: {
        status: 200,
        body: { sites: 0, devices: 1, substations: 0, series: 2, readings: 1440 },
      },
    });
    open();
    const site = await openDrawer();
    const before = catalogCalls(api);
    fireEvent.click(within(site).getByRole("button", { name: "Удалить устройство «Танк-охладитель 1»" }));
    expect(await screen.findByText("Вместе с ним удалятся 2 ряда со всеми показаниями.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Удалить" }));
    expect(await screen.findByText(/^Удалено: 1 устройство, 2 ряда и 1\s440 показаний$/)).toBeTruthy();
    expect(api.calls.some((call) => call.method === "DELETE" && call.path === `${MODEL}devices/1/`)).toBe(true);
    await waitFor(() => expect(catalogCalls(api)).toBeGreaterThan(before));
  });

  it("adds a sensor to a device: the form sends it with the site and the device", async () => {
    const api = serveMonitoring({
      [`GET ${MODEL}`]: { status: 200, body: model() },
      [`POST ${MODEL}series/`]: (call) => ({ status: 201, body: { id: 30, ...(call.body as object), rollover: null } }),
    });
    open();
    const site = await openDrawer();
    const card = within(site).getByRole("table", { name: "Ряды устройства «Танк-охладитель 1»" }).closest(".ant-card");
    fireEvent.click(within(card as HTMLElement).getByRole("button", { name: /Ряд/ }));
    // antd names both the drawer and the modal "test-id" in jsdom: the modal is found by its title.
    const dialog = (await screen.findByText("Новый ряд")).closest(".ant-modal") as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText("Название"), { target: { value: "Давление" } });
    fireEvent.change(within(dialog).getByLabelText("Единица измерения"), { target: { value: "бар" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Добавить" }));
    await waitFor(() => expect(api.calls.some((call) => call.method === "POST")).toBe(true));
    const sent = api.calls.find((call) => call.method === "POST" && call.path === `${MODEL}series/`);
    expect(sent?.body).toMatchObject({ site_id: 1, device_id: 1, kind: "sensor", name: "Давление", unit: "бар" });
  });

  it("is not offered to clients; an empty database tells them whom to ask, and an editor what to do", async () => {
    const empty = catalog({ sites: [], devices: [], substations: [], series: [] });
    serveMonitoring({ [`GET /api/monitoring/${DB}/`]: { status: 200, body: empty } });
    open();
    expect(await screen.findByText("В этой базе ещё не описана ни одна площадка.")).toBeTruthy();
    expect(screen.getByText(/Откройте «Схема площадки» и добавьте площадку/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Открыть «Схему площадки»" })).toBeTruthy();
  });

  it("clients see no button", async () => {
    const client = userDataFixture({ ...monitoringUser(), groups: [7] });
    const empty = catalog({ sites: [], devices: [], substations: [], series: [] });
    const { mockSignedIn } = await import("../../../../test/signed-in.ts");
    mockSignedIn(client, { [`GET /api/monitoring/${DB}/`]: { status: 200, body: empty } });
    open();
    expect(await screen.findByText(/Попросите сотрудника компании описать площадку/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Схема площадки/ })).toBeNull();
  });
});
