import { TRANSFER_LOG_ERRORS_KEPT } from "@nadoy/contract/monitoring-ingest";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.ts";
import { dataTransfers, type TransferKind, type TransferResult } from "../db/schema/index.ts";
import type { KeyCaller } from "./auth/api-keys.ts";
import type { RealtimeHub } from "./realtime/hub.ts";
import { hintRecipients } from "./realtime/notification-hints.ts";
import { sourceIsBack } from "./silent-sources.ts";

// The transfer log (data_transfers): one row per batch a generated key sent, whichever feature
// took it (monitoring readings, herd uploads), so that the DTM module lists them in one place.

export interface TransferOutcome {
  kind: TransferKind;
  ip: string;
  received: number;
  accepted: number;
  rejected: readonly { index: number; message: string }[];
}

/** ok: every row taken (an empty batch too); failed: rows came and none was taken; partial: some. */
export function transferResult(received: number, accepted: number): TransferResult {
  if (accepted === received) return "ok";
  return accepted === 0 ? "failed" : "partial";
}

/** Logs the batch; answers the users told that the key, silent till now, is back (hint their bells). */
export async function recordTransfer(db: Db, key: KeyCaller, outcome: TransferOutcome): Promise<number[]> {
  await db.insert(dataTransfers).values({
    keyId: key.id,
    databaseId: key.databaseId,
    dtmCode: key.dtmCode,
    kind: outcome.kind,
    ip: outcome.ip.slice(0, 64),
    rowsReceived: outcome.received,
    rowsAccepted: outcome.accepted,
    rowsRejected: outcome.rejected.length,
    firstErrors: outcome.rejected.slice(0, TRANSFER_LOG_ERRORS_KEPT),
    result: transferResult(outcome.received, outcome.accepted),
  });
  return sourceIsBack(db, key.id);
}

/** A batch refused whole after its key was accepted (too large, unreadable): logged with the answer. */
export async function recordRefusedTransfer(
  db: Db,
  key: KeyCaller,
  refusal: { kind: TransferKind; ip: string; status: number; message: string },
): Promise<number[]> {
  await db.insert(dataTransfers).values({
    keyId: key.id,
    databaseId: key.databaseId,
    dtmCode: key.dtmCode,
    kind: refusal.kind,
    ip: refusal.ip.slice(0, 64),
    rowsReceived: 0,
    rowsAccepted: 0,
    rowsRejected: 0,
    result: "refused",
    error: `${refusal.status}: ${refusal.message}`.slice(0, 500),
  });
  // The agent is alive even if this batch was refused.
  return sourceIsBack(db, key.id);
}

/**
 * Logs, in `scope`, every request of a key route refused whole once its key passed (too many rows
 * or bytes, an unreadable file: 4xx but 429), so that the DTM log shows why nothing came. A key
 * refused itself (401, 403 before the key is known) logs nothing.
 */
export function logKeyRefusals(scope: FastifyInstance, db: Db, kind: TransferKind, realtime: RealtimeHub): void {
  scope.addHook("onError", async (request, _reply, error) => {
    const status = (error as { status?: number }).status ?? error.statusCode ?? 500;
    if (!request.apiKey || status < 400 || status >= 500 || status === 429) return;
    const back = await recordRefusedTransfer(db, request.apiKey, {
      kind,
      ip: request.ip,
      status,
      message: error.message,
    });
    await hintRecipients(realtime, request.log, back);
  });
}
