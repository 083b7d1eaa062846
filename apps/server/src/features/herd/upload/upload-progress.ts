import { EventEmitter } from "node:events";
import type { HerdUploadProgress } from "@nadoy/contract/herd";

// ---- The server's phase of a running upload or commit, per (user, progress_id) ----
//
// In this instance's memory: the browser asks the instance that runs its request only if the load
// balancer keeps it there. Several instances would keep these in Redis (a hash per key with a short
// expiry, as platform/imports/import-gate.ts keeps its holds) so that any instance can answer.

/** How long a finished upload's last phase can still be asked for. */
const KEEP_DONE_MS = 5 * 60_000;

export interface UploadProgress {
  set(userId: number, progressId: string | undefined, progress: HerdUploadProgress): void;
  get(userId: number, progressId: string): HerdUploadProgress | undefined;
  /** Marks the work of `progressId` over (done, failed or cancelled) and tells `settled` listeners. */
  finish(userId: number, progressId: string | undefined, uploadUuid: string | undefined): void;
  /** Emits "progress" (user id, progress id) on each phase, "settled" (upload uuid) when a request's work has ended; tests await them. */
  events: EventEmitter;
}

export function createUploadProgress(): UploadProgress {
  const entries = new Map<string, HerdUploadProgress>();
  const events = new EventEmitter();
  const key = (userId: number, progressId: string) => `${userId}:${progressId}`;
  return {
    events,
    set(userId, progressId, progress) {
      if (!progressId) return;
      entries.set(key(userId, progressId), progress);
      events.emit("progress", userId, progressId);
    },
    get: (userId, progressId) => entries.get(key(userId, progressId)),
    finish(userId, progressId, uploadUuid) {
      if (progressId) {
        const k = key(userId, progressId);
        const last = entries.get(k);
        entries.set(k, { phase: "done", rows: last?.rows ?? 0 });
        setTimeout(() => entries.delete(k), KEEP_DONE_MS).unref();
      }
      events.emit("settled", uploadUuid);
    },
  };
}
