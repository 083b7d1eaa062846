import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DtmWorld, insertTestKey, insertTransfers, seedDtmWorld } from "../../test/dtm-world.ts";
import { startTestApp, type TestApp } from "../../test/test-app.ts";
import { resetDatabase } from "../../test/test-database.ts";
import { apiKeys, notifications } from "../db/schema/index.ts";
import { seedUser } from "../db/seed/users.ts";
import type { KeyCaller } from "./auth/api-keys.ts";
import { checkSilentSources, intervalText } from "./silent-sources.ts";
import { recordTransfer } from "./transfer-log.ts";

// Silent sources (contract keys.ts): a key with an expected interval that sends nothing for longer
// is reported once to its company's staff (roles 1–5), and once more when it sends again.
// `now` is passed in: no timers.

let t: TestApp;
let w: DtmWorld;
let adminId: number;
let clientId: number;

const T0 = new Date("2026-11-20T09:00:00Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

beforeAll(async () => {
  t = await startTestApp();
  await resetDatabase(t.database);
  w = await seedDtmWorld(t);
  const db = t.database.db;
  adminId = (await seedUser(db, { username: "boss", roles: [1], companyIds: [w.zarya.company.id] })).id;
  clientId = (await seedUser(db, { username: "client", roles: [7], companyIds: [w.zarya.company.id] })).id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(notifications);
});

const notesOf = (userId: number) =>
  t.database.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

const key = (name: string, more: Partial<Parameters<typeof insertTestKey>[1]> = {}) =>
  insertTestKey(t.database.db, {
    workspaceId: w.ws.id,
    databaseId: w.sensors.id,
    name,
    dtmCode: "ZR-001",
    createdAt: T0,
    expectedIntervalMin: 30,
    ...more,
  });

const caller = (row: Awaited<ReturnType<typeof key>>): KeyCaller => ({
  id: row.id,
  uuid: row.uuid,
  scope: "ingest",
  databaseId: row.databaseId,
  databaseUuid: w.sensors.uuid,
  dtmCode: row.dtmCode,
  createdById: null,
});

describe("checkSilentSources", () => {
  it("reports a key silent once, to its company's staff, linking to its DTM entry; then once back", async () => {
    const k = await key("Шлюз на ферме");
    await insertTransfers(t.database.db, [{ key: k, at: minutes(10).toISOString() }]);
    // 30 minutes after its last transfer: not yet.
    expect(await checkSilentSources(t.database.db, minutes(40))).toEqual([]);
    const told = await checkSilentSources(t.database.db, minutes(41));
    // Staff of «Заря» (roles 1–5): the zootechnicians and the admin; not the viewer or the client,
    // not the other company.
    expect(told.sort()).toEqual([w.zoo.id, w.stranger.id, adminId].sort());
    const [note] = await notesOf(w.zoo.id);
    expect(note).toMatchObject({ title: "Источник данных молчит", link: `/services/dtm_module/${w.entry.uuid}` });
    expect(note?.msg).toContain("Ключ «Шлюз на ферме» (код DTM ZR-001) не передаёт данные дольше 30 минут");
    expect(note?.msg).toContain("20.11.2026, 12:10");
    expect(await notesOf(w.viewer.id)).toEqual([]);
    expect(await notesOf(clientId)).toEqual([]);
    expect(await notesOf(w.other.id)).toEqual([]);
    // Once: later checks tell nobody.
    expect(await checkSilentSources(t.database.db, minutes(500))).toEqual([]);
    const [marked] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, k.id));
    expect(marked?.silentSince?.toISOString()).toBe(minutes(41).toISOString());

    await recordTransfer(t.database.db, caller(k), {
      kind: "ingest",
      ip: "10.0.0.9",
      received: 1,
      accepted: 1,
      rejected: [],
    });
    await recordTransfer(t.database.db, caller(k), {
      kind: "ingest",
      ip: "10.0.0.9",
      received: 1,
      accepted: 1,
      rejected: [],
    });
    const back = (await notesOf(w.zoo.id)).filter((n) => n.title === "Источник данных снова на связи");
    expect(back).toHaveLength(1);
    expect(back[0]?.msg).toBe("Ключ «Шлюз на ферме» (код DTM ZR-001) снова передаёт данные.");
    const [cleared] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, k.id));
    expect(cleared?.silentSince).toBeNull();
    await t.database.db
      .update(apiKeys)
      .set({ revokedAt: minutes(1) })
      .where(eq(apiKeys.id, k.id));
  });

  it("counts from creation for a key never used; links to the key generator without a DTM code", async () => {
    const k = await key("Без кода", { dtmCode: null, expectedIntervalMin: 120 });
    expect(await checkSilentSources(t.database.db, minutes(120))).toEqual([]);
    expect(await checkSilentSources(t.database.db, minutes(121))).toHaveLength(3);
    const [note] = await notesOf(adminId);
    expect(note?.link).toBe(`/services/key_generator/${w.ws.uuid}`);
    expect(note?.msg).toContain(
      "Ключ «Без кода» не передаёт данные дольше 2 часов: с момента создания он не передал ничего",
    );
    await t.database.db
      .update(apiKeys)
      .set({ revokedAt: minutes(1) })
      .where(eq(apiKeys.id, k.id));
  });

  it("ignores revoked and expired keys, and keys without an interval", async () => {
    await key("Отозван", { revokedAt: minutes(5) });
    await key("Истёк", { expiresAt: minutes(60) });
    await key("Без интервала", { expectedIntervalMin: null });
    expect(await checkSilentSources(t.database.db, minutes(600))).toEqual([]);
    const silent = await t.database.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.workspaceId, w.ws.id), eq(apiKeys.name, "Истёк")));
    expect(silent[0]?.silentSince).toBeNull();
    // A transfer of a key never silent tells nobody.
    await recordTransfer(t.database.db, caller(w.gateway), {
      kind: "ingest",
      ip: "1.1.1.1",
      received: 0,
      accepted: 0,
      rejected: [],
    });
    expect(await notesOf(w.zoo.id)).toEqual([]);
  });
});

describe("intervalText", () => {
  it("says minutes, and whole hours from two hours up", () => {
    expect([intervalText(1), intervalText(5), intervalText(90), intervalText(120), intervalText(1440)]).toEqual([
      "1 минуты",
      "5 минут",
      "90 минут",
      "2 часов",
      "24 часов",
    ]);
  });
});
