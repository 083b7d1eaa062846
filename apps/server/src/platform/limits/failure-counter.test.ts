import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type FailureCounter, memoryFailureCounter, redisFailureCounter } from "./failure-counter.ts";

describe("memoryFailureCounter", () => {
  function withClock(windowMs = 60_000) {
    const clock = { now: 1_000_000 };
    const counter = memoryFailureCounter(windowMs, () => clock.now);
    return { clock, counter };
  }

  it("counts nothing for a key it has not seen", async () => {
    const { counter } = withClock();

    expect(await counter.get("login:10.0.0.1")).toEqual({ count: 0, resetInMs: 0 });
    await counter.close?.();
  });

  it("counts failures per key, the window starting at the first one", async () => {
    const { clock, counter } = withClock(60_000);

    await counter.hit("a");
    clock.now += 20_000;
    await counter.hit("a");
    await counter.hit("b");

    expect(await counter.get("a")).toEqual({ count: 2, resetInMs: 40_000 });
    expect(await counter.get("b")).toEqual({ count: 1, resetInMs: 60_000 });
    await counter.close?.();
  });

  it("forgets a key when its window has passed, and starts a new window at the next failure", async () => {
    const { clock, counter } = withClock(60_000);
    await counter.hit("a");
    await counter.hit("a");

    clock.now += 59_999;
    expect((await counter.get("a")).count).toBe(2);
    clock.now += 1;
    expect(await counter.get("a")).toEqual({ count: 0, resetInMs: 0 });

    await counter.hit("a");
    expect(await counter.get("a")).toEqual({ count: 1, resetInMs: 60_000 });
    await counter.close?.();
  });

  it("stops its sweeping timer when closed", async () => {
    vi.useFakeTimers();
    try {
      const counter = memoryFailureCounter(1_000);
      expect(vi.getTimerCount()).toBe(1);

      await counter.close?.();

      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

// Runs only where a Redis is given (CI and the PostgreSQL run); each run uses keys of its own.
const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  describe("redisFailureCounter", () => {
    const prefix = `nadoy-test:${randomBytes(6).toString("hex")}:fail:`;
    let redis: Redis;
    let counter: FailureCounter;

    beforeAll(async () => {
      redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
      counter = redisFailureCounter(redis, 60_000, prefix);
    });
    afterAll(async () => {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });

    it("counts nothing for a key it has not seen", async () => {
      expect(await counter.get("unseen")).toEqual({ count: 0, resetInMs: 0 });
    });

    it("counts failures per key under its prefix, with the time left in the window", async () => {
      await counter.hit("a");
      await counter.hit("a");
      await counter.hit("b");

      const a = await counter.get("a");
      expect(a.count).toBe(2);
      expect(a.resetInMs).toBeGreaterThan(55_000);
      expect(a.resetInMs).toBeLessThanOrEqual(60_000);
      expect((await counter.get("b")).count).toBe(1);
      expect(await redis.get(`${prefix}a`)).toBe("2");
    });

    it("does not extend a running window with later failures", async () => {
      await counter.hit("c");
      await redis.pexpire(`${prefix}c`, 5_000); // as if 55 s of the window had passed

      await counter.hit("c");

      const c = await counter.get("c");
      expect(c.count).toBe(2);
      expect(c.resetInMs).toBeLessThanOrEqual(5_000);
    });

    it("forgets a key when its window has passed", async () => {
      const short = redisFailureCounter(redis, 50, prefix);
      // The count hit answers, not a later read: on a busy machine 50 ms may be gone by then.
      expect(await short.hit("d")).toBe(1);

      await vi.waitFor(async () => expect((await short.get("d")).count).toBe(0), { timeout: 3_000, interval: 20 });
      expect(await redis.exists(`${prefix}d`)).toBe(0);
    });

    it("is shared by every instance that uses the same Redis and prefix", async () => {
      const other = redisFailureCounter(redis, 60_000, prefix);

      await counter.hit("shared");
      await other.hit("shared");

      expect((await counter.get("shared")).count).toBe(2);
      expect((await other.get("shared")).count).toBe(2);
    });
  });
}
