import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { connectUser, openMainSocket, socketBase } from "../../../test/sockets.ts";
import { startTestApp, type TestApp, testRedisUrl } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { ChatClient, chatApi, chatWorld, numbered } from "./chat.test-kit.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

describe("chat: a client that drops and reconnects", () => {
  it("gets what it missed, once each, and ends in the state of a fresh load", async () => {
    const w = await chatWorld(t);
    const { anna, boris } = w;
    const group = (await anna.api.group("Смена", [boris.id])).uuid;
    const first = await boris.api.say(group, "До обрыва");
    const base = await socketBase(t);
    const client = new ChatClient(t, anna, await connectUser(base, anna.token, anna.id));
    await client.socket.next((m) => m.msg_type === "SYNC", "the SYNC");
    await client.load();
    const before = client.state.seq;
    await client.socket.close();

    // While Анна is away: messages, an edit, a delete, a pin, a new chat.
    const m2 = await boris.api.say(group, "Пока тебя не было", { reply_to_id: first.id });
    await boris.api.edit(first.id, "До обрыва связи");
    const m3 = await boris.api.say(group, "Лишнее");
    await boris.api.remove(m3.id);
    await boris.api.pin(m2.id, true);
    const direct = await boris.api.direct(anna.id);
    await boris.api.say(direct.uuid, "Позвони мне");

    const again = await openMainSocket(base, anna.token, { since: before });
    client.replaceSocket(again);
    const sync = await again.next((m) => m.msg_type === "SYNC", "the SYNC after the replay");
    expect(sync).toMatchObject({ resync: false });
    await client.settle();
    await client.open(direct.uuid);

    expect(client.built()).toEqual(await client.fresh());
    const seqs = again.received.filter(numbered).map((m) => m.seq);
    expect(seqs).toEqual(seqs.map((_, i) => before + i + 1));
    expect(seqs.length).toBeGreaterThanOrEqual(7);
    expect(client.state.chats.map((c) => [c.title, c.unread_count])).toEqual([
      ["Борис Наблюдаев", 1],
      ["Смена", 2],
    ]);
    await again.close();
  });
});

// Two servers on one PostgreSQL and one Redis (the PostgreSQL + Redis run).
if (testRedisUrl) {
  describe("chat across two instances", () => {
    let one: TestApp;
    let two: TestApp;

    beforeAll(async () => {
      // Both on the worker's database (reset before each test), with one secret and one Redis prefix.
      const shared = {
        signingSecret: randomBytes(32).toString("hex"),
        redisPrefix: `nadoy-test:${randomBytes(6).toString("hex")}:`,
      };
      one = await startTestApp({}, { ...shared, reset: false });
      two = await startTestApp({}, { ...shared, reset: false });
    });
    afterAll(async () => {
      await one.close();
      await two.close();
    });

    it("delivers a message sent through instance one to a socket on instance two, with presence of both", async () => {
      const w = await chatWorld(one);
      const annaOnTwo = chatApi(two, await accessTokenFor(two, w.anna.id));
      const group = (await w.anna.api.group("Смена", [w.boris.id])).uuid;
      const annaSocket = await connectUser(await socketBase(two), w.anna.token, w.anna.id);
      const borisSocket = await connectUser(await socketBase(one), w.boris.token, w.boris.id);
      const client = new ChatClient(two, { ...w.anna, api: annaOnTwo }, annaSocket);
      await annaSocket.next((m) => m.msg_type === "SYNC", "the SYNC");
      await client.load();

      const sent = await w.boris.api.say(group, "Через первый сервер");

      const event = await annaSocket.next((m) => m.msg_type === "CHAT_MESSAGE", "the message on instance two");
      expect(event).toMatchObject({ chat: group, data: "Через первый сервер", unread_count: 1 });
      await client.settle();
      expect(client.built()).toEqual(await client.fresh());
      expect(client.state.chats[0]?.last_message?.id).toBe(sent.id);
      expect(client.state.chats[0]?.online_users).toEqual([w.anna.id, w.boris.id].sort((a, b) => a - b));
      await annaSocket.close();
      await borisSocket.close();
    });
  });
}
