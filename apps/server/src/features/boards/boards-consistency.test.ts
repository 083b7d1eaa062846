import { applyBoardEvent } from "@nadoy/contract/board-state";
import type { BoardState, TaskCard } from "@nadoy/contract/boards";
import type { BoardEvent } from "@nadoy/contract/realtime";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_FILES } from "../../../test/files.ts";
import { openBoardSocket, socketBase, type TestSocket } from "../../../test/sockets.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { currentSeq } from "../../platform/realtime/event-log.ts";
import { type BoardApi, boardEventsAfter, boardWorld, ok, replay } from "./boards.test-kit.ts";

// The first GET board plus every numbered event equals a fresh GET board (contract board-state.ts
// applyBoardEvent), for two users editing at once: through each user's board socket and through
// the event log, after every step of a script that touches every kind of change.

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startTestApp();
  base = await socketBase(t);
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

interface Person {
  api: BoardApi;
  first: BoardState;
  socket: TestSocket<BoardEvent>;
}

async function join(token: string, api: BoardApi, board: string): Promise<Person> {
  const first = await api.state(board);
  const socket = await openBoardSocket(base, board, token, first.seq);
  await socket.next((e) => e.type === "connected", "connected");
  return { api, first, socket };
}

/** What a socket's user holds now: the first fetch with every event it received applied. */
const held = (p: Person): BoardState => p.socket.received.reduce(applyBoardEvent, p.first);

describe("boards: first fetch + events = fresh fetch", () => {
  it("holds for two users through create, move, edit, assign, comment, files, delete, rename and projects", async () => {
    const w = await boardWorld(t);
    const board = w.board.uuid;
    const anna = await join(w.byLabel("role 3").token as string, w.apiOf("role 3"), board);
    const boris = await join(w.byLabel("role 7").token as string, w.apiOf("role 7"), board);
    const logStart = anna.first.seq;
    const [a, b] = [anna.api, boris.api];
    const tasks = new Map<string, TaskCard>();
    const task = (title: string): TaskCard => {
      const found = tasks.get(title);
      if (!found) throw new Error(`no task ${title}`);
      return found;
    };
    const made = async (api: BoardApi, group: string, title: string, extra: object = {}) => {
      const card = await api.newTask(board, group, title, extra);
      tasks.set(title, card);
      return card;
    };
    let steps = 0;

    /** After a step: both sockets and the log, folded over the first fetch, equal a fresh fetch. */
    const settle = async () => {
      steps += 1;
      const seq = await currentSeq(t.database.db, "board", board);
      for (const person of [anna, boris]) {
        if (!person.socket.received.some((e) => "seq" in e && e.seq === seq)) {
          await person.socket.next((e) => "seq" in e && e.seq === seq, `event ${seq}`);
        }
        const fresh = await person.api.state(board);
        expect(held(person), `step ${steps}`).toEqual(fresh);
      }
      const logged = await boardEventsAfter(t, board, logStart);
      // Gap-free numbers, and the log alone rebuilds the state too.
      expect(logged.map((e) => ("seq" in e ? e.seq : 0))).toEqual(logged.map((_, i) => logStart + i + 1));
      expect(replay(anna.first, logged)).toEqual(await a.state(board));
    };

    const check = await a.newGroup(board, "Проверка", w.done.id);
    await settle();
    const feed = await a.newProject(board, "Корма", "#f08c00");
    const repair = await a.newProject(board, "Ремонт техники", "#1c7ed6");
    await settle();
    await made(b, w.todo.uuid, "Заказать силос", { project_uuid: feed.uuid, assignee_ids: [w.idOf("role 7")] });
    await made(b, w.todo.uuid, "Проверить доильный зал");
    await made(b, w.todo.uuid, "Откалибровать сеялку", { project_uuid: repair.uuid });
    await made(b, w.todo.uuid, "Сменить фильтры трактора");
    await made(a, w.doing.uuid, "Вакцинация телят", { due_date: "2026-05-12" });
    await settle();

    // Both at once: across groups, within a group, to another group's end.
    await Promise.all([
      b.move(task("Заказать силос").uuid, w.doing.uuid, task("Вакцинация телят").id),
      a.move(task("Откалибровать сеялку").uuid, w.todo.uuid, task("Проверить доильный зал").id),
    ]);
    await b.move(task("Сменить фильтры трактора").uuid, check.uuid, null);
    await settle();

    ok(
      await a.updateTask(task("Проверить доильный зал").uuid, {
        title: "Проверить доильный зал и танк",
        checklist: [
          { text: "Вакуум", done: true },
          { text: "Танк", done: false },
        ],
        tags: [{ name: "срочно", color: "red" }],
        due_date: "2026-05-14",
      }),
      200,
    );
    ok(
      await b.updateTask(task("Откалибровать сеялку").uuid, { assignee_ids: [w.idOf("role 3"), w.idOf("role 7")] }),
      200,
    );
    await settle();

    const comment = await b.newComment(task("Проверить доильный зал").uuid, "Танк моют в 14:00");
    ok(await a.deleteTask(task("Сменить фильтры трактора").uuid), 204);
    await settle();

    await b.attachNew(task("Проверить доильный зал").uuid, "схема.png", SAMPLE_FILES.png);
    const withFiles = await b.attachNew(task("Проверить доильный зал").uuid, "акт.pdf");
    await settle();
    ok(await a.detach(task("Проверить доильный зал").uuid, withFiles.attachments[0]?.uuid ?? ""), 200);
    await settle();

    ok(await a.updateBoard(board, { name: "Посевная 2026", capacity: 40 }), 200);
    ok(await a.deleteProject(feed.uuid), 204);
    await settle();

    ok(await a.moveGroup(check.uuid, w.todo.id), 200);
    ok(await a.renameGroup(check.uuid, "Согласование"), 200);
    ok(await b.deleteComment(comment.id), 204);
    await Promise.all([
      b.move(task("Вакцинация телят").uuid, w.done.uuid, null),
      a.move(task("Заказать силос").uuid, w.done.uuid, null),
    ]);
    await settle();

    // The result is what the script did, not merely self-consistent.
    const final = await a.state(board);
    expect(final.board.name).toBe("Посевная 2026");
    expect(
      final.groups.flatMap((g) => g.tasks).find((x) => x.uuid === task("Проверить доильный зал").uuid),
    ).toMatchObject({ attachments_count: 1 });
    expect(final.projects.map((p) => p.name)).toEqual(["Ремонт техники"]);
    expect(Object.fromEntries(final.groups.map((g) => [g.name, g.tasks.map((x) => x.title)]))).toEqual({
      Согласование: [],
      "К выполнению": ["Откалибровать сеялку", "Проверить доильный зал и танк"],
      "В работе": [],
      Готово: expect.arrayContaining(["Заказать силос", "Вакцинация телят"]),
    });
    await anna.socket.close();
    await boris.socket.close();
  });
});
