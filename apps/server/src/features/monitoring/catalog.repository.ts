import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { monitoringDevices, monitoringSeries, monitoringSites, monitoringSubstations } from "../../db/schema/index.ts";

// What a monitoring database holds: its sites, devices, substations and series (four small reads).

export async function monitoringCatalog(db: Db, databaseId: number) {
  const [sites, devices, substations, series] = await Promise.all([
    db
      .select({ id: monitoringSites.id, name: monitoringSites.name, time_zone: monitoringSites.timeZone })
      .from(monitoringSites)
      .where(eq(monitoringSites.databaseId, databaseId))
      .orderBy(asc(monitoringSites.name), asc(monitoringSites.id)),
    db
      .select({
        id: monitoringDevices.id,
        site_id: monitoringDevices.siteId,
        kind: monitoringDevices.kind,
        name: monitoringDevices.name,
      })
      .from(monitoringDevices)
      .where(eq(monitoringDevices.databaseId, databaseId))
      .orderBy(asc(monitoringDevices.id)),
    db
      .select({ id: monitoringSubstations.id, site_id: monitoringSubstations.siteId, name: monitoringSubstations.name })
      .from(monitoringSubstations)
      .where(eq(monitoringSubstations.databaseId, databaseId))
      .orderBy(asc(monitoringSubstations.id)),
    db
      .select({
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
      })
      .from(monitoringSeries)
      .where(eq(monitoringSeries.databaseId, databaseId))
      .orderBy(asc(monitoringSeries.id)),
  ]);
  return { sites, devices, substations, series };
}
