import {
  CHAT_SEARCH_MAX_RESULTS,
  type ChatMessage,
  type ChatPinnedMessage,
  type ChatSummary,
  type ChatUser,
  chatListSchema,
  chatMessageSchema,
  chatSummarySchema,
} from "@nadoy/contract/chat";
import { ErrorCode } from "@nadoy/contract/errors";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { connectUser, socketBase } from "../../../test/sockets.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { chatMembers, chatMessages, chats, users } from "../../db/schema/index.ts";
import { DEMO_CHAT_APPLICATION, DEMO_GROUP_CHAT_TITLE, seedDemoChats } from "../../db/seed/chat.ts";
import { seedDemo } from "../../db/seed/demo.ts";
import { chatApi, chatWorld, ok, person } from "./chat.test-kit.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

describe("chat: contacts and chats", () => {
  it("offers the people of the caller's companies by name, never the caller; a superuser everyone active", async () => {
    const w = await chatWorld(t);
    await person(t, { username: "gone", firstName: "Алексей", role: 3, companyIds: [w.company.id], isActive: false });

    const contacts = ok<ChatUser[]>(await w.anna.api.contacts(), 200);
    expect(contacts).toEqual([
      { id: w.boris.id, username: "boris", name: "Борис Наблюдаев" },
      { id: w.vera.id, username: "vera", name: "Вера Админова" },
      { id: w.gleb.id, username: "gleb", name: "gleb" },
    ]);
    const rootContacts = ok<ChatUser[]>(await w.root.api.contacts(), 200);
    // Russian names first (ru collation), then Latin ones.
    expect(rootContacts.map((c) => c.username)).toEqual(["anna", "boris", "vera", "dmitry", "gleb"]);
  });

  it("opens one direct chat per pair, named after the other person, whoever opens it", async () => {
    const w = await chatWorld(t);

    const first = await w.anna.api.direct(w.boris.id);
    const again = await w.boris.api.direct(w.anna.id);

    expect(chatSummarySchema.strict().parse(first)).toMatchObject({
      kind: "direct",
      title: "Борис Наблюдаев",
      application: null,
      last_message: null,
      unread_count: 0,
      last_read_id: 0,
      pinned_messages: [],
      online_users: [],
    });
    expect(first.members.map((m) => m.name)).toEqual(["Анна Зоотехникова", "Борис Наблюдаев"]);
    expect(again.uuid).toBe(first.uuid);
    expect(again.title).toBe("Анна Зоотехникова");
    const [n] = await t.database.db.select({ n: count() }).from(chats);
    expect(n?.n).toBe(1);
  });

  it("creates a group with its members, renames it and adds people; every member sees it", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("  Дойка  ", [w.boris.id, w.boris.id, w.anna.id]);
    expect(group).toMatchObject({ kind: "group", title: "Дойка" });
    expect(group.members.map((m) => m.username)).toEqual(["anna", "boris"]);

    await w.boris.api.say(group.uuid, "Утренняя дойка закончена");
    const renamed = ok<ChatSummary>(
      await w.boris.api.update(group.uuid, { title: "Дойка и кормление", add_member_ids: [w.gleb.id] }),
      200,
    );

    expect(renamed.title).toBe("Дойка и кормление");
    expect(renamed.members.map((m) => m.username)).toEqual(["anna", "boris", "gleb"]);
    // The newcomer sees the history, already read.
    const glebs = await w.gleb.api.summary(group.uuid);
    expect(glebs).toMatchObject({ title: "Дойка и кормление", unread_count: 0 });
    expect(glebs.last_message?.content).toBe("Утренняя дойка закончена");
    expect((await w.anna.api.summary(group.uuid)).unread_count).toBe(1);
  });

  it("lists the caller's chats newest activity first, chats without messages last", async () => {
    const w = await chatWorld(t);
    const a = await w.anna.api.group("А", [w.boris.id]);
    const b = await w.anna.api.group("Б", [w.boris.id]);
    const c = await w.anna.api.direct(w.vera.id);
    await w.anna.api.say(b.uuid, "раз");
    await w.anna.api.say(a.uuid, "два");

    const list = chatListSchema.parse(await w.anna.api.list());

    expect(list.chats.map((x) => x.title)).toEqual(["А", "Б", "Вера Админова"]);
    expect(list.chats[2]?.uuid).toBe(c.uuid);
    expect((await w.boris.api.list()).chats.map((x) => x.title)).toEqual(["А", "Б"]);
    expect((await w.gleb.api.list()).chats).toEqual([]);
  });

  it("answers the chat list in as many queries for twelve chats as for one (no query per chat)", async () => {
    const w = await chatWorld(t);
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const queriesOfList = async () => {
      const spy = vi.spyOn(client, "query");
      try {
        expect((await w.anna.api.chats()).statusCode).toBe(200);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    const addChat = async (i: number) => {
      const chat = await w.anna.api.group(`Группа ${i}`, [w.boris.id, w.vera.id]);
      const m = await w.boris.api.say(chat.uuid, `Сообщение ${i}`);
      await w.anna.api.pin(m.id, true);
    };

    await addChat(0);
    const one = await queriesOfList();
    for (let i = 1; i < 12; i++) await addChat(i);
    const twelve = await queriesOfList();

    expect((await w.anna.api.list()).chats).toHaveLength(12);
    expect(twelve).toBe(one);
    // The session check, the channel number, chats, members, last messages, pins, read marks.
    expect(one).toBeGreaterThanOrEqual(6);
    expect(one).toBeLessThanOrEqual(8);
  });

  it("shows which members are online", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("Смена", [w.boris.id, w.vera.id]);
    const base = await socketBase(t);
    const sockets = [
      await connectUser(base, w.vera.token, w.vera.id),
      await connectUser(base, w.gleb.token, w.gleb.id),
    ];
    try {
      expect((await w.anna.api.summary(group.uuid)).online_users).toEqual([w.vera.id]);
    } finally {
      for (const s of sockets) await s.close();
    }
  });
});

