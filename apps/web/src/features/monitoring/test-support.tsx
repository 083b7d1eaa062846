import type {
  MonitoringCatalog,
  MonitoringPoints,
  MonitoringStates,
  PowerEnergy,
  PowerOverview,
} from "@nadoy/contract/monitoring";
import type { UserData } from "@nadoy/contract/users";
import { userDataFixture } from "../../test/fixtures.ts";
import { mockSignedIn } from "../../test/signed-in.ts";

export { renderPage } from "../../test/render-page.tsx";

// Fixtures of the monitoring pages' tests, shaped as contract monitoring.ts says (the answers go
// through its schemas). The site is in Asia/Novosibirsk (UTC+7): 00:00Z is 07:00 there.

export const DB = "5d2e6f70-8192-4a3b-9c4d-5e6f708192a3";
const BASE = `/api/monitoring/${DB}/`;
export const POINTS = `${BASE}points/`;
export const STATES = `${BASE}states/`;
export const POWER = `${BASE}power/`;
export const ENERGY = `${BASE}power/energy/`;

export function monitoringUser(): UserData {
  return userDataFixture({
    user_databases: [
      { pk: 2, uuid: DB, name: "Датчики Заречная", server: "s", db_name: "sensors", active: true, kind: "monitoring" },
    ],
  });
}

export function catalog(overrides: Partial<MonitoringCatalog> = {}): MonitoringCatalog {
  return {
    database: { uuid: DB, name: "Датчики Заречная" },
    sites: [{ id: 1, name: "МТФ-1", time_zone: "Asia/Novosibirsk" }],
    devices: [{ id: 1, site_id: 1, kind: "milk_cooler", name: "Танк-охладитель 1" }],
    substations: [{ id: 1, site_id: 1, name: "ТП-1" }],
    series: [
      {
        id: 10,
        site_id: 1,
        device_id: 1,
        substation_id: null,
        meter_role: null,
        kind: "sensor",
        name: "Температура молока",
        unit: "°C",
        low: 2,
        high: 6,
        states: null,
      },
      {
        id: 11,
        site_id: 1,
        device_id: 1,
        substation_id: null,
        meter_role: null,
        kind: "state",
        name: "Компрессор",
        unit: null,
        low: null,
        high: null,
        states: [
          { code: "on", name: "Работает", color: "#2e7d32" },
          { code: "off", name: "Выключен", color: "#9e9e9e" },
        ],
      },
      {
        id: 20,
        site_id: 1,
        device_id: null,
        substation_id: 1,
        meter_role: "input",
        kind: "energy",
        name: "Ввод",
        unit: "кВт·ч",
        low: null,
        high: null,
        states: null,
      },
    ],
    ...overrides,
  };
}

export function points(): MonitoringPoints {
  const stats = { count: 4, min: 4, max: 8, avg: 6 };
  return {
    from: "2026-03-10T00:00:00.000Z",
    to: "2026-03-10T04:00:00.000Z",
    previous: { from: "2026-03-09T20:00:00.000Z", to: "2026-03-10T00:00:00.000Z" },
    series: [
      {
        id: 10,
        source: "raw",
        step_seconds: 146,
        points: {
          t: [Date.parse("2026-03-10T00:00:00.000Z"), Date.parse("2026-03-10T02:00:00.000Z")],
          count: [1, 1],
          min: [4, 8],
          min_at: [Date.parse("2026-03-10T00:00:00.000Z"), Date.parse("2026-03-10T02:00:00.000Z")],
          max: [4, 8],
          max_at: [Date.parse("2026-03-10T00:00:00.000Z"), Date.parse("2026-03-10T02:00:00.000Z")],
          avg: [4, 8],
        },
        stats,
        previous_stats: { count: 2, min: 1, max: 3, avg: 2 },
        thresholds: {
          count: 1,
          seconds: 7200,
          items: [
            {
              side: "high",
              start: "2026-03-10T01:00:00.000Z",
              end: "2026-03-10T03:00:00.000Z",
              ongoing: false,
              seconds: 7200,
              peak: 8.5,
            },
          ],
        },
        previous_thresholds: { count: 0, seconds: 0, items: [] },
      },
    ],
  };
}

export function states(): MonitoringStates {
  return {
    from: "2026-03-10T00:00:00.000Z",
    to: "2026-03-10T04:00:00.000Z",
    series: [
      {
        id: 11,
        segments: [
          { state: "on", start: "2026-03-10T00:00:00.000Z", end: "2026-03-10T03:00:00.000Z" },
          { state: "off", start: "2026-03-10T03:00:00.000Z", end: "2026-03-10T04:00:00.000Z" },
        ],
        unknown_seconds: 0,
        states: [
          { code: "on", name: "Работает", color: "#2e7d32", seconds: 10_800, share: 0.75 },
          { code: "off", name: "Выключен", color: "#9e9e9e", seconds: 3600, share: 0.25 },
        ],
        current: { code: "off", name: "Выключен", color: "#9e9e9e", since: "2026-03-10T03:00:00.000Z", seconds: 5400 },
      },
    ],
  };
}

const meter = (series_id: number, name: string, role: "input" | "feeder", today: number, yesterday: number) => ({
  series_id,
  name,
  role,
  power_kw: role === "input" ? 7.5 : null,
  power_at: role === "input" ? "2026-03-10T03:00:00.000Z" : null,
  kwh_today: today,
  kwh_yesterday: yesterday,
});

export function power(): PowerOverview {
  return {
    now: "2026-03-10T04:00:00.000Z",
    sites: [
      {
        id: 1,
        name: "МТФ-1",
        time_zone: "Asia/Novosibirsk",
        today: "2026-03-10",
        substations: [
          {
            id: 1,
            name: "ТП-1",
            input: meter(20, "Ввод", "input", 50, 50),
            feeders: [meter(21, "Коровник", "feeder", 20, 20), meter(22, "Доильный зал", "feeder", 15, 20)],
            losses_today: { kwh: 15, percent: 30 },
            losses_yesterday: { kwh: 10, percent: 20 },
          },
        ],
        meters: [],
      },
    ],
  };
}

/** Three local hours of ТП-1: the input and two feeders (the first hour nothing metered). */
export function energy(): PowerEnergy {
  const meter = (series_id: number, name: string, role: "input" | "feeder", kwh: number[]) => ({
    series_id,
    name,
    substation_id: 1,
    role,
    kwh,
    missing: [],
  });
  return {
    grain: "hour",
    sites: [
      {
        id: 1,
        name: "МТФ-1",
        time_zone: "Asia/Novosibirsk",
        buckets: ["2026-03-10T00:00:00.000Z", "2026-03-10T01:00:00.000Z", "2026-03-10T02:00:00.000Z"],
        meters: [
          meter(20, "Ввод", "input", [0, 12, 10]),
          meter(21, "Коровник", "feeder", [0, 6, 5]),
          meter(22, "Доильный зал", "feeder", [0, 5, 4.5]),
        ],
      },
    ],
  };
}

type Handlers = Parameters<typeof mockSignedIn>[1];

/** The database's catalog, chart points, states and power. */
export function serveMonitoring(extra: Handlers = {}) {
  return mockSignedIn(monitoringUser(), {
    [`GET ${BASE}`]: { status: 200, body: catalog() },
    [`GET ${POINTS}`]: { status: 200, body: points() },
    [`GET ${STATES}`]: { status: 200, body: states() },
    [`GET ${POWER}`]: { status: 200, body: power() },
    [`GET ${ENERGY}`]: { status: 200, body: energy() },
    ...extra,
  });
}
