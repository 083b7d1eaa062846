import { randomBytes, randomUUID } from "node:crypto";
import { once } from "node:events";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUploadProgress } from "./upload-progress.ts";

describe("upload progress on one instance", () => {
  it("answers the phase of the user's own upload only, and its end", async () => {
    const progress = createUploadProgress();
    const id = randomUUID();
    progress.set(7, id, { phase: "read", rows: 120 });

    expect(await progress.get(7, id)).toEqual({ phase: "read", rows: 120 });
    expect(await progress.get(8, id)).toBeUndefined();

    const settled = once(progress.events, "settled");
    progress.finish(7, id, "upload-1");
    expect(await settled).toEqual(["upload-1"]);
    expect(await progress.get(7, id)).toEqual({ phase: "done", rows: 120 });
  });
});

const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  describe("upload progress across instances (Redis)", () => {
    const prefix = `nadoy-test:${randomBytes(6).toString("hex")}:`;
    let first: Redis;
    let second: Redis;

    beforeAll(() => {
      first = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
      second = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    });
    afterAll(async () => {
      const keys = await first.keys(`${prefix}*`);
      if (keys.length > 0) await first.del(...keys);
      first.disconnect();
      second.disconnect();
    });

    it("lets another instance answer the phase of an upload this one runs, until it is done", async () => {
      const running = createUploadProgress(first, prefix);
      const other = createUploadProgress(second, prefix);
      const id = randomUUID();

      running.set(7, id, { phase: "read", rows: 5_000 });
      running.set(7, id, { phase: "check", rows: 9_239 });
      // The writes go out on the first connection in order; a read after a round trip on it sees them.
      await first.ping();
      expect(await other.get(7, id)).toEqual({ phase: "check", rows: 9_239 });
      expect(await other.get(8, id)).toBeUndefined();
      expect(await first.pttl(`${prefix}herd-progress:7:${id}`)).toBeGreaterThan(0);

      running.finish(7, id, undefined);
      await first.ping();
      expect(await other.get(7, id)).toEqual({ phase: "done", rows: 9_239 });
    });
  });
}
