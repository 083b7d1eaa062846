import { randomUUID } from "node:crypto";
import type { CreatedKey } from "@nadoy/contract/keys";
import { INGEST_ROWS_MAX, INGEST_ROWS_OVER_TEXT, type IngestResult } from "@nadoy/contract/monitoring-ingest";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import mqtt from "mqtt";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { openMainSocket, socketBase } from "../../../test/sockets.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { queryRows } from "../../db/client.ts";
import {
  apiKeys,
  dataTransfers,
  dtmEntries,
  keygenWorkspaces,
  monitoringSeries,
  monitoringSites,
  notifications,
  userDatabaseAccess,
  userDatabases,
  userDtmAccess,
} from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";
import { checkSilentSources } from "../../platform/silent-sources.ts";
import { startMqttIngest } from "./mqtt-ingest.ts";
import { mqttIngestHandler } from "./mqtt-ingest-handler.ts";

// POST /api/monitoring/ingest/ with generated keys (contract monitoring-ingest.ts): the key names
// the database, good rows go in and bad ones come back by index, every batch is in the transfer
// log, a revoked or expired key is refused and writes nothing. The same over MQTT, on the real broker.

let t: TestApp;
let token: string;
let workspace: string;
let databaseId: number;
let databaseUuid: string;
let herdUuid: string;
let temp: number;
let compressor: number;

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  const db = t.database.db;
  const { company } = await seedCompany(db, { name: "Заря" });
  const [entry] = await db.insert(dtmEntries).values({ companyId: company.id, companyCode: "ZR-001" }).returning();
  if (!entry) throw new Error("DTM entry inserted");
  const [monitoring, herd] = await db
    .insert(userDatabases)
    .values([
      { companyId: company.id, name: "Датчики", server: "s", dbName: "sensors", kind: "monitoring" },
      { companyId: company.id, name: "Стадо", server: "s", dbName: "herd" },
    ])
    .returning();
  if (!monitoring || !herd) throw new Error("databases inserted");
  databaseId = monitoring.id;
  databaseUuid = monitoring.uuid;
  herdUuid = herd.uuid;
  const user = await seedUser(db, { username: "zoo", roles: [3], companyIds: [company.id] });
  await db.insert(userDatabaseAccess).values([
    { userId: user.id, databaseId: monitoring.id },
    { userId: user.id, databaseId: herd.id },
  ]);
  await db.insert(userDtmAccess).values({ userId: user.id, dtmEntryId: entry.id });
  token = await accessTokenFor(t, user.id);
  const [ws] = await db
    .select({ uuid: keygenWorkspaces.uuid })
    .from(keygenWorkspaces)
    .where(eq(keygenWorkspaces.companyId, company.id));
  workspace = ws?.uuid ?? "";
  const [site] = await db
    .insert(monitoringSites)
    .values({ databaseId, name: "МТФ-1", timeZone: "Europe/Moscow" })
    .returning();
  if (!site) throw new Error("site inserted");
  const series = await db
    .insert(monitoringSeries)
    .values([
      { databaseId, siteId: site.id, kind: "sensor", name: "Температура молока", unit: "°C" },
      {
        databaseId,
        siteId: site.id,
        kind: "state",
        name: "Компрессор",
        states: [
          { code: "on", name: "Работает", color: "#2e7d32" },
          { code: "off", name: "Выключен", color: "#9e9e9e" },
        ],
      },
    ])
    .returning({ id: monitoringSeries.id });
  temp = series[0]?.id ?? 0;
  compressor = series[1]?.id ?? 0;
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.database.db.execute(sql`delete from data_transfers`);
  await t.database.db.execute(sql`delete from monitoring_readings`);
  await t.database.db.execute(sql`delete from monitoring_state_readings`);
});

