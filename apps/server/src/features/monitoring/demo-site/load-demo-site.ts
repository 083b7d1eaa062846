import type { Db } from "../../../db/client.ts";
import {
  monitoringDevices,
  monitoringSeries,
  monitoringSites,
  monitoringSubstations,
} from "../../../db/schema/index.ts";
import { rebuildRollups } from "../../../platform/rollups-rebuild.ts";
import { ingestReadings } from "../ingest.ts";
import { DEMO_SITE_PARAMS, type DemoSiteParams } from "./demo-site-params.ts";
import { demoReadings, demoSiteModel } from "./generate-demo-site.ts";

export interface LoadDemoSiteOptions {
  seed: number;
  from: string | number;
  to: string | number;
  stepMinutes?: number;
  /** Rows per ingestion batch. */
  batchSize?: number;
  /**
   * Readings in without their rollups, which are then built in one pass (rebuildRollups): the
   * same rollups (rollups-rebuild.test.ts), several times faster on PGlite. Default: each batch's.
   */
  bulk?: boolean;
  params?: DemoSiteParams;
}

export interface LoadedDemoSite {
  siteId: number;
  /** Series ids by the model's keys. */
  seriesIds: Record<string, number>;
  rows: number;
}

/**
 * Inserts the demo site's model into a monitoring database and pushes its readings through
 * ingestReadings in batches, so the rollups are built by the real path. Throws on a refused row
 * (the generator and the validation disagreeing is a bug).
 */
export async function loadDemoSite(db: Db, databaseId: number, options: LoadDemoSiteOptions): Promise<LoadedDemoSite> {
  const params = options.params ?? DEMO_SITE_PARAMS;
  const model = demoSiteModel(params);
  const [site] = await db
    .insert(monitoringSites)
    .values({ databaseId, name: model.site.name, timeZone: model.site.timeZone })
    .returning();
  if (!site) throw new Error("site inserted");
  const deviceIds = new Map<string, number>();
  for (const device of model.devices) {
    const [row] = await db
      .insert(monitoringDevices)
      .values({ databaseId, siteId: site.id, kind: device.kind, name: device.name })
      .returning({ id: monitoringDevices.id });
    if (!row) throw new Error("device inserted");
    deviceIds.set(device.key, row.id);
  }
  const substationIds = new Map<string, number>();
  for (const substation of model.substations) {
    const [row] = await db
      .insert(monitoringSubstations)
      .values({ databaseId, siteId: site.id, name: substation.name })
      .returning({ id: monitoringSubstations.id });
    if (!row) throw new Error("substation inserted");
    substationIds.set(substation.key, row.id);
  }
  const inserted = await db
    .insert(monitoringSeries)
    .values(
      model.series.map((s) => ({
        databaseId,
        siteId: site.id,
        deviceId: s.device ? deviceIds.get(s.device) : null,
        substationId: s.substation ? substationIds.get(s.substation) : null,
        meterRole: s.meterRole ?? null,
        kind: s.kind,
        name: s.name,
        unit: s.unit ?? null,
        low: s.low ?? null,
        high: s.high ?? null,
        states: s.states ?? null,
        rollover: s.rollover ?? null,
      })),
    )
    .returning({ id: monitoringSeries.id });
  const seriesIds: Record<string, number> = {};
  model.series.forEach((s, i) => {
    const row = inserted[i];
    if (!row) throw new Error("series inserted");
    seriesIds[s.key] = row.id;
  });

  const batchSize = options.batchSize ?? 5_000;
  // Demo data may run ahead of the clock (a demo of next week): readings up to `to` are accepted.
  const now = Math.max(Date.now(), typeof options.to === "number" ? options.to : Date.parse(options.to));
  let batch: unknown[] = [];
  let rows = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const result = await ingestReadings(db, databaseId, batch, now, { deferRollups: options.bulk ?? false });
    if (result.rejected.length > 0) {
      throw new Error(`demo readings refused: ${JSON.stringify(result.rejected.slice(0, 3))}`);
    }
    rows += batch.length;
    batch = [];
  };
  for (const reading of demoReadings({ ...options, params })) {
    const id = seriesIds[reading.series];
    if (id === undefined) throw new Error(`unknown demo series ${reading.series}`);
    batch.push(
      reading.state !== undefined
        ? { series_id: id, ts: reading.ts, state: reading.state }
        : { series_id: id, ts: reading.ts, value: reading.value },
    );
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  if (options.bulk) await rebuildRollups(db, databaseId, Object.values(seriesIds));
  return { siteId: site.id, seriesIds, rows };
}
