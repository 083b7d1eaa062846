import type { Redis } from "ioredis";

/**
 * Counts failures per key within a fixed window (login failures per address). In Redis when it is
 * configured, so that every instance behind a load balancer sees the same count.
 */
export interface FailureCounter {
  /** Failures so far in the current window and the milliseconds until it ends. */
  get(key: string): Promise<{ count: number; resetInMs: number }>;
  /** Counts one more failure and answers the count with it: atomic, so parallel callers never read the same count. */
  hit(key: string): Promise<number>;
  /** Takes back one counted failure (an attempt counted up front that turned out well). */
  forgive(key: string): Promise<void>;
  close?(): Promise<void>;
}

export function memoryFailureCounter(windowMs: number, now: () => number = Date.now): FailureCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.endsAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  // Old entries are dropped on a timer so that memory stays bounded under a spray of addresses.
  const sweeper = setInterval(() => {
    for (const [key, entry] of windows) if (entry.endsAt <= now()) windows.delete(key);
  }, windowMs);
  sweeper.unref();
  return {
    async get(key) {
      const entry = live(key);
      return entry ? { count: entry.count, resetInMs: entry.endsAt - now() } : { count: 0, resetInMs: 0 };
    },
    async hit(key) {
      const entry = live(key);
      if (entry) return ++entry.count;
      windows.set(key, { count: 1, endsAt: now() + windowMs });
      return 1;
    },
    async forgive(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async close() {
      clearInterval(sweeper);
    },
  };
}

const FORGIVE = `if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then redis.call('DECR', KEYS[1]) end return 0`;

export function redisFailureCounter(redis: Redis, windowMs: number, prefix = "nadoy:fail:"): FailureCounter {
  return {
    async get(key) {
      const [count, ttl] = await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec()
        .then((r) => r ?? []);
      const value = Number(count?.[1] ?? 0);
      const ttlMs = Number(ttl?.[1] ?? 0);
      return { count: value, resetInMs: Math.max(ttlMs, 0) };
    },
    async hit(key) {
      // The window starts at the first failure: PEXPIRE NX leaves a running window alone.
      const results = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, "NX")
        .exec();
      return Number(results?.[0]?.[1] ?? 0);
    },
    async forgive(key) {
      // Only a count still in its window: a DECR of an expired key would leave -1 with no expiry.
      await redis.eval(FORGIVE, 1, prefix + key);
    },
  };
}
