import { randomBytes } from "node:crypto";
import type { TransferKind, TransferResult } from "@nadoy/contract/dtm";
import { eq } from "drizzle-orm";
import type { Db } from "../src/db/client.ts";
import {
  apiKeys,
  dataTransfers,
  dtmEntries,
  keygenWorkspaces,
  userDatabases,
  userDtmAccess,
} from "../src/db/schema/index.ts";
import { seedCompany } from "../src/db/seed/companies.ts";
import { seedUser } from "../src/db/seed/users.ts";
import { accessTokenFor } from "./callers.ts";
import type { TestApp } from "./test-app.ts";

// The DTM tests' world: «Заря» with DTM codes ZR-001 and ZR-002, a monitoring database and three
// keys (two under ZR-001, one under ZR-002); «Восход» with a code ZR-001 of its own and a key
// under it. Callers: a zootechnician and a viewer of «Заря» given ZR-001, a zootechnician of «Заря»
// given nothing, a zootechnician of «Восход» given its own ZR-001.

export interface NewTestKey {
  workspaceId: number;
  databaseId: number;
  name: string;
  dtmCode?: string | null;
  createdAt?: Date;
  expectedIntervalMin?: number | null;
  expiresAt?: Date | null;
  revokedAt?: Date | null;
}

/** A key straight into api_keys (its secret is never needed here). */
export async function insertTestKey(db: Db, key: NewTestKey) {
  const secret = randomBytes(32).toString("hex");
  const [row] = await db
    .insert(apiKeys)
    .values({
      workspaceId: key.workspaceId,
      databaseId: key.databaseId,
      name: key.name,
      scope: "ingest",
      secretHash: secret,
      hint: `ndk_${secret.slice(0, 4)}`,
      dtmCode: key.dtmCode ?? null,
      createdAt: key.createdAt,
      expectedIntervalMin: key.expectedIntervalMin ?? null,
      expiresAt: key.expiresAt ?? null,
      revokedAt: key.revokedAt ?? null,
    })
    .returning();
  if (!row) throw new Error("key inserted");
  return row;
}

export interface TestTransfer {
  key: { id: number; databaseId: number; dtmCode: string | null };
  /** ISO with offset, e.g. "2026-11-10T10:00:00+03:00". */
  at: string;
  kind?: TransferKind;
  result?: TransferResult;
  received?: number;
  accepted?: number;
  errors?: { index: number; message: string }[];
  error?: string;
  ip?: string;
}

export async function insertTransfers(db: Db, transfers: TestTransfer[]): Promise<void> {
  await db.insert(dataTransfers).values(
    transfers.map((t) => ({
      keyId: t.key.id,
      databaseId: t.key.databaseId,
      dtmCode: t.key.dtmCode,
      kind: t.kind ?? "ingest",
      at: new Date(t.at),
      ip: t.ip ?? "10.0.0.1",
      rowsReceived: t.received ?? 10,
      rowsAccepted: t.accepted ?? 10,
      rowsRejected: t.errors?.length ?? 0,
      firstErrors: t.errors ?? [],
      result: t.result ?? "ok",
      error: t.error ?? null,
    })),
  );
}

async function workspaceOf(db: Db, companyId: number) {
  const [row] = await db.select().from(keygenWorkspaces).where(eq(keygenWorkspaces.companyId, companyId));
  if (!row) throw new Error("the company has its workspace");
  return row;
}

export async function seedDtmWorld(t: TestApp) {
  const db = t.database.db;
  const zarya = await seedCompany(db, { name: "Заря" });
  const voskhod = await seedCompany(db, { name: "Восход" });
  const [sensors, otherSensors] = await db
    .insert(userDatabases)
    .values([
      { companyId: zarya.company.id, name: "Датчики", server: "s", dbName: "sensors", kind: "monitoring" },
      { companyId: voskhod.company.id, name: "Датчики В", server: "s", dbName: "v_sensors", kind: "monitoring" },
    ])
    .returning();
  if (!sensors || !otherSensors) throw new Error("databases inserted");
  const [entry, entry2, otherEntry] = await db
    .insert(dtmEntries)
    .values([
      { companyId: zarya.company.id, companyCode: "ZR-001" },
      { companyId: zarya.company.id, companyCode: "ZR-002" },
      { companyId: voskhod.company.id, companyCode: "ZR-001" },
    ])
    .returning();
  if (!entry || !entry2 || !otherEntry) throw new Error("entries inserted");
  const user = async (username: string, roles: number[], companyId: number, entryIds: number[]) => {
    const u = await seedUser(db, { username, email: `${username}@example.com`, roles, companyIds: [companyId] });
    if (entryIds.length > 0) {
      await db.insert(userDtmAccess).values(entryIds.map((dtmEntryId) => ({ userId: u.id, dtmEntryId })));
    }
    return { id: u.id, token: await accessTokenFor(t, u.id) };
  };
  const zoo = await user("zoo", [3], zarya.company.id, [entry.id]);
  const viewer = await user("viewer", [6], zarya.company.id, [entry.id]);
  const stranger = await user("stranger", [3], zarya.company.id, []);
  const other = await user("other", [3], voskhod.company.id, [otherEntry.id]);
  const ws = await workspaceOf(db, zarya.company.id);
  const otherWs = await workspaceOf(db, voskhod.company.id);
  const key = (name: string, dtmCode: string, own = true) =>
    insertTestKey(db, {
      workspaceId: own ? ws.id : otherWs.id,
      databaseId: own ? sensors.id : otherSensors.id,
      name,
      dtmCode,
    });
  return {
    zarya,
    voskhod,
    sensors,
    entry,
    entry2,
    otherEntry,
    zoo,
    viewer,
    stranger,
    other,
    ws,
    otherWs,
    gateway: await key("Шлюз коровника", "ZR-001"),
    agent: await key("Агент доения", "ZR-001"),
    second: await key("Второй агент", "ZR-002"),
    foreign: await key("Чужой шлюз", "ZR-001", false),
  };
}

export type DtmWorld = Awaited<ReturnType<typeof seedDtmWorld>>;
