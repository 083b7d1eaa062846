import {
  ATTACHMENT_BYTES_MAX,
  ATTACHMENT_SIZE_TEXT,
  ATTACHMENT_TYPE_TEXT,
  ATTACHMENT_TYPES,
  type Attachment,
  type AttachmentExtension,
  attachmentSchema,
} from "@nadoy/contract/attachments";
import type { BoardState, TaskCard, TaskDetail } from "@nadoy/contract/boards";
import type { ChatMessage, ChatSummary } from "@nadoy/contract/chat";
import { Role } from "@nadoy/contract/roles";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { downloadFile, SAMPLE_FILES, uploaded, uploadFile } from "../../../test/files.ts";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { attachments, users } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";
import { ATTACHMENT_CLAIM_TEXT, pruneUnclaimedAttachments } from "../../platform/attachments/attachments.repository.ts";

// Files on chat messages, tasks and instructions (contract attachments.ts): what may be uploaded,
// and who may download what. Chat, board and instruction calls are plain HTTP here: features never
// import each other.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

function ok<T>(res: LightMyRequestResponse, status: number): T {
  expect(res.statusCode, res.body).toBe(status);
  return (res.body ? res.json() : undefined) as T;
}

/**
 * A farm company with Анна (zootechnician), Борис (viewer) and Вера (zootechnician); another
 * company with Дмитрий (admin); a superuser in none.
 */
async function world() {
  const db = t.database.db;
  const { company } = await seedCompany(db, { name: "Агрохолдинг Заря" });
  const { company: other } = await seedCompany(db, { name: "Колхоз «Восход»" });
  const someone = async (username: string, roles: number[], companyIds: number[], isSuperuser = false) => {
    const user = await seedUser(db, { username, email: `${username}@example.com`, roles, companyIds, isSuperuser });
    const token = await accessTokenFor(t, user.id);
    const call = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
      t.request({ method, url, token, ...(payload && { payload }) });
    return { id: user.id, token, call };
  };
  return {
    company,
    anna: await someone("anna", [Role.zootechnician], [company.id]),
    boris: await someone("boris", [Role.viewer], [company.id]),
    vera: await someone("vera", [Role.zootechnician], [company.id]),
    dmitry: await someone("dmitry", [Role.admin], [other.id]),
    root: await someone("root", [], [], true),
  };
}
type Someone = Awaited<ReturnType<typeof world>>["anna"];

/** A group chat of `owner` with `members`, and a message in it carrying `files`. */
async function chatWithFiles(owner: Someone, members: Someone[], files: Attachment[]) {
  const chat = ok<ChatSummary>(
    await owner.call("POST", "/api/chat/chats/", {
      kind: "group",
      title: "Смена",
      member_ids: members.map((m) => m.id),
    }),
    201,
  );
  const message = ok<ChatMessage>(
    await owner.call("POST", `/api/chat/chats/${chat.uuid}/messages/`, {
      content: "Акты за смену",
      attachment_uuids: files.map((f) => f.uuid),
    }),
    201,
  );
  return { chat, message };
}

/** A workspace, board and task of the company made by `maker`. */
async function taskOf(maker: Someone, companyUuid: string): Promise<TaskCard> {
  const workspace = ok<{ uuid: string }>(
    await maker.call("POST", "/api/workspaces/", { company_uuid: companyUuid, name: "Ферма" }),
    201,
  );
  const board = ok<{ uuid: string }>(
    await maker.call("POST", "/api/boards/", { workspace_uuid: workspace.uuid, name: "Посевная" }),
    201,
  );
  const state = ok<BoardState>(await maker.call("GET", `/api/boards/${board.uuid}/`), 200);
  const group = state.groups[0];
  if (!group) throw new Error("a new board has groups");
  return ok<TaskCard>(
    await maker.call("POST", `/api/boards/${board.uuid}/tasks/`, { group_uuid: group.uuid, title: "Проверить сеялку" }),
    201,
  );
}

