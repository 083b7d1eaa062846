import type { MonitoringDeleted, MonitoringModelSeries } from "@nadoy/contract/monitoring-model";
import { and, asc, eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import {
  type MonitoringState,
  monitoringDevices,
  monitoringSeries,
  monitoringSites,
  monitoringSubstations,
} from "../../db/schema/index.ts";

// All SQL of the model editor (contract monitoring-model.ts): a monitoring database's sites,
// devices, substations and series, always within one database (database_id first, as every key).
// `db` may be a transaction: the service runs each write in one.

const siteColumns = { id: monitoringSites.id, name: monitoringSites.name, time_zone: monitoringSites.timeZone };
const deviceColumns = {
  id: monitoringDevices.id,
  site_id: monitoringDevices.siteId,
  kind: monitoringDevices.kind,
  name: monitoringDevices.name,
};
const substationColumns = {
  id: monitoringSubstations.id,
  site_id: monitoringSubstations.siteId,
  name: monitoringSubstations.name,
};
const seriesColumns = {
  id: monitoringSeries.id,
  site_id: monitoringSeries.siteId,
  device_id: monitoringSeries.deviceId,
  substation_id: monitoringSeries.substationId,
  meter_role: monitoringSeries.meterRole,
  kind: monitoringSeries.kind,
  name: monitoringSeries.name,
  unit: monitoringSeries.unit,
  low: monitoringSeries.low,
  high: monitoringSeries.high,
  states: monitoringSeries.states,
  rollover: monitoringSeries.rollover,
};

export type SiteRow = { id: number; name: string; time_zone: string };
export type DeviceRow = { id: number; site_id: number; kind: string; name: string };
export type SubstationRow = { id: number; site_id: number; name: string };

/** A series as stored, in the contract's shape. */
export interface SeriesValues {
  siteId: number;
  deviceId: number | null;
  substationId: number | null;
  meterRole: "input" | "feeder" | null;
  kind: MonitoringModelSeries["kind"];
  name: string;
  unit: string | null;
  low: number | null;
  high: number | null;
  states: MonitoringState[] | null;
  rollover: number | null;
}

/** The whole model: four small reads, each in a stable order. */
export async function readModel(db: Db, databaseId: number) {
  const [sites, devices, substations, series] = await Promise.all([
    db
      .select(siteColumns)
      .from(monitoringSites)
      .where(eq(monitoringSites.databaseId, databaseId))
      .orderBy(asc(monitoringSites.name), asc(monitoringSites.id)),
    db
      .select(deviceColumns)
      .from(monitoringDevices)
      .where(eq(monitoringDevices.databaseId, databaseId))
      .orderBy(asc(monitoringDevices.id)),
    db
      .select(substationColumns)
      .from(monitoringSubstations)
      .where(eq(monitoringSubstations.databaseId, databaseId))
      .orderBy(asc(monitoringSubstations.id)),
    db
      .select(seriesColumns)
      .from(monitoringSeries)
      .where(eq(monitoringSeries.databaseId, databaseId))
      .orderBy(asc(monitoringSeries.id)),
  ]);
  return { sites, devices, substations, series };
}

// ---- one of each, by id, within the database ----

export async function findSite(db: Db, databaseId: number, id: number): Promise<SiteRow | undefined> {
  const [row] = await db
    .select(siteColumns)
    .from(monitoringSites)
    .where(and(eq(monitoringSites.databaseId, databaseId), eq(monitoringSites.id, id)));
  return row;
}

export async function findDevice(db: Db, databaseId: number, id: number): Promise<DeviceRow | undefined> {
  const [row] = await db
    .select(deviceColumns)
    .from(monitoringDevices)
    .where(and(eq(monitoringDevices.databaseId, databaseId), eq(monitoringDevices.id, id)));
  return row;
}

export async function findSubstation(db: Db, databaseId: number, id: number): Promise<SubstationRow | undefined> {
  const [row] = await db
    .select(substationColumns)
    .from(monitoringSubstations)
    .where(and(eq(monitoringSubstations.databaseId, databaseId), eq(monitoringSubstations.id, id)));
  return row;
}

export async function findSeries(db: Db, databaseId: number, id: number): Promise<MonitoringModelSeries | undefined> {
  const [row] = await db
    .select(seriesColumns)
    .from(monitoringSeries)
    .where(and(eq(monitoringSeries.databaseId, databaseId), eq(monitoringSeries.id, id)));
  return row;
}

/** The input meter of a substation for a kind (energy or power), other than `exceptId`. */
export async function findInputMeter(
  db: Db,
  databaseId: number,
  substationId: number,
  kind: string,
  exceptId: number | null,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: monitoringSeries.id, name: monitoringSeries.name })
    .from(monitoringSeries)
    .where(
      and(
        eq(monitoringSeries.databaseId, databaseId),
        eq(monitoringSeries.substationId, substationId),
        eq(monitoringSeries.kind, kind as MonitoringModelSeries["kind"]),
        eq(monitoringSeries.meterRole, "input"),
        exceptId === null ? undefined : sql`${monitoringSeries.id} <> ${exceptId}`,
      ),
    );
  return row;
}

// ---- writes ----

export async function insertSite(db: Db, databaseId: number, values: { name: string; timeZone: string }) {
  const [row] = await db
    .insert(monitoringSites)
    .values({ databaseId, ...values })
    .returning(siteColumns);
  if (!row) throw new Error("site inserted");
  return row;
}

export async function updateSite(db: Db, databaseId: number, id: number, values: { name: string; timeZone: string }) {
  const [row] = await db
    .update(monitoringSites)
    .set(values)
    .where(and(eq(monitoringSites.databaseId, databaseId), eq(monitoringSites.id, id)))
    .returning(siteColumns);
  return row;
}

