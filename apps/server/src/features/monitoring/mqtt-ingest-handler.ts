import { ErrorCode } from "@nadoy/contract/errors";
import { INGEST_ROWS_MAX, INGEST_ROWS_OVER_TEXT } from "@nadoy/contract/monitoring-ingest";
import { authenticateKey } from "../../platform/auth/api-keys.ts";
import { ApiError } from "../../platform/errors.ts";
import { recordRefusedTransfer } from "../../platform/transfer-log.ts";
import { type KeyBatchDeps, takeKeyBatch } from "./ingest-batch.ts";
import { MALFORMED, type MqttIngestHandler } from "./mqtt-ingest.ts";

// An MQTT message is taken exactly as POST /api/monitoring/ingest/ takes its JSON body (the key
// travels in the payload instead of a header): the same key check, limits, partial acceptance and
// transfer log, the "address" being mqtt:<gateway>.

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const SHAPE = 'Сообщение должно быть JSON вида {"key": "ndk_…", "readings": [{"series_id", "ts", "value" | "state"}]}';

export function mqttIngestHandler(batch: KeyBatchDeps): MqttIngestHandler {
  const { db } = batch;
  return async (payload, meta) => {
    if (payload === MALFORMED || !isRecord(payload)) return { code: ErrorCode.validation, message: SHAPE };
    const ip = `mqtt:${meta.gateway}`;
    let key: Awaited<ReturnType<typeof authenticateKey>>;
    try {
      const secret = typeof payload.key === "string" ? payload.key : "";
      key = await authenticateKey(db, secret ? `Key ${secret}` : undefined, "ingest", ip);
    } catch (error) {
      if (error instanceof ApiError) return { code: error.code, message: error.message };
      throw error;
    }
    const refuse = async (code: string, message: string) => {
      const back = await recordRefusedTransfer(db, key, { kind: "ingest", ip, message });
      if (back.length > 0) await batch.told(back);
      return { code, message };
    };
    if (!Array.isArray(payload.readings)) return refuse(ErrorCode.validation, SHAPE);
    if (payload.readings.length > INGEST_ROWS_MAX) {
      return refuse(ErrorCode.payloadTooLarge, INGEST_ROWS_OVER_TEXT);
    }
    return takeKeyBatch(batch, key, payload.readings, ip);
  };
}