const problem = (res: LightMyRequestResponse) => ({ status: res.statusCode, ...res.json() });

describe("attachments: upload", () => {
  it("accepts every allowed kind of file and answers what it stored", async () => {
    const w = await world();
    for (const [ext, body] of Object.entries(SAMPLE_FILES) as [AttachmentExtension, Buffer][]) {
      const file = attachmentSchema.strict().parse(ok(await uploadFile(t, w.anna.token, `Отчёт.${ext}`, body), 201));
      expect(file).toMatchObject({ name: `Отчёт.${ext}`, size: body.length, mime: ATTACHMENT_TYPES[ext] });
    }
    const upper = await uploaded(t, w.anna.token, "СКАН.JPG", SAMPLE_FILES.jpg);
    expect(upper.mime).toBe("image/jpeg");
  });

  it("refuses a name whose extension is not allowed, with the text the browser shows too", async () => {
    const w = await world();
    const before = await rowCounts(t.database.db);
    for (const name of ["setup.exe", "README", "страница.html", "архив.zip", "отчёт."]) {
      expect(problem(await uploadFile(t, w.anna.token, name, SAMPLE_FILES.txt)), name).toEqual({
        status: 415,
        code: "unsupported_media_type",
        message: ATTACHMENT_TYPE_TEXT,
      });
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("refuses bytes that are not what the extension says", async () => {
    const w = await world();
    const before = await rowCounts(t.database.db);
    const cases: [string, Buffer][] = [
      ["счёт.pdf", Buffer.from("<!doctype html><script>alert(1)</script>")],
      ["фото.png", Buffer.concat([Buffer.from("MZ"), Buffer.alloc(64, 0x90)])],
      ["фото.jpg", SAMPLE_FILES.png],
      ["анимация.gif", Buffer.from("GIF90a....")],
      ["картинка.webp", Buffer.from("RIFF\x10\x00\x00\x00WAVEfmt ", "latin1")],
      ["договор.docx", SAMPLE_FILES.doc],
      ["таблица.xls", SAMPLE_FILES.xlsx],
      ["заметка.txt", Buffer.from([0x48, 0x69, 0x00, 0x01])],
      ["данные.csv", Buffer.from([0x41, 0xc3, 0x28, 0x42])],
    ];
    for (const [name, body] of cases) {
      expect(problem(await uploadFile(t, w.anna.token, name, body)), name).toEqual({
        status: 415,
        code: "unsupported_media_type",
        message: ATTACHMENT_TYPE_TEXT,
      });
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("takes a file of exactly 10 MB and refuses a byte more with JSON naming the limit", async () => {
    const w = await world();
    const big = Buffer.alloc(ATTACHMENT_BYTES_MAX, 0x20);
    SAMPLE_FILES.pdf.copy(big);
    expect((await uploaded(t, w.anna.token, "скан.pdf", big)).size).toBe(ATTACHMENT_BYTES_MAX);
    const before = await rowCounts(t.database.db);

    const tooBig = Buffer.concat([big, Buffer.from(" ")]);
    expect(problem(await uploadFile(t, w.anna.token, "скан.pdf", tooBig))).toEqual({
      status: 413,
      code: "payload_too_large",
      message: ATTACHMENT_SIZE_TEXT,
    });
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it("refuses an empty file, a missing name and an anonymous caller", async () => {
    const w = await world();
    const before = await rowCounts(t.database.db);

    const empty = await uploadFile(t, w.anna.token, "пусто.txt", Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: "validation_error", message: "Файл пустой" });
    const noName = await t.request({
      method: "POST",
      url: "/api/attachments/",
      token: w.anna.token,
      headers: { "content-type": "application/octet-stream" },
      payload: SAMPLE_FILES.pdf,
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields).toHaveProperty("name");
    expect((await uploadFile(t, undefined, "акт.pdf", SAMPLE_FILES.pdf)).statusCode).toBe(401);

    expect(await rowCounts(t.database.db)).toEqual(before);
  });
});

describe("attachments: download", () => {
  it("serves the file to its uploader while unattached, as a download named in UTF-8", async () => {
    const w = await world();
    const file = await uploaded(t, w.anna.token, "Акт приёмки №5.pdf");

    const res = await downloadFile(t, w.anna.token, file.uuid);

    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="file.pdf"; filename*=UTF-8''${encodeURIComponent("Акт приёмки №5.pdf")}`,
    );
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toContain("private");
    // Text keeps its charset; an ASCII name is its own fallback (quotes made harmless).
    const note = await uploaded(t, w.anna.token, 'say "hi".txt', SAMPLE_FILES.txt);
    const text = await downloadFile(t, w.anna.token, note.uuid);
    expect(text.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(text.headers["content-disposition"]).toBe(
      `attachment; filename="say _hi_.txt"; filename*=UTF-8''say%20%22hi%22.txt`,
    );
    expect(text.body).toBe(SAMPLE_FILES.txt.toString("utf8"));
  });

  it("answers 404 to anyone else while unattached, exactly like a missing file, and 401 anonymous", async () => {
    const w = await world();
    const file = await uploaded(t, w.anna.token);
    const missing = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

    for (const who of [w.vera, w.boris, w.dmitry, w.root]) {
      expect(problem(await downloadFile(t, who.token, file.uuid))).toEqual({
        status: 404,
        code: "not_found",
        message: "Не найдено",
      });
    }
    expect((await downloadFile(t, w.anna.token, missing)).statusCode).toBe(404);
    expect((await downloadFile(t, undefined, file.uuid)).statusCode).toBe(401);
  });

  it("serves a message's files to the chat's members only, and to nobody once the message is deleted", async () => {
    const w = await world();
    const file = await uploaded(t, w.anna.token);
    const { message } = await chatWithFiles(w.anna, [w.boris], [file]);
    expect(message.attachments).toEqual([file]);

    expect((await downloadFile(t, w.anna.token, file.uuid)).statusCode).toBe(200);
    expect((await downloadFile(t, w.boris.token, file.uuid)).statusCode).toBe(200);
    for (const stranger of [w.vera, w.dmitry, w.root]) {
      expect((await downloadFile(t, stranger.token, file.uuid)).statusCode).toBe(404);
    }

    ok(await w.anna.call("DELETE", `/api/chat/messages/${message.id}/`), 204);

    for (const member of [w.anna, w.boris]) {
      expect((await downloadFile(t, member.token, file.uuid)).statusCode).toBe(404);
    }
    // The bytes are gone with the text.
    expect(await t.database.db.select().from(attachments).where(eq(attachments.uuid, file.uuid))).toEqual([]);
  });

  it("serves a task's files to whoever may open its board: any company member or a superuser", async () => {
    const w = await world();
    const task = await taskOf(w.anna, w.company.uuid);
    const file = await uploaded(t, w.anna.token, "схема.png", SAMPLE_FILES.png);
    ok<TaskDetail>(
      await w.anna.call("POST", `/api/tasks/${task.uuid}/attachments/`, { attachment_uuids: [file.uuid] }),
      200,
    );

    for (const reader of [w.anna, w.boris, w.vera, w.root]) {
      const res = await downloadFile(t, reader.token, file.uuid);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/png");
    }
    expect((await downloadFile(t, w.dmitry.token, file.uuid)).statusCode).toBe(404);
    expect((await downloadFile(t, undefined, file.uuid)).statusCode).toBe(401);

    // A member whose boards an admin switched off gets no task's files either.
    // (The switch is written directly and announced as the admin route announces it.)
    const switchBoards = async (on: boolean) => {
      await t.database.db.update(users).set({ boardsEnabled: on }).where(eq(users.id, w.boris.id));
      await t.app.realtime.callersChanged([w.boris.id]);
    };
    await switchBoards(false);
    expect((await downloadFile(t, w.boris.token, file.uuid)).statusCode).toBe(404);
    await switchBoards(true);
    expect((await downloadFile(t, w.boris.token, file.uuid)).statusCode).toBe(200);

    // Deleting the task deletes its files.
    ok(await w.anna.call("DELETE", `/api/tasks/${task.uuid}/`), 204);
    expect((await downloadFile(t, w.anna.token, file.uuid)).statusCode).toBe(404);
  });
});

describe("attachments: instructions' files", () => {
  /** Editor Елена (role 2, of the company) and client Клара (role 7, of none); Елена's article with a file. */
  async function article(w: Awaited<ReturnType<typeof world>>, input: Record<string, unknown>) {
    const elena = await seedUser(t.database.db, {
      username: "elena",
      roles: [Role.contentEditor],
      companyIds: [w.company.id],
    });
    const klara = await seedUser(t.database.db, { username: "klara", roles: [Role.client] });
    const editor = { id: elena.id, token: await accessTokenFor(t, elena.id) };
    const client = { id: klara.id, token: await accessTokenFor(t, klara.id) };
    const file = await uploaded(t, editor.token, "памятка.pdf");
    const created = ok<{ uuid: string }>(
      await t.request({
        method: "POST",
        url: "/api/manage/instructions/",
        token: editor.token,
        payload: { title: "Памятка", attachment_uuids: [file.uuid], ...input },
      }),
      201,
    );
    const statuses = async () => {
      const result: Record<string, number> = {};
      const who = { editor, client, anna: w.anna, boris: w.boris, dmitry: w.dmitry, root: w.root };
      for (const [name, person] of Object.entries(who)) {
        result[name] = (await downloadFile(t, person.token, file.uuid)).statusCode;
      }
      result.anonymous = (await downloadFile(t, undefined, file.uuid)).statusCode;
      return result;
    };
    return { editor, file, uuid: created.uuid, statuses };
  }

  it("serves a published article's file to its audience and to editors; 404 to the rest", async () => {
    const w = await world();
    const forZootechs = await article(w, { published: true, audience: { kind: "roles", roles: [Role.zootechnician] } });
    expect(await forZootechs.statuses()).toEqual({
      editor: 200,
      client: 404,
      anna: 200,
      boris: 404,
      dmitry: 404,
      root: 200,
      anonymous: 401,
    });
  });

  it("serves a file of an article for everyone to every signed-in user", async () => {
    const w = await world();
    const forAll = await article(w, { published: true });
    expect(await forAll.statuses()).toEqual({
      editor: 200,
      client: 200,
      anna: 200,
      boris: 200,
      dmitry: 200,
      root: 200,
      anonymous: 401,
    });
  });

  it("serves a draft's file to editors only, and nothing once the article is deleted", async () => {
    const w = await world();
    const draft = await article(w, { published: false });
    expect(await draft.statuses()).toEqual({
      editor: 200,
      client: 404,
      anna: 404,
      boris: 404,
      dmitry: 404,
      root: 200,
      anonymous: 401,
    });

    ok(
      await t.request({ method: "DELETE", url: `/api/manage/instructions/${draft.uuid}/`, token: draft.editor.token }),
      204,
    );
    expect((await downloadFile(t, draft.editor.token, draft.file.uuid)).statusCode).toBe(404);
    expect(await t.database.db.select().from(attachments).where(eq(attachments.uuid, draft.file.uuid))).toEqual([]);
  });

  it("counts an article's file as attached: never claimed again by a message, never pruned", async () => {
    const w = await world();
    const placed = await article(w, { published: true });
    const chat = ok<ChatSummary>(
      await t.request({
        method: "POST",
        url: "/api/chat/chats/",
        token: placed.editor.token,
        payload: { kind: "group", title: "Редакция", member_ids: [w.anna.id] },
      }),
      201,
    );
    const resend = await t.request({
      method: "POST",
      url: `/api/chat/chats/${chat.uuid}/messages/`,
      token: placed.editor.token,
      payload: { content: "Вот", attachment_uuids: [placed.file.uuid] },
    });
    expect(problem(resend)).toMatchObject({ status: 400, fields: { attachment_uuids: ATTACHMENT_CLAIM_TEXT } });

    await t.database.db
      .update(attachments)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(attachments.uuid, placed.file.uuid));
    expect(await pruneUnclaimedAttachments(t.database.db)).toBe(0);
    expect((await downloadFile(t, w.anna.token, placed.file.uuid)).statusCode).toBe(200);
  });
});

describe("attachments: claiming", () => {
  it("refuses someone else's file, an attached one or a missing one with one text, and writes nothing", async () => {
    const w = await world();
    const chat = ok<ChatSummary>(
      await w.anna.call("POST", "/api/chat/chats/", { kind: "group", title: "Смена", member_ids: [w.vera.id] }),
      201,
    );
    const veras = await uploaded(t, w.vera.token, "верин.pdf");
    const mine = await uploaded(t, w.anna.token, "мой.pdf");
    const sent = await uploaded(t, w.anna.token, "отправленный.pdf");
    ok(
      await w.anna.call("POST", `/api/chat/chats/${chat.uuid}/messages/`, {
        content: "",
        attachment_uuids: [sent.uuid],
      }),
      201,
    );
    const task = await taskOf(w.anna, w.company.uuid);
    const before = await rowCounts(t.database.db);
    const send = (uuids: string[]) =>
      w.anna.call("POST", `/api/chat/chats/${chat.uuid}/messages/`, { content: "Вот", attachment_uuids: uuids });
    const attach = (uuids: string[]) =>
      w.anna.call("POST", `/api/tasks/${task.uuid}/attachments/`, { attachment_uuids: uuids });
    const refused = {
      status: 400,
      code: "validation_error",
      message: ATTACHMENT_CLAIM_TEXT,
      fields: { attachment_uuids: ATTACHMENT_CLAIM_TEXT },
    };

    for (const uuids of [[mine.uuid, veras.uuid], [sent.uuid], ["7c9e6679-7425-40de-944b-e07fc1f90ae7"]]) {
      expect(problem(await send(uuids))).toEqual(refused);
      expect(problem(await attach(uuids))).toEqual(refused);
    }

    expect(await rowCounts(t.database.db)).toEqual(before);
    // Her own file is still hers to attach.
    expect((await downloadFile(t, w.anna.token, mine.uuid)).statusCode).toBe(200);
    expect(ok<ChatMessage>(await send([mine.uuid]), 201).attachments).toEqual([mine]);
  });
});

describe("attachments: pruning", () => {
  it("removes only unattached files older than a day", async () => {
    const w = await world();
    const chat = ok<ChatSummary>(
      await w.anna.call("POST", "/api/chat/chats/", { kind: "group", title: "Смена", member_ids: [w.vera.id] }),
      201,
    );
    const oldLoose = await uploaded(t, w.anna.token, "старый.pdf");
    const oldSent = await uploaded(t, w.anna.token, "отправленный.pdf");
    const fresh = await uploaded(t, w.anna.token, "новый.pdf");
    ok(
      await w.anna.call("POST", `/api/chat/chats/${chat.uuid}/messages/`, {
        content: "",
        attachment_uuids: [oldSent.uuid],
      }),
      201,
    );
    await t.database.db
      .update(attachments)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(sql`${attachments.uuid} in (${oldLoose.uuid}, ${oldSent.uuid})`);

    expect(await pruneUnclaimedAttachments(t.database.db)).toBe(1);

    const left = await t.database.db.select({ uuid: attachments.uuid }).from(attachments);
    expect(left.map((r) => r.uuid).sort()).toEqual([oldSent.uuid, fresh.uuid].sort());
  });
});
