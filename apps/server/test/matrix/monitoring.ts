import type { MatrixFixture } from "./fixture.ts";
import { type Row, signedIn } from "./types.ts";

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
