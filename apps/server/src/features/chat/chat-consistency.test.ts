import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_FILES, uploaded } from "../../../test/files.ts";
import { connectUser, socketBase } from "../../../test/sockets.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { ChatClient, chatWorld } from "./chat.test-kit.ts";

// Zulip's test_events, for chat: what a client builds from its first fetch plus every event its
// main socket receives (applyChatEvent, the browser's own reducer) must equal a fresh fetch, after
// every step of a script played by two users.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

describe("chat: first fetch + events = a fresh fetch (Zulip-style)", () => {
  it("holds after every step of a scripted conversation between two users", async () => {
    const w = await chatWorld(t);
    const { anna, boris } = w;
    // Some history before the clients start.
    const old = await anna.api.group("Старая смена", [boris.id]);
    const hello = await boris.api.say(old.uuid, "Всем привет");
    await anna.api.say(old.uuid, "Привет!", { reply_to_id: hello.id });

    const base = await socketBase(t);
    const clients = [
      new ChatClient(t, anna, await connectUser(base, anna.token, anna.id)),
      new ChatClient(t, boris, await connectUser(base, boris.token, boris.id)),
    ];
    const [a, b] = clients as [ChatClient, ChatClient];
    try {
      for (const c of clients) {
        await c.socket.next((m) => m.msg_type === "SYNC", "the SYNC");
        await c.load();
      }

      const steps: string[] = [];
      async function step(name: string, action: () => Promise<unknown>): Promise<void> {
        await action();
        for (const c of clients) await c.settle();
        steps.push(name);
        for (const c of clients) expect(c.built(), `${c.who.username} after «${name}»`).toEqual(await c.fresh());
      }

      let group = "";
      await step("Анна создаёт группу", async () => {
        group = (await anna.api.group("Смена", [boris.id])).uuid;
      });
      for (const c of clients) await c.open(group);

      let m1 = 0;
      let m2 = 0;
      let m3 = 0;
      let m4 = 0;
      await step("Анна пишет", async () => {
        m1 = (await anna.api.say(group, "Утренняя дойка закончена")).id;
      });
      await step("Борис отвечает", async () => {
        m2 = (await boris.api.say(group, "Сколько надоили?", { reply_to_id: m1 })).id;
      });
      await step("Анна пишет и закрепляет", async () => {
        m3 = (await anna.api.say(group, "4 120 кг")).id;
        await anna.api.pin(m3, true);
      });
      await step("Борис правит ответ", () => boris.api.edit(m2, "Сколько надоили утром?"));
      await step("Анна правит процитированное", () => anna.api.edit(m1, "Утренняя дойка закончена в 7:40"));
      await step("Борис пишет, Анна не читала, Борис удаляет", async () => {
        m4 = (await boris.api.say(group, "Ошибся чатом")).id;
        await boris.api.remove(m4);
      });
      await step("Анна удаляет закреплённое последнее", () => anna.api.remove(m3));
      await step("Борис закрепляет и открепляет", async () => {
        await boris.api.pin(m1, true);
        await boris.api.pin(m2, true);
        await boris.api.pin(m1, false);
      });
      await step("Борис правит закреплённое", () => boris.api.edit(m2, "Сколько надоили утром, кг?"));
      await step("Борис пишет два, Анна читает первое", async () => {
        const first = await boris.api.say(group, "Машина будет в 14:00");
        await boris.api.say(group, "Танк охлаждён");
        await anna.api.read(group, first.id);
      });
      await step("Анна читает всё, Борис печатает", async () => {
        await anna.api.read(group, Number.MAX_SAFE_INTEGER);
        await boris.api.typing(group);
      });
      await step("Анна переименовывает и добавляет Веру", () =>
        anna.api.update(group, { title: "Смена «Заря»", add_member_ids: [w.vera.id] }),
      );
      await step("Вера пишет", () => w.vera.api.say(group, "Я на месте"));
      await step("Админ Вера удаляет процитированное сообщение Анны", () => w.vera.api.remove(m1));
      let files = 0;
      await step("Борис отправляет два файла без текста", async () => {
        const photo = await uploaded(t, boris.token, "корова.png", SAMPLE_FILES.png);
        const act = await uploaded(t, boris.token, "акт.pdf");
        files = (await boris.api.say(group, "", { attachment_uuids: [photo.uuid, act.uuid] })).id;
      });
      await step("Борис удаляет сообщение с файлами", () => boris.api.remove(files));

      let direct = "";
      await step("Анна открывает личный чат", async () => {
        direct = (await anna.api.direct(boris.id)).uuid;
      });
      for (const c of clients) await c.open(direct);
      await step("Личная переписка", async () => {
        const hi = await anna.api.say(direct, "Борис, зайди в доильный зал");
        await boris.api.say(direct, "Иду", { reply_to_id: hi.id });
        await boris.api.read(direct, hi.id);
      });
      await step("Старая смена: Борис пишет, Анна читает", async () => {
        const last = await boris.api.say(old.uuid, "Старый чат жив");
        await anna.api.read(old.uuid, last.id);
      });
      await step("Борис удаляет прочитанное, Анна удаляет своё в личном", async () => {
        await boris.api.remove(hello.id);
        const mine = await anna.api.say(direct, "лишнее");
        await anna.api.remove(mine.id);
      });

      expect(steps).toHaveLength(21);
      // Each socket got its channel's numbers one after another, from the SYNC on, none twice.
      for (const c of clients) {
        const { from, seqs } = c.sequence();
        expect(from, c.who.username).toBeGreaterThanOrEqual(0);
        expect(seqs.length, c.who.username).toBeGreaterThan(20);
        expect(seqs, c.who.username).toEqual(seqs.map((_, i) => from + i + 1));
        expect(seqs.at(-1)).toBe(c.state.seq);
      }
      // And the state is not trivially empty: the group as Анна sees it at the end.
      const final = a.state.chats.find((c) => c.uuid === group);
      expect(final).toMatchObject({ title: "Смена «Заря»", unread_count: 1 });
      expect(final?.pinned_messages.map((p) => p.id)).toEqual([m2]);
      expect(b.state.histories[group]?.find((m) => m.id === m2)?.reply_to).toMatchObject({ id: m1, deleted: true });
    } finally {
      for (const c of clients) await c.socket.close();
    }
  });
});
