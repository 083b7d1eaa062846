import type { Db } from "../../db/client.ts";
import { lockMonitoringWrites } from "../../platform/rollups-rebuild.ts";
import { ensurePartitionsFor } from "./partitions.ts";
import { lastPerInstant, type RejectedRow, readingsByKind, seriesIdOf, validateReadingRows } from "./reading-rows.ts";
import { seriesForIngest, upsertNumericReadings, upsertStateReadings } from "./readings.repository.ts";
import { keptSince } from "./retention.ts";
import { refreshRollups } from "./rollups.ts";
import { appendedSeries, appendReadings } from "./rollups-append.ts";

export interface IngestResult {
  /** Rows written (a row repeating an earlier row's series and ts counts, its value wins). */
  accepted: number;
  /** Rows refused, by their index in the batch, with the reason in Russian. */
  rejected: RejectedRow[];
}

export interface IngestOptions {
  /** MONITORING_RETENTION_MONTHS: readings before its window are refused (they would recreate a dropped month). */
  retentionMonths?: number;
  /**
   * A bulk load that calls rebuildRollups (rollups-rebuild.ts) once at its end instead: the
   * rollups are stale until then. Only for loads nobody reads during (the demo site's first start).
   */
  deferRollups?: boolean;
}

/**
 * Takes a batch of readings of one monitoring database: checks every row, writes the good ones
 * and brings the rollups of the buckets they touch up to date, all in one transaction — a batch
 * is stored with its rollups or not at all. Bad rows do not stop the good ones; the caller
 * answers them to the sender by index. Sending the same batch again changes nothing.
 */
export async function ingestReadings(
  db: Db,
  databaseId: number,
  rows: readonly unknown[],
  now = Date.now(),
  options: IngestOptions = {},
): Promise<IngestResult> {
  const { retentionMonths } = options;
  const ids = [...new Set(rows.map(seriesIdOf).filter((id): id is number => id !== null))];
  const series = await seriesForIngest(db, databaseId, ids);
  const { good, rejected } = validateReadingRows(rows, series, now, keptSince(retentionMonths, now));
  const readings = lastPerInstant(good);
  if (readings.length > 0) {
    // Before the transaction: a new partition locks its parent table until its transaction ends,
    // which should not be the length of a batch's writes. An unused partition is harmless.
    await ensurePartitionsFor(
      db,
      readings.map((r) => r.ts),
    );
    await db.transaction(async (tx) => {
      // One batch of a database at a time: a bucket is recomputed from the readings its statement
      // sees, and two batches writing the same hour at once would each miss the other's readings
      // (READ COMMITTED) and leave the bucket short. Held to the commit; the next batch's statements
      // then see this one's rows.
      await lockMonitoringWrites(tx, databaseId);
      const { numbers, states } = readingsByKind(readings);
      await upsertStateReadings(tx, databaseId, states);
      if (options.deferRollups) return upsertNumericReadings(tx, databaseId, numbers);
      // A series whose readings all follow its stored ones (a gateway's, nearly always) takes the
      // append path: written with its rollups in one statement, nothing read back. Any other
      // (late, out of order, resent) is upserted and its buckets recomputed from their readings.
      const appended = await appendedSeries(tx, databaseId, numbers);
      const others = numbers.filter((r) => !appended.has(r.seriesId));
      await appendReadings(
        tx,
        databaseId,
        numbers.filter((r) => appended.has(r.seriesId)),
        appended,
      );
      await upsertNumericReadings(tx, databaseId, others);
      await refreshRollups(tx, databaseId, others);
    });
  }
  return { accepted: good.length, rejected };
}
