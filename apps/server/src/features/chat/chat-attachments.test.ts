import type { ChatMessage } from "@nadoy/contract/chat";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SAMPLE_FILES, uploaded } from "../../../test/files.ts";
import { connectUser, socketBase } from "../../../test/sockets.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { attachments, chatMessages } from "../../db/schema/index.ts";
import { chatWorld, ok } from "./chat.test-kit.ts";

// Files on chat messages (contract chat.ts, attachments.ts): sent with a message, in every copy of
// it (history, search, the send's answer, events), counted in the chat list, gone when it is deleted.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

describe("chat: files", () => {
  it("sends files with no text in the order given; every member's event and the history carry them", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("Дойка", [w.boris.id]);
    const photo = await uploaded(t, w.anna.token, "корова.jpg", SAMPLE_FILES.jpg);
    const act = await uploaded(t, w.anna.token, "акт.pdf");
    const base = await socketBase(t);
    const boris = await connectUser(base, w.boris.token, w.boris.id);
    try {
      const sent = await w.anna.api.say(group.uuid, "", { attachment_uuids: [act.uuid, photo.uuid] });

      expect(sent).toMatchObject({ content: "", attachments: [act, photo] });
      const event = await boris.next((m) => m.msg_type === "CHAT_MESSAGE", "the message");
      expect(event.msg_type === "CHAT_MESSAGE" && event.message).toEqual(sent);
      expect((await w.boris.api.messages(group.uuid)).messages).toEqual([sent]);
      expect((await w.boris.api.summary(group.uuid)).last_message).toMatchObject({
        id: sent.id,
        content: "",
        attachments_count: 2,
      });
    } finally {
      await boris.close();
    }
  });

  it("keeps the files through an edit and in search results", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("Дойка", [w.boris.id]);
    const act = await uploaded(t, w.anna.token, "акт.pdf");
    const sent = await w.anna.api.say(group.uuid, "Акт приёмки молока", { attachment_uuids: [act.uuid] });

    const edited = ok<ChatMessage>(await w.anna.api.edit(sent.id, "Акт приёмки молока за вторник"), 200);
    expect(edited.attachments).toEqual([act]);
    const found = ok<ChatMessage[]>(await w.boris.api.search(group.uuid, "акт"), 200);
    expect(found.map((m) => m.attachments)).toEqual([[act]]);
  });

  it("needs text or a file", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("Дойка", [w.boris.id]);

    for (const body of [{ content: "   " }, { content: "", attachment_uuids: [] }]) {
      const res = await w.anna.api.send(group.uuid, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ content: "Напишите сообщение или прикрепите файл" });
    }
    const [n] = await t.database.db.select({ n: count() }).from(chatMessages);
    expect(n?.n).toBe(0);
  });

  it("answers a resend with the same client_id with the first message and its files", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("Дойка", [w.boris.id]);
    const act = await uploaded(t, w.anna.token, "акт.pdf");
    const body = { attachment_uuids: [act.uuid], client_id: "6f1c1a52-7a3d-4c7e-9d0e-2b1f0c9a8e71" };

    const first = await w.anna.api.say(group.uuid, "Акт", body);
    const again = await w.anna.api.say(group.uuid, "Акт", body);

    expect(again).toEqual(first);
    expect(first.attachments).toEqual([act]);
    const [n] = await t.database.db.select({ n: count() }).from(chatMessages);
    expect(n?.n).toBe(1);
  });

  it("shows a deleted message without files and deletes them; the list counts the message before it", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("Дойка", [w.boris.id]);
    const first = await uploaded(t, w.anna.token, "первый.pdf");
    const second = await uploaded(t, w.anna.token, "второй.pdf");
    await w.anna.api.say(group.uuid, "Первый акт", { attachment_uuids: [first.uuid] });
    const last = await w.anna.api.say(group.uuid, "", { attachment_uuids: [second.uuid] });

    expect((await w.anna.api.remove(last.id)).statusCode).toBe(204);

    const [shown] = (await w.boris.api.messages(group.uuid)).messages;
    expect(shown).toMatchObject({ id: last.id, deleted: true, content: "", attachments: [] });
    expect((await w.boris.api.summary(group.uuid)).last_message).toMatchObject({
      content: "Первый акт",
      attachments_count: 1,
    });
    const left = await t.database.db.select({ uuid: attachments.uuid }).from(attachments);
    expect(left).toEqual([{ uuid: first.uuid }]);
  });

  it("loads a history page's files in one query, however many messages carry files", async () => {
    const w = await chatWorld(t);
    const group = await w.anna.api.group("Дойка", [w.boris.id]);
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const queriesOfHistory = async () => {
      const spy = vi.spyOn(client, "query");
      try {
        expect((await w.boris.api.history(group.uuid)).statusCode).toBe(200);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    const sendWithFile = async (i: number) => {
      const file = await uploaded(t, w.anna.token, `акт ${i}.pdf`);
      await w.anna.api.say(group.uuid, `Акт ${i}`, { attachment_uuids: [file.uuid] });
    };

    await sendWithFile(0);
    // Boris's first request loads his session into the guard's cache: count from the second one.
    await queriesOfHistory();
    const forOne = await queriesOfHistory();
    for (let i = 1; i < 12; i++) await sendWithFile(i);

    expect(await queriesOfHistory()).toBe(forOne);
  });
});
