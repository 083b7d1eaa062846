import { randomBytes, randomUUID } from "node:crypto";
import { type MainServerMessage, REALTIME_REPLAY_WINDOW } from "@nadoy/contract/realtime";
import { Role } from "@nadoy/contract/roles";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { connectUser, openMainSocket, socketBase, type TestSocket } from "../../../test/sockets.ts";
import { startTestApp, type TestApp, testRedisUrl } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { realtimeEvents } from "../../db/schema/index.ts";
import { seedUser } from "../../db/seed/users.ts";
import { mainEvents, type RecordedEvent, recordEvents } from "./event-log.ts";

// Numbered main-channel events (contract realtime.ts "sequence numbers"): in order, once each,
// across out-of-order publishing, reconnects and instances.

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startTestApp();
  base = await socketBase(t);
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const CHAT = "5a4c8a52-62a1-4c55-a1b0-0a3c2f0e3d11";

async function user(app: TestApp, username: string) {
  const row = await seedUser(app.database.db, { username, roles: [Role.zootechnician] });
  return { id: row.id, token: await accessTokenFor(app, row.id) };
}

/** Records one numbered event for the user in a transaction of its own (not yet published). */
function record(app: TestApp, userId: number, lastReadId: number): Promise<RecordedEvent[]> {
  return app.database.db.transaction((tx) =>
    recordEvents(
      tx,
      mainEvents([
        {
          userId,
          message: { msg_type: "CHAT_READ", user_id: userId, chat: CHAT, last_read_id: lastReadId, unread_count: 0 },
        },
      ]),
    ),
  );
}

const numbered = (socket: TestSocket) =>
  socket.received.flatMap((m) => (m.msg_type === "CHAT_READ" ? [{ seq: m.seq, last_read_id: m.last_read_id }] : []));
const sync = (m: MainServerMessage) => m.msg_type === "SYNC";

async function untilSeq(socket: TestSocket, seq: number) {
  await socket.next((m) => m.msg_type === "CHAT_READ" && m.seq === seq, `event ${seq}`);
}

