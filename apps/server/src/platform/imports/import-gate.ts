import { randomUUID } from "node:crypto";
import { ErrorCode, ErrorText } from "@nadoy/contract/errors";
import type { Redis } from "ioredis";
import { ApiError } from "../errors.ts";

/**
 * One file import at a time per user, whichever importer and whichever instance: a second one
 * while the first runs is refused (409 import_in_progress), not queued. In memory on one
 * instance; in Redis when configured, so that instances behind a load balancer share it. A Redis
 * hold expires after `leaseMs` (an instance that died mid-import does not block its user for long).
 */
export interface ImportGate {
  /** Takes the user's slot: a release function, or null when an import of theirs is running. */
  tryAcquire(userId: number): Promise<(() => Promise<void>) | null>;
}

/** Long enough for a 10 MB upload over a slow line and its check; a dead instance's hold lasts this long. */
export const IMPORT_LEASE_MS = 10 * 60 * 1000;

export function memoryImportGate(): ImportGate {
  const running = new Set<number>();
  return {
    async tryAcquire(userId) {
      if (running.has(userId)) return null;
      running.add(userId);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        running.delete(userId);
      };
    },
  };
}

// Deletes the key only while it still holds this holder's token (an expired hold taken over by
// another import is not released by the first one).
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export function redisImportGate(redis: Redis, prefix = "nadoy:import:", leaseMs = IMPORT_LEASE_MS): ImportGate {
  return {
    async tryAcquire(userId) {
      const key = `${prefix}${userId}`;
      const token = randomUUID();
      const taken = await redis.set(key, token, "PX", leaseMs, "NX");
      if (taken !== "OK") return null;
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await redis.eval(RELEASE, 1, key, token);
      };
    },
  };
}

/**
 * Runs `work` holding the user's import slot, released however it ends. Refuses with 409 when
 * the user's previous import is still running.
 */
export async function runImport<T>(gate: ImportGate, userId: number, work: () => Promise<T>): Promise<T> {
  const release = await gate.tryAcquire(userId);
  if (!release) throw new ApiError(409, ErrorCode.importInProgress, ErrorText.importInProgress);
  try {
    return await work();
  } finally {
    await release();
  }
}
