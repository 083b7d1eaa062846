import { CHAT_MESSAGE_MAX, CHAT_TITLE_MAX, type ChatUser } from "@nadoy/contract/chat";
import { ErrorCode } from "@nadoy/contract/errors";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCallers, expectedStatuses, statusByCaller } from "../../../test/callers.ts";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { chatApi, chatWorld, ok } from "./chat.test-kit.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const SOME_UUID = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

/** Every chat route, called on a chat and a message (which may not be the caller's). */
function everyRoute(api: ReturnType<typeof chatApi>, uuid: string, messageId: number) {
  return {
    "GET chats": () => api.chats(),
    "GET contacts": () => api.contacts(),
    "POST chats": () => api.create({ kind: "group", title: "Новый", member_ids: [1] }),
    "PATCH chat": () => api.update(uuid, { title: "Другое" }),
    "GET messages": () => api.history(uuid),
    "GET search": () => api.search(uuid, "дойка"),
    "POST message": () => api.send(uuid, { content: "Привет" }),
    "PATCH message": () => api.edit(messageId, "Правка"),
    "DELETE message": () => api.remove(messageId),
    "PUT pin": () => api.pin(messageId, true),
    "POST read": () => api.read(uuid, messageId),
    "POST typing": () => api.typing(uuid),
  };
}

describe("chat: who may do what", () => {
  it("answers 401 to an anonymous caller on every route, before looking at the input", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("Дойка", [w.boris.id]);
    const m = await w.anna.api.say(group.uuid, "Привет");
    const before = await rowCounts(t.database.db);

    const statuses: Record<string, number> = {};
    for (const [name, call] of Object.entries(everyRoute(chatApi(t, undefined), group.uuid, m.id))) {
      statuses[name] = (await call()).statusCode;
    }
    // Garbage input still gets 401, not 400.
    statuses["bad uuid"] = (await chatApi(t, undefined).history("nope")).statusCode;

    expect(new Set(Object.values(statuses))).toEqual(new Set([401]));
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("answers 404 to someone who is not a member, on every route about that chat — a superuser too", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("Дойка", [w.boris.id]);
    const m = await w.anna.api.say(group.uuid, "Привет");
    const before = await rowCounts(t.database.db);

    for (const outsider of [w.vera, w.dmitry, w.root]) {
      const routes = everyRoute(outsider.api, group.uuid, m.id);
      const statuses: Record<string, number> = {};
      for (const name of [
        "PATCH chat",
        "GET messages",
        "GET search",
        "POST message",
        "PATCH message",
        "DELETE message",
        "PUT pin",
        "POST read",
        "POST typing",
      ] as const) {
        statuses[name] = (await routes[name]()).statusCode;
      }
      expect(new Set(Object.values(statuses)), outsider.username).toEqual(new Set([404]));
    }
    // Exactly like a chat or a message that does not exist.
    const missing = await w.anna.api.history(SOME_UUID);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: ErrorCode.notFound, message: "Не найдено" });
    expect((await w.anna.api.remove(m.id + 1000)).statusCode).toBe(404);
    expect((await w.vera.api.list()).chats).toEqual([]);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("keeps another company's people out: not a contact, no direct chat, not added to a group", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("Дойка", [w.boris.id]);
    const before = await rowCounts(t.database.db);

    const contacts = ok<ChatUser[]>(await w.anna.api.contacts(), 200);
    expect(contacts.map((c) => c.id)).not.toContain(w.dmitry.id);
    const direct = await w.anna.api.create({ kind: "direct", user_id: w.dmitry.id });
    expect(direct.statusCode).toBe(400);
    expect(direct.json()).toMatchObject({ code: ErrorCode.validation, fields: { user_id: expect.any(String) } });
    // A user who does not exist gets the same answer: the caller learns nothing about other companies.
    const nobody = await w.anna.api.create({ kind: "direct", user_id: w.dmitry.id + 1000 });
    expect(nobody.json()).toEqual(direct.json());
    const reverse = await w.dmitry.api.create({ kind: "direct", user_id: w.anna.id });
    expect(reverse.statusCode).toBe(400);
    const mixed = await w.anna.api.create({ kind: "group", title: "Смешанная", member_ids: [w.boris.id, w.dmitry.id] });
    expect(mixed.json()).toMatchObject({ fields: { member_ids: expect.any(String) } });
    const added = await w.anna.api.update(group.uuid, { add_member_ids: [w.dmitry.id] });
    expect(added.json()).toMatchObject({ fields: { add_member_ids: expect.any(String) } });
    expect(await rowCounts(t.database.db)).toEqual(before);

    // A superuser may start a chat with anyone.
    expect((await w.root.api.create({ kind: "direct", user_id: w.dmitry.id })).statusCode).toBe(201);
  });

  it("lets every signed-in role use chat, and only admins and superusers delete others' messages (role matrix)", async () => {
    const callers = await createCallers(t);
    const superuser = callers.find((c) => c.label === "superuser");
    const others = callers.filter((c) => c.userId !== undefined && c !== superuser).map((c) => c.userId as number);
    const root = chatApi(t, superuser?.token);
    const group = await root.group("Все роли", others);

    const lists = await statusByCaller(callers, async (c) => (await chatApi(t, c.token).chats()).statusCode);
    expect(lists).toEqual(expectedStatuses(200));
    const sends = await statusByCaller(
      callers,
      async (c) => (await chatApi(t, c.token).send(group.uuid, { content: `от ${c.label}` })).statusCode,
    );
    expect(sends).toEqual(expectedStatuses(201));
    const deletes = await statusByCaller(callers, async (c) => {
      const target = await root.say(group.uuid, `удалит ${c.label}?`);
      return (await chatApi(t, c.token).remove(target.id)).statusCode;
    });
    expect(deletes).toEqual(expectedStatuses(403, { "role 1": 204, superuser: 204, anonymous: 401 }));
    const edits = await statusByCaller(callers, async (c) => {
      const target = await root.say(group.uuid, `исправит ${c.label}?`);
      return (await chatApi(t, c.token).edit(target.id, "правка")).statusCode;
    });
    expect(edits).toEqual(expectedStatuses(403, { superuser: 200 }));
  });
});