export async function insertDevice(db: Db, databaseId: number, values: { siteId: number; kind: string; name: string }) {
  const [row] = await db
    .insert(monitoringDevices)
    .values({ databaseId, ...values })
    .returning(deviceColumns);
  if (!row) throw new Error("device inserted");
  return row;
}

export async function updateDevice(db: Db, databaseId: number, id: number, values: { kind: string; name: string }) {
  const [row] = await db
    .update(monitoringDevices)
    .set(values)
    .where(and(eq(monitoringDevices.databaseId, databaseId), eq(monitoringDevices.id, id)))
    .returning(deviceColumns);
  return row;
}

export async function insertSubstation(db: Db, databaseId: number, values: { siteId: number; name: string }) {
  const [row] = await db
    .insert(monitoringSubstations)
    .values({ databaseId, ...values })
    .returning(substationColumns);
  if (!row) throw new Error("substation inserted");
  return row;
}

export async function updateSubstation(db: Db, databaseId: number, id: number, values: { name: string }) {
  const [row] = await db
    .update(monitoringSubstations)
    .set(values)
    .where(and(eq(monitoringSubstations.databaseId, databaseId), eq(monitoringSubstations.id, id)))
    .returning(substationColumns);
  return row;
}

export async function insertSeries(db: Db, databaseId: number, values: SeriesValues) {
  const [row] = await db
    .insert(monitoringSeries)
    .values({ databaseId, ...values })
    .returning(seriesColumns);
  if (!row) throw new Error("series inserted");
  return row;
}

export async function updateSeries(db: Db, databaseId: number, id: number, values: SeriesValues) {
  const [row] = await db
    .update(monitoringSeries)
    .set(values)
    .where(and(eq(monitoringSeries.databaseId, databaseId), eq(monitoringSeries.id, id)))
    .returning(seriesColumns);
  return row;
}

/** The ids of a site's numeric series (those with rollups). */
export async function numericSeriesOfSite(db: Db, databaseId: number, siteId: number): Promise<number[]> {
  const rows = await db
    .select({ id: monitoringSeries.id })
    .from(monitoringSeries)
    .where(
      and(
        eq(monitoringSeries.databaseId, databaseId),
        eq(monitoringSeries.siteId, siteId),
        sql`${monitoringSeries.kind} <> 'state'`,
      ),
    );
  return rows.map((r) => r.id);
}

// ---- deletions: count what goes, then delete (foreign keys cascade; the series trigger of
// migration 0022 deletes the readings and rollups) ----

/** Which rows hang on the deleted thing: a condition on each table's own columns. */
type Table = "sites" | "devices" | "substations" | "series";
type Scope = { column: "site_id" | "device_id" | "substation_id" | "id"; id: number };

async function countScope(db: Db, databaseId: number, table: Table, scope: Scope) {
  const id = sql`${databaseId}::int`;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.raw(`monitoring_${table}`)}
        where database_id = ${id} and ${sql.raw(scope.column)} = ${scope.id}`,
  );
  return row?.n ?? 0;
}

/** How many readings (numeric and state) the series under `scope` hold. */
async function countReadings(db: Db, databaseId: number, scope: Scope): Promise<number> {
  const id = sql`${databaseId}::int`;
  const series = sql`select s.id from monitoring_series s where s.database_id = ${id} and s.${sql.raw(scope.column)} = ${scope.id}`;
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select
          (select count(*) from monitoring_readings r where r.database_id = ${id} and r.series_id in (${series}))
        + (select count(*) from monitoring_state_readings r where r.database_id = ${id} and r.series_id in (${series}))
        as n`,
  );
  return Number(row?.n ?? 0);
}

async function deleteFrom(db: Db, databaseId: number, table: Table, id: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from ${sql.raw(`monitoring_${table}`)} where database_id = ${databaseId}::int and id = ${id} returning id`,
  );
  return rows.length;
}

export async function deleteSite(db: Db, databaseId: number, id: number): Promise<MonitoringDeleted> {
  const scope: Scope = { column: "site_id", id };
  const counts = {
    devices: await countScope(db, databaseId, "devices", scope),
    substations: await countScope(db, databaseId, "substations", scope),
    series: await countScope(db, databaseId, "series", scope),
    readings: await countReadings(db, databaseId, scope),
  };
  return { sites: await deleteFrom(db, databaseId, "sites", id), ...counts };
}

export async function deleteDevice(db: Db, databaseId: number, id: number): Promise<MonitoringDeleted> {
  const scope: Scope = { column: "device_id", id };
  const series = await countScope(db, databaseId, "series", scope);
  const readings = await countReadings(db, databaseId, scope);
  const devices = await deleteFrom(db, databaseId, "devices", id);
  return { sites: 0, devices, substations: 0, series, readings };
}

export async function deleteSubstation(db: Db, databaseId: number, id: number): Promise<MonitoringDeleted> {
  const scope: Scope = { column: "substation_id", id };
  const series = await countScope(db, databaseId, "series", scope);
  const readings = await countReadings(db, databaseId, scope);
  const substations = await deleteFrom(db, databaseId, "substations", id);
  return { sites: 0, devices: 0, substations, series, readings };
}

export async function deleteSeries(db: Db, databaseId: number, id: number): Promise<MonitoringDeleted> {
  const readings = await countReadings(db, databaseId, { column: "id", id });
  const series = await deleteFrom(db, databaseId, "series", id);
  return { sites: 0, devices: 0, substations: 0, series, readings };
}
