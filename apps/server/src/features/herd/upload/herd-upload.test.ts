import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { HerdUploadCreated, HerdUploadProgress, HerdUploadRecord } from "@nadoy/contract/herd";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { socketBase } from "../../../../test/sockets.ts";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { queryRows } from "../../../db/client.ts";
import { EVENTS_HEADER, eventLine } from "../dc305/test-fixtures.ts";
import { ok } from "../herd.test-kit.ts";
import {
  animalsOf,
  counts,
  eventsOf,
  herdTableCounts,
  seedUploadWorld,
  setDc305,
  uploadApi,
} from "./herd-upload.test-kit.ts";

// The upload routes around the file itself: who may upload and commit, the size limit (small
// here), a second commit, a cancelled upload, the progress and the history. Quirks of the files:
// herd-upload-quirks.test.ts.

const MAX_BYTES = 4096;
let t: TestApp;
let w: Awaited<ReturnType<typeof seedUploadWorld>>;

beforeAll(async () => {
  t = await startTestApp({ HERD_UPLOAD_MAX_BYTES: String(MAX_BYTES) });
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  w = await seedUploadWorld(t);
});

const HEADER = EVENTS_HEADER;
const ev = eventLine;
const file = (...lines: string[]) => `${lines.join("\n")}\n`;
const TEXT = file(
  HEADER,
  ev("3268", "03/17/15", "2", "FRESH", "0", "01/10/24"),
  ev("3268", "03/17/15", "2", "LAME", "30", "02/09/24", "F.BL"),
  ev("41", "05/05/20", "1", "BRED", "60", "03/01/24", "7HO123"),
);
const db = () => t.database.db;
const uploadRecords = () =>
  queryRows<{ uuid: string; status: string; file_key: string | null; errors: { message: string }[] }>(
    db(),
    sql`select uuid, status, file_key, errors from herd_uploads order by id`,
  );
/** Whether the file of upload `uuid` is still kept under DATA_DIR. */
const fileKept = (uuid: string | undefined) => existsSync(join(t.config.DATA_DIR, "herd-uploads", `${uuid}.csv`));

describe("upload and commit", () => {
  it("stages, previews, keeps the file, and commits once: a second commit is 409", async () => {
    const api = uploadApi(t, w.zoo.token, w.herd.uuid);
    const created = ok<HerdUploadCreated>(await api.upload(TEXT), 201);
    expect(created).toMatchObject({ format: "dc305", kind: "events" });
    expect(created.preview).toMatchObject(counts({ rows: 3, animals_new: 2, events_new: 3 }));
    expect(await herdTableCounts(db())).toMatchObject({ animals: 0, events: 0, staged: 3 });
    const [record] = await uploadRecords();
    expect(record).toMatchObject({ status: "staged", file_key: `herd-uploads/${created.upload_uuid}.csv` });
    expect(existsSync(join(t.config.DATA_DIR, record?.file_key ?? ""))).toBe(true);

    expect(ok(await api.commit(created.upload_uuid))).toMatchObject(counts({ rows: 3, animals_new: 2, events_new: 3 }));
    expect(await eventsOf(db(), w.herd.id)).toHaveLength(3);

    const again = await api.commit(created.upload_uuid);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: "conflict",
      message: "Эта загрузка уже записана в данные стада: повторно её записать нельзя.",
    });
    expect(await herdTableCounts(db())).toMatchObject({ animals: 2, events: 3 });
  });

  it("records every upload in the history: user, file, size, format, counts, result", async () => {
    const api = uploadApi(t, w.zoo.token, w.herd.uuid);
    const created = ok<HerdUploadCreated>(await api.upload(TEXT, "стадо.csv"), 201);
    ok(await api.commit(created.upload_uuid));
    expect((await api.upload("", "пусто.csv")).statusCode).toBe(400);

    const history = ok<HerdUploadRecord[]>(await api.history());
    expect(history).toHaveLength(2);
    expect(history[1]).toMatchObject({
      upload_uuid: created.upload_uuid,
      user: { id: w.zoo.id, name: "Анна Петрова" },
      file_name: "стадо.csv",
      size_bytes: Buffer.byteLength(TEXT),
      format: "dc305",
      kind: "events",
      status: "committed",
      counts: counts({ rows: 3, animals_new: 2, events_new: 3 }),
      errors_count: 0,
    });
    expect(history[1]?.committed_at).not.toBeNull();
    expect(history[0]).toMatchObject({ file_name: "пусто.csv", status: "failed", kind: null, errors_count: 1 });
  });
});

describe("who may upload", () => {
  it("refuses a viewer (role 6) and a user without the DC305 flag (403), another company (404)", async () => {
    const viewer = await uploadApi(t, w.viewer.token, w.herd.uuid).upload(TEXT);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().message).toContain("только просматривать");

    await setDc305(db(), w.zoo.id, false);
    const noFlag = await uploadApi(t, w.zoo.token, w.herd.uuid).upload(TEXT);
    expect(noFlag.statusCode).toBe(403);
    expect(noFlag.json().message).toContain("DC305");

    expect((await uploadApi(t, w.other.token, w.herd.uuid).upload(TEXT)).statusCode).toBe(404);
    expect(await uploadRecords()).toEqual([]);
  });

  it("answers 404 to another company's commit and 403 to a viewer's, committing nothing", async () => {
    await setDc305(db(), w.zoo.id, true);
    const created = ok<HerdUploadCreated>(await uploadApi(t, w.zoo.token, w.herd.uuid).upload(TEXT), 201);
    expect((await uploadApi(t, w.other.token, w.herd.uuid).commit(created.upload_uuid)).statusCode).toBe(404);
    expect((await uploadApi(t, w.viewer.token, w.herd.uuid).commit(created.upload_uuid)).statusCode).toBe(403);
    expect((await uploadApi(t, w.zoo.token, w.herd.uuid).commit(randomUUID())).statusCode).toBe(404);
    expect(await herdTableCounts(db())).toMatchObject({ animals: 0, staged: 3 });
  });
});