describe("chat: input is checked before anything is written", () => {
  it("answers 400 with the field for each bad input and writes nothing", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("Дойка", [w.boris.id]);
    const other = await w.anna.api.group("Другая", [w.boris.id]);
    const m = await w.anna.api.say(group.uuid, "Привет");
    const foreign = await w.anna.api.say(other.uuid, "Там");
    const direct = await w.anna.api.direct(w.boris.id);
    const before = await rowCounts(t.database.db);
    const api = w.anna.api;

    const cases: [string, () => ReturnType<typeof api.call>, string][] = [
      ["empty message", () => api.send(group.uuid, { content: "   " }), "content"],
      ["long message", () => api.send(group.uuid, { content: "я".repeat(CHAT_MESSAGE_MAX + 1) }), "content"],
      ["bad client id", () => api.send(group.uuid, { content: "Да", client_id: "42" }), "client_id"],
      ["unknown field", () => api.send(group.uuid, { content: "Да", files: [] }), "files"],
      ["reply elsewhere", () => api.send(group.uuid, { content: "Да", reply_to_id: foreign.id }), "reply_to_id"],
      ["reply missing", () => api.send(group.uuid, { content: "Да", reply_to_id: foreign.id + 100 }), "reply_to_id"],
      ["empty edit", () => api.edit(m.id, ""), "content"],
      ["no kind", () => api.create({ title: "Без вида", member_ids: [w.boris.id] }), "kind"],
      ["empty title", () => api.create({ kind: "group", title: " ", member_ids: [w.boris.id] }), "title"],
      [
        "long title",
        () => api.create({ kind: "group", title: "я".repeat(CHAT_TITLE_MAX + 1), member_ids: [w.boris.id] }),
        "title",
      ],
      ["no members", () => api.create({ kind: "group", title: "Пусто", member_ids: [] }), "member_ids"],
      ["only me", () => api.create({ kind: "group", title: "Я", member_ids: [w.anna.id] }), "member_ids"],
      ["chat with myself", () => api.create({ kind: "direct", user_id: w.anna.id }), "user_id"],
      ["rename direct", () => api.update(direct.uuid, { title: "Наш чат" }), "title"],
      ["grow direct", () => api.update(direct.uuid, { add_member_ids: [w.vera.id] }), "add_member_ids"],
      ["bad uuid", () => api.history("not-a-uuid"), "uuid"],
      ["limit zero", () => api.history(group.uuid, "?limit=0"), "limit"],
      ["limit huge", () => api.history(group.uuid, "?limit=1000"), "limit"],
      ["empty search", () => api.search(group.uuid, "  "), "q"],
      ["negative read", () => api.read(group.uuid, -1), "last_read_id"],
      ["pin without flag", () => api.call("PUT", `/messages/${m.id}/pin/`, {}), "pinned"],
      ["bad message id", () => api.edit(0, "Правка"), "id"],
    ];
    for (const [name, call, field] of cases) {
      const res = await call();
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json(), name).toMatchObject({ code: ErrorCode.validation, fields: { [field]: expect.any(String) } });
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });
});