async function newKey(body: Record<string, unknown> = {}): Promise<CreatedKey> {
  const res = await t.request({
    method: "POST",
    url: `/api/keys/workspaces/${workspace}/keys/`,
    token,
    payload: { name: "Шлюз", scope: "ingest", database_uuid: databaseUuid, dtm_code: "ZR-001", ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedKey>();
}

const HOUR_AGO = new Date(Date.now() - 3_600_000).toISOString();
const TWO_HOURS_AGO = new Date(Date.now() - 7_200_000).toISOString();

function send(secret: string | undefined, payload: unknown, contentType?: string): Promise<LightMyRequestResponse> {
  return t.request({
    method: "POST",
    url: "/api/monitoring/ingest/",
    remoteAddress: "10.9.8.7",
    headers: {
      ...(secret !== undefined && { authorization: `Key ${secret}` }),
      ...(contentType && { "content-type": contentType }),
    },
    payload: payload as string,
  });
}

const readingCount = async () => {
  const [row] = await queryRows<{ n: number | string }>(
    t.database.db,
    sql`select (select count(*) from monitoring_readings) + (select count(*) from monitoring_state_readings) as n`,
  );
  return Number(row?.n);
};
const transfers = () => t.database.db.select().from(dataTransfers);

describe("monitoring ingestion by key", () => {
  it("keeps the good rows, answers the bad ones by index, logs the batch and the key's last use", async () => {
    const { key, secret } = await newKey();
    const res = await send(secret, {
      readings: [
        { series_id: temp, ts: HOUR_AGO, value: 4.2 },
        { series_id: compressor, ts: HOUR_AGO, state: "on" },
        { series_id: temp, ts: "вчера", value: 1 },
        { series_id: 999_999, ts: HOUR_AGO, value: 1 },
        { series_id: compressor, ts: TWO_HOURS_AGO, state: "сломан" },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<IngestResult>();
    expect(result.accepted).toBe(2);
    expect(result.rejected.map((r) => r.index)).toEqual([2, 3, 4]);
    expect(result.rejected[1]?.message).toBe("Ряд 999999 не найден в этой базе мониторинга");
    expect(await readingCount()).toBe(2);

    const [log] = await transfers();
    expect(log).toMatchObject({
      databaseId,
      dtmCode: "ZR-001",
      kind: "ingest",
      ip: "10.9.8.7",
      rowsReceived: 5,
      rowsAccepted: 2,
      rowsRejected: 3,
      result: "partial",
    });
    expect(log?.firstErrors.map((e) => e.index)).toEqual([2, 3, 4]);
    const [stored] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.uuid, key.uuid));
    expect(stored?.lastUsedIp).toBe("10.9.8.7");
    expect(stored?.lastUsedAt).not.toBeNull();

    // The same batch again changes nothing (readings keyed by series and time).
    await send(secret, { readings: [{ series_id: temp, ts: HOUR_AGO, value: 4.2 }] });
    expect(await readingCount()).toBe(2);
  });

  it("lists the key's database's series for a gateway to configure itself, and nothing without a key", async () => {
    const { secret } = await newKey();
    const res = await t.request({
      method: "GET",
      url: "/api/monitoring/ingest/series/",
      headers: { authorization: `Key ${secret}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      series: [
        { id: temp, kind: "sensor", name: "Температура молока", unit: "°C", low: null, high: null, states: null },
        {
          id: compressor,
          kind: "state",
          name: "Компрессор",
          unit: null,
          low: null,
          high: null,
          states: [
            { code: "on", name: "Работает" },
            { code: "off", name: "Выключен" },
          ],
        },
      ],
    });
    const anonymous = await t.request({ method: "GET", url: "/api/monitoring/ingest/series/" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("hints the database's company on the main socket that readings arrived, so open pages refetch", async () => {
    const { secret } = await newKey();
    const socket = await openMainSocket(await socketBase(t), token);
    await socket.next((m) => m.msg_type === "SYNC", "SYNC");
    const res = await send(secret, { readings: [{ series_id: temp, ts: HOUR_AGO, value: 4.1 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await socket.next((m) => m.msg_type === "MONITORING_READINGS", "readings hint")).toEqual({
      msg_type: "MONITORING_READINGS",
      database: databaseUuid,
    });
    await socket.close();
  });

  it("reads CSV with the header series_id,ts,value,state", async () => {
    const { secret } = await newKey();
    const csv = `series_id,ts,value,state\n${temp},${HOUR_AGO},3.5,\n${compressor},${HOUR_AGO},,off\n${temp},${TWO_HOURS_AGO},abc,\n`;
    const res = await send(secret, csv, "text/csv; charset=utf-8");
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<IngestResult>();
    expect(result.accepted).toBe(2);
    expect(result.rejected).toEqual([{ index: 2, message: "Значение (value) должно быть конечным числом" }]);
    const bad = await send(secret, "time,temperature\n1,2\n", "text/csv");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("series_id");
  });

  it("refuses no key, an unknown, revoked or expired key with 401 and writes nothing", async () => {
    const revoked = await newKey();
    await t.request({ method: "POST", url: `/api/keys/${revoked.key.uuid}/revoke/`, token });
    const expired = await newKey({ expires_at: new Date(Date.now() + 60_000).toISOString() });
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.uuid, expired.key.uuid));
    const batch = { readings: [{ series_id: temp, ts: HOUR_AGO, value: 4.2 }] };
    const cases: [string | undefined, string][] = [
      [undefined, "key_invalid"],
      ["ndk_nothing", "key_invalid"],
      [revoked.secret, "key_revoked"],
      [expired.secret, "key_expired"],
    ];
    for (const [secret, code] of cases) {
      const res = await send(secret, batch);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(code);
      expect(res.json().message).toMatch(/[а-я]/);
    }
    // A session is no key either.
    const bearer = await t.request({ method: "POST", url: "/api/monitoring/ingest/", token, payload: batch });
    expect(bearer.statusCode).toBe(401);
    expect(await readingCount()).toBe(0);
    expect(await transfers()).toEqual([]);
    const [stored] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.uuid, revoked.key.uuid));
    expect(stored?.lastUsedAt).toBeNull();
  });

  it("refuses a key of another scope with 403", async () => {
    const { secret } = await newKey({ scope: "herd_upload", database_uuid: herdUuid, dtm_code: null });
    const res = await send(secret, { readings: [] });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("key_wrong_scope");
  });

  it("refuses a batch over the row limit with 413 and writes nothing", async () => {
    const { secret } = await newKey();
    const rows = Array.from({ length: INGEST_ROWS_MAX + 1 }, (_, i) => ({
      series_id: temp,
      ts: new Date(Date.now() - 3_600_000 - i * 1000).toISOString(),
      value: 1,
    }));
    const res = await send(secret, { readings: rows });
    expect(res.statusCode).toBe(413);
    const csv = `series_id,ts,value\n${rows.map((r) => `${r.series_id},${r.ts},1`).join("\n")}\n`;
    expect((await send(secret, csv, "text/csv")).statusCode).toBe(413);
    expect(await readingCount()).toBe(0);
    // Logged as refused, with the answer, for the DTM log.
    const logged = await transfers();
    expect(logged.map((l) => [l.result, l.rowsReceived, l.error])).toEqual([
      ["refused", 0, INGEST_ROWS_OVER_TEXT],
      ["refused", 0, INGEST_ROWS_OVER_TEXT],
    ]);
  });

  it("a batch from a key reported silent tells the company it is back, once", async () => {
    const { key, secret } = await newKey({ expected_interval_min: 5 });
    const told = await checkSilentSources(t.database.db, new Date(Date.now() + 6 * 60_000));
    expect(told.length).toBeGreaterThan(0);
    const body = { readings: [{ series_id: temp, ts: HOUR_AGO, value: 4 }] };
    expect((await send(secret, body)).statusCode).toBe(200);
    expect((await send(secret, body)).statusCode).toBe(200);
    const back = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, "Источник данных снова на связи"));
    expect(back.map((n) => n.msg)).toEqual(["Ключ «Шлюз» (код DTM ZR-001) снова передаёт данные."]);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.uuid, key.uuid));
    expect(row?.silentSince).toBeNull();
    await t.database.db.update(apiKeys).set({ expectedIntervalMin: null }).where(eq(apiKeys.uuid, key.uuid));
  });
});

describe("monitoring ingestion over MQTT (the machine's Mosquitto)", () => {
  const BROKER = process.env.MQTT_TEST_URL ?? "mqtt://127.0.0.1:1883";

  /** A server subscribed on a prefix of its own and a gateway; `ask` publishes and waits for the answer. */
  async function broker() {
    const prefix = `test-${randomUUID()}/readings`;
    const server = startMqttIngest(
      BROKER,
      mqttIngestHandler({
        db: t.database.db,
        retentionMonths: undefined,
        arrived: () => undefined,
        told: async () => undefined,
      }),
      {
        prefix,
        log: { error: () => undefined },
      },
    );
    await server.ready;
    const gateway = await mqtt.connectAsync(BROKER, { protocolVersion: 5 });
    const ask = async (payload: unknown): Promise<Record<string, unknown>> => {
      const topic = `${prefix}/farm-gw`;
      await gateway.subscribeAsync(`${topic}/result`, { qos: 1 });
      const answer = new Promise<Record<string, unknown>>((resolve) =>
        gateway.once("message", (_t, buffer) => resolve(JSON.parse(buffer.toString("utf8")))),
      );
      await gateway.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
      return answer;
    };
    return { ask, close: async () => Promise.all([server.close(), gateway.endAsync()]) };
  }

  it("takes a gateway's message like the HTTP route: good rows in, bad ones by index, the batch logged", async () => {
    const { secret } = await newKey();
    const { ask, close } = await broker();
    try {
      const answer = await ask({
        key: secret,
        readings: [
          { series_id: temp, ts: HOUR_AGO, value: 4.1 },
          { series_id: temp, ts: "вчера", value: 4.2 },
          { series_id: compressor, ts: HOUR_AGO, state: "on" },
        ],
      });
      expect(answer).toEqual({
        accepted: 2,
        rejected: [{ index: 1, message: expect.stringContaining("не распознано") }],
      });
      const [readings] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select (select count(*) from monitoring_readings)::int + (select count(*) from monitoring_state_readings)::int as n`,
      );
      expect(readings?.n).toBe(2);
      const logged = await t.database.db.select().from(dataTransfers);
      expect(logged).toEqual([
        expect.objectContaining({
          kind: "ingest",
          ip: "mqtt:farm-gw",
          rowsReceived: 3,
          rowsAccepted: 2,
          result: "partial",
        }),
      ]);
    } finally {
      await close();
    }
  });

  it("answers a revoked key, a missing key and a payload without readings, and writes nothing", async () => {
    const revoked = await newKey();
    await t.request({ method: "POST", url: `/api/keys/${revoked.key.uuid}/revoke/`, token });
    const { ask, close } = await broker();
    try {
      const row = { series_id: temp, ts: HOUR_AGO, value: 4.1 };
      expect(await ask({ key: revoked.secret, readings: [row] })).toMatchObject({ code: "key_revoked" });
      expect(await ask({ readings: [row] })).toMatchObject({ code: "key_invalid" });
      const { secret } = await newKey();
      expect(await ask({ key: secret, readings: "много" })).toMatchObject({ code: "validation_error" });
      const [readings] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from monitoring_readings`,
      );
      expect(readings?.n).toBe(0);
      // Only the batch refused after its key passed is in the log.
      const logged = await t.database.db.select({ result: dataTransfers.result }).from(dataTransfers);
      expect(logged).toEqual([{ result: "refused" }]);
    } finally {
      await close();
    }
  });
});
