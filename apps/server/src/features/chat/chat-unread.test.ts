import type { MainServerMessage } from "@nadoy/contract/realtime";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectUser, socketBase, type TestSocket } from "../../../test/sockets.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { chatWorld, ok, type Person, secondSession } from "./chat.test-kit.ts";

// Unread counts stay exact through send, read and delete: for two users, and for two sessions
// (tabs, devices) of one user — in the HTTP answers and in the events of every main socket.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

type Counted = Extract<MainServerMessage, { unread_count: number }>;
const counted =
  (chat: string) =>
  (m: MainServerMessage): m is Counted =>
    "unread_count" in m && "chat" in m && m.chat === chat;

/** The unread count of a chat in the next event that carries one, on each of these sockets. */
async function nextCounts(sockets: TestSocket[], chat: string, type: Counted["msg_type"]): Promise<number[]> {
  const counts: number[] = [];
  for (const s of sockets) {
    const m = await s.next((x): x is Counted => counted(chat)(x) && x.msg_type === type, `${type} in ${chat}`);
    counts.push(m.unread_count);
  }
  return counts;
}

async function listed(who: Person, chat: string): Promise<number> {
  return (await who.api.summary(chat)).unread_count;
}

describe("chat: unread counts", () => {
  it("stay exact through send, read and delete across two sessions of one user and another user", async () => {
    const w = await chatWorld(t);
    const annaPhone = await secondSession(t, w.anna);
    const { anna, boris } = w;
    const group = (await anna.api.group("Смена", [boris.id])).uuid;
    const base = await socketBase(t);
    const annaTab = await connectUser(base, anna.token, anna.id);
    const annaPhoneSocket = await connectUser(base, annaPhone.token, anna.id);
    const borisTab = await connectUser(base, boris.token, boris.id);
    const annas = [annaTab, annaPhoneSocket];
    try {
      // Борис writes three messages: Анна's count climbs on both of her sockets, his own stays 0.
      const sent = [];
      for (let i = 1; i <= 3; i++) {
        sent.push(await boris.api.say(group, `Сообщение ${i}`));
        expect(await nextCounts(annas, group, "CHAT_MESSAGE")).toEqual([i, i]);
        expect(await nextCounts([borisTab], group, "CHAT_MESSAGE")).toEqual([0]);
      }
      expect(await listed(anna, group)).toBe(3);
      expect(await listed(annaPhone, group)).toBe(3);
      expect(await listed(boris, group)).toBe(0);
      const [m1, m2, m3] = sent.map((m) => m.id) as [number, number, number];

      // Анна reads up to the second one on her phone: both of her sockets hear it, Борис does not.
      expect(ok(await annaPhone.api.read(group, m2), 200)).toEqual({ last_read_id: m2, unread_count: 1 });
      expect(await nextCounts(annas, group, "CHAT_READ")).toEqual([1, 1]);
      expect(await listed(anna, group)).toBe(1);
      // Reading an older message from the other tab moves nothing back and sends nothing.
      expect(ok(await anna.api.read(group, m1), 200)).toEqual({ last_read_id: m2, unread_count: 1 });

      // Борис deletes the unread third message: Анна is back to 0; deleting a read one changes nothing.
      expect((await boris.api.remove(m3)).statusCode).toBe(204);
      expect(await nextCounts(annas, group, "CHAT_MESSAGE_DELETED")).toEqual([0, 0]);
      expect(await nextCounts([borisTab], group, "CHAT_MESSAGE_DELETED")).toEqual([0]);
      expect(await listed(anna, group)).toBe(0);
      expect((await boris.api.remove(m1)).statusCode).toBe(204);
      expect(await nextCounts(annas, group, "CHAT_MESSAGE_DELETED")).toEqual([0, 0]);

      // Анна answers from her tab: sending marks read for her, Борис gets one unread.
      const answer = await anna.api.say(group, "Вижу");
      expect(await nextCounts(annas, group, "CHAT_MESSAGE")).toEqual([0, 0]);
      expect(await nextCounts([borisTab], group, "CHAT_MESSAGE")).toEqual([1]);
      expect((await anna.api.summary(group)).last_read_id).toBe(answer.id);
      expect(await listed(boris, group)).toBe(1);

      // Борис writes twice more; Анна reads it all on the tab.
      await boris.api.say(group, "Ещё одно");
      const last = await boris.api.say(group, "И последнее");
      expect(await nextCounts(annas, group, "CHAT_MESSAGE")).toEqual([1, 1]);
      expect(await nextCounts(annas, group, "CHAT_MESSAGE")).toEqual([2, 2]);
      // Борис read Анна's answer by writing after it.
      expect(await listed(boris, group)).toBe(0);
      expect(ok(await anna.api.read(group, last.id), 200)).toEqual({ last_read_id: last.id, unread_count: 0 });
      expect(await nextCounts(annas, group, "CHAT_READ")).toEqual([0, 0]);
      expect(await listed(annaPhone, group)).toBe(0);

      // An admin outside the chat cannot touch it; Анна deleting her own message changes no count.
      expect((await w.vera.api.remove(answer.id)).statusCode).toBe(404);
      expect((await anna.api.remove(answer.id)).statusCode).toBe(204);
      expect(await nextCounts(annas, group, "CHAT_MESSAGE_DELETED")).toEqual([0, 0]);
      expect(borisTab.received.some((m) => m.msg_type === "CHAT_READ")).toBe(false);
    } finally {
      for (const s of [annaTab, annaPhoneSocket, borisTab]) await s.close();
    }
  });

  it("counts only others' messages after the mark that are not deleted, per chat", async () => {
    const w = await chatWorld(t);
    const { anna, boris, vera } = w;
    const a = (await anna.api.group("А", [boris.id, vera.id])).uuid;
    const b = (await anna.api.direct(boris.id)).uuid;
    await boris.api.say(a, "1");
    await vera.api.say(a, "2");
    const gone = await vera.api.say(a, "3");
    await anna.api.say(a, "моё");
    await boris.api.say(b, "лично");
    await vera.api.remove(gone.id);

    const list = await anna.api.list();
    // Sending marked "А" read up to Анна's own message.
    expect(list.chats.map((c) => [c.title, c.unread_count])).toEqual([
      ["Борис Наблюдаев", 1],
      ["А", 0],
    ]);
    // Вера's own sends moved her mark past «3»; only Анна's message is left.
    expect((await vera.api.summary(a)).unread_count).toBe(1);
    expect((await boris.api.summary(a)).unread_count).toBe(2);
  });
});
