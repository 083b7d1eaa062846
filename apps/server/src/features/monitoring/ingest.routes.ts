import { ErrorCode } from "@nadoy/contract/errors";
import {
  INGEST_BYTES_MAX,
  INGEST_CSV_CONTENT_TYPE,
  INGEST_ROWS_MAX,
  INGEST_ROWS_OVER_TEXT,
  ingestReadingsRoute,
  ingestSeriesRoute,
} from "@nadoy/contract/monitoring-ingest";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { ApiError } from "../../platform/errors.ts";
import { hintRecipients } from "../../platform/realtime/notification-hints.ts";
import { registerRoute } from "../../platform/routes.ts";
import { logKeyRefusals } from "../../platform/transfer-log.ts";
import { type KeyBatchDeps, takeKeyBatch } from "./ingest-batch.ts";
import { csvReadings, IngestCsvError, IngestRowsOverError } from "./ingest-csv.ts";
import { startMqttIngest } from "./mqtt-ingest.ts";
import { mqttIngestHandler } from "./mqtt-ingest-handler.ts";
import { seriesOfDatabase } from "./readings.repository.ts";
import { readingsHints } from "./readings-hint.ts";

const rowsOver = () => new ApiError(413, ErrorCode.payloadTooLarge, INGEST_ROWS_OVER_TEXT);

/**
 * POST /api/monitoring/ingest/ (contract monitoring-ingest.ts): a key of scope ingest sends a batch
 * of readings, as JSON or CSV, into its monitoring database; the batch goes to the transfer log.
 */
export function monitoringIngestRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  // What a key's batch sets off, whether it came over HTTP or MQTT.
  const batch: KeyBatchDeps = {
    db,
    retentionMonths: deps.config.MONITORING_RETENTION_MONTHS,
    arrived: readingsHints(db, deps.realtime),
    told: (userIds) => hintRecipients(deps.realtime, app.log, userIds),
  };
  // Gateways' readings over MQTT (README "Monitoring ingestion"), when a broker is configured.
  if (deps.config.MQTT_URL) {
    const mqtt = startMqttIngest(deps.config.MQTT_URL, mqttIngestHandler(batch), { log: app.log });
    app.addHook("onClose", () => mqtt.close());
  }
  // A scope of its own: only this route reads CSV bodies into rows (the list import's raw CSV
  // parser, inherited from the app, is replaced here only).
  app.register(async (scope) => {
    if (scope.hasContentTypeParser(INGEST_CSV_CONTENT_TYPE)) scope.removeContentTypeParser(INGEST_CSV_CONTENT_TYPE);
    scope.addContentTypeParser(
      INGEST_CSV_CONTENT_TYPE,
      { parseAs: "string", bodyLimit: INGEST_BYTES_MAX },
      (_request, body, done) => {
        try {
          done(null, { readings: csvReadings(body as string) });
        } catch (error) {
          if (error instanceof IngestRowsOverError) return done(rowsOver());
          if (error instanceof IngestCsvError) return done(new ApiError(400, ErrorCode.validation, error.message));
          done(error as Error);
        }
      },
    );

    // A batch refused whole once its key passed is logged too (a refused key logs nothing).
    logKeyRefusals(scope, db, "ingest", deps.realtime);

    registerRoute(scope, db, ingestSeriesRoute, async ({ key }) => {
      if (!key) throw new Error("a key route without its key");
      return { series: await seriesOfDatabase(db, key.databaseId) };
    });

    registerRoute(scope, db, ingestReadingsRoute, async ({ key, body, ip }) => {
      if (!key) throw new Error("a key route without its key");
      if (body.readings.length > INGEST_ROWS_MAX) throw rowsOver();
      const result = await takeKeyBatch(batch, key, body.readings, ip);
      return result;
    });
  });
}
