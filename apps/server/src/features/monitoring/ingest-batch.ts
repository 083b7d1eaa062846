import type { Db } from "../../db/client.ts";
import type { KeyCaller } from "../../platform/auth/api-keys.ts";
import { recordTransfer } from "../../platform/transfer-log.ts";
import { type IngestResult, ingestReadings } from "./ingest.ts";
import type { ReadingsArrived } from "./readings-hint.ts";

export interface KeyBatchDeps {
  db: Db;
  /** MONITORING_RETENTION_MONTHS. */
  retentionMonths: number | undefined;
  /** Open pages of the database refetch (readings-hint.ts). */
  arrived: ReadingsArrived;
  /** The users a silent key's return was just told to: their bells refetch. */
  told: (userIds: number[]) => Promise<void>;
}

/**
 * A key's batch of readings, however it came (HTTP or MQTT): written, the database's open pages
 * hinted, the batch in the transfer log, and a silent key's return told. The caller has checked
 * the key and the batch's size.
 */
export async function takeKeyBatch(
  deps: KeyBatchDeps,
  key: KeyCaller,
  readings: readonly unknown[],
  ip: string,
): Promise<IngestResult> {
  const result = await ingestReadings(deps.db, key.databaseId, readings, Date.now(), {
    ...(deps.retentionMonths !== undefined && { retentionMonths: deps.retentionMonths }),
  });
  if (result.accepted > 0) deps.arrived(key.databaseId);
  const back = await recordTransfer(deps.db, key, {
    kind: "ingest",
    ip,
    received: readings.length,
    accepted: result.accepted,
    rejected: result.rejected,
  });
  if (back.length > 0) await deps.told(back);
  return result;
}
