import { EventEmitter } from "node:events";
import { type HerdUploadProgress, herdUploadProgressSchema } from "@nadoy/contract/herd";
import type { Redis } from "ioredis";

// ---- The server's phase of a running upload or commit, per (user, progress_id) ----
//
// Kept in this instance's memory, and in Redis when configured: the browser's progress requests
// may reach another instance than the one running its upload (a load balancer without sticky
// sessions), which then answers from Redis. Each phase is written with an expiry, so the entry of
// an instance that died mid-upload goes away by itself.

/** How long a finished upload's last phase can still be asked for. */
const KEEP_DONE_MS = 5 * 60_000;
/** A running upload's entry outlives its last phase this long (a dead instance's lingers no longer). */
const KEEP_RUNNING_MS = 10 * 60_000;

export interface UploadProgress {
  set(userId: number, progressId: string | undefined, progress: HerdUploadProgress): void;
  /** This instance's, else Redis's (another instance runs the upload). */
  get(userId: number, progressId: string): Promise<HerdUploadProgress | undefined>;
  /** This instance's only, at once (tests read it in event listeners). */
  local(userId: number, progressId: string): HerdUploadProgress | undefined;
  /** Marks the work of `progressId` over (done, failed or cancelled) and tells `settled` listeners. */
  finish(userId: number, progressId: string | undefined, uploadUuid: string | undefined): void;
  /** Emits "progress" (user id, progress id) on each phase, "settled" (upload uuid) when a request's work has ended; tests await them. */
  events: EventEmitter;
}

export function createUploadProgress(redis?: Redis, prefix = "nadoy:"): UploadProgress {
  const entries = new Map<string, HerdUploadProgress>();
  const events = new EventEmitter();
  const key = (userId: number, progressId: string) => `${userId}:${progressId}`;
  const redisKey = (k: string) => `${prefix}herd-progress:${k}`;
  // Written in call order on one connection, so the last phase wins. A Redis hiccup must not fail
  // the upload itself: the progress bar then only waits for the answer.
  const share = (k: string, progress: HerdUploadProgress, keepMs: number) => {
    redis?.set(redisKey(k), JSON.stringify(progress), "PX", keepMs).catch(() => undefined);
  };
  return {
    events,
    set(userId, progressId, progress) {
      if (!progressId) return;
      const k = key(userId, progressId);
      entries.set(k, progress);
      share(k, progress, KEEP_RUNNING_MS);
      events.emit("progress", userId, progressId);
    },
    local: (userId, progressId) => entries.get(key(userId, progressId)),
    async get(userId, progressId) {
      const k = key(userId, progressId);
      const here = entries.get(k);
      if (here || !redis) return here;
      const shared = await redis.get(redisKey(k));
      if (shared === null) return undefined;
      const parsed = herdUploadProgressSchema.safeParse(JSON.parse(shared));
      return parsed.success ? parsed.data : undefined;
    },
    finish(userId, progressId, uploadUuid) {
      if (progressId) {
        const k = key(userId, progressId);
        const done: HerdUploadProgress = { phase: "done", rows: entries.get(k)?.rows ?? 0 };
        entries.set(k, done);
        share(k, done, KEEP_DONE_MS);
        setTimeout(() => entries.delete(k), KEEP_DONE_MS).unref();
      }
      events.emit("settled", uploadUuid);
    },
  };
}
