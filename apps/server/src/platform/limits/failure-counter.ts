import type { Redis } from "ioredis";

/**
 * Counts failures per key within a fixed window (login failures per address, and per account). In
 * Redis when it is configured, so that every instance behind a load balancer sees the same count.
 */
export interface FailureCounter {
  /** Failures so far in the current window and the milliseconds until it ends. */
  get(key: string): Promise<{ count: number; resetInMs: number }>;
  /** Counts one more failure and answers the count with it: atomic, so parallel callers never read the same count. */
  hit(key: string): Promise<number>;
  /** Takes back one counted failure (an attempt counted up front that turned out well). */
  forgive(key: string): Promise<void>;
  /** Forgets the key altogether (a success ends a run of failures). */
  reset(key: string): Promise<void>;
  /**
   * Takes the key's next slot: when the key is free, holds it for `holdMs` and answers 0; while it
   * is held, answers the milliseconds left. Atomic, so of parallel callers only one gets the slot.
   * Measured with the counter's clock (injectable, for tests), the same on every instance.
   */
  claim(key: string, holdMs: number): Promise<number>;
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
    async reset(key) {
      windows.delete(key);
    },
    async claim(key, holdMs) {
      const entry = live(key);
      if (entry) return entry.endsAt - now();
      windows.set(key, { count: 1, endsAt: now() + holdMs });
      return 0;
    },
    async close() {
      clearInterval(sweeper);
    },
  };
}

const FORGIVE = `if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then redis.call('DECR', KEYS[1]) end return 0`;

// The slot's end is stored as a time of the caller's clock; the key's TTL (the counter's window,
// never shorter than the hold) only cleans up.
const CLAIM = `local ends = tonumber(redis.call('GET', KEYS[1]) or '0')
local now = tonumber(ARGV[1])
if ends > now then return ends - now end
redis.call('SET', KEYS[1], now + tonumber(ARGV[2]), 'PX', ARGV[3])
return 0`;

export function redisFailureCounter(
  redis: Redis,
  windowMs: number,
  prefix = "nadoy:fail:",
  now: () => number = Date.now,
): FailureCounter {
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
    async reset(key) {
      await redis.del(prefix + key);
    },
    async claim(key, holdMs) {
      const ttl = Math.max(holdMs, windowMs);
      return Number(await redis.eval(CLAIM, 1, prefix + key, now(), holdMs, ttl));
    },
  };
}