describe("chat: messages", () => {
  it("sends, quotes, pages the history newest first", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("Дойка", [w.boris.id]);
    const sent: ChatMessage[] = [];
    for (let i = 1; i <= 5; i++) sent.push(await w.anna.api.say(group.uuid, `Сообщение ${i}`));
    const answer = await w.boris.api.say(group.uuid, "Понял", { reply_to_id: sent[1]?.id });

    expect(chatMessageSchema.strict().parse(answer)).toMatchObject({
      chat: group.uuid,
      user_id: w.boris.id,
      sender: "boris",
      sender_name: "Борис Наблюдаев",
      content: "Понял",
      edited_at: null,
      deleted: false,
      pinned: false,
      application: null,
      reply_to: { id: sent[1]?.id, content: "Сообщение 2", sender_name: "Анна Зоотехникова", deleted: false },
    });

    const page1 = await w.anna.api.messages(group.uuid, "?limit=4");
    expect(page1.messages.map((m) => m.content)).toEqual(["Понял", "Сообщение 5", "Сообщение 4", "Сообщение 3"]);
    expect(page1.has_more).toBe(true);
    const page2 = await w.anna.api.messages(group.uuid, `?limit=4&before_id=${page1.messages[3]?.id}`);
    expect(page2.messages.map((m) => m.content)).toEqual(["Сообщение 2", "Сообщение 1"]);
    expect(page2.has_more).toBe(false);
  });

  it("lets only the author edit, and keeps quotes in step with the quoted message", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("Дойка", [w.boris.id, w.vera.id]);
    const m = await w.anna.api.say(group.uuid, "Надой 30 кг");
    const reply = await w.boris.api.say(group.uuid, "Хорошо", { reply_to_id: m.id });

    expect((await w.boris.api.edit(m.id, "чужое")).statusCode).toBe(403);
    expect((await w.vera.api.edit(m.id, "чужое")).statusCode).toBe(403);
    const edited = ok<ChatMessage>(await w.anna.api.edit(m.id, "  Надой 31 кг "), 200);

    expect(edited.content).toBe("Надой 31 кг");
    expect(edited.edited_at).not.toBeNull();
    const history = (await w.boris.api.messages(group.uuid)).messages;
    expect(history.find((x) => x.id === reply.id)?.reply_to?.content).toBe("Надой 31 кг");
  });

  it("deletes softly for the author or an admin, never for another member; the quote says deleted", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("Дойка", [w.boris.id, w.vera.id]);
    const m1 = await w.anna.api.say(group.uuid, "первое");
    const m2 = await w.anna.api.say(group.uuid, "второе");
    const reply = await w.boris.api.say(group.uuid, "ответ", { reply_to_id: m1.id });
    ok(await w.anna.api.pin(m1.id, true), 200);

    expect((await w.boris.api.remove(m1.id)).statusCode).toBe(403);
    expect((await w.vera.api.remove(m1.id)).statusCode).toBe(204);
    expect((await w.anna.api.remove(m2.id)).statusCode).toBe(204);
    expect((await w.anna.api.remove(m2.id)).statusCode).toBe(204);

    const history = (await w.anna.api.messages(group.uuid)).messages;
    expect(history.find((x) => x.id === m1.id)).toMatchObject({ content: "", deleted: true, pinned: false });
    expect(history.find((x) => x.id === reply.id)?.reply_to).toEqual({
      id: m1.id,
      content: "",
      sender_name: "Анна Зоотехникова",
      deleted: true,
    });
    const summary = await w.anna.api.summary(group.uuid);
    expect(summary.pinned_messages).toEqual([]);
    expect(summary.last_message?.content).toBe("ответ");
    expect((await w.anna.api.edit(m2.id, "вернуть")).statusCode).toBe(409);
    expect((await w.anna.api.pin(m2.id, true)).json()).toMatchObject({ code: ErrorCode.chatMessageDeleted });
    expect((await w.anna.api.send(group.uuid, { content: "к удалённому", reply_to_id: m2.id })).statusCode).toBe(400);
  });

  it("pins and unpins: any member, the full list newest pin first", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("Дойка", [w.boris.id]);
    const m1 = await w.anna.api.say(group.uuid, "первое");
    const m2 = await w.anna.api.say(group.uuid, "второе");

    ok(await w.boris.api.pin(m1.id, true), 200);
    const both = ok<ChatPinnedMessage[]>(await w.anna.api.pin(m2.id, true), 200);
    expect(both.map((p) => p.content)).toEqual(["второе", "первое"]);
    expect(both[0]).toEqual({
      id: m2.id,
      content: "второе",
      sender: "anna",
      sender_name: "Анна Зоотехникова",
      date: m2.date,
    });
    const left = ok<ChatPinnedMessage[]>(await w.boris.api.pin(m2.id, false), 200);
    expect(left.map((p) => p.id)).toEqual([m1.id]);
    expect((await w.anna.api.summary(group.uuid)).pinned_messages).toEqual(left);
  });

  it("finds an inflected Russian word: «коровы» matches «корова», best match first", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("Дойка", [w.boris.id]);
    const one = await w.anna.api.say(group.uuid, "Корова Зорька отелилась ночью");
    await w.anna.api.say(group.uuid, "Трактор опять сломался");
    const two = await w.boris.api.say(group.uuid, "Корова, корова и ещё одна корова в загоне");
    const gone = await w.boris.api.say(group.uuid, "Корова хромает");
    await w.boris.api.remove(gone.id);

    const found = ok<ChatMessage[]>(await w.anna.api.search(group.uuid, "коровы"), 200);

    expect(found.map((m) => m.id)).toEqual([two.id, one.id]);
    expect(ok<ChatMessage[]>(await w.anna.api.search(group.uuid, "тракторы"), 200)).toHaveLength(1);
    expect(ok<ChatMessage[]>(await w.anna.api.search(group.uuid, "свинья"), 200)).toEqual([]);
    expect(CHAT_SEARCH_MAX_RESULTS).toBe(50);
  });

  it("keeps one message for a resend with the same client_id, also when both arrive together", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("Дойка", [w.boris.id]);
    const clientId = "6f1c1a52-7a3d-4c7e-9d0e-2b1f0c9a8e71";
    const base = await socketBase(t);
    const boris = await connectUser(base, w.boris.token, w.boris.id);
    try {
      const first = await w.anna.api.say(group.uuid, "Привет", { client_id: clientId });
      const again = await w.anna.api.say(group.uuid, "Привет", { client_id: clientId });
      expect(again).toEqual(first);

      const racing = "0d5f3c1e-9b7a-4e2d-8c6f-1a2b3c4d5e6f";
      const [a, b] = await Promise.all([
        w.anna.api.say(group.uuid, "Двойной", { client_id: racing }),
        w.anna.api.say(group.uuid, "Двойной", { client_id: racing }),
      ]);
      expect(a.id).toBe(b.id);

      const [n] = await t.database.db.select({ n: count() }).from(chatMessages);
      expect(n?.n).toBe(2);
      // One event per message: the resends told nobody anything.
      await w.anna.api.say(group.uuid, "Третье");
      await boris.next((m) => m.msg_type === "CHAT_MESSAGE" && m.data === "Третье", "the third message");
      const seen = boris.received
        .filter((m) => m.msg_type === "CHAT_MESSAGE")
        .map((m) => m.msg_type === "CHAT_MESSAGE" && m.data);
      expect(seen).toEqual(["Привет", "Двойной", "Третье"]);
    } finally {
      await boris.close();
    }
  });

  it("tells the other members that someone is typing, not the typist", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("Дойка", [w.boris.id]);
    const base = await socketBase(t);
    const anna = await connectUser(base, w.anna.token, w.anna.id);
    const boris = await connectUser(base, w.boris.token, w.boris.id);
    const vera = await connectUser(base, w.vera.token, w.vera.id);
    try {
      expect((await w.anna.api.typing(group.uuid)).statusCode).toBe(204);
      const typing = await boris.next((m) => m.msg_type === "CHAT_TYPING", "typing");
      expect(typing).toEqual({
        msg_type: "CHAT_TYPING",
        user_id: w.anna.id,
        chat: group.uuid,
        sender_name: "Анна Зоотехникова",
      });
      // A numbered message sent after it reaches everyone; the typing never reached Анна or Вера.
      await w.boris.api.say(group.uuid, "ок");
      await anna.next((m) => m.msg_type === "CHAT_MESSAGE", "the message");
      expect(anna.received.some((m) => m.msg_type === "CHAT_TYPING")).toBe(false);
      expect((await w.vera.api.typing(group.uuid)).statusCode).toBe(404);
      expect(vera.received.some((m) => m.msg_type === "CHAT_TYPING")).toBe(false);
    } finally {
      for (const s of [anna, boris, vera]) await s.close();
    }
  });

  it("marks read forward only, never past the newest message", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("Дойка", [w.boris.id]);
    const m1 = await w.anna.api.say(group.uuid, "раз");
    const m2 = await w.anna.api.say(group.uuid, "два");

    expect(ok(await w.boris.api.read(group.uuid, m2.id + 1000), 200)).toEqual({ last_read_id: m2.id, unread_count: 0 });
    expect(ok(await w.boris.api.read(group.uuid, m1.id), 200)).toEqual({ last_read_id: m2.id, unread_count: 0 });
    const [member] = await t.database.db
      .select({ lastReadId: chatMembers.lastReadId })
      .from(chatMembers)
      .where(eq(chatMembers.userId, w.boris.id));
    expect(member?.lastReadId).toBe(m2.id);
  });
});

