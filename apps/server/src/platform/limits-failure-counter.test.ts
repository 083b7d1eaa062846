import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FailureCounter, memoryFailureCounter, redisFailureCounter } from "./limits/failure-counter.ts";

// hit() answers the count it made (sign-in counts an attempt before checking its password) and
// forgive() takes one back (the password was right): see features/auth/auth.service.ts login.

describe("memoryFailureCounter: hit and forgive", () => {
  it("answers each hit's count, and forgive takes one back but never below nothing", async () => {
    const clock = { now: 1_000_000 };
    const counter = memoryFailureCounter(60_000, () => clock.now);

    expect([await counter.hit("a"), await counter.hit("a"), await counter.hit("a")]).toEqual([1, 2, 3]);
    await counter.forgive("a");
    expect((await counter.get("a")).count).toBe(2);
    await counter.forgive("unseen");
    expect(await counter.get("unseen")).toEqual({ count: 0, resetInMs: 0 });

    clock.now += 60_000;
    await counter.forgive("a");
    expect(await counter.hit("a")).toBe(1);
    await counter.close?.();
  });
});

// claim() gives a key's next slot to one caller and tells the others how long it is held; reset()
// forgets a key (the per-account sign-in slow-down, features/auth/login-throttle.ts).
async function expectClaims(counter: FailureCounter, clock: { now: number }) {
  const parallel = await Promise.all(Array.from({ length: 10 }, () => counter.claim("slot", 2_000)));
  expect(parallel.filter((ms) => ms === 0)).toHaveLength(1);
  expect(parallel.filter((ms) => ms === 2_000)).toHaveLength(9);
  clock.now += 1_999;
  expect(await counter.claim("slot", 4_000)).toBe(1);
  clock.now += 1;
  expect(await counter.claim("slot", 4_000)).toBe(0);
  expect(await counter.claim("slot", 4_000)).toBe(4_000);

  await counter.reset("slot");
  await counter.hit("failures");
  await counter.reset("failures");

  expect(await counter.claim("slot", 1_000)).toBe(0);
  expect((await counter.get("failures")).count).toBe(0);
}

describe("memoryFailureCounter: claim and reset", () => {
  it("holds a slot for one caller by its clock, and forgets a key on reset", async () => {
    const clock = { now: 1_000_000 };
    const counter = memoryFailureCounter(60_000, () => clock.now);

    await expectClaims(counter, clock);
    await counter.close?.();
  });
});

const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  describe("redisFailureCounter: hit and forgive", () => {
    const prefix = `nadoy-test:${randomBytes(6).toString("hex")}:fail:`;
    let redis: Redis;
    let counter: FailureCounter;

    beforeAll(() => {
      redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
      counter = redisFailureCounter(redis, 60_000, prefix);
    });
    afterAll(async () => {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });

    it("answers each parallel hit a count of its own", async () => {
      const counts = await Promise.all(Array.from({ length: 20 }, () => counter.hit("burst")));

      expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });

    it("takes one back within the window, and leaves no key behind for a window that has ended", async () => {
      await counter.hit("b");
      await counter.hit("b");
      await counter.forgive("b");
      expect((await counter.get("b")).count).toBe(1);
      expect(await redis.pttl(`${prefix}b`)).toBeGreaterThan(0);

      await counter.forgive("gone");

      expect(await redis.exists(`${prefix}gone`)).toBe(0);
    });

    it("holds a slot for one caller by the app's clock, not the key's lifetime, and forgets a key on reset", async () => {
      const clock = { now: 1_000_000 };

      await expectClaims(
        redisFailureCounter(redis, 60_000, `${prefix}claims:`, () => clock.now),
        clock,
      );
      expect(await redis.pttl(`${prefix}claims:slot`)).toBeGreaterThan(59_000); // cleaned up with the window
    });
  });
}
