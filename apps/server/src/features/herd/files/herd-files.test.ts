import { existsSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { HerdUploadCreated } from "@nadoy/contract/herd";
import type { HerdFiles } from "@nadoy/contract/herd-files";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accessTokenFor } from "../../../../test/callers.ts";
import { startTestApp, type TestApp } from "../../../../test/test-app.ts";
import { resetDatabase } from "../../../../test/test-database.ts";
import { queryRows } from "../../../db/client.ts";
import { userDatabaseAccess } from "../../../db/schema/index.ts";
import { seedUser } from "../../../db/seed/users.ts";
import { EVENTS_HEADER, eventLine } from "../dc305/test-fixtures.ts";
import { ok } from "../herd.test-kit.ts";
import { herdTableCounts, seedUploadWorld, setDc305, uploadApi } from "../upload/herd-upload.test-kit.ts";

// The kept herd files: who sees which, the bytes and name downloaded, deleting (the data stays),
// and the company's quota (small here: QUOTA bytes).

const QUOTA = 1000;
let t: TestApp;
let w: Awaited<ReturnType<typeof seedUploadWorld>>;
let admin: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp({ HERD_FILES_COMPANY_BYTES_MAX: String(QUOTA) });
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.database);
  w = await seedUploadWorld(t);
  const a = await seedUser(t.database.db, {
    username: "boss",
    email: "boss@example.com",
    roles: [1],
    companyIds: [w.zarya.company.id],
    firstName: "Олег",
    lastName: "Смирнов",
  });
  await t.database.db.insert(userDatabaseAccess).values({ userId: a.id, databaseId: w.herd.id });
  await setDc305(t.database.db, a.id, true);
  admin = { id: a.id, token: await accessTokenFor(t, a.id) };
});

const file = (...lines: string[]) => `${lines.join("\n")}\n`;
// 3 events of 2 animals: the header 82 bytes with its newline, each line 94: 364 bytes in all.
const TEXT = file(
  EVENTS_HEADER,
  eventLine("3268", "03/17/15", "2", "FRESH", "0", "01/10/24"),
  eventLine("3268", "03/17/15", "2", "LAME", "30", "02/09/24", "F.BL"),
  eventLine("41", "05/05/20", "1", "BRED", "60", "03/01/24", "7HO123"),
);
const SMALL = file(EVENTS_HEADER, eventLine("7", "01/01/21", "1", "BRED", "60", "03/01/24"));

const files = (token: string) => t.request({ method: "GET", url: "/api/herd/files/", token });
const download = (token: string, uuid: string) =>
  t.request({ method: "GET", url: `/api/herd/files/${uuid}/download/`, token });
const remove = (token: string, uuid: string) => t.request({ method: "DELETE", url: `/api/herd/files/${uuid}/`, token });
const kept = (uuid: string) => existsSync(join(t.config.DATA_DIR, "herd-uploads", `${uuid}.csv`));

async function uploadAs(token: string, text: string, name = "events.csv"): Promise<string> {
  return ok<HerdUploadCreated>(await uploadApi(t, token, w.herd.uuid).upload(text, name), 201).upload_uuid;
}

describe("the list", () => {
  it("shows a user their own files and an admin every file of the company, with the company's usage", async () => {
    expect(Buffer.byteLength(TEXT)).toBe(364);
    const mine = await uploadAs(w.zoo.token, TEXT, "события март.csv");
    const admins = await uploadAs(admin.token, SMALL, "small.csv");

    const zoo = ok<HerdFiles>(await files(w.zoo.token));
    expect(zoo.items.map((f) => f.upload_uuid)).toEqual([mine]);
    expect(zoo.items[0]).toEqual({
      upload_uuid: mine,
      database: { uuid: w.herd.uuid, name: "Стадо" },
      user: { id: w.zoo.id, name: "Анна Петрова" },
      file_name: "события март.csv",
      size_bytes: 364,
      format: "dc305",
      kind: "events",
      status: "staged",
      created_at: expect.any(String),
      can_delete: true,
    });
    // 364 + 176 (the header and one line): the whole company's, though the zootechnician sees one file.
    expect(Buffer.byteLength(SMALL)).toBe(176);
    expect(zoo.companies).toEqual([{ uuid: w.zarya.company.uuid, name: "Заря", used_bytes: 540, limit_bytes: QUOTA }]);

    const boss = ok<HerdFiles>(await files(admin.token));
    expect(boss.items.map((f) => [f.file_name, f.can_delete])).toEqual([
      ["small.csv", true],
      ["события март.csv", true],
    ]);
    expect(admins).toBe(boss.items[0]?.upload_uuid);

    // The viewer uploads nothing, so sees nothing; the other company sees neither file nor usage.
    expect(ok<HerdFiles>(await files(w.viewer.token))).toMatchObject({ items: [], companies: [{ used_bytes: 540 }] });
    expect(ok<HerdFiles>(await files(w.other.token))).toEqual({ companies: [], items: [] });
  });

  it("leaves out refused uploads, which keep no file", async () => {
    const refused = await uploadApi(t, w.zoo.token, w.herd.uuid).upload("", "empty.csv");
    expect(refused.statusCode).toBe(400);
    expect(ok<HerdFiles>(await files(w.zoo.token))).toMatchObject({ items: [], companies: [{ used_bytes: 0 }] });
  });
});

