import { Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import {
  ATTACHMENT_BYTES_MAX,
  ATTACHMENT_COMPANY_BYTES_MAX,
  ATTACHMENT_UNCLAIMED_BYTES_MAX,
  ATTACHMENT_UNCLAIMED_HOURS,
  ATTACHMENT_UPLOADS_AT_ONCE,
  ATTACHMENT_UPLOADS_PER_MINUTE,
  ATTACHMENT_USER_BYTES_MAX,
  attachmentQuotaSchema,
} from "@nadoy/contract/attachments";
import type { BoardState, TaskCard } from "@nadoy/contract/boards";
import { ErrorText, QuotaText, uploadRateText, uploadsAtOnceText } from "@nadoy/contract/errors";
import { Role } from "@nadoy/contract/roles";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../test/callers.ts";
import { SAMPLE_FILES, uploaded, uploadFile } from "../../../test/files.ts";
import { rowCounts } from "../../../test/row-counts.ts";
import { startTestApp, type TestApp } from "../../../test/test-app.ts";
import { resetDatabase } from "../../../test/test-database.ts";
import { attachments, tasks } from "../../db/schema/index.ts";
import { seedCompany } from "../../db/seed/companies.ts";
import { seedUser } from "../../db/seed/users.ts";
import { UPLOADS_AT_ONCE_PER_INSTANCE } from "./upload-gate.ts";

// Quotas on uploads (contract attachments.ts, "Quotas"; issue 15): per user unclaimed and in all,
// per company, the rate and the uploads on their way at once. Files already stored are set up as
// rows whose `size` says what they weigh (the quotas add up `size`), so that a test reaches a
// quota's edge without sending gigabytes; the uploads themselves are real.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.database));

const problem = (res: LightMyRequestResponse) => ({ status: res.statusCode, ...res.json() });

/** A valid PDF of exactly `bytes` bytes. */
function pdfOf(bytes: number): Buffer {
  const file = Buffer.alloc(bytes, 0x20);
  SAMPLE_FILES.pdf.copy(file, 0, 0, Math.min(bytes, SAMPLE_FILES.pdf.length));
  return file;
}

/**
 * Company «Агрохолдинг Заря» with Анна (zootechnician), Борис (viewer) and Вера (zootechnician);
 * Клара, a client (role 7) of no company; Дмитрий (admin) of another company.
 */
async function world() {
  const db = t.database.db;
  const { company } = await seedCompany(db, { name: "Агрохолдинг Заря" });
  const { company: other } = await seedCompany(db, { name: "Колхоз «Восход»" });
  const someone = async (username: string, roles: number[], companyIds: number[]) => {
    const user = await seedUser(db, { username, email: `${username}@example.com`, roles, companyIds });
    return { id: user.id, token: await accessTokenFor(t, user.id) };
  };
  return {
    company,
    other,
    anna: await someone("anna", [Role.zootechnician], [company.id]),
    boris: await someone("boris", [Role.viewer], [company.id]),
    vera: await someone("vera", [Role.zootechnician], [company.id]),
    klara: await someone("klara", [Role.client], []),
    dmitry: await someone("dmitry", [Role.admin], [other.id]),
  };
}
type World = Awaited<ReturnType<typeof world>>;

/** A task on a board of the company, made by Анна through the API; its id. */
async function taskId(w: World): Promise<number> {
  const call = async <T>(url: string, payload?: object, status = 201): Promise<T> => {
    const res = await t.request({ method: payload ? "POST" : "GET", url, token: w.anna.token, payload });
    expect(res.statusCode, res.body).toBe(payload ? status : 200);
    return res.json<T>();
  };
  const workspace = await call<{ uuid: string }>("/api/workspaces/", { company_uuid: w.company.uuid, name: "Ферма" });
  const board = await call<{ uuid: string }>("/api/boards/", { workspace_uuid: workspace.uuid, name: "Посевная" });
  const group = (await call<BoardState>(`/api/boards/${board.uuid}/`)).groups[0];
  if (!group) throw new Error("a new board has groups");
  const card = await call<TaskCard>(`/api/boards/${board.uuid}/tasks/`, { group_uuid: group.uuid, title: "Проверить" });
  const [row] = await t.database.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.uuid, card.uuid));
  if (!row) throw new Error("task not stored");
  return row.id;
}