describe("chat: demo data", () => {
  it("seeds the milking group and a direct chat with history, once", async () => {
    await seedDemo(t.database.db);
    const ids = Object.fromEntries(
      (await t.database.db.select({ id: users.id, username: users.username }).from(users)).map((u) => [
        u.username,
        u.id,
      ]),
    ) as Record<string, number>;
    const people = {
      admin: ids.admin ?? 0,
      zootech: ids.zootech ?? 0,
      viewer: ids.viewer ?? 0,
      client: ids.client ?? 0,
    };
    await seedDemoChats(t.database.db, people);
    const zootech = chatApi(t, await accessTokenFor(t, people.zootech));
    const admin = chatApi(t, await accessTokenFor(t, people.admin));

    const list = await zootech.list();
    expect(list.chats.map((c) => c.title)).toEqual([DEMO_GROUP_CHAT_TITLE, "Анна Администратова"]);
    const group = list.chats[0];
    expect(group).toMatchObject({ kind: "group", application: DEMO_CHAT_APPLICATION, unread_count: 0 });
    expect(group?.members.map((m) => m.username)).toEqual(["admin", "viewer", "zootech", "client"]);
    expect(group?.pinned_messages.map((p) => p.sender)).toEqual(["admin"]);
    const history = (await zootech.messages(group?.uuid ?? "")).messages;
    expect(history.length).toBeGreaterThanOrEqual(6);
    expect(history.length).toBeLessThanOrEqual(10);
    expect(history.filter((m) => m.reply_to !== null)).toHaveLength(1);
    expect(history.filter((m) => m.application === DEMO_CHAT_APPLICATION)).toHaveLength(1);
    expect(history.filter((m) => m.pinned)).toHaveLength(1);

    const adminList = await admin.list();
    expect(adminList.chats.map((c) => [c.title, c.unread_count])).toEqual([
      [DEMO_GROUP_CHAT_TITLE, 2],
      ["Иван Зоотехников", 1],
    ]);
    const [n] = await t.database.db.select({ n: count() }).from(chatMessages);
    expect(n?.n).toBe(history.length + 3);
  });
});
