import { apiErrorSchema } from "@nadoy/contract/errors";
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

/**
 * A batch refused whole after its key was accepted (too large, unreadable): logged with the text
 * its sender was answered (`message`). The result «refused» already says it was a refusal: no
 * status code in the text.
 */
export async function recordRefusedTransfer(
  db: Db,
  key: KeyCaller,
  refusal: { kind: TransferKind; ip: string; message: string },
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
    error: refusal.message.slice(0, 500),
  });
  // The agent is alive even if this batch was refused.
  return sourceIsBack(db, key.id);
}

/** The message of an error answer as the error handler wrote it (errors.ts), if it is one. */
function answeredMessage(payload: unknown): string | undefined {
  if (typeof payload !== "string") return undefined;
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Logs, in `scope`, every request of a key route refused whole once its key passed (too many rows
 * or bytes, an unreadable file: 4xx but 429), so that the DTM log shows why nothing came. A key
 * refused itself (401, 403 before the key is known) logs nothing. Logged on the way out (onSend,
 * not onError, which runs before the error handler): the text kept is the one the sender got, in
 * Russian, not Fastify's own message of a broken body.
 */
export function logKeyRefusals(scope: FastifyInstance, db: Db, kind: TransferKind, realtime: RealtimeHub): void {
  scope.addHook("onSend", async (request, reply, payload) => {
    const status = reply.statusCode;
    if (!request.apiKey || status < 400 || status >= 500 || status === 429) return payload;
    const message = answeredMessage(payload);
    if (message === undefined) return payload;
    const back = await recordRefusedTransfer(db, request.apiKey, { kind, ip: request.ip, message });
    await hintRecipients(realtime, request.log, back);
    return payload;
  });
}