/**
 * Files stored earlier that weigh `bytes` in all (rows of at most 1 GB: `size` is an integer),
 * uploaded by `uploaderId`, charged to `companyId`, on task `onTask` or unattached.
 */
async function storedEarlier(input: { uploaderId: number; companyId: number | null; bytes: number; onTask?: number }) {
  const GB = 1024 * 1024 * 1024;
  for (let left = input.bytes; left > 0; left -= GB) {
    await t.database.db.insert(attachments).values({
      uploaderId: input.uploaderId,
      companyId: input.companyId,
      name: "архив.pdf",
      mime: "application/pdf",
      size: Math.min(left, GB),
      data: SAMPLE_FILES.pdf,
      taskId: input.onTask ?? null,
    });
  }
}

const sumOf = async (where: ReturnType<typeof sql>) => {
  const [row] = await t.database.db
    .select({ n: sql<string>`coalesce(sum(${attachments.size}), 0)::bigint` })
    .from(attachments)
    .where(where);
  return Number(row?.n ?? 0);
};
const unclaimedOf = (userId: number) =>
  sumOf(
    sql`${attachments.uploaderId} = ${userId} and ${attachments.chatMessageId} is null and ${attachments.taskId} is null and ${attachments.instructionId} is null`,
  );
const companyUsage = (companyId: number) => sumOf(sql`${attachments.companyId} = ${companyId}`);

