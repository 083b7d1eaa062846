import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import type { TestApp } from "../../../test/test-app.ts";
import { resetDatabase, workerDatabase } from "../../../test/test-database.ts";
import { arrayLiteral } from "../../db/array-literal.ts";
import { type Db, queryRows } from "../../db/client.ts";
import {
  monitoringSeries,
  monitoringSites,
  monitoringSubstations,
  userDatabaseAccess,
  userDatabases,
} from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";
import { ingestReadings } from "./ingest.ts";

// ---- The monitoring tests' world: an emptied database, a company, its monitoring databases ----

/** A fresh worker database with one company and a monitoring database per name (ids in that order). */
export async function monitoringWorld(names: readonly string[]): Promise<{ db: Db; databaseIds: number[] }> {
  const database = await workerDatabase();
  await resetDatabase(database);
  const db = database.db;
  const { company } = await seedCompany(db, { name: "Заря" });
  const rows = await db
    .insert(userDatabases)
    .values(
      names.map((name, i) => ({
        companyId: company.id,
        name,
        server: "s",
        dbName: `sensors_${i}`,
        kind: "monitoring" as const,
      })),
    )
    .returning();
  if (rows.length !== names.length) throw new Error("databases inserted");
  return { db, databaseIds: rows.map((r) => r.id) };
}

/** A farm site «МТФ-1» of the database in `timeZone`. */
export async function addSite(db: Db, databaseId: number, timeZone: string) {
  const [site] = await db.insert(monitoringSites).values({ databaseId, name: "МТФ-1", timeZone }).returning();
  if (!site) throw new Error("site inserted");
  return site;
}

// ---- the read routes' world over HTTP (monitoring*.test.ts) ----

export const HOUR = 3_600_000;
export const iso = (ms: number) => new Date(ms).toISOString();

/** The instant of the last local midnight in UTC+7 at `now`. */
export function novosibirskMidnight(now: number): number {
  const local = now + 7 * HOUR;
  return local - (local % (24 * HOUR)) - 7 * HOUR;
}

/**
 * «Заря» with the monitoring database «Датчики» (site МТФ-1 in Asia/Novosibirsk: a milk temperature
 * sensor 2–6 °C, a compressor channel on/off, substation ТП-1 with an input meter, its power and
 * two feeders) and the herd database «Стадо»; a zootechnician (3) and a client (7) given both; a
 * user of «Восход» given «Датчики» too (no member of «Заря»: 404).
 */
export async function monitoringApiWorld(t: TestApp) {
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
  const user = async (username: string, roles: number[], companyId: number) => {
    const u = await seedUser(db, { username, email: `${username}@example.com`, roles, companyIds: [companyId] });
    await db.insert(userDatabaseAccess).values([
      { userId: u.id, databaseId: monitoring.id },
      { userId: u.id, databaseId: herd.id },
    ]);
    return accessTokenFor(t, u.id);
  };
  const zoo = await user("zoo", [3], zarya.company.id);
  const client = await user("client", [7], zarya.company.id);
  const other = await user("other", [3], voskhod.company.id);

  const databaseId = monitoring.id;
  const site = await addSite(db, databaseId, "Asia/Novosibirsk");
  const [substation] = await db
    .insert(monitoringSubstations)
    .values({ databaseId, siteId: site.id, name: "ТП-1" })
    .returning();
  if (!substation) throw new Error("substation inserted");
  const base = { databaseId, siteId: site.id };
  const meter = { ...base, substationId: substation.id, unit: "кВт·ч" };
  const rows = await db
    .insert(monitoringSeries)
    .values([
      { ...base, kind: "sensor", name: "Температура молока", unit: "°C", low: 2, high: 6 },
      {
        ...base,
        kind: "state",
        name: "Компрессор",
        states: [
          { code: "on", name: "Работает", color: "#2e7d32" },
          { code: "off", name: "Выключен", color: "#9e9e9e" },
        ],
      },
      { ...meter, meterRole: "input", kind: "energy", name: "Ввод" },
      { ...meter, meterRole: "input", kind: "power", name: "Ввод: мощность", unit: "кВт" },
      { ...meter, meterRole: "feeder", kind: "energy", name: "Коровник" },
      { ...meter, meterRole: "feeder", kind: "energy", name: "Доильный зал" },
    ])
    .returning({ id: monitoringSeries.id });
  const [temp, state, input, power, feeder1, feeder2] = rows.map((r) => r.id) as number[];
  return {
    db,
    databaseId,
    monitoring,
    herd,
    zoo,
    client,
    other,
    s: { temp, state, input, power, feeder1, feeder2 } as Record<string, number>,
  };
}

export async function ingestOk(
  t: TestApp,
  databaseId: number,
  rows: { series_id: number | undefined; ts: string; [k: string]: unknown }[],
) {
  const result = await ingestReadings(t.database.db, databaseId, rows);
  expect(result.rejected).toEqual([]);
}

/** A signed-in (or anonymous) GET with a query. */
export const getAs = (t: TestApp, token: string | undefined, url: string, query?: Record<string, string>) =>
  t.request({ method: "GET", url, token, ...(query && { query }) });

/** A rollup as the tests compare it: bucket start as UTC text, whatever the session's time zone. */
export interface RollupRow {
  grain: "hour" | "day";
  bucket: string;
  count: number;
  min: number;
  max: number;
  sum: number;
  kwh: number | null;
}

/** The rollups of these series (of one grain if given): by series, hours before days, by bucket. */
export function rollupsOf(
  db: Db,
  databaseId: number,
  seriesIds: readonly number[],
  grain?: "hour" | "day",
): Promise<RollupRow[]> {
  return queryRows<RollupRow>(
    db,
    sql`select grain, to_char(bucket at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as bucket, count, min, max, sum, kwh
        from monitoring_rollups
        where database_id = ${databaseId}::int and series_id = any(${arrayLiteral(seriesIds)}::bigint[])
          ${grain ? sql`and grain = ${grain}` : sql``}
        order by series_id, grain desc, bucket`,
  );
}