describe("download", () => {
  it("answers the exact bytes under the original name; another company's user and another member get 404", async () => {
    const uuid = await uploadAs(w.zoo.token, TEXT, "события март.csv");
    const res = await download(w.zoo.token, uuid);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(Buffer.from(TEXT))).toBe(true);
    expect(res.headers["content-length"]).toBe("364");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="file.csv"; filename*=UTF-8''${encodeURIComponent("события март.csv")}`,
    );
    expect((await download(admin.token, uuid)).statusCode).toBe(200);
    expect((await download(w.other.token, uuid)).statusCode).toBe(404);
    expect((await download(w.viewer.token, uuid)).statusCode).toBe(404);
  });
});

describe("delete", () => {
  it("removes the file from the disk and keeps the upload and the animals and events written from it", async () => {
    const api = uploadApi(t, w.zoo.token, w.herd.uuid);
    const uuid = await uploadAs(w.zoo.token, TEXT);
    ok(await api.commit(uuid));
    expect(await herdTableCounts(t.database.db)).toMatchObject({ animals: 2, events: 3 });
    expect(kept(uuid)).toBe(true);

    expect((await remove(w.other.token, uuid)).statusCode).toBe(404);
    expect((await remove(w.viewer.token, uuid)).statusCode).toBe(404);
    expect((await remove(w.zoo.token, uuid)).statusCode).toBe(204);
    expect(kept(uuid)).toBe(false);
    expect(await herdTableCounts(t.database.db)).toMatchObject({ animals: 2, events: 3 });
    const records = await queryRows<{ status: string; file_key: string | null }>(
      t.database.db,
      sql`select status, file_key from herd_uploads`,
    );
    expect(records).toEqual([{ status: "committed", file_key: null }]);
    expect(ok<HerdFiles>(await files(w.zoo.token))).toMatchObject({ items: [], companies: [{ used_bytes: 0 }] });

    // Deleted already: as missing, for the download too.
    expect((await remove(w.zoo.token, uuid)).statusCode).toBe(404);
    expect((await download(w.zoo.token, uuid)).statusCode).toBe(404);
  });

  it("lets an admin delete a member's file, and a staged upload whose file is gone still commits", async () => {
    const uuid = await uploadAs(w.zoo.token, TEXT);
    expect((await remove(admin.token, uuid)).statusCode).toBe(204);
    expect(kept(uuid)).toBe(false);
    ok(await uploadApi(t, w.zoo.token, w.herd.uuid).commit(uuid));
    expect(await herdTableCounts(t.database.db)).toMatchObject({ animals: 2, events: 3, staged: 0 });
  });
});

describe("checking a kept file again", () => {
  const rerun = (token: string, uuid: string) =>
    t.request({ method: "POST", url: `/api/herd/files/${uuid}/rerun/`, token });

  it("stages a new upload from the kept bytes, with its own preview and file, after the first was committed", async () => {
    const first = await uploadAs(w.zoo.token, TEXT, "март.csv");
    ok(await uploadApi(t, w.zoo.token, w.herd.uuid).commit(first));

    const again = ok<HerdUploadCreated>(await rerun(w.zoo.token, first), 201);
    expect(again.upload_uuid).not.toBe(first);
    expect(again.kind).toBe("events");
    // The same 3 events of 2 animals, all in the herd already.
    expect(again.preview).toMatchObject({
      rows: 3,
      animals_new: 0,
      animals_unchanged: 2,
      events_new: 0,
      events_unchanged: 3,
    });
    expect(kept(again.upload_uuid)).toBe(true);
    const listed = ok<HerdFiles>(await files(w.zoo.token));
    expect(listed.items.map((f) => [f.file_name, f.status])).toEqual([
      ["март.csv", "staged"],
      ["март.csv", "committed"],
    ]);
    // Two copies of 364 bytes.
    expect(listed.companies[0]?.used_bytes).toBe(728);
  });

  it("is 404 to whoever does not see the file, and once it is deleted", async () => {
    const uuid = await uploadAs(w.zoo.token, TEXT);
    expect((await rerun(w.other.token, uuid)).statusCode).toBe(404);
    expect((await rerun(w.viewer.token, uuid)).statusCode).toBe(404);
    expect((await remove(w.zoo.token, uuid)).statusCode).toBe(204);
    expect((await rerun(w.zoo.token, uuid)).statusCode).toBe(404);
  });

  it("is refused 413 when the copy would not fit in the company's room", async () => {
    const uuid = await uploadAs(w.zoo.token, TEXT + TEXT.slice(EVENTS_HEADER.length + 1)); // 646 of 1000
    const res = await rerun(w.zoo.token, uuid);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: "quota_exceeded" });
    expect(ok<HerdFiles>(await files(w.zoo.token)).items).toHaveLength(1);
  });
});

describe("the company's quota", () => {
  const quotaText =
    "Файл не поместится: загруженные файлы стада компании «Заря» занимают 364 Б из 1000 Б. Удалите ненужные файлы в разделе «Файлы» — данные, уже записанные из них, останутся.";

  it("refuses 413 before reading an upload whose Content-Length would cross it, keeping nothing", async () => {
    await uploadAs(w.zoo.token, TEXT); // 364 of 1000 bytes
    const before = await herdTableCounts(t.database.db);
    const res = await uploadApi(t, w.zoo.token, w.herd.uuid).upload(TEXT + TEXT.slice(EVENTS_HEADER.length + 1));
    expect(Buffer.byteLength(TEXT + TEXT.slice(EVENTS_HEADER.length + 1))).toBe(646); // 364 + 646 > 1000
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: "quota_exceeded", message: quotaText });
    expect(await herdTableCounts(t.database.db)).toEqual(before);
    expect(ok<HerdFiles>(await files(w.zoo.token)).items).toHaveLength(1);
  });

  it("refuses 413 as a body without Content-Length crosses it, keeping no file", async () => {
    await uploadAs(w.zoo.token, TEXT);
    const body = TEXT + TEXT.slice(EVENTS_HEADER.length + 1);
    const res = await t.request({
      method: "POST",
      url: `/api/herd/${w.herd.uuid}/uploads/`,
      token: w.zoo.token,
      query: { format: "dc305", name: "chunked.csv" },
      headers: { "content-type": "text/csv" },
      payload: Readable.from([Buffer.from(body.slice(0, 400)), Buffer.from(body.slice(400))]),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: "quota_exceeded", message: quotaText });
    const records = await queryRows<{ file_name: string; status: string; file_key: string | null; uuid: string }>(
      t.database.db,
      sql`select file_name, status, file_key, uuid from herd_uploads where file_name = 'chunked.csv'`,
    );
    expect(records).toMatchObject([{ status: "failed", file_key: null }]);
    expect(kept(records[0]?.uuid ?? "")).toBe(false);
    // Only the first upload's 3 rows are staged.
    expect(await herdTableCounts(t.database.db)).toMatchObject({ staged: 3 });
    expect(ok<HerdFiles>(await files(w.zoo.token)).companies[0]?.used_bytes).toBe(364);
  });

  it("takes the upload again once a file is deleted", async () => {
    const first = await uploadAs(w.zoo.token, TEXT);
    const second = TEXT + TEXT.slice(EVENTS_HEADER.length + 1);
    expect((await uploadApi(t, w.zoo.token, w.herd.uuid).upload(second)).statusCode).toBe(413);
    expect((await remove(w.zoo.token, first)).statusCode).toBe(204);
    ok(await uploadApi(t, w.zoo.token, w.herd.uuid).upload(second), 201);
    expect(ok<HerdFiles>(await files(w.zoo.token)).companies[0]?.used_bytes).toBe(646);
  });
});
