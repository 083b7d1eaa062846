import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { testRedisUrl } from "../../../test/test-app.ts";
import type { Envelope, RealtimeBackend, RoomEnvelope } from "./backend.ts";
import { memoryBackend } from "./memory-backend.ts";
import { presenceKeys, redisBackend } from "./redis-backend.ts";

// Rooms: who is on a board and which task each has open (one entry per user), the same on one
// instance (memory) and across instances (Redis).

const silent = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

interface Started {
  backend: RealtimeBackend;
  /** Room envelopes this backend's instance received, in order. */
  rooms: RoomEnvelope[];
  /** Resolves with the next room envelope that matches. */
  nextRoom(match: (e: RoomEnvelope) => boolean): Promise<RoomEnvelope>;
}

async function start(backend: RealtimeBackend): Promise<Started> {
  const rooms: RoomEnvelope[] = [];
  const waiters = new Set<() => void>();
  await backend.start((envelope: Envelope) => {
    if (envelope.t !== "room") return;
    rooms.push(envelope);
    for (const wake of waiters) wake();
  });
  let taken = 0;
  return {
    backend,
    rooms,
    nextRoom: (match) =>
      new Promise((resolve) => {
        const look = () => {
          for (let i = taken; i < rooms.length; i++) {
            const e = rooms[i];
            if (e && match(e)) {
              taken = i + 1;
              waiters.delete(look);
              resolve(e);
              return;
            }
          }
        };
        waiters.add(look);
        look();
      }),
  };
}

const ROOM = `board:${randomUUID()}`;

function roomContract(make: () => Promise<Started>) {
  let s: Started | undefined;

  it("lists whoever joins, with no task open, sorted by user id", async () => {
    s = await make();
    await s.backend.roomJoin(ROOM, 7, "c7");
    await s.backend.roomJoin(ROOM, 3, "c3");

    const joined = await s.nextRoom((e) => e.event === "joined" && e.user_id === 3);
    expect(joined.viewers).toEqual([
      { user_id: 3, open_task_id: null },
      { user_id: 7, open_task_id: null },
    ]);
    expect(joined.replaced).toBeNull();
    expect(await s.backend.roomViewers(ROOM)).toEqual(joined.viewers);
  });

  it("replaces a user's earlier connection and names it, keeping one entry", async () => {
    s = await make();
    await s.backend.roomJoin(ROOM, 5, "old");
    await s.backend.roomSetTask(ROOM, 5, "old", 42);
    await s.backend.roomJoin(ROOM, 5, "new");

    const again = await s.nextRoom((e) => e.event === "joined" && e.replaced === "old");
    expect(again.previous_task_id).toBe(42);
    expect(again.viewers).toEqual([{ user_id: 5, open_task_id: null }]);

    // The old connection closing afterwards does not remove the new one.
    await s.backend.roomLeave(ROOM, 5, "old");
    expect(await s.backend.roomViewers(ROOM)).toEqual([{ user_id: 5, open_task_id: null }]);
    expect(await s.backend.roomSetTask(ROOM, 5, "old", 9)).toBe(false);
  });

  it("opens and closes tasks per user and says which task closed", async () => {
    s = await make();
    await s.backend.roomJoin(ROOM, 1, "c1");
    expect(await s.backend.roomSetTask(ROOM, 1, "c1", 10)).toBe(true);
    expect(await s.backend.roomSetTask(ROOM, 1, "c1", 10)).toBe(false);
    // An admin's force-close names no connection.
    expect(await s.backend.roomSetTask(ROOM, 1, undefined, null)).toBe(true);

    const opened = await s.nextRoom((e) => e.event === "task" && e.task_id === 10);
    expect(opened.viewers).toEqual([{ user_id: 1, open_task_id: 10 }]);
    const closed = await s.nextRoom((e) => e.event === "task" && e.task_id === null);
    expect(closed.previous_task_id).toBe(10);
    expect(closed.viewers).toEqual([{ user_id: 1, open_task_id: null }]);
  });

  it("lets a user leave with the task they had open", async () => {
    s = await make();
    await s.backend.roomJoin(ROOM, 2, "c2");
    await s.backend.roomSetTask(ROOM, 2, "c2", 8);
    await s.backend.roomLeave(ROOM, 2, "c2");

    const left = await s.nextRoom((e) => e.event === "left");
    expect(left).toMatchObject({ user_id: 2, previous_task_id: 8, viewers: [] });
  });

  afterEach(async () => {
    await s?.backend.stop();
    s = undefined;
  });
}

describe("rooms in one instance (memory)", () => {
  roomContract(() => start(memoryBackend()));
});

// Only on the PostgreSQL + Redis run (CI); the embedded run has no Redis.
if (testRedisUrl) {
  describe("rooms across instances (Redis)", () => {
    const clients: Redis[] = [];
    const prefix = `nadoy-test:${randomUUID().slice(0, 8)}:rt:`;
    const redisInstance = async () => {
      const redis = new Redis(testRedisUrl as string, { maxRetriesPerRequest: 2 });
      clients.push(redis);
      return start(redisBackend(redis, { prefix, instanceTtlMs: 60_000, log: silent }));
    };
    afterEach(() => {
      for (const c of clients.splice(0)) c.disconnect();
    });

    roomContract(redisInstance);

    it("shows a room change made on one instance to the other", async () => {
      const a = await redisInstance();
      const b = await redisInstance();
      await a.backend.roomJoin(`${ROOM}:x`, 4, "a4");

      const seen = await b.nextRoom((e) => e.event === "joined" && e.user_id === 4);
      expect(seen.viewers).toEqual([{ user_id: 4, open_task_id: null }]);
      await a.backend.stop();
      await b.backend.stop();
    });

    it("takes a dead instance's users out of its rooms when another instance sweeps", async () => {
      const a = await redisInstance();
      const b = await redisInstance();
      const room = `${ROOM}:dead`;
      await a.backend.roomJoin(room, 11, "a11");
      await a.backend.roomSetTask(room, 11, "a11", 3);
      await b.backend.roomJoin(room, 12, "b12");
      // Instance a dies: its heartbeat key lapses.
      await clients[0]?.del(presenceKeys(prefix, a.backend.instanceId).alive);

      await b.backend.heartbeat(new Map());

      const left = await b.nextRoom((e) => e.event === "left" && e.user_id === 11);
      expect(left.previous_task_id).toBe(3);
      expect(left.viewers).toEqual([{ user_id: 12, open_task_id: null }]);
      await b.backend.stop();
    });
  });
}
