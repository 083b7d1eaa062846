import { ATTACHMENTS_PER_ITEM_MAX, type Attachment } from "@nadoy/contract/attachments";
import type { TaskDetail } from "@nadoy/contract/boards";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { downloadFile, SAMPLE_FILES } from "../../../test/files.ts";
import { rowCounts } from "../../../test/row-counts.ts";
import { openMainSocket, socketBase } from "../../../test/sockets.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { ATTACHMENTS_TOO_MANY_TEXT } from "../../platform/attachments/attachments.repository.ts";
import { currentSeq } from "../../platform/realtime/event-log.ts";
import { type BoardApi, boardEventsAfter, boardWorld, ok } from "./boards.test-kit.ts";

// Files on tasks (contract boards.ts addTaskAttachments / deleteTaskAttachment): who may, the
// order, the card's count, and that each is a new task version like any other edit.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const upload = async (api: BoardApi, name: string, body?: Buffer) => ok<Attachment>(await api.upload(name, body), 201);

describe("boards: task files", () => {
  it("adds files after the ones a task has and removes them; each is a new version, event and hint", async () => {
    const w = await boardWorld(t);
    const task = await w.maker.newTask(w.board.uuid, w.todo.uuid, "Проверить сеялку");
    const worker = w.apiOf("role 7");
    const base = await socketBase(t);
    const socket = await openMainSocket(base, w.byLabel("role 6").token);
    await socket.next((m) => m.msg_type === "SYNC", "SYNC");
    const seq = await currentSeq(t.database.db, "board", w.board.uuid);
    try {
      const scheme = await upload(worker, "схема.png", SAMPLE_FILES.png);
      const act = await upload(worker, "акт.pdf");
      const list = await upload(worker, "список.xlsx", SAMPLE_FILES.xlsx);

      const first = ok<TaskDetail>(await worker.attach(task.uuid, [scheme.uuid]), 200);
      const second = ok<TaskDetail>(await worker.attach(task.uuid, [list.uuid, act.uuid]), 200);

      expect(first.attachments).toEqual([scheme]);
      expect(second.attachments).toEqual([scheme, list, act]);
      expect(second.task).toMatchObject({ attachments_count: 3, version: 3 });
      expect(await w.maker.detail(task.uuid)).toEqual({ ...second, can_edit: true });
      const card = (await w.maker.state(w.board.uuid)).groups[0]?.tasks[0];
      expect(card).toEqual(second.task);

      const removed = ok<TaskDetail>(await worker.detach(task.uuid, list.uuid), 200);
      expect(removed.attachments).toEqual([scheme, act]);
      expect(removed.task).toMatchObject({ attachments_count: 2, version: 4 });
      expect((await worker.detach(task.uuid, list.uuid)).statusCode).toBe(404);
      expect((await downloadFile(t, w.byLabel("role 3").token, list.uuid)).statusCode).toBe(404);

      const events = await boardEventsAfter(t, w.board.uuid, seq);
      expect(events.map((e) => e.type === "update" && e.change.kind === "task" && e.change.task)).toEqual([
        first.task,
        second.task,
        removed.task,
      ]);
      const hint = await socket.next(
        (m) => m.msg_type === "BRD_TASK_UPDATED" && m.task.version === removed.task.version,
        "the hint of the removal",
      );
      expect(hint).toMatchObject({ user_id: w.idOf("role 7"), board: w.board.uuid, task: removed.task });
    } finally {
      await socket.close();
    }
  });

  it(`keeps at most ${ATTACHMENTS_PER_ITEM_MAX} files on a task, and writes nothing beyond`, async () => {
    const w = await boardWorld(t);
    const task = await w.maker.newTask(w.board.uuid, w.todo.uuid, "Собрать документы");
    const files: Attachment[] = [];
    for (let i = 1; i <= ATTACHMENTS_PER_ITEM_MAX + 1; i++) files.push(await upload(w.maker, `акт ${i}.pdf`));
    const uuids = files.map((f) => f.uuid);
    ok(await w.maker.attach(task.uuid, uuids.slice(0, ATTACHMENTS_PER_ITEM_MAX - 1)), 200);
    const before = await rowCounts(t.database.db);

    const res = await w.maker.attach(task.uuid, uuids.slice(ATTACHMENTS_PER_ITEM_MAX - 1));

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { attachment_uuids: ATTACHMENTS_TOO_MANY_TEXT } });
    expect(await rowCounts(t.database.db)).toEqual(before);
    expect((await w.maker.detail(task.uuid)).task).toMatchObject({ attachments_count: 9, version: 2 });
  });

  it("lets a viewer download a task's files but neither add nor remove them", async () => {
    const w = await boardWorld(t);
    const task = await w.maker.newTask(w.board.uuid, w.todo.uuid, "Проверить сеялку");
    const [file] = (await w.maker.attachNew(task.uuid, "акт.pdf")).attachments;
    const viewer = w.apiOf("role 6");
    const own = await upload(viewer, "мой.pdf");
    const before = await rowCounts(t.database.db);

    expect((await viewer.attach(task.uuid, [own.uuid])).statusCode).toBe(403);
    expect((await viewer.detach(task.uuid, file?.uuid ?? "")).statusCode).toBe(403);

    expect(await rowCounts(t.database.db)).toEqual(before);
    expect((await downloadFile(t, w.byLabel("role 6").token, file?.uuid ?? "")).statusCode).toBe(200);
    expect((await viewer.detail(task.uuid)).can_edit).toBe(false);
  });
});
