import type { MonitoringCatalog, MonitoringPoints, PowerOverview } from "@nadoy/contract/monitoring";
import type { MonitoringDeleted, MonitoringModel, MonitoringModelSeries } from "@nadoy/contract/monitoring-model";
import { TIME_ZONE_INVALID_TEXT } from "@nadoy/contract/monitoring-model";
import { wrongDatabaseKindText } from "@nadoy/contract/users";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { queryRows } from "../../db/client.ts";
import { userDatabaseAccess, userDatabases } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";
import { ingestReadings } from "../monitoring/ingest.ts";

// The model editor over HTTP (contract monitoring-model.ts): a new farm's monitoring database
// gets its site, device, sensor, state channel and substation with meters through the API, then
// readings for them through the ingestion, and the read routes show them.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

/** «Заря» with an empty monitoring database «Датчики» and a herd database; roles 3, 6, 7 of it and a user of «Восход». */
async function world() {
  const db = t.database.db;
  const zarya = await seedCompany(db, { name: "Заря" });
  const voskhod = await seedCompany(db, { name: "Восход" });
  const [monitoring, herd] = await db
    .insert(userDatabases)
    .values([
      { companyId: zarya.company.id, name: "Датчики", server: "s", dbName: "sensors", kind: "monitoring" },
      { companyId: zarya.company.id, name: "Стадо", server: "s", dbName: "herd", kind: "herd" },
    ])
    .returning();
  if (!monitoring || !herd) throw new Error("databases inserted");
  const user = async (username: string, role: number, companyId: number) => {
    const u = await seedUser(db, {
      username,
      email: `${username}@example.com`,
      roles: [role],
      companyIds: [companyId],
    });
    await db.insert(userDatabaseAccess).values([
      { userId: u.id, databaseId: monitoring.id },
      { userId: u.id, databaseId: herd.id },
    ]);
    return accessTokenFor(t, u.id);
  };
  return {
    databaseId: monitoring.id,
    uuid: monitoring.uuid,
    herdUuid: herd.uuid,
    zoo: await user("zoo", 3, zarya.company.id),
    viewer: await user("viewer", 6, zarya.company.id),
    client: await user("client", 7, zarya.company.id),
    other: await user("other", 3, voskhod.company.id),
  };
}

type World = Awaited<ReturnType<typeof world>>;