describe("attachment quotas: per user", () => {
  it("a viewer's unclaimed files, uploaded or kept from before, count: past 100 MB the upload is 413 and nothing is written", async () => {
    const w = await world();
    await uploaded(t, w.boris.token, "акт.pdf", pdfOf(1000));
    await storedEarlier({
      uploaderId: w.boris.id,
      companyId: w.company.id,
      bytes: ATTACHMENT_UNCLAIMED_BYTES_MAX - 3000,
    });
    // 2,000 bytes left: a file of 2,001 does not fit, with or without its size announced.
    const before = await rowCounts(t.database.db);
    const expected = {
      status: 413,
      code: "quota_exceeded",
      message: QuotaText.unclaimed(
        ATTACHMENT_UNCLAIMED_BYTES_MAX - 2000,
        ATTACHMENT_UNCLAIMED_BYTES_MAX,
        ATTACHMENT_UNCLAIMED_HOURS,
      ),
    };
    expect(expected.message).toBe(
      "Файл не поместится: загруженные, но ещё не прикреплённые файлы занимают 100 МБ из 100 МБ. Прикрепите их к сообщению или задаче — или подождите: неприкреплённые файлы удаляются через 24 часа.",
    );
    expect(problem(await uploadFile(t, w.boris.token, "скан.pdf", pdfOf(2001)))).toEqual(expected);
    const chunked = await t.request({
      method: "POST",
      url: `/api/attachments/?name=${encodeURIComponent("скан.pdf")}`,
      token: w.boris.token,
      headers: { "content-type": "application/octet-stream" },
      payload: Readable.from([pdfOf(1500), Buffer.alloc(501, 0x20)]),
    });
    expect(problem(chunked)).toEqual(expected);
    expect(await rowCounts(t.database.db)).toEqual(before);
    expect(await unclaimedOf(w.boris.id)).toBe(ATTACHMENT_UNCLAIMED_BYTES_MAX - 2000);

    // Exactly what is left fits; then not a byte more.
    await uploaded(t, w.boris.token, "скан.pdf", pdfOf(2000));
    expect(await unclaimedOf(w.boris.id)).toBe(ATTACHMENT_UNCLAIMED_BYTES_MAX);
    expect((await uploadFile(t, w.boris.token, "ещё.txt", Buffer.from("a"))).statusCode).toBe(413);
    // Someone else of the company is not held back by Борис's files.
    expect((await uploadFile(t, w.vera.token, "акт.pdf", pdfOf(5000))).statusCode).toBe(201);
  });

  it("a client's files in all, attached ones too, stop at 1 GB with 413 naming them, though none is unclaimed", async () => {
    const w = await world();
    const task = await taskId(w);
    await storedEarlier({
      uploaderId: w.klara.id,
      companyId: null,
      bytes: ATTACHMENT_USER_BYTES_MAX - 1000,
      onTask: task,
    });
    const before = await rowCounts(t.database.db);

    expect(problem(await uploadFile(t, w.klara.token, "счёт.pdf", pdfOf(1001)))).toEqual({
      status: 413,
      code: "quota_exceeded",
      message: QuotaText.user(ATTACHMENT_USER_BYTES_MAX - 1000, ATTACHMENT_USER_BYTES_MAX),
    });
    expect(QuotaText.user(ATTACHMENT_USER_BYTES_MAX - 1000, ATTACHMENT_USER_BYTES_MAX)).toBe(
      "Файл не поместится: ваши файлы занимают 1 ГБ из 1 ГБ. Удалите ненужные файлы из задач и сообщений.",
    );
    expect(await rowCounts(t.database.db)).toEqual(before);
    // None of it is unclaimed: the unclaimed quota alone would have let it through.
    expect(await unclaimedOf(w.klara.id)).toBe(0);
    expect((await uploadFile(t, w.klara.token, "счёт.pdf", pdfOf(1000))).statusCode).toBe(201);
  });

  it("measures a gzip-compressed body by what it holds: stored whole, refused when that is past the quota", async () => {
    const w = await world();
    const file = pdfOf(50_000);
    const send = (bytes: Buffer) =>
      t.request({
        method: "POST",
        url: "/api/attachments/?name=scan.pdf",
        token: w.anna.token,
        headers: { "content-type": "application/octet-stream", "content-encoding": "gzip" },
        payload: gzipSync(bytes),
      });
    const stored = await send(file);
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json().size).toBe(50_000);

    await storedEarlier({
      uploaderId: w.anna.id,
      companyId: w.company.id,
      bytes: ATTACHMENT_UNCLAIMED_BYTES_MAX - 60_000,
    });
    expect(problem(await send(file))).toMatchObject({ status: 413, code: "quota_exceeded" });
  });

  it("refuses a file announced over 10 MB before reading it, as before", async () => {
    const w = await world();
    const res = await t.request({
      method: "POST",
      url: "/api/attachments/?name=big.pdf",
      token: w.anna.token,
      headers: { "content-type": "application/octet-stream", "content-length": String(ATTACHMENT_BYTES_MAX + 1) },
      payload: Readable.from([SAMPLE_FILES.pdf]),
    });
    expect(problem(res)).toMatchObject({ status: 413, code: "payload_too_large" });
  });
});

