import type { MatrixFixture } from "./fixture.ts";
import { MANAGERS, members, type Row, signedIn } from "./types.ts";

// Equipment and power monitoring, read side: every caller given company A's monitoring database
// reads it, viewers (6) and clients (7) included (spec §6: clients see monitoring of their
// monitoring databases); the other company's user was given it too but is no member of company
// A, so it is 404 to them.

const RANGE = { from: "2026-03-10T00:00:00+03:00", to: "2026-03-11T00:00:00+03:00", width: "400" };

const inDatabase = (query?: (fx: MatrixFixture) => Record<string, string>) => (fx: MatrixFixture) => ({
  params: { db_uuid: fx.monitoring.uuid },
  ...(query && { query: query(fx) }),
});

const readable = signedIn(200, { "other company": 404 });

export const monitoringRows: Row[] = [
  { route: "GET /api/monitoring/:db_uuid/", expected: readable, send: inDatabase() },
  {
    route: "GET /api/monitoring/:db_uuid/points/",
    expected: readable,
    send: inDatabase((fx) => ({ ...RANGE, series: String(fx.monitoring.sensorId) })),
  },
  {
    route: "GET /api/monitoring/:db_uuid/points/export/",
    expected: readable,
    send: inDatabase((fx) => ({ ...RANGE, series: String(fx.monitoring.sensorId) })),
  },
  {
    route: "GET /api/monitoring/:db_uuid/states/",
    expected: readable,
    send: inDatabase((fx) => ({ ...RANGE, series: String(fx.monitoring.stateId) })),
  },
  { route: "GET /api/monitoring/:db_uuid/power/", expected: readable, send: inDatabase() },
  {
    route: "GET /api/monitoring/:db_uuid/power/energy/",
    expected: readable,
    send: inDatabase(() => ({ from: RANGE.from, to: RANGE.to, grain: "hour" })),
  },
  ...["profile", "days", "period"].map((path) => ({
    route: `GET /api/monitoring/:db_uuid/power/${path}/`,
    expected: readable,
    send: inDatabase(() => ({ from: RANGE.from, to: RANGE.to })),
  })),
];

// The model editor (contract monitoring-model.ts): read like the pages; written by the company's
// staff of roles 1–5 (MONITORING_MODEL_EDITOR_ROLES, who issue its keys) and superusers; viewers
// (6) and clients (7) 403; the other company's user 404. Changes and deletions act on a fresh
// device, substation or series the superuser made, one per caller.

const model = (fx: MatrixFixture) => `/api/monitoring/${fx.monitoring.uuid}/model`;

/** A fresh thing of the fixture's site, made by the superuser: its id. */
async function fresh(fx: MatrixFixture, kind: "sites" | "devices" | "substations" | "series"): Promise<number> {
  const site_id = fx.monitoring.siteId;
  const body = {
    sites: { name: "МТФ «Заря-2»", time_zone: "Asia/Novosibirsk" },
    devices: { site_id, kind: "Насос", name: "Насос 1" },
    substations: { site_id, name: "ТП-2" },
    series: { site_id, kind: "sensor", name: "Давление", unit: "бар", low: 1, high: 3 },
  }[kind];
  const made = await fx.su<{ id: number }>("POST", `${model(fx)}/${kind}/`, body, 201);
  return made.id;
}

const item = (kind: "sites" | "devices" | "substations" | "series", body?: (fx: MatrixFixture) => unknown) => {
  return async (fx: MatrixFixture) => ({
    params: { db_uuid: fx.monitoring.uuid, id: await fresh(fx, kind) },
    ...(body && { body: body(fx) }),
  });
};

const editors = members(MANAGERS, 200);

export const monitoringModelRows: Row[] = [
  { route: "GET /api/monitoring/:db_uuid/model/", expected: readable, send: inDatabase() },
  {
    route: "POST /api/monitoring/:db_uuid/model/sites/",
    expected: members(MANAGERS, 201),
    send: (fx) => ({
      params: { db_uuid: fx.monitoring.uuid },
      body: { name: "МТФ «Заря-3»", time_zone: "Europe/Moscow" },
    }),
  },
  {
    route: "PUT /api/monitoring/:db_uuid/model/sites/:id/",
    expected: editors,
    send: item("sites", () => ({ name: "МТФ «Заря-2»", time_zone: "Asia/Omsk" })),
  },
  { route: "DELETE /api/monitoring/:db_uuid/model/sites/:id/", expected: editors, send: item("sites") },
  {
    route: "POST /api/monitoring/:db_uuid/model/devices/",
    expected: members(MANAGERS, 201),
    send: (fx) => ({
      params: { db_uuid: fx.monitoring.uuid },
      body: { site_id: fx.monitoring.siteId, kind: "Вентилятор", name: "Вентилятор 1" },
    }),
  },
  {
    route: "PUT /api/monitoring/:db_uuid/model/devices/:id/",
    expected: editors,
    send: item("devices", (fx) => ({ site_id: fx.monitoring.siteId, kind: "Насос", name: "Насос 2" })),
  },
  { route: "DELETE /api/monitoring/:db_uuid/model/devices/:id/", expected: editors, send: item("devices") },
  {
    route: "POST /api/monitoring/:db_uuid/model/substations/",
    expected: members(MANAGERS, 201),
    send: (fx) => ({ params: { db_uuid: fx.monitoring.uuid }, body: { site_id: fx.monitoring.siteId, name: "ТП-3" } }),
  },
  {
    route: "PUT /api/monitoring/:db_uuid/model/substations/:id/",
    expected: editors,
    send: item("substations", (fx) => ({ site_id: fx.monitoring.siteId, name: "ТП-4" })),
  },
  { route: "DELETE /api/monitoring/:db_uuid/model/substations/:id/", expected: editors, send: item("substations") },
  {
    route: "POST /api/monitoring/:db_uuid/model/series/",
    expected: members(MANAGERS, 201),
    send: (fx) => ({
      params: { db_uuid: fx.monitoring.uuid },
      body: { site_id: fx.monitoring.siteId, kind: "power", name: "Мощность", unit: "кВт" },
    }),
  },
  {
    route: "PUT /api/monitoring/:db_uuid/model/series/:id/",
    expected: editors,
    send: item("series", (fx) => ({
      site_id: fx.monitoring.siteId,
      kind: "sensor",
      name: "Давление",
      low: 0,
      high: 4,
    })),
  },
  { route: "DELETE /api/monitoring/:db_uuid/model/series/:id/", expected: editors, send: item("series") },
];