const call = (token: string | undefined, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  t.request({ method, url, token, ...(payload !== undefined && { payload: payload as object }) });

function body<T>(res: { statusCode: number; body: string; json(): unknown }, status: number): T {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

const count = async (table: string) => {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from ${table}`));
  return row?.n ?? 0;
};

/** The model API of the world's database as the zootechnician. */
function api(w: World, token = w.zoo) {
  const base = `/api/monitoring/${w.uuid}/model`;
  const make = <T>(path: string, payload: unknown) =>
    body<T>(call(token, "POST", `${base}/${path}/`, payload) as never, 201);
  return {
    base,
    model: async () => body<MonitoringModel>(await call(token, "GET", `${base}/`), 200),
    post: (path: string, payload: unknown) => call(token, "POST", `${base}/${path}/`, payload),
    put: (path: string, id: number, payload: unknown) => call(token, "PUT", `${base}/${path}/${id}/`, payload),
    del: (path: string, id: number) => call(token, "DELETE", `${base}/${path}/${id}/`),
    create: async <T extends { id: number }>(path: string, payload: unknown) =>
      body<T>(await call(token, "POST", `${base}/${path}/`, payload), 201),
    make,
  };
}

/** Site МТФ-1 in Asia/Novosibirsk, a cooler with a temperature sensor (2–6 °C) and a compressor channel, ТП-1 with an input and two feeders. */
async function farm(w: World) {
  const a = api(w);
  const site = await a.create<{ id: number; name: string; time_zone: string }>("sites", {
    name: "МТФ-1",
    time_zone: "Asia/Novosibirsk",
  });
  const cooler = await a.create<{ id: number }>("devices", {
    site_id: site.id,
    kind: "Танк-охладитель",
    name: "Танк 1",
  });
  const sensor = await a.create<MonitoringModelSeries>("series", {
    site_id: site.id,
    device_id: cooler.id,
    kind: "sensor",
    name: "Температура молока",
    unit: "°C",
    low: 2,
    high: 6,
  });
  const compressor = await a.create<MonitoringModelSeries>("series", {
    site_id: site.id,
    device_id: cooler.id,
    kind: "state",
    name: "Компрессор",
    states: [
      { code: "on", name: "Работает", color: "#2e7d32" },
      { code: "off", name: "Выключен", color: "#9e9e9e" },
    ],
  });
  const tp = await a.create<{ id: number }>("substations", { site_id: site.id, name: "ТП-1" });
  const meter = (name: string, role: "input" | "feeder") =>
    a.create<MonitoringModelSeries>("series", {
      site_id: site.id,
      kind: "energy",
      name,
      unit: "кВт·ч",
      rollover: 100_000,
      substation_id: tp.id,
      meter_role: role,
    });
  const input = await meter("Ввод", "input");
  const barn = await meter("Коровник", "feeder");
  const parlour = await meter("Доильный зал", "feeder");
  return { a, site, cooler, sensor, compressor, tp, input, barn, parlour };
}

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe("monitoring model: a new farm described through the API", () => {
  it("creates a site, a device, a sensor, a state channel and a substation with meters; readings then land in them", async () => {
    const w = await world();
    const f = await farm(w);
    expect(f.site).toMatchObject({ name: "МТФ-1", time_zone: "Asia/Novosibirsk" });
    expect(f.sensor).toMatchObject({
      kind: "sensor",
      low: 2,
      high: 6,
      unit: "°C",
      device_id: f.cooler.id,
      rollover: null,
    });
    expect(f.compressor.states?.map((s) => s.code)).toEqual(["on", "off"]);
    expect(f.input).toMatchObject({ substation_id: f.tp.id, meter_role: "input", rollover: 100_000 });

    const model = await f.a.model();
    expect(model.editable).toBe(true);
    expect(model.sites).toEqual([{ id: f.site.id, name: "МТФ-1", time_zone: "Asia/Novosibirsk" }]);
    expect(model.devices).toEqual([{ id: f.cooler.id, site_id: f.site.id, kind: "Танк-охладитель", name: "Танк 1" }]);
    expect(model.series.map((s) => s.name)).toEqual([
      "Температура молока",
      "Компрессор",
      "Ввод",
      "Коровник",
      "Доильный зал",
    ]);

    // Readings for the new series, through the ingestion function the key routes call.
    const now = Date.now();
    const start = now - 3 * HOUR;
    const rows = [0, 1, 2].flatMap((h) => [
      { series_id: f.sensor.id, ts: iso(start + h * HOUR), value: 4 + h },
      { series_id: f.compressor.id, ts: iso(start + h * HOUR), state: h === 2 ? "off" : "on" },
      { series_id: f.input.id, ts: iso(start + h * HOUR), value: 1000 + 10 * h },
      { series_id: f.barn.id, ts: iso(start + h * HOUR), value: 500 + 6 * h },
      { series_id: f.parlour.id, ts: iso(start + h * HOUR), value: 200 + 3 * h },
    ]);
    const result = await ingestReadings(t.database.db, w.databaseId, rows, now);
    expect(result.rejected).toEqual([]);

    const catalog = body<MonitoringCatalog>(await call(w.zoo, "GET", `/api/monitoring/${w.uuid}/`), 200);
    expect(catalog.series.map((s) => s.id)).toEqual(model.series.map((s) => s.id));
    const points = body<MonitoringPoints>(
      await t.request({
        method: "GET",
        url: `/api/monitoring/${w.uuid}/points/`,
        token: w.zoo,
        query: { series: String(f.sensor.id), from: iso(start - HOUR), to: iso(now), width: "400" },
      }),
      200,
    );
    expect(points.series[0]?.stats).toMatchObject({ count: 3, min: 4, max: 6 });
    const power = body<PowerOverview>(await call(w.zoo, "GET", `/api/monitoring/${w.uuid}/power/`), 200);
    const tp = power.sites[0]?.substations[0];
    expect(tp?.input?.name).toBe("Ввод");
    expect(tp?.feeders.map((m) => m.name)).toEqual(["Коровник", "Доильный зал"]);
  });

  it("edits: renames, changes thresholds and states; refuses a change of a series' kind or site with 409", async () => {
    const w = await world();
    const f = await farm(w);
    const renamed = body<MonitoringModelSeries>(
      await f.a.put("series", f.sensor.id, {
        site_id: f.site.id,
        device_id: null,
        kind: "sensor",
        name: "Температура",
        unit: "°C",
        low: 1,
        high: 8,
      }),
      200,
    );
    expect(renamed).toMatchObject({ name: "Температура", low: 1, high: 8, device_id: null });
    const kind = await f.a.put("series", f.sensor.id, { site_id: f.site.id, kind: "power", name: "Мощность" });
    expect(kind.statusCode).toBe(409);
    expect(kind.json().message).toBe("Вид ряда не меняется: создайте новый ряд");
    const other = await f.a.create<{ id: number }>("sites", { name: "МТФ-2", time_zone: "Europe/Moscow" });
    const moved = await f.a.put("series", f.sensor.id, { site_id: other.id, kind: "sensor", name: "Температура" });
    expect(moved.statusCode).toBe(409);
    const device = body<{ name: string }>(
      await f.a.put("devices", f.cooler.id, { site_id: f.site.id, kind: "Танк", name: "Танк №1" }),
      200,
    );
    expect(device.name).toBe("Танк №1");
    expect((await f.a.put("substations", f.tp.id, { site_id: f.site.id, name: "ТП-10" })).statusCode).toBe(200);
    expect((await f.a.put("substations", 999_999, { site_id: f.site.id, name: "ТП-10" })).statusCode).toBe(404);
  });

  it("a new time zone computes the site's rollups again in its local days", async () => {
    const w = await world();
    const f = await farm(w);
    // 18:00Z is 01:00 of the next day in Novosibirsk, 21:00 of the same day in Moscow.
    const at = Date.parse("2026-03-10T18:00:00Z");
    const result = await ingestReadings(
      t.database.db,
      w.databaseId,
      [{ series_id: f.sensor.id, ts: iso(at), value: 5 }],
      at + HOUR,
    );
    expect(result.rejected).toEqual([]);
    const dayBucket = async () => {
      const [row] = await queryRows<{ bucket: string }>(
        t.database.db,
        sql`select to_char(bucket at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as bucket from monitoring_rollups
            where series_id = ${f.sensor.id} and grain = 'day'`,
      );
      return row?.bucket;
    };
    expect(await dayBucket()).toBe("2026-03-10T17:00");
    const site = await f.a.put("sites", f.site.id, { name: "МТФ-1", time_zone: "Europe/Moscow" });
    expect(site.statusCode).toBe(200);
    expect(await dayBucket()).toBe("2026-03-09T21:00");
  });
});

describe("monitoring model: refusals", () => {
  it("a zone that does not exist: 400 in Russian and nothing written", async () => {
    const w = await world();
    const a = api(w);
    for (const zone of ["Mars/Olympus", "Москва", "", "+03:00"]) {
      const res = await a.post("sites", { name: "МТФ-1", time_zone: zone });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("validation_error");
      expect(res.json().fields.time_zone).toMatch(/часовой пояс|Такого часового пояса нет/i);
    }
    const res = await a.post("sites", { name: "МТФ-1", time_zone: "Mars/Olympus" });
    expect(res.json().message).toBe(TIME_ZONE_INVALID_TEXT);
    expect(await count("monitoring_sites")).toBe(0);
  });

  it("a series of another site's device or substation: 400; an unknown site: 404", async () => {
    const w = await world();
    const f = await farm(w);
    const other = await f.a.create<{ id: number }>("sites", { name: "МТФ-2", time_zone: "Europe/Moscow" });
    const before = await count("monitoring_series");
    const byDevice = await f.a.post("series", { site_id: other.id, device_id: f.cooler.id, kind: "sensor", name: "Т" });
    expect(byDevice.statusCode).toBe(400);
    expect(byDevice.json().fields.device_id).toMatch(/другой площадки/);
    const bySubstation = await f.a.post("series", {
      site_id: other.id,
      kind: "energy",
      name: "Ввод 2",
      substation_id: f.tp.id,
      meter_role: "input",
    });
    expect(bySubstation.statusCode).toBe(400);
    expect(bySubstation.json().fields.substation_id).toMatch(/другой площадки/);
    const unknown = await f.a.post("series", { site_id: 999_999, kind: "sensor", name: "Т" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().fields.site_id).toBe("Такой площадки нет в этой базе");
    expect((await f.a.post("devices", { site_id: 999_999, kind: "Насос", name: "Н-1" })).statusCode).toBe(404);
    expect(await count("monitoring_series")).toBe(before);
  });

  it("a second input meter of a substation: 409; a feeder made input too; the power input is a kind of its own", async () => {
    const w = await world();
    const f = await farm(w);
    const second = await f.a.post("series", {
      site_id: f.site.id,
      kind: "energy",
      name: "Ввод 2",
      substation_id: f.tp.id,
      meter_role: "input",
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/^У подстанции «ТП-1» уже есть ввод \(кВт·ч\): «Ввод»/);
    const promoted = await f.a.put("series", f.barn.id, {
      site_id: f.site.id,
      kind: "energy",
      name: "Коровник",
      substation_id: f.tp.id,
      meter_role: "input",
    });
    expect(promoted.statusCode).toBe(409);
    // The input itself saved again stays the input.
    const same = await f.a.put("series", f.input.id, {
      site_id: f.site.id,
      kind: "energy",
      name: "Ввод (ТП-1)",
      substation_id: f.tp.id,
      meter_role: "input",
    });
    expect(same.statusCode).toBe(200);
    const power = await f.a.post("series", {
      site_id: f.site.id,
      kind: "power",
      name: "Ввод: мощность",
      unit: "кВт",
      substation_id: f.tp.id,
      meter_role: "input",
    });
    expect(power.statusCode).toBe(201);
  });

  it("checks each kind's fields: thresholds, states, rollover, substation", async () => {
    const w = await world();
    const a = api(w);
    const site = await a.create<{ id: number }>("sites", { name: "МТФ-1", time_zone: "Europe/Moscow" });
    const refused = async (payload: Record<string, unknown>, field: string, text: RegExp) => {
      const res = await a.post("series", { site_id: site.id, name: "Ряд", ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        Object.keys(res.json().fields ?? {}).some((k) => k.startsWith(field)),
        res.body,
      ).toBe(true);
      expect(res.json().message).toMatch(text);
    };
    await refused({ kind: "sensor", low: 8, high: 2 }, "high", /Верхний порог не может быть ниже нижнего/);
    await refused({ kind: "energy", low: 1 }, "low", /только у датчиков/);
    await refused({ kind: "state", states: [] }, "states", /Перечислите состояния/);
    await refused(
      {
        kind: "state",
        states: [
          { code: "on", name: "Работает", color: "#2e7d32" },
          { code: "on", name: "Снова", color: "#2e7d32" },
        ],
      },
      "states",
      /Код «on» уже есть/,
    );
    await refused({ kind: "state", states: [{ code: "on", name: "Работает", color: "green" }] }, "states", /#rrggbb/);
    await refused({ kind: "sensor", rollover: 100 }, "rollover", /только у счётчика энергии/);
    await refused({ kind: "sensor", substation_id: 1, meter_role: "feeder" }, "substation_id", /только счётчики/);
    await refused({ kind: "energy", substation_id: 1 }, "meter_role", /ввод это или фидер/);
    expect(await count("monitoring_series")).toBe(0);
  });
});

describe("monitoring model: deleting takes along what hangs on it", () => {
  it("a series with its readings, a device with its series, a site with everything; the answers count them", async () => {
    const w = await world();
    const f = await farm(w);
    const now = Date.now();
    const rows = [1, 2].flatMap((h) => [
      { series_id: f.sensor.id, ts: iso(now - h * HOUR), value: 5 },
      { series_id: f.compressor.id, ts: iso(now - h * HOUR), state: "on" },
      { series_id: f.input.id, ts: iso(now - h * HOUR), value: 100 + h },
    ]);
    expect((await ingestReadings(t.database.db, w.databaseId, rows, now)).rejected).toEqual([]);

    const series = body<MonitoringDeleted>(await f.a.del("series", f.input.id), 200);
    expect(series).toEqual({ sites: 0, devices: 0, substations: 0, series: 1, readings: 2 });
    expect(await count("monitoring_readings")).toBe(2);
    expect(await count("monitoring_rollups")).toBeGreaterThan(0);

    const device = body<MonitoringDeleted>(await f.a.del("devices", f.cooler.id), 200);
    expect(device).toEqual({ sites: 0, devices: 1, substations: 0, series: 2, readings: 4 });
    expect(await count("monitoring_readings")).toBe(0);
    expect(await count("monitoring_state_readings")).toBe(0);
    expect(await count("monitoring_rollups")).toBe(0);

    const site = body<MonitoringDeleted>(await f.a.del("sites", f.site.id), 200);
    expect(site).toEqual({ sites: 1, devices: 0, substations: 1, series: 2, readings: 0 });
    for (const table of ["monitoring_sites", "monitoring_devices", "monitoring_substations", "monitoring_series"]) {
      expect(await count(table)).toBe(0);
    }
    expect((await f.a.del("sites", f.site.id)).statusCode).toBe(404);
  });

  it("a substation with its meters", async () => {
    const w = await world();
    const f = await farm(w);
    const deleted = body<MonitoringDeleted>(await f.a.del("substations", f.tp.id), 200);
    expect(deleted).toEqual({ sites: 0, devices: 0, substations: 1, series: 3, readings: 0 });
    expect((await f.a.model()).series.map((s) => s.name)).toEqual(["Температура молока", "Компрессор"]);
  });
});

describe("monitoring model: who", () => {
  it("readers read (clients too, not editable); viewers and clients may not write; another company's user 404; a herd database 409", async () => {
    const w = await world();
    const f = await farm(w);
    const asClient = api(w, w.client);
    expect((await asClient.model()).editable).toBe(false);
    expect((await api(w, w.viewer).model()).series).toHaveLength(5);
    for (const token of [w.viewer, w.client]) {
      const res = await api(w, token).post("sites", { name: "МТФ-2", time_zone: "Europe/Moscow" });
      expect(res.statusCode).toBe(403);
      expect((await api(w, token).del("series", f.sensor.id)).statusCode).toBe(403);
    }
    const other = api(w, w.other);
    expect((await call(w.other, "GET", `${other.base}/`)).statusCode).toBe(404);
    expect((await other.post("sites", { name: "МТФ-2", time_zone: "Europe/Moscow" })).statusCode).toBe(404);
    expect((await other.del("sites", f.site.id)).statusCode).toBe(404);
    expect((await call(undefined, "GET", `${other.base}/`)).statusCode).toBe(401);

    const herd = await call(w.zoo, "POST", `/api/monitoring/${w.herdUuid}/model/sites/`, {
      name: "МТФ-2",
      time_zone: "Europe/Moscow",
    });
    expect(herd.statusCode).toBe(409);
    expect(herd.json().message).toBe(wrongDatabaseKindText("herd", "monitoring"));
    expect(await count("monitoring_sites")).toBe(1);
  });
});