describe("size limit", () => {
  const big = file(
    HEADER,
    ...Array.from({ length: 80 }, (_, i) => ev(String(i + 1), "01/01/18", "2", "DRY", "300", "03/04/20")),
  );

  it("answers 413 from the Content-Length before anything is stored", async () => {
    expect(Buffer.byteLength(big)).toBeGreaterThan(MAX_BYTES);
    const res = await uploadApi(t, w.zoo.token, w.herd.uuid).upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe("payload_too_large");
    expect(await uploadRecords()).toEqual([]);
    expect(await herdTableCounts(db())).toMatchObject({ staged: 0 });
  });

  it("answers 413 once a body without Content-Length passes the limit, keeping nothing staged", async () => {
    const res = await t.request({
      method: "POST",
      url: `/api/herd/${w.herd.uuid}/uploads/`,
      token: w.zoo.token,
      query: { format: "dc305", name: "big.csv" },
      headers: { "content-type": "text/csv" },
      payload: Readable.from([Buffer.from(big.slice(0, 2000)), Buffer.from(big.slice(2000))]),
    });
    expect(res.statusCode).toBe(413);
    expect(await herdTableCounts(db())).toMatchObject({ staged: 0 });
    const [record] = await uploadRecords();
    expect(record).toMatchObject({ status: "failed", file_key: null });
    expect(fileKept(record?.uuid)).toBe(false);
  });
});

describe("progress and cancel", () => {
  it("tells the caller the phase and rows of their upload by progress id; 404 to others", async () => {
    const progressId = randomUUID();
    const api = uploadApi(t, w.zoo.token, w.herd.uuid);
    ok(await api.upload(TEXT, "events.csv", { progress_id: progressId }), 201);
    expect(ok<HerdUploadProgress>(await api.progress(progressId))).toEqual({ phase: "done", rows: 3 });
    expect((await uploadApi(t, w.viewer.token, w.herd.uuid).progress(progressId)).statusCode).toBe(404);
    expect((await api.progress(randomUUID())).statusCode).toBe(404);
  });

  it("tells the phases of a commit: check, write, then done", async () => {
    const api = uploadApi(t, w.zoo.token, w.herd.uuid);
    const created = ok<HerdUploadCreated>(await api.upload(TEXT), 201);
    const progressId = randomUUID();
    const phases: string[] = [];
    const listener = (_userId: number, id: string) => {
      const now = t.app.herdUploadProgress.local(w.zoo.id, id);
      if (id === progressId) phases.push(`${now?.phase} ${now?.rows}`);
    };
    t.app.herdUploadProgress.events.on("progress", listener);
    ok(await api.commit(created.upload_uuid, { progress_id: progressId }));
    t.app.herdUploadProgress.events.off("progress", listener);
    // The first at once, before the herd's lock is waited for: a poll never meets an unknown id.
    expect(phases).toEqual(["check 0", "check 0", "write 3"]);
    expect(ok<HerdUploadProgress>(await api.progress(progressId))).toEqual({ phase: "done", rows: 3 });
  });

  it("knows an upload's progress id from the request's start, before any line is read", async () => {
    const progressId = randomUUID();
    const phases: string[] = [];
    const listener = (_userId: number, id: string) => {
      const now = t.app.herdUploadProgress.local(w.zoo.id, id);
      if (id === progressId) phases.push(`${now?.phase} ${now?.rows}`);
    };
    t.app.herdUploadProgress.events.on("progress", listener);
    ok(await uploadApi(t, w.zoo.token, w.herd.uuid).upload(TEXT, "events.csv", { progress_id: progressId }), 201);
    t.app.herdUploadProgress.events.off("progress", listener);
    expect(phases).toEqual(["read 0", "read 3", "check 3"]);
  });

  it("records an upload broken off mid-body as cancelled, with nothing staged and no file kept", async () => {
    const base = (await socketBase(t)).replace(/^ws:/, "http:");
    const progressId = randomUUID();
    const events = t.app.herdUploadProgress.events;
    // The first lines staged: a phase with rows (the first, at the request's start, has none).
    const reading = new Promise<void>((resolve) => {
      const listener = (userId: number, id: string) => {
        if (id !== progressId || !t.app.herdUploadProgress.local(userId, id)?.rows) return;
        events.off("progress", listener);
        resolve();
      };
      events.on("progress", listener);
    });
    const settled = once(events, "settled");
    const req = httpRequest(
      `${base}/api/herd/${w.herd.uuid}/uploads/?format=dc305&name=big.csv&progress_id=${progressId}`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${w.zoo.token}`, "content-type": "text/csv", "content-length": "4000" },
      },
    );
    req.on("error", () => undefined);
    req.write(TEXT);
    await reading; // the server has staged the first lines
    req.destroy();
    await settled;

    const [record] = await uploadRecords();
    expect(record).toMatchObject({ status: "cancelled", file_key: null, errors: [{ message: "Загрузка отменена." }] });
    expect(await herdTableCounts(db())).toMatchObject({ animals: 0, staged: 0 });
    expect(fileKept(record?.uuid)).toBe(false);
    expect(await animalsOf(db(), w.herd.id)).toEqual([]);
  });
});
