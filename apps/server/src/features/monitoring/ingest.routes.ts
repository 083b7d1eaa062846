import { ErrorCode } from "@nadoy/contract/errors";
import {
  INGEST_BYTES_MAX,
  INGEST_CSV_CONTENT_TYPE,
  INGEST_ROWS_MAX,
  ingestReadingsRoute,
} from "@nadoy/contract/monitoring-ingest";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { ApiError } from "../../platform/errors.ts";
import { hintRecipients } from "../../platform/realtime/notification-hints.ts";
import { registerRoute } from "../../platform/routes.ts";
import { logKeyRefusals, recordTransfer } from "../../platform/transfer-log.ts";
import { ingestReadings } from "./ingest.ts";
import { csvReadings, IngestCsvError, IngestRowsOverError } from "./ingest-csv.ts";

const rowsOver = () =>
  new ApiError(
    413,
    ErrorCode.payloadTooLarge,
    `В одной пачке не больше ${INGEST_ROWS_MAX.toLocaleString("ru-RU")} показаний: разделите её на части`,
  );

/**
 * POST /api/monitoring/ingest/ (contract monitoring-ingest.ts): a key of scope ingest sends a batch
 * of readings, as JSON or CSV, into its monitoring database; the batch goes to the transfer log.
 */
export function monitoringIngestRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
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

    registerRoute(scope, db, ingestReadingsRoute, async ({ key, body, ip, request }) => {
      if (!key) throw new Error("a key route without its key");
      if (body.readings.length > INGEST_ROWS_MAX) throw rowsOver();
      const result = await ingestReadings(db, key.databaseId, body.readings);
      const back = await recordTransfer(db, key, {
        kind: "ingest",
        ip,
        received: body.readings.length,
        accepted: result.accepted,
        rejected: result.rejected,
      });
      await hintRecipients(deps.realtime, request.log, back);
      return result;
    });
  });
}