describe("numbered events on the main channel", () => {
  it("reach the user's sockets in order, numbered from 1, after a SYNC at 0", async () => {
    const anna = await user(t, "anna");
    const socket = await connectUser(base, anna.token, anna.id);
    expect(await socket.next(sync, "SYNC")).toEqual({ msg_type: "SYNC", seq: 0, resync: false });

    for (const id of [10, 11, 12]) await t.app.realtime.publishRecorded(await record(t, anna.id, id));
    await untilSeq(socket, 3);

    expect(numbered(socket)).toEqual([
      { seq: 1, last_read_id: 10 },
      { seq: 2, last_read_id: 11 },
      { seq: 3, last_read_id: 12 },
    ]);
    await socket.close();
  });

  it("are not sent to other users' sockets", async () => {
    const anna = await user(t, "anna");
    const boris = await user(t, "boris");
    const b = await connectUser(base, boris.token, boris.id);
    await b.next(sync, "SYNC");

    await t.app.realtime.publishRecorded(await record(t, anna.id, 1));
    await t.app.realtime.publishRecorded(await record(t, boris.id, 2));
    await untilSeq(b, 1);

    expect(numbered(b)).toEqual([{ seq: 1, last_read_id: 2 }]);
    await b.close();
  });

  it("keep their order when a later event is published first: the gap is read from the log", async () => {
    const anna = await user(t, "anna");
    const socket = await connectUser(base, anna.token, anna.id);
    await socket.next(sync, "SYNC");
    const first = await record(t, anna.id, 1);
    const second = await record(t, anna.id, 2);

    await t.app.realtime.publishRecorded(second);
    await untilSeq(socket, 2);
    await t.app.realtime.publishRecorded(first);
    // A later event proves the late copy of the first was dropped, not queued behind.
    await t.app.realtime.publishRecorded(await record(t, anna.id, 3));
    await untilSeq(socket, 3);

    expect(numbered(socket).map((e) => e.seq)).toEqual([1, 2, 3]);
    await socket.close();
  });

  it("are replayed to a socket that reconnects with since, then live ones follow, none twice", async () => {
    const anna = await user(t, "anna");
    const first = await connectUser(base, anna.token, anna.id);
    await first.next(sync, "SYNC");
    for (const id of [1, 2]) await t.app.realtime.publishRecorded(await record(t, anna.id, id));
    await untilSeq(first, 2);
    await first.close();

    // Missed while away.
    for (const id of [3, 4, 5]) await t.app.realtime.publishRecorded(await record(t, anna.id, id));
    const again = await openMainSocket(base, anna.token, { since: 2 });
    expect(await again.next(sync, "SYNC after the catch-up")).toEqual({ msg_type: "SYNC", seq: 5, resync: false });
    await t.app.realtime.publishRecorded(await record(t, anna.id, 6));
    await untilSeq(again, 6);

    expect(numbered(again).map((e) => e.seq)).toEqual([3, 4, 5, 6]);
    // The replay comes before the SYNC that closes it.
    const replayed = again.received.findIndex((m) => m.msg_type === "CHAT_READ" && m.seq === 5);
    expect(again.received.findIndex(sync)).toBeGreaterThan(replayed);
    await again.close();
  });

  it("lose nothing when events are published while the socket is catching up", async () => {
    const anna = await user(t, "anna");
    for (let i = 1; i <= 20; i++) await t.app.realtime.publishRecorded(await record(t, anna.id, i));
    const opening = openMainSocket(base, anna.token, { since: 5 });
    const writes = (async () => {
      for (let i = 21; i <= 40; i++) await t.app.realtime.publishRecorded(await record(t, anna.id, i));
    })();
    const socket = await opening;
    await writes;
    await untilSeq(socket, 40);

    expect(numbered(socket).map((e) => e.seq)).toEqual(Array.from({ length: 35 }, (_, i) => i + 6));
    await socket.close();
  });

  it("tell a socket to refetch when what it missed is no longer kept", async () => {
    const anna = await user(t, "anna");
    for (let i = 1; i <= 4; i++) await record(t, anna.id, i);
    // Pruned (older than a day).
    await t.database.db.delete(realtimeEvents);

    const socket = await openMainSocket(base, anna.token, { since: 1 });

    expect(await socket.next(sync, "SYNC")).toEqual({ msg_type: "SYNC", seq: 4, resync: true });
    expect(numbered(socket)).toEqual([]);
    await socket.close();
  });

  it("tell a socket to refetch when since is a number the server never issued", async () => {
    const anna = await user(t, "anna");
    await record(t, anna.id, 1);

    const socket = await openMainSocket(base, anna.token, { since: 99 });

    expect(await socket.next(sync, "SYNC")).toEqual({ msg_type: "SYNC", seq: 1, resync: true });
    await socket.close();
  });

  it(`tell a socket to refetch when it missed more than ${REALTIME_REPLAY_WINDOW} events`, async () => {
    const anna = await user(t, "anna");
    await t.database.db.transaction((tx) =>
      recordEvents(
        tx,
        mainEvents(
          Array.from({ length: REALTIME_REPLAY_WINDOW + 2 }, (_, i) => ({
            userId: anna.id,
            message: { msg_type: "CHAT_READ" as const, user_id: anna.id, chat: CHAT, last_read_id: i, unread_count: 0 },
          })),
        ),
      ),
    );

    const socket = await openMainSocket(base, anna.token, { since: 1 });

    expect(await socket.next(sync, "SYNC")).toEqual({
      msg_type: "SYNC",
      seq: REALTIME_REPLAY_WINDOW + 2,
      resync: true,
    });
    await socket.close();
  });

  it("number each channel without gaps when many transactions write at once", async () => {
    const anna = await user(t, "anna");
    const boris = await user(t, "boris");
    const all = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.database.db.transaction((tx) =>
          recordEvents(
            tx,
            mainEvents(
              [anna.id, boris.id].map((userId) => ({
                userId,
                message: {
                  msg_type: "CHAT_READ" as const,
                  user_id: userId,
                  chat: CHAT,
                  last_read_id: i,
                  unread_count: 0,
                },
              })),
            ),
          ),
        ),
      ),
    );
    const seqsOf = (id: number) =>
      all
        .flat()
        .filter((e) => e.topic === `main:${id}`)
        .map((e) => e.seq)
        .sort((a, b) => a - b);

    expect(seqsOf(anna.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(seqsOf(boris.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });
});

// Only on the PostgreSQL + Redis run (CI); the embedded run has no Redis.
if (testRedisUrl) {
  describe("numbered events across two instances (PostgreSQL + Redis)", () => {
    let one: TestApp;
    let two: TestApp;
    let twoBase: string;

    beforeAll(async () => {
      const signingSecret = randomBytes(32).toString("hex");
      const redisPrefix = `nadoy-test:${randomUUID().slice(0, 8)}:`;
      one = await startTestApp({}, { signingSecret, redisPrefix, reset: false });
      two = await startTestApp({}, { signingSecret, redisPrefix, reset: false });
      twoBase = await socketBase(two);
    });
    afterAll(async () => {
      await one.close();
      await two.close();
    });

    it("reach a socket on the other instance in order, also when published out of order on both", async () => {
      const anna = await user(one, "anna-two");
      const socket = await connectUser(twoBase, anna.token, anna.id);
      await socket.next(sync, "SYNC");
      const e1 = await record(one, anna.id, 1);
      const e2 = await record(two, anna.id, 2);
      const e3 = await record(one, anna.id, 3);

      await one.app.realtime.publishRecorded(e3);
      await two.app.realtime.publishRecorded(e2);
      await one.app.realtime.publishRecorded(e1);
      await untilSeq(socket, 3);
      await two.app.realtime.publishRecorded(await record(two, anna.id, 4));
      await untilSeq(socket, 4);

      expect(numbered(socket).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
      await socket.close();
    });
  });
}