describe("attachment quotas: per company", () => {
  it("stops every member at the company's 5 GB, counting what any member uploaded; another company goes on", async () => {
    const w = await world();
    await storedEarlier({ uploaderId: w.anna.id, companyId: w.company.id, bytes: ATTACHMENT_COMPANY_BYTES_MAX - 4000 });
    const first = await uploaded(t, w.vera.token, "акт.pdf", pdfOf(3000));
    const before = await rowCounts(t.database.db);

    for (const member of [w.vera, w.boris]) {
      expect(problem(await uploadFile(t, member.token, "акт.pdf", pdfOf(1001)))).toEqual({
        status: 413,
        code: "quota_exceeded",
        message: QuotaText.company(
          "Агрохолдинг Заря",
          ATTACHMENT_COMPANY_BYTES_MAX - 1000,
          ATTACHMENT_COMPANY_BYTES_MAX,
        ),
      });
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
    expect((await uploadFile(t, w.dmitry.token, "акт.pdf", pdfOf(1001))).statusCode).toBe(201);

    // Вера's file is charged to her company; Дмитрий's to his.
    const charged = await t.database.db
      .select({ uuid: attachments.uuid, companyId: attachments.companyId })
      .from(attachments);
    expect(charged.find((row) => row.uuid === first.uuid)?.companyId).toBe(w.company.id);
    expect(await companyUsage(w.other.id)).toBe(1001);
    expect(await companyUsage(w.company.id)).toBe(ATTACHMENT_COMPANY_BYTES_MAX - 1000);
  });
});

describe("attachment quotas: parallel uploads", () => {
  const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();

  it("uploads sent at once by one user right at the edge store only what fits", async () => {
    const w = await world();
    await storedEarlier({
      uploaderId: w.anna.id,
      companyId: w.company.id,
      bytes: ATTACHMENT_UNCLAIMED_BYTES_MAX - 1500,
    });

    const responses = await Promise.all(
      Array.from({ length: ATTACHMENT_UPLOADS_AT_ONCE }, (_, i) =>
        uploadFile(t, w.anna.token, `акт ${i}.pdf`, pdfOf(1000)),
      ),
    );

    expect(statuses(responses)).toEqual([201, 413, 413]);
    expect(await unclaimedOf(w.anna.id)).toBe(ATTACHMENT_UNCLAIMED_BYTES_MAX - 500);
  });

  it("uploads sent at once by several members right at the company's edge store only what fits", async () => {
    const w = await world();
    await storedEarlier({
      uploaderId: w.dmitry.id,
      companyId: w.company.id,
      bytes: ATTACHMENT_COMPANY_BYTES_MAX - 1500,
    });

    const responses = await Promise.all(
      [w.anna, w.boris, w.vera].map((member) => uploadFile(t, member.token, "акт.pdf", pdfOf(1000))),
    );

    expect(statuses(responses)).toEqual([201, 413, 413]);
    expect(await companyUsage(w.company.id)).toBe(ATTACHMENT_COMPANY_BYTES_MAX - 500);
  });
});

/** An upload whose body starts and then waits until `finish()`; `started` once the server reads it. */
function heldUpload(token: string) {
  let finish = () => {};
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  let sent = false;
  const body = new Readable({
    read() {
      if (sent) return;
      sent = true;
      this.push(SAMPLE_FILES.pdf);
      markStarted();
    },
  });
  finish = () => body.push(null);
  const response = t.request({
    method: "POST",
    url: "/api/attachments/?name=held.pdf",
    token,
    headers: { "content-type": "application/octet-stream" },
    payload: body,
  });
  return { started, finish, response };
}

describe("attachment quotas: rate and uploads at once", () => {
  it(`takes ${ATTACHMENT_UPLOADS_PER_MINUTE} uploads a minute from a user, then answers 429 with Retry-After and the rate in Russian`, async () => {
    const w = await world();
    for (let i = 0; i < ATTACHMENT_UPLOADS_PER_MINUTE; i++) await uploaded(t, w.boris.token, `акт ${i}.pdf`);
    const before = await rowCounts(t.database.db);

    const refused = await uploadFile(t, w.boris.token, "акт.pdf", SAMPLE_FILES.pdf);

    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({ code: "too_many_requests", message: uploadRateText(20, retryAfter) });
    expect(refused.json().message).toMatch(/^Не больше 20 файлов в минуту\. Повторите через \d+ секунд?[уы]?\.$/);
    expect(await rowCounts(t.database.db)).toEqual(before);
    // The limit is the user's: another user uploads on.
    expect((await uploadFile(t, w.vera.token, "акт.pdf", SAMPLE_FILES.pdf)).statusCode).toBe(201);
  });

  it("reads at most 3 uploads of one user at once (429) and a bounded number on the instance (503, Retry-After)", async () => {
    const w = await world();
    const own = Array.from({ length: ATTACHMENT_UPLOADS_AT_ONCE }, () => heldUpload(w.anna.token));
    await Promise.all(own.map((u) => u.started));

    expect(problem(await uploadFile(t, w.anna.token, "ещё.pdf", SAMPLE_FILES.pdf))).toEqual({
      status: 429,
      code: "too_many_requests",
      message: uploadsAtOnceText(ATTACHMENT_UPLOADS_AT_ONCE),
    });

    // Others fill the instance's places; the next upload, of anyone, waits for one to free.
    const others = [w.boris, w.vera, w.dmitry, w.klara].flatMap((who) =>
      Array.from({ length: ATTACHMENT_UPLOADS_AT_ONCE }, () => who),
    );
    const more = others.slice(0, UPLOADS_AT_ONCE_PER_INSTANCE - own.length).map((who) => heldUpload(who.token));
    await Promise.all(more.map((u) => u.started));
    const busy = await uploadFile(t, w.klara.token, "ещё.pdf", SAMPLE_FILES.pdf);
    expect(problem(busy)).toEqual({ status: 503, code: "server_busy", message: ErrorText.uploadsBusy });
    expect(busy.headers["retry-after"]).toBe("5");

    for (const u of [...own, ...more]) u.finish();
    const done = await Promise.all([...own, ...more].map((u) => u.response));
    expect(done.map((r) => r.statusCode)).toEqual(done.map(() => 201));
    expect((await uploadFile(t, w.anna.token, "ещё.pdf", SAMPLE_FILES.pdf)).statusCode).toBe(201);
  });
});

describe("GET /api/attachments/quota/", () => {
  it("answers the caller's usage and limits, computed from a small fixture by hand", async () => {
    const w = await world();
    // Анна is in two companies: hers is charged to the one with the smaller id, «Агрохолдинг Заря».
    const { company: later } = await seedCompany(t.database.db, { name: "Третья компания" });
    await t.database.db.execute(
      sql`insert into company_memberships (user_id, company_id) values (${w.anna.id}, ${later.id})`,
    );
    const task = await taskId(w);
    const pdf = await uploaded(t, w.anna.token, "акт.pdf", pdfOf(700));
    const png = await uploaded(t, w.anna.token, "схема.png", SAMPLE_FILES.png);
    const onTask = await uploaded(t, w.anna.token, "план.pdf", pdfOf(300));
    const attach = await t.request({
      method: "POST",
      url: `/api/tasks/${(await t.database.db.select({ uuid: tasks.uuid }).from(tasks).where(eq(tasks.id, task)))[0]?.uuid}/attachments/`,
      token: w.anna.token,
      payload: { attachment_uuids: [onTask.uuid] },
    });
    expect(attach.statusCode, attach.body).toBe(200);
    await uploaded(t, w.vera.token, "её.pdf", pdfOf(2000));
    await uploaded(t, w.dmitry.token, "чужой.pdf", pdfOf(5000));

    const quota = async (token: string) => {
      const res = await t.request({ method: "GET", url: "/api/attachments/quota/", token });
      expect(res.statusCode, res.body).toBe(200);
      return attachmentQuotaSchema.strict().parse(res.json());
    };
    const limits = { file_bytes_max: ATTACHMENT_BYTES_MAX, uploads_per_minute: ATTACHMENT_UPLOADS_PER_MINUTE };
    expect([pdf.size, png.size, onTask.size]).toEqual([700, SAMPLE_FILES.png.length, 300]);
    expect(await quota(w.anna.token)).toEqual({
      unclaimed: { used_bytes: 700 + SAMPLE_FILES.png.length, limit_bytes: 100 * 1024 * 1024 },
      user: { used_bytes: 700 + SAMPLE_FILES.png.length + 300, limit_bytes: 1024 * 1024 * 1024 },
      company: {
        uuid: w.company.uuid,
        name: "Агрохолдинг Заря",
        used_bytes: 700 + SAMPLE_FILES.png.length + 300 + 2000,
        limit_bytes: 5 * 1024 * 1024 * 1024,
      },
      ...limits,
    });
    // Клара is in no company; she has uploaded nothing.
    expect(await quota(w.klara.token)).toEqual({
      unclaimed: { used_bytes: 0, limit_bytes: ATTACHMENT_UNCLAIMED_BYTES_MAX },
      user: { used_bytes: 0, limit_bytes: ATTACHMENT_USER_BYTES_MAX },
      company: null,
      ...limits,
    });
    expect((await t.request({ method: "GET", url: "/api/attachments/quota/" })).statusCode).toBe(401);
  });
});
